// The /api gate in front of the lazily loaded mock (app/lib/mock-gate.ts).
import { describe, expect, it } from "vitest";
import { gateApiUntilMockBoots } from "#app/lib/mock-gate";

function fakeWindow() {
  const calls: string[] = [];
  const win = {
    location: { href: "http://app.test/home", origin: "http://app.test" },
    fetch: async (input: RequestInfo | URL) => {
      calls.push(`network ${String(input)}`);
      return new Response("net");
    },
  };
  return { win: win as unknown as Window, calls };
}

describe("gateApiUntilMockBoots", () => {
  it("holds /api calls until the mock is up, starting it if nobody had", async () => {
    const { win, calls } = fakeWindow();
    let booted = 0;
    gateApiUntilMockBoots(async () => {
      booted++;
      // What the mock does: patch fetch, forwarding what it does not own to the fetch it found.
      const found = win.fetch;
      win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).startsWith("/api/")) return new Response("mock");
        return found(input, init);
      }) as typeof fetch;
    }, win);
    expect(booted).toBe(0);
    const answer = await win.fetch("/api/posts");
    expect(await answer.text()).toBe("mock");
    expect(booted).toBe(1);
    // Not /api: straight to the network, never a loop through the mock's patch and back.
    expect(await (await win.fetch("/seed/a.svg")).text()).toBe("net");
    expect(calls).toEqual(["network /seed/a.svg"]);
  });

  it("starts the mock once however many calls wait", async () => {
    const { win } = fakeWindow();
    let booted = 0;
    const start = gateApiUntilMockBoots(async () => {
      booted++;
    }, win);
    await Promise.all([start(), win.fetch("/api/a"), win.fetch("http://app.test/api/b")]);
    expect(booted).toBe(1);
  });

  it("lets other origins' /api through untouched", async () => {
    const { win, calls } = fakeWindow();
    let booted = 0;
    gateApiUntilMockBoots(async () => {
      booted++;
    }, win);
    await win.fetch("http://elsewhere.test/api/x");
    expect(booted).toBe(0);
    expect(calls).toEqual(["network http://elsewhere.test/api/x"]);
  });
});
