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
 * With it, `heapBreak` reads the heap's end (the break malloc moves with sbrk) where it lies in the memory.
 */
export async function loadEngine(
  maxBytes: number,
): Promise<{ wasm: QuickJSWASMModule; memory: WebAssembly.Memory; heapBreak: () => number }> {
  const memory = new WebAssembly.Memory({ initial: INITIAL_BYTES / PAGE, maximum: Math.ceil(Math.max(maxBytes, INITIAL_BYTES) / PAGE) });
  const wasm = await newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmMemory: memory }));
  const at = breakAddress(wasm, memory);
  let words = new Uint32Array(memory.buffer);
  const heapBreak = () => {
    if (words.buffer !== memory.buffer) words = new Uint32Array(memory.buffer); // the memory grew: a new buffer
    return words[at];
  };
  return { wasm, memory, heapBreak };
}

/** Where the first bytes of the memory could hold the break (its static data, well below the heap's start). */
const STATIC_BYTES = 4 * 1024 * 1024;
/** One allocation larger than the heap's free top at start, so malloc must move the break by at least as much. */
const PROBE_BYTES = 4 * 1024 * 1024;

/**
 * The word of the memory holding the heap's break: Emscripten's sbrk keeps it in a static variable and
 * exports no way to read it. Found once, before QuickJS starts: the only static word that moves past
 * the end of one probe allocation (malloc's own records of the heap end at it or below), by at least half
 * its size (the heap's free top had the rest), and stays inside the memory. The probe is freed at once:
 * the heap keeps the space for what boots. Read there, the break tells what a script allocated whatever
 * the memory's size: the memory never shrinks, and how far it grows past the break depends on the sizes
 * it had before.
 */
function breakAddress(wasm: QuickJSWASMModule, memory: WebAssembly.Memory): number {
  const heap = (wasm as unknown as { module: { _malloc(bytes: number): number; _free(pointer: number): void } }).module;
  const before = new Uint32Array(memory.buffer.slice(0, STATIC_BYTES));
  const probe = heap._malloc(PROBE_BYTES);
  const after = new Uint32Array(memory.buffer, 0, STATIC_BYTES / 4);
  const found: number[] = [];
  for (let i = 0; i < after.length && probe; i++)
    if (after[i] > probe + PROBE_BYTES && after[i] - before[i] >= PROBE_BYTES / 2 && after[i] <= memory.buffer.byteLength) found.push(i);
  if (probe) heap._free(probe);
  if (found.length !== 1)
    throw new Error(
      `the script sandbox did not start: QuickJS's heap is not laid out as mockman reads it (${found.length} places for its end)`,
    );
  return found[0];
}

/**
 * uvm's bridge client code with postman-sandbox's bootcode inside, for the isolate to evaluate. The
 * bootcode file is `module.exports=c=>c(null,"<code>")`: its one string literal is read as JSON (no code of
 * it runs on the host); bridge-client.js is `module.exports = function (bootCode) { return \`...\` }`, its
 * template read the same way. Read here, the isolate parses the 2.4 MB once, and its memory (copied after
 * boot, put back before every request) holds less of the reading.
 */
export function bootSource(): string {
  const start = bootcodeModule.indexOf('c(null,"');
  const end = bootcodeModule.lastIndexOf('")');
  const template = /return `([\s\S]*)`;\s*\};\s*$/.exec(bridgeClientModule)?.[1];
  const marker = "${(typeof bootCode === 'string') ? toString.call(bootCode) : ''}";
  if (start < 0 || end < start || !template?.includes(marker))
    throw new Error("postman-sandbox's bootcode or uvm's bridge client is not the version mockman knows");
  const code = JSON.parse(bootcodeModule.slice(start + "c(null,".length, end + 1)) as string;
  const [before, after] = template.split(marker);
  return `${before}${code}${after}`;
}
