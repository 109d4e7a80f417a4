// The source texts the script isolate evaluates: its own runtime (runtime/*.js,
// real files that lint and tsc read) and the libraries Postman's sandbox
// offers, as text in the bundle (`?raw`: Vite and vitest read it natively,
// cli/build.mjs gives esbuild a loader for it). Nothing here runs on the host;
// a library is evaluated inside the isolate on its first require() or global.
// The engine itself (QuickJS, its wasm embedded) is here too: sandbox.ts loads
// this module on first use, so a run without scripts loads none of it (the
// CLI bundles it as a file of its own, cli/build.mjs).
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";
import variantModule from "@jitl/quickjs-singlefile-cjs-release-sync";
import lockdownSource from "./runtime/lockdown.js?raw";
import pmSource from "./runtime/pm.js?raw";
import xml2jsSource from "./runtime/xml2js.js?raw";
import postmanCollectionSource from "./runtime/postman-collection.js?raw";
import chaiModuleSource from "chai/index.js?raw";
import lodashSource from "lodash/lodash.min.js?raw";
// Postman's `_` global is lodash 3 (postman-sandbox's legacy interface: `_.pluck`, `_.contains`…);
// require('lodash') is lodash 4. Collections use both, so both are here.
import lodash3Source from "lodash3/index.js?raw";
import cryptoJsSource from "crypto-js/crypto-js.js?raw";
import momentSource from "moment/min/moment.min.js?raw";
import tv4Source from "tv4/tv4.js?raw";
import ajvSource from "ajv-dist/dist/ajv7.min.js?raw";
// cheerio 0.22, the version Postman's sandbox ships, bundled from its many modules into one text (mock/stubs/bundled.mjs).
import cheerioSource from "bundled:cheerio";

// A CommonJS module: under some loaders (tsx) its default import is { default: variant }, and a
// variant built on that wrapper would be unwrapped back to the plain one, dropping the memory below.
const variant = ((variantModule as unknown as { default?: typeof variantModule }).default ?? variantModule) as typeof variantModule;

const PAGE = 64 * 1024;
/** What QuickJS itself starts with (the variant's INITIAL_MEMORY). */
const INITIAL_BYTES = 16 * 1024 * 1024;

/**
 * A QuickJS instance, from the variant with its wasm embedded (no file to fetch or find at run time, in
 * Node or a worker), whose WebAssembly memory cannot grow past maxBytes. QuickJS's own memory limit
 * bounds its object heap but not large strings and typed arrays (quickjs-emscripten 0.32, its issues
 * 255 and 271): this bound holds for every allocation, so a script cannot take the host's memory.
 */
export const loadEngine = (maxBytes: number): Promise<QuickJSWASMModule> =>
  newQuickJSWASMModuleFromVariant(
    newVariant(variant, {
      wasmMemory: new WebAssembly.Memory({ initial: INITIAL_BYTES / PAGE, maximum: Math.ceil(Math.max(maxBytes, INITIAL_BYTES) / PAGE) }),
    }),
  );

export const LOCKDOWN_SOURCE = lockdownSource;
export const RUNTIME_SOURCE = pmSource;

let chaiSource: string | undefined;

/** chai 5's one-file ES module build as CommonJS: its code, then its export list as module.exports. */
function chaiScript(): string {
  if (chaiSource) return chaiSource;
  const source = chaiModuleSource;
  const exported = source.lastIndexOf("\nexport {");
  if (exported < 0) throw new Error("chai/index.js is not the chai build mockman knows (no export list)");
  const names = source
    .slice(exported + "\nexport {".length, source.indexOf("}", exported))
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [local, as] = part.split(/\s+as\s+/);
      return `${JSON.stringify(as ?? local)}: ${local}`;
    });
  chaiSource = `${source.slice(0, exported)}\nmodule.exports = { ${names.join(", ")} };`;
  return chaiSource;
}

/** A library's source for require(name) inside the isolate; undefined for a name not offered. */
export function librarySource(name: string): string | undefined {
  switch (name) {
    case "chai":
      return chaiScript();
    case "lodash":
      return lodashSource;
    case "lodash3":
      return lodash3Source;
    case "crypto-js":
      return cryptoJsSource;
    case "moment":
      return momentSource;
    case "tv4":
      return tv4Source;
    case "ajv":
      return ajvSource;
    case "xml2js":
      return xml2jsSource;
    case "postman-collection":
      return postmanCollectionSource;
    case "cheerio":
      return cheerioSource;
    default:
      return undefined;
  }
}
