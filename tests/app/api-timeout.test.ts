// Issue 47: every API call has a timeout that ends in the same clear error as a failed request,
// so a stalled answer never leaves a button spinning for ever; a screen's own abort stays an abort.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, API_TIMEOUT_MS, NO_ANSWER, NoAnswerError } from "#app/lib/api";
import { MemoryStorage } from "./memory-storage";

/** A fetch that answers only when told to, and rejects as the browser's does when its signal aborts. */
function stalledFetch() {
  const calls: Array<{ answer(body: unknown): void; signal: AbortSignal }> = [];
  const fetch = vi.fn((_url: string, init: RequestInit) => {
    const signal = init.signal!;
    return new Promise<Response>((resolve, reject) => {
      if (signal.aborted) return reject(new DOMException("The operation was aborted.", "AbortError"));
      signal.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
      calls.push({ answer: (body) => resolve(new Response(JSON.stringify(body), { status: 200 })), signal });
    });
  });
  return { fetch, calls };
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe("api(): no answer is an error, in time", () => {
  it(`a call with no answer in ${API_TIMEOUT_MS / 1000} s fails with "${NO_ANSWER}"`, async () => {
    const { fetch, calls } = stalledFetch();
    vi.stubGlobal("fetch", fetch);
    const call = api("/posts");
    const failed = expect(call).rejects.toThrow(NO_ANSWER);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(calls[0].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[0].signal.aborted).toBe(true);
    await failed;
    await expect(call).rejects.toBeInstanceOf(NoAnswerError);
  });

  it("a failed fetch (the network, a stopped worker) says the same", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(api("/posts")).rejects.toThrow(NO_ANSWER);
  });

  it("an answer just in time is read, and no clock is left to abort it later", async () => {
    const { fetch, calls } = stalledFetch();
    vi.stubGlobal("fetch", fetch);
    const call = api<{ ok: boolean }>("/posts");
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 10);
    calls[0].answer({ ok: true });
    await expect(call).resolves.toEqual({ ok: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a screen's own abort stays an abort, not a failed request", async () => {
    const { fetch } = stalledFetch();
    vi.stubGlobal("fetch", fetch);
    const screen = new AbortController();
    const call = api("/posts", { signal: screen.signal });
    screen.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });
});
