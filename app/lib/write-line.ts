// The app's writes (post, follow and profile actions) reach the API one after
// another, in the order they were asked for. Two quick clicks make two actions:
// Remix starts them in click order, but each first reads its form, and those
// reads may finish in either order. An unlike that overtakes its like is refused
// (not liked yet) and the like then lands: the heart ends filled after the person
// took it back. So each action takes its place in one line before its first await.
//
// A write waits for the one before it at most WAIT_AT_MOST ms: a server that never
// answers one write must not hold every later write with it.
const WAIT_AT_MOST = 10_000;

let line: Promise<unknown> = Promise.resolve();

/** `write`, run after every write asked for before it has ended (or waited WAIT_AT_MOST). */
export function inLine<A extends unknown[], R>(write: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args) => {
    const before = line;
    const turn = new Promise<void>((start) => {
      const timer = setTimeout(start, WAIT_AT_MOST);
      void before.then(() => {
        clearTimeout(timer);
        start();
      });
    }).then(() => write(...args));
    line = turn.catch(() => undefined);
    return turn;
  };
}
