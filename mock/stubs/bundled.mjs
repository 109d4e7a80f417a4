// Libraries the script sandbox evaluates as one CommonJS text (import "bundled:NAME"),
// for a package that spreads over many modules, as cheerio 0.22 does (htmlparser2,
// css-select, domutils, a dozen lodash.* packages). The single-file libraries are
// imported with `?raw` instead (mock/tester/sandbox/libraries.ts). Both builds use it:
// vite.config.ts (the app and vitest) and cli/build.mjs (the CLI bundle). Plain
// JavaScript so the CLI's build script, which Node runs without TypeScript, can read it.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const PREFIX = "bundled:";

/** What each bundled library's text is built from. */
const ENTRIES = { cheerio: "cheerio" };

/**
 * Node-only parts the isolate has no use for: htmlparser2's stream wrappers (behind getters cheerio
 * never reads) and the `events` base class of its Parser, whose emitter methods cheerio never calls.
 */
const browserless = {
  name: "browserless",
  setup(b) {
    b.onResolve({ filter: /^\.\/(Stream|WritableStream)\.js$/ }, (args) =>
      args.importer.includes("htmlparser2") ? { path: args.path, namespace: "bundled-empty" } : undefined,
    );
    b.onResolve({ filter: /^events$/ }, () => ({ path: "events", namespace: "bundled-events" }));
    b.onLoad({ filter: /.*/, namespace: "bundled-empty" }, () => ({ contents: "module.exports = {};", loader: "js" }));
    b.onLoad({ filter: /.*/, namespace: "bundled-events" }, () => ({
      contents: "function EventEmitter() {}\nmodule.exports = EventEmitter;\nmodule.exports.EventEmitter = EventEmitter;",
      loader: "js",
    }));
  },
};

const built = new Map();

/** The library as one CommonJS text (module.exports), built once per process. */
export function bundledText(name) {
  const entry = ENTRIES[name];
  if (!entry) throw new Error(`${PREFIX}${name}: no such bundled library (known: ${Object.keys(ENTRIES).join(", ")})`);
  if (!built.has(name))
    built.set(
      name,
      build({
        stdin: {
          contents: `module.exports = require(${JSON.stringify(entry)});`,
          resolveDir: dirname(fileURLToPath(import.meta.url)),
          loader: "js",
        },
        bundle: true,
        write: false,
        format: "cjs",
        platform: "browser",
        mainFields: ["browser", "main"],
        minify: true,
        legalComments: "none",
        logLevel: "silent",
        plugins: [browserless],
      }).then((result) => result.outputFiles[0].text),
    );
  return built.get(name);
}

const moduleOf = async (name) => `export default ${JSON.stringify(await bundledText(name))};`;

/** For Vite (the app's build and vitest). */
export const viteBundled = () => ({
  name: "bundled-library-text",
  resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
  load: (id) => (id.startsWith(`\0${PREFIX}`) ? moduleOf(id.slice(PREFIX.length + 1)) : undefined),
});

/** For esbuild (cli/build.mjs). */
export const esbuildBundled = {
  name: "bundled-library-text",
  setup(b) {
    b.onResolve({ filter: /^bundled:/ }, (args) => ({ path: args.path.slice(PREFIX.length), namespace: "bundled-library" }));
    b.onLoad({ filter: /.*/, namespace: "bundled-library" }, async (args) => ({ contents: await moduleOf(args.path), loader: "js" }));
  },
};
