import { describe, expect, it } from "vitest";
import { collectionText, requestName, toCollection } from "#app/mockman/lib/collection";
import { loadCollectionText } from "#mock/tester/collection/format";
import type { HistoryEntry } from "#app/mockman/lib/history";

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VybmFtZSI6Imd1ZXN0In0.sig";
const accept = { isUsed: true, header: "Accept", value: "*/*" };

const history: HistoryEntry[] = [
  { id: 1, sentAt: 1, method: "GET", endpoint: "/api/test-todos", headers: [accept], bodyText: "{}", status: 200 },
  {
    id: 2,
    sentAt: 2,
    method: "POST",
    endpoint: "/api/auth/login",
    headers: [accept],
    bodyText: '{"username":"guest","password":"guest1234"}',
    status: 200,
    token: TOKEN,
  },
  {
    id: 3,
    sentAt: 3,
    method: "POST",
    endpoint: "http://127.0.0.1:4302/api/posts/like/8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01",
    headers: [accept, { isUsed: true, header: "authorization", value: TOKEN }, { isUsed: false, header: "x-off", value: "1" }],
    bodyText: "{}",
    status: 201,
  },
  {
    id: 4,
    sentAt: 4,
    method: "GET",
    endpoint: "https://offline.invalid/",
    headers: [],
    bodyText: "{",
    failure: "TypeError: Failed to fetch",
  },
];

describe("collection export", () => {
  const file = toCollection(history, "http://127.0.0.1:4302");

  it("is valid for the CLI's loader (loadCollectionText)", () => {
    expect(loadCollectionText(collectionText(file)).file).toEqual(file);
  });

  it("keeps order, sent headers, parsed bodies and the recorded status as the expectation", () => {
    expect(file.mockman).toBe(1);
    expect(file.requests.map((r) => r.name)).toEqual(["get-test-todos", "post-auth-login", "post-posts-like", "get-offline-invalid"]);
    expect(file.requests[0]).toEqual({
      name: "get-test-todos",
      method: "GET",
      endpoint: "/api/test-todos",
      headers: { Accept: "*/*" },
      expect: { status: 200 },
    });
    expect(file.requests[1].body).toEqual({ username: "guest", password: "guest1234" });
    expect(file.requests[3].expect).toBeUndefined();
  });

  it("refers to an earlier login's token instead of copying it, and makes same-origin URLs paths", () => {
    const like = file.requests[2];
    expect(like.endpoint).toBe("/api/posts/like/8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01");
    expect(like.headers).toEqual({ Accept: "*/*", authorization: "{{post-auth-login.body.encodedToken}}" });
  });

  it("gives repeated requests unique names", () => {
    const taken = new Set<string>();
    const names = [1, 2, 3].map(() => requestName({ method: "GET", endpoint: "/api/posts" }, taken));
    expect(names).toEqual(["get-posts", "get-posts-2", "get-posts-3"]);
  });

  it("refuses a bad file with the loader's message, before anything is stored", () => {
    expect(() => loadCollectionText('{"mockman":1,"requests":[{"name":"a b","method":"GET","endpoint":"/x"}]}')).toThrow(/requests.0.name/);
    expect(() => loadCollectionText("nope")).toThrow(/not JSON/);
  });
});
