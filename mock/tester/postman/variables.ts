// What a Postman collection's {{variables}} and scripts need before a run:
// Postman's dynamic variables mockman generates, the names scripts set (so a
// variable a login script sets is not refused before sending), and the parts
// of the Postman API mockman's sandbox does not have, named before the run.
import { v4 as uuid } from "uuid";
import type { StepScript } from "#mock/tester/postman/steps";
import { BUILT_INS } from "#mock/tester/collection/templates";

/** Our own collections' built-ins, plus Postman's two other names for a UUID. */
export const DYNAMIC_VARIABLES: Record<string, () => string | number> = { ...BUILT_INS, $guid: () => uuid(), $randomUUID: () => uuid() };

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

const UNSUPPORTED: Array<[RegExp, string]> = [
  [/\bpm\.sendRequest\b/, "pm.sendRequest (scripts have no network)"],
  [/(^|[^.\w$])require\s*\(/, "require() (scripts load no packages)"],
  [/\bpm\.require\b/, "pm.require (scripts load no packages)"],
  [/\bpm\.cookies\b|\bgetResponseCookie\b/, "cookies (mockman keeps no cookie jar)"],
  [/\bCryptoJS\b/, "CryptoJS"],
  [/(^|[^.\w$])_\.\w/, "lodash's _"],
  [/\b(cheerio|xml2Json|tv4|Ajv)\b/, "a library Postman's sandbox bundles (cheerio, xml2Json, tv4, Ajv)"],
  [/\bjsonSchema\s*\(/, "to.have.jsonSchema (no JSON Schema validator)"],
  [/\bpm\.vault\b/, "pm.vault"],
  [/\bsetInterval\b/, "setInterval"],
];

/** What a script uses that mockman's sandbox cannot run. */
export function unsupportedUses(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
  return UNSUPPORTED.filter(([pattern]) => pattern.test(code)).map(([, what]) => what);
}
