// Exclusive access to a named resource across tabs: the Web Locks API where the
// platform has it, else a promise chain per name (one process, e.g. tests).
const chains = new Map<string, Promise<unknown>>();

export function withTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks?.request) return locks.request(name, task) as Promise<T>;
  const previous = chains.get(name) ?? Promise.resolve();
  const next = previous.then(task, task);
  chains.set(
    name,
    next.catch(() => undefined),
  );
  return next;
}
