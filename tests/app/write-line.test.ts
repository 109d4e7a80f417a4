// The line the app's writes wait in (app/lib/write-line.ts): click order, a failed write does
// not stop the ones after it, and a write that never ends holds the next one 10 s at most.
import { afterEach, describe, expect, it, vi } from "vitest";
import { inLine } from "#app/lib/write-line";

const never = () => new Promise<string>(() => undefined);

afterEach(() => {
  vi.useRealTimers();
});

describe("inLine", () => {
  it("starts each write after the one asked for before it has ended, whatever their own waits", async () => {
    const log: string[] = [];
    const write = inLine(async (name: string, ms: number) => {
      log.push(`start ${name}`);
      await new Promise((done) => setTimeout(done, ms));
      log.push(`end ${name}`);
      return name;
    });
    expect(await Promise.all([write("a", 30), write("b", 0), write("c", 10)])).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });

  it("runs the next write after one that failed, and still rejects the failed one", async () => {
    const write = inLine(async (ok: boolean) => {
      if (!ok) throw new Error("refused");
      return "done";
    });
    const failed = write(false);
    const next = write(true);
    await expect(failed).rejects.toThrow("refused");
    await expect(next).resolves.toBe("done");
  });

  it("holds the next write at most 10 s behind one that never ends", async () => {
    vi.useFakeTimers();
    const stuck = inLine(never);
    const write = inLine(async () => "done");
    void stuck();
    let result = "";
    void write().then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(result).toBe("");
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe("done");
  });

  it("counts the 10 s from each write's own start: behind two slow writes, the third waits for the second", async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const write = inLine(async (name: string) => {
      log.push(`start ${name} @${Date.now() - t0}`);
      await new Promise((done) => setTimeout(done, 8_000));
      log.push(`end ${name} @${Date.now() - t0}`);
    });
    const t0 = Date.now();
    void write("a");
    void write("b");
    void write("c");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(log).toEqual(["start a @0", "end a @8000", "start b @8000", "end b @16000", "start c @16000", "end c @24000"]);
  });
});
