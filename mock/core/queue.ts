// The request queue: one request at a time. A handler may await (token checks),
// and the changes one request made must be committed before the next one starts.
// The request that has the queue may let go while it hashes a password
// (`unqueued`), so a flood of logins cannot stall everyone else. Tabs sharing one
// IndexedDB also take the store's lock (`exclusive`) and first catch up with what
// other tabs wrote (their commits one by one where the store keeps them apart,
// else the whole data), so no tab writes from a stale copy.
import type { ChangeSet, Snapshot, Store } from "./types";

export class RequestQueue {
  private tail: Promise<unknown> = Promise.resolve();
  /** The request that has the queue now. */
  private turn: { release: () => void } | null = null;

  constructor(
    private readonly store: Pick<Store, "exclusive" | "changesSince">,
    /** Takes in what other tabs wrote: their commits one by one (applyRemote), or the whole data (load). */
    private readonly catchUp: (fresh: ChangeSet[] | Snapshot) => void,
    /** Whether the request under way has changed something: then it may not let go. */
    private readonly busy: () => boolean,
  ) {}

  /** Resolves with the release of a place at the end of the queue, once everything ahead is done. */
  private enqueue(): Promise<() => void> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const ahead = this.tail;
    this.tail = ahead.then(() => done);
    return ahead.then(() => release);
  }

  /** Runs a task when every task queued before it is done. */
  async serial<T>(task: () => Promise<T>): Promise<T> {
    const mine = { release: await this.enqueue() };
    this.turn = mine;
    try {
      return await task();
    } finally {
      if (this.turn === mine) this.turn = null;
      mine.release();
    }
  }

  /** `serial`, under the lock of everyone sharing the store, on data brought up to date first. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.serial(() => this.shared(task));
  }

  private shared<T>(task: () => Promise<T>): Promise<T> {
    const { store } = this;
    if (!store.exclusive) return task();
    return store.exclusive(async () => {
      const fresh = await store.changesSince?.();
      if (fresh) this.catchUp(fresh);
      return task();
    });
  }

  /**
   * Runs work that reads nothing shared with the queue let go (ctx.unqueued). Browser
   * tabs share a Web Lock that stays held while hashing, so there letting go of the
   * queue would only deadlock, and a request that changed something keeps it: the
   * work runs inline.
   */
  async unqueued<T>(work: () => Promise<T>): Promise<T> {
    const mine = this.turn;
    if (!mine || this.store.exclusive || this.busy()) return work();
    this.turn = null;
    mine.release();
    try {
      return await work();
    } finally {
      mine.release = await this.enqueue();
      this.turn = mine;
    }
  }

  /** Waits for every queued task; nothing queued after runs before the caller is done (shutdown). */
  async drain(): Promise<void> {
    (await this.enqueue())();
  }
}
