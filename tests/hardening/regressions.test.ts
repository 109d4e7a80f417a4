// What the fuzzer found, kept as plain tests: each case is the shrunk
// sequence it printed, so the bug cannot come back unnoticed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMock, type Mock } from "#mock/core/create-mock.ts";
import { MemoryStore } from "#mock/store/memory.ts";
import { makeApi } from "../api/client";

let mock: Mock;
beforeEach(async () => {
  mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
});
afterEach(() => mock.shutdown());

const send = (method: string, path: string, init: RequestInit = {}) =>
  mock.handle(new Request(`http://mock.local${path}`, { method, ...init }));

describe("fuzzer regressions", () => {
  // Counterexample: [HEAD / no-auth] -> 404 with a JSON body.
  it("HEAD never gets a body, on unknown paths and refused methods too", async () => {
    for (const path of ["/", "/api/nothing-here", "/api/auth/login", "/api/posts/like/x"]) {
      const response = await send("HEAD", path);
      expect([404, 405]).toContain(response.status);
      expect(await response.text()).toBe("");
    }
    const ok = await send("HEAD", "/api/posts");
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("");
  });
});

describe("usernames a profile URL cannot reach", () => {
  const signup = (username: string) =>
    send("POST", "/api/auth/signup", { body: JSON.stringify({ username, password: "pw", firstName: "X" }) });

  // Counterexample: [signup {"username":"..","password":"pw","firstName":"!"}] -> 201, then GET /api/users/.. -> 404.
  it.each([".", "..", "bookmark", "edit"])("%s is refused at signup with a clear message", async (username) => {
    const response = await signup(username);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: ["username: username is reserved; choose another"] });
    expect(mock.tables.users.getUnique(username)).toBeUndefined();
  });

  it.each(["...", ".a", "Bookmark", "edits", "my.name"])("%s is allowed and its profile is reachable", async (username) => {
    const created = (await (await signup(username)).json()) as { createdUser: { _id: string } };
    const found = await send("GET", `/api/users/${encodeURIComponent(username)}`);
    expect(found.status).toBe(200);
    expect(((await found.json()) as { user: { _id: string } }).user._id).toBe(created.createdUser._id);
  });
});

describe("a refused edit leaves the post as it was", () => {
  // Counterexample: [POST /api/posts/edit/{post} json={"postData":{"content":"!","postPic":"data:image/svg+xml;base64,PHN2Zy8+"}}]
  // -> 422 for the SVG, but the content had already been changed in place and stayed.
  it("content sent with a refused photo is not kept", async () => {
    const api = await makeApi();
    const token = await api.signup("editor");
    const made = await api.call("POST", "/api/posts", { token, body: { postData: { content: "before" } } });
    expect(made.status).toBe(201);
    const post = [...api.mock.tables.posts.all()].find((p) => p.username === "editor")!;
    const edit = await api.call("POST", `/api/posts/edit/${post._id}`, {
      token,
      body: { postData: { content: "!", postPic: "data:image/svg+xml;base64,PHN2Zy8+" } },
    });
    expect(edit.status).toBe(422);
    expect(api.mock.tables.posts.get(post._id)!.content).toBe("before");
  });
});
