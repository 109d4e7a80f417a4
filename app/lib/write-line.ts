// The app's writes (post, follow and profile actions) reach the API one after
// another, in the order they were asked for. Two quick clicks make two actions:
// Remix starts them in click order, but each first reads its form, and those
// reads may finish in either order. An unlike that overtakes its like is refused
// (not liked yet) and the like then lands: the heart ends filled after the person
// took it back. So each action takes its place in one line before its first await.
//
// A kept write (like, bookmark, follow) takes its place in its click's own event instead (`reserve`):
// Remix may call two quick clicks' actions in the other order.
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

/**
 * Places taken in a click's own event (`reserve`), by the write's key: Remix may call two quick clicks'
 * actions in the other order (the first submission to a route whose module is still loading waits for it and
 * its style links, and the second may finish loading first), so a kept write's place is its click's.
 */
const reserved = new Map<string, { turn: Promise<void>; hand: (run: Promise<void>) => void }>();

/** The key an action's request carries in its URL (`?writeKey=`, set by use-kept-submit.ts), if any. */
export const WRITE_KEY_PARAM = "writeKey";

const keyOf = (args: unknown[]): string | null => {
  const url = (args[0] as { request?: { url?: unknown } } | undefined)?.request?.url;
  if (typeof url !== "string") return null;
  try {
    return new URL(url, "http://localhost").searchParams.get(WRITE_KEY_PARAM);
  } catch {
    return null;
  }
};

/**
 * Takes a place in the line now, for the write whose action will carry `key`. A place its action never
 * takes (a submission Remix dropped) holds the line WAIT_AT_MOST ms at most, as a write that never ends does.
 */
export function reserve(key: string) {
  let hand!: (run: Promise<void>) => void;
  const handed = new Promise<Promise<void>>((done) => (hand = done));
  const turn = line;
  reserved.set(key, { turn, hand });
  line = turn.then(() => atMost(handed.then((run) => run)));
}

/** `write`, run once every write asked for before it has ended (or held the line WAIT_AT_MOST ms). */
export function inLine<A extends unknown[], R>(write: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args) => {
    const key = keyOf(args);
    const place = key ? reserved.get(key) : undefined;
    if (place) {
      // Its place was taken at the click: it runs there, whenever Remix calls it.
      reserved.delete(key!);
      const run = place.turn.then(() => write(...args));
      place.hand(
        run.then(
          () => undefined,
          () => undefined,
        ),
      );
      return run;
    }
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
