// Keeps a long run's memory flat. An answer over ~128 kB is a string V8 puts straight into its
// large-object space, which only a full collection frees; V8 runs one when the old generation reaches
// a limit it raises as the process lives. So a replay of 150 kB answers held ~100 MB at 2,000
// requests and 288 MB at 50,000 with nothing alive but the last answer. After every BUDGET bytes of
// answers we ask for a full collection: about 10 ms per 32 MB on a 2-core machine, so under 0.1 ms a
// 150 kB request, and the peak stays where a short run's is.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const BUDGET = 32 * 1024 * 1024;
let since = 0;
let collect: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (typeof globalThis.gc === "function") return globalThis.gc as () => void;
  try {
    // A context made after --expose-gc is set has `gc` on its global (Node's own tests do this).
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as unknown;
    return typeof gc === "function" ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

/** A full collection now, when one can be had: after a large file is parsed, its text is freed before what is built from it. */
export function collectNow(): void {
  if (collect === undefined) collect = collector();
  collect?.();
}

/** Counts an answer's size; past the budget, a full collection frees the answers no one holds. */
export function answerReceived(bytes: number): void {
  since += bytes;
  if (since < BUDGET) return;
  since = 0;
  collectNow();
}
