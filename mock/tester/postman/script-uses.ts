// What a Postman collection's scripts need before a run: the names scripts set (so a
// variable a login script sets is not refused before sending), and the parts
// of the Postman API mockman's sandbox does not have, named before the run.
import type { StepScript } from "#mock/tester/postman/steps";

const SETTER = /(?:\.(?:set|setEnvironmentVariable|setGlobalVariable))\(\s*(?:(["'`])((?:(?!\1)[^\\\n])+)\1|([^\s,)][^,)]*))/g;

/** The names scripts set, and whether some script sets a name computed at run time (then any name may be set). */
export function namesScriptsSet(scripts: StepScript[]): { names: Set<string>; computed: boolean } {
  const names = new Set<string>();
  let computed = false;
  for (const { source } of scripts)
    for (const m of source.matchAll(SETTER)) {
      if (m[2] !== undefined && !m[2].includes("${")) names.add(m[2]);
      else computed = true;
    }
  return { names, computed };
}

/** The modules require() gives a script: what postman-sandbox 4.7.1's bundle exposes (its lib/environment.js). */
export const SCRIPT_MODULES = [
  "ajv",
  "assert",
  "atob",
  "backbone",
  "btoa",
  "buffer",
  "chai",
  "cheerio",
  "crypto-js",
  "csv-parse/lib/sync",
  "events",
  "fs",
  "json",
  "lodash",
  "moment",
  "os",
  "path",
  "postman-collection",
  "punycode",
  "querystring",
  "stream",
  "string_decoder",
  "timers",
  "tv4",
  "url",
  "util",
  "uuid",
  "xml2js",
];

const UNSUPPORTED: Array<[RegExp, string | ((m: RegExpMatchArray) => string)]> = [
  [
    new RegExp(`(?:^|[^.\\w$])require\\(\\s*(["'\`])(?!(?:${SCRIPT_MODULES.join("|")})\\1)([^"'\`]*)\\1`),
    (m) => `require('${m[2]}') (the sandbox offers ${SCRIPT_MODULES.join(", ")})`,
  ],
  [/\bpm\.require\b/, "pm.require (Newman 6's sandbox has no package library)"],
  [/\bpm\.vault\b/, "pm.vault"],
];

/** What a script uses that mockman's sandbox cannot run. */
export function unsupportedUses(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
  const uses: string[] = [];
  for (const [pattern, what] of UNSUPPORTED) {
    const m = code.match(pattern);
    if (m) uses.push(typeof what === "string" ? what : what(m));
  }
  return uses;
}
