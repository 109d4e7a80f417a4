// What the script isolate is made of, loaded by sandbox.ts on first use (a run
// without scripts loads none of it; the CLI bundles it as a file of its own,
// cli/build.mjs; the page's worker as a chunk of its own):
// - QuickJS compiled to WebAssembly, its wasm embedded (no file to fetch or
//   find at run time, in Node or a worker);
// - Postman's own script runtime, postman-sandbox's published bundle (the
//   "bootcode": the pm API, postman-collection, chai and chai-postman, assert,
//   buffer, xml2js, csv-parse, lodash, moment, cheerio, tv4, ajv, uuid,
//   crypto-js, sugar, liquid-json), the version Newman 6 runs, as text;
// - uvm's bridge client (Flatted-encoded events both ways), as text.
// Nothing here runs on the host but QuickJS: both texts are evaluated inside
// the isolate.
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";
import variantModule from "@jitl/quickjs-singlefile-cjs-release-sync";
// The browser variant of the bundle: it assumes neither Node nor a DOM (its `browser` field maps bootcode.js to it).
import bootcodeModule from "postman-sandbox/.cache/bootcode.browser.js?raw";
import bridgeClientModule from "uvm/lib/bridge-client.js?raw";

// A CommonJS module: under some loaders (tsx) its default import is { default: variant }, and a
// variant built on that wrapper would be unwrapped back to the plain one, dropping the memory below.
const variant = ((variantModule as unknown as { default?: typeof variantModule }).default ?? variantModule) as typeof variantModule;

const PAGE = 64 * 1024;
/** What QuickJS itself starts with (the variant's INITIAL_MEMORY). */
const INITIAL_BYTES = 16 * 1024 * 1024;

/**
 * A QuickJS instance whose WebAssembly memory cannot grow past maxBytes. QuickJS's own memory limit
 * bounds its object heap but not every large string or typed array (quickjs-emscripten 0.32, its issues
 * 255 and 271): this bound holds for every allocation, so a script cannot take the host's memory.
 */
export async function loadEngine(maxBytes: number): Promise<{ wasm: QuickJSWASMModule; memory: WebAssembly.Memory }> {
  const memory = new WebAssembly.Memory({ initial: INITIAL_BYTES / PAGE, maximum: Math.ceil(Math.max(maxBytes, INITIAL_BYTES) / PAGE) });
  const wasm = await newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmMemory: memory }));
  return { wasm, memory };
}

/**
 * The two CommonJS files as one script for the isolate: its value is uvm's bridge client code with
 * postman-sandbox's bootcode inside (bridge-client.js exports `(bootCode) => code`, bootcode.browser.js
 * `(callback) => callback(null, code)`), for the isolate to evaluate in turn.
 */
export const BOOT_SOURCE = `(function () {
  var bootModule = { exports: {} }, bridgeModule = { exports: {} }, code;
  (function (module, exports) {
${bootcodeModule}
  })(bootModule, bootModule.exports);
  (function (module, exports) {
${bridgeClientModule}
  })(bridgeModule, bridgeModule.exports);
  bootModule.exports(function (error, text) { code = text; });
  return bridgeModule.exports(code);
})()`;
