// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://app.test/feed"}
// `moments/mock` under a DOM test environment (happy-dom, as jsdom): setupMock answers the
// page's own origin (which is no loopback one) and relative URLs against the page, and
// XMLHttpRequest as well as fetch (issue 48).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setupMock } from "#mock/library/index";

/** A GET through XMLHttpRequest: status and parsed body. */
function xhrGet(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", url);
    xhr.onload = () => resolve({ status: xhr.status, body: JSON.parse(xhr.responseText) });
    xhr.onerror = () => reject(new Error(`XMLHttpRequest to ${url} failed`));
    xhr.send();
  });
}

describe("setupMock in a DOM environment", () => {
  const server = setupMock({ passwordIterations: 1000, onUnhandledRequest: "bypass" });
  beforeAll(() => server.listen());
  afterEach(() => server.reset());
  afterAll(() => server.close());

  it("answers the page's origin and relative URLs, through fetch", async () => {
    expect(location.origin).toBe("https://app.test");
    const res = await fetch("/api/posts");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { posts: unknown[] }).posts).toHaveLength(6);
    const [sent] = await server.requests();
    expect(sent.url).toBe("/api/posts");
  });

  it("answers XMLHttpRequest too, and scenarios reach it", async () => {
    expect(await xhrGet("/api/users")).toMatchObject({ status: 200, body: { users: expect.any(Array) } });
    await server.use({ method: "GET", path: "/api/users", status: 418, body: { teapot: true } });
    expect(await xhrGet("https://app.test/api/users")).toEqual({ status: 418, body: { teapot: true } });
    expect((await server.requests({ matched: "scenario" })).map((r) => r.status)).toEqual([418]);
  });
});
