// A long in-process replay awaits only promises that are already settled (the mock
// answers at once), so the event loop never got a turn: timers and signal
// handlers waited for the end, and Ctrl+C on a 200,000-request replay did nothing.
// A loop calls the function this returns once per step; every ~50 ms it yields one
// macrotask, which costs nothing measurable and lets the signal handlers run.

/** The next macrotask: setImmediate in Node, a zero timeout in a browser. */
const nextTask: (done: () => void) => unknown =
  typeof setImmediate === "function" ? (done) => setImmediate(done) : (done) => setTimeout(done, 0);

/** Returns `turn()`: resolves at once, except every `everyMs` when it waits for the next macrotask. */
export function eventLoopTurns(everyMs = 50): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    const now = performance.now();
    if (now - last < everyMs) return undefined;
    last = now;
    return new Promise<void>((done) => nextTask(done));
  };
}
