// mock/core/queue.ts alone: one request at a time, in the order they came; a failed
// one does not stop the next; tabs take the store's lock and catch up first; a
// request may let go while it hashes, unless it has changed something.
import { describe, expect, it, vi } from "vitest";
import { RequestQueue } from "#mock/core/queue";
import type { Snapshot, Store } from "#mock/core/types";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
/** A queue over a store with no lock (a single process). */
const plain = (busy = () => false) => new RequestQueue({}, () => undefined, busy);

describe("RequestQueue", () => {
  it("runs tasks one at a time, in the order they were queued", async () => {
    const queue = plain();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string, ms: number) =>
      queue.serial(async () => {
        most = Math.max(most, ++running);
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`end ${name}`);
        running--;
        return name;
      });
    // The first is slowest: a queue that let them overlap would finish them out of order.
    const results = await Promise.all([task("a", 15), task("b", 1), task("c", 5)]);
    expect(results).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(most).toBe(1);
  });

  it("a failed task rejects for its caller and the next one still runs", async () => {
    const queue = plain();
    const failing = queue.serial(async () => {
      await tick();
      throw new Error("boom");
    });
    const thrower = queue.serial(() => {
      throw new Error("sync boom");
    });
    const next = queue.serial(async () => "next ran");
    await expect(failing).rejects.toThrow("boom");
    await expect(thrower).rejects.toThrow("sync boom");
    await expect(next).resolves.toBe("next ran");
  });

  it("exclusive: takes the store's lock and catches up with what another tab wrote before the task", async () => {
    const fresh = { users: [] } as unknown as Snapshot;
    const log: string[] = [];
    const store: Pick<Store, "exclusive" | "changesSince"> = {
      exclusive: async (task) => {
        log.push("lock");
        try {
          return await task();
        } finally {
          log.push("unlock");
        }
      },
      changesSince: async () => fresh,
    };
    const catchUp = vi.fn(() => log.push("catch up"));
    const queue = new RequestQueue(store, catchUp, () => false);
    expect(await queue.exclusive(async () => (log.push("task"), 7))).toBe(7);
    expect(catchUp).toHaveBeenCalledWith(fresh);
    expect(log).toEqual(["lock", "catch up", "task", "unlock"]);
  });

  it("unqueued: lets the next task run meanwhile, then rejoins at the end of the queue", async () => {
    const queue = plain();
    const log: string[] = [];
    let release!: () => void;
    const hashing = new Promise<void>((resolve) => (release = resolve));
    const first = queue.serial(async () => {
      log.push("first reads");
      await queue.unqueued(async () => {
        log.push("first hashes");
        await hashing;
      });
      log.push("first goes on");
    });
    const second = queue.serial(async () => log.push("second"));
    await second;
    // The second ran while the first was hashing.
    expect(log).toEqual(["first reads", "first hashes", "second"]);
    const third = queue.serial(async () => log.push("third"));
    release();
    await Promise.all([first, third]);
    // The first queues again behind what came while it hashed (so it must check again what it read: route-kit's Ctx).
    expect(log.slice(3)).toEqual(["third", "first goes on"]);
  });

  it("unqueued: a request that has changed something keeps the queue (the work runs inline)", async () => {
    const queue = plain(() => true);
    const log: string[] = [];
    const first = queue.serial(async () => {
      await queue.unqueued(async () => {
        await tick();
        log.push("first hashes");
      });
      log.push("first done");
    });
    const second = queue.serial(async () => log.push("second"));
    await Promise.all([first, second]);
    expect(log).toEqual(["first hashes", "first done", "second"]);
  });

  it("drain waits for everything queued before it", async () => {
    const queue = plain();
    let done = 0;
    for (let i = 0; i < 3; i++)
      void queue.serial(async () => {
        await tick();
        done++;
      });
    await queue.drain();
    expect(done).toBe(3);
  });
});
