// The app's writes (post, follow and profile actions) reach the API one after
// another, in the order they were asked for. Two quick clicks make two actions:
// Remix starts them in click order, but each first reads its form, and those
// reads may finish in either order. An unlike that overtakes its like is refused
// (not liked yet) and the like then lands: the heart ends filled after the person
// took it back. So each action takes its place in one line before its first await.
//
// A write holds the line WAIT_AT_MOST ms at most, counted from its own start: a
// server that never answers one write must not hold every later write with it.
const WAIT_AT_MOST = 10_000;

let line: Promise<void> = Promise.resolve();

/** Resolves when `ended` does, or WAIT_AT_MOST ms from now, whichever comes first. */
function atMost(ended: Promise<void>) {
  return new Promise<void>((go) => {
    const timer = setTimeout(go, WAIT_AT_MOST);
    void ended.then(() => {
      clearTimeout(timer);
      go();
    });
  });
}

/** `write`, run once every write asked for before it has ended (or held the line WAIT_AT_MOST ms). */
export function inLine<A extends unknown[], R>(write: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args) => {
    const turn = line.then(() => write(...args));
    const ended = turn.then(
      () => undefined,
      () => undefined,
    );
    // The cap starts when this write does, not when it was asked for.
    line = line.then(() => atMost(ended));
    return turn;
  };
}
