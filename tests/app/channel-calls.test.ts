// The request/reply layer every worker channel of the page uses (mock/browser/channel-calls.ts),
// over a real MessageChannel: answers, errors, notes, events, time limits, aborts, a
// dead other end, and calls served in the order they came.
import { afterEach, describe, expect, it } from "vitest";
import { connect, onWorkerError, type Channel, type Endpoint } from "#mock/browser/channel-calls";

interface Worker1 {
  add(a: number, b: number): number;
  slow(ms: number): string;
  never(): void;
  broken(): void;
  count(to: number): number;
  bytes(buffer: ArrayBuffer): number;
  unclonable(): unknown;
}

const open: MessagePort[] = [];
afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

function pair() {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  return [port1 as unknown as Endpoint, port2 as unknown as Endpoint] as const;
}

function served(extra: Parameters<typeof connect<object, Worker1>>[1] = {}) {
  const [page, worker] = pair();
  const order: number[] = [];
  connect<object, Worker1>(worker, {
    serve: {
      add: (a, b) => {
        order.push(a);
        return a + b;
      },
      slow: (ms) => new Promise((done) => setTimeout(() => done(`after ${ms}`), ms)),
      never: () => new Promise<void>(() => {}),
      broken: () => {
        throw new RangeError("out of range");
      },
      count: async (to, call) => {
        for (let i = 1; i <= to; i++) call.note(i);
        return to;
      },
      bytes: (buffer) => buffer.byteLength,
      unclonable: () => () => 1,
    },
    ...extra,
  });
  return { page: connect<Worker1>(page), order, worker };
}

describe("worker calls", () => {
  it("answers a call with its value, and calls are served in the order they came", async () => {
    const { page, order } = served();
    const sums = await Promise.all([1, 2, 3, 4, 5].map((n) => page.call("add", [n, 10])));
    expect(sums).toEqual([11, 12, 13, 14, 15]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it("fails a call whose handler throws with the error's message and name", async () => {
    const { page } = served();
    const error = (await page.call("broken", []).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("out of range");
    expect(error.name).toBe("RangeError");
  });

  it("fails a call nobody serves, and one whose answer cannot cross, instead of leaving it waiting", async () => {
    const { page } = served();
    const [page2] = pair();
    await expect(page.call("unclonable", [])).rejects.toThrow(/could not be cloned/);
    await expect(connect<{ nothing(): void }>(page2).call("nothing", [], { timeoutMs: 200 })).rejects.toThrow("no answer in 200 ms");
    const [a, b] = pair();
    connect(b, { serve: {} });
    await expect(connect<{ missing(): void }>(a).call("missing", [])).rejects.toThrow("no such call: missing");
  });

  it("gives up on a reply that never comes after the time limit", async () => {
    const { page } = served();
    const error = (await page.call("never", [], { timeoutMs: 50 }).catch((e: unknown) => e)) as Error;
    expect(error.name).toBe("TimeoutError");
    expect(error.message).toBe("never: no answer in 50 ms");
    // A call answered in time is not failed by its timer.
    await expect(page.call("slow", [10], { timeoutMs: 1000 })).resolves.toBe("after 10");
  });

  it("fails a call when its signal aborts, with the signal's reason", async () => {
    const { page } = served();
    const stop = new AbortController();
    const waiting = page.call("never", [], { signal: stop.signal });
    stop.abort(new Error("Stopped"));
    await expect(waiting).rejects.toThrow("Stopped");
    await expect(page.call("add", [1, 1], { signal: stop.signal })).rejects.toThrow("Stopped");
  });

  it("hands the caller each note of its call before the answer", async () => {
    const { page } = served();
    const notes: unknown[] = [];
    const other: unknown[] = [];
    const [answer] = await Promise.all([
      page.call("count", [3], { onNote: (n) => notes.push(n) }),
      page.call("count", [2], { onNote: (n) => other.push(n) }),
    ]);
    expect(answer).toBe(3);
    expect(notes).toEqual([1, 2, 3]);
    expect(other).toEqual([1, 2]);
  });

  it("moves a transferred buffer instead of copying it", async () => {
    const { page } = served();
    const buffer = new ArrayBuffer(8);
    await expect(page.call("bytes", [buffer], { transfer: [buffer] })).resolves.toBe(8);
    expect(buffer.byteLength).toBe(0);
  });

  it("delivers events by name, both ways", async () => {
    const [a, b] = pair();
    const heard = new Promise((done) => connect(a, { on: { booted: done } }));
    connect(b).emit("booted", { problem: null });
    await expect(heard).resolves.toEqual({ problem: null });
  });

  it("both ends call each other over one port", async () => {
    const [a, b] = pair();
    const worker: Channel<{ twice(n: number): number }> = connect<{ twice(n: number): number }, { run(n: number): number }>(b, {
      serve: { run: async (n: number) => 1 + (await worker.call("twice", [n])) },
    });
    const page = connect<{ run(n: number): number }, { twice(n: number): number }>(a, { serve: { twice: (n) => n * 2 } });
    await expect(page.call("run", [20])).resolves.toBe(41);
  });

  it("fails every waiting call when the other end dies, and every later one at once", async () => {
    const { page } = served();
    const waiting = [page.call("never", []), page.call("slow", [50])];
    const died = new Error("the JSON worker stopped: out of memory");
    page.fail(died);
    for (const call of waiting) await expect(call).rejects.toBe(died);
    await expect(page.call("add", [1, 2])).rejects.toBe(died);
  });

  it("a closed channel hears nothing more", async () => {
    const { page } = served();
    const [a, b] = pair();
    let heard = 0;
    const listener = connect(a, { on: { ping: () => heard++ } });
    const other = connect(b);
    other.emit("ping");
    await expect(page.call("add", [0, 0])).resolves.toBe(0); // a round trip: the ping has landed
    await new Promise((done) => setTimeout(done, 10));
    listener.close();
    other.emit("ping");
    await new Promise((done) => setTimeout(done, 10));
    expect(heard).toBe(1);
  });

  it("a worker that dies mid-call fails the call waiting on it, as the page wires it (onWorkerError, then fail)", async () => {
    const { page } = served();
    const worker = new EventTarget() as Worker;
    onWorkerError(worker, "the JSON worker", (error) => page.fail(error));
    const waiting = page.call("never", []);
    worker.dispatchEvent(Object.assign(new Event("error", { cancelable: true }), { message: "out of memory" }));
    await expect(waiting).rejects.toThrow("the JSON worker stopped: out of memory");
    await expect(page.call("add", [1, 2])).rejects.toThrow("the JSON worker stopped: out of memory");
  });

  it("reports a worker's error event as an Error naming the worker, kept off the console", () => {
    const worker = new EventTarget() as Worker;
    const failures: Error[] = [];
    onWorkerError(worker, "the script worker", (error) => failures.push(error));
    const event = Object.assign(new Event("error", { cancelable: true }), { message: "Uncaught out of memory" });
    worker.dispatchEvent(event);
    expect(failures.map((e) => e.message)).toEqual(["the script worker stopped: Uncaught out of memory"]);
    expect(event.defaultPrevented).toBe(true);
  });
});
