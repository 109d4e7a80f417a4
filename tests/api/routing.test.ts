import { beforeEach, describe, expect, it } from "vitest";
import { MSG } from "#mock/core/errors";
import { makeApi, type Api } from "./client";

let api: Api;
beforeEach(async () => {
  api = await makeApi();
});

describe("routing", () => {
  it("an unknown /api path is a 404 JSON error, not a throw", async () => {
    const r = await api.call("GET", "/api/nothing/here");
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(r.body).toEqual({ errors: [MSG.NO_ROUTE("GET", "/api/nothing/here")] });
  });

  it("a known path with the wrong method is 405 with Allow", async () => {
    const r = await api.call("PATCH", "/api/posts");
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("GET, POST, HEAD");
    expect(r.body.errors[0]).toBe(MSG.METHOD_NOT_ALLOWED("PATCH", "/api/posts", ["GET", "POST", "HEAD"]));
  });

  it("static segments win over params: /api/users/bookmark is not a user id", async () => {
    const r = await api.call("GET", "/api/users/bookmark");
    expect(r.status).toBe(404);
    expect(r.body.errors[0]).toBe(MSG.NOT_REGISTERED);
  });

  it("HEAD answers like GET without a body; OPTIONS lists the methods", async () => {
    const head = await api.call("HEAD", "/api/posts");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    const options = await api.call("OPTIONS", "/api/posts");
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toContain("POST");
  });

  it("a malformed %-encoding is a 404, never a 500", async () => {
    expect((await api.call("GET", "/api/posts/%E0%A4%A")).status).toBe(404);
  });

  it("a body over 8 MB is refused with 413", async () => {
    const r = await api.call("POST", "/api/auth/login", { raw: JSON.stringify({ username: "x".repeat(9 * 1024 * 1024), password: "y" }) });
    expect(r.status).toBe(413);
  });

  it("status text is set for the client", async () => {
    expect((await api.call("GET", "/api/posts")).statusText).toBe("OK");
  });
});

describe("/api/test-todos, the tester's sandbox", () => {
  it("lists, adds and deletes todos", async () => {
    expect((await api.call("GET", "/api/test-todos")).body).toEqual({ todos: [] });
    const added = await api.call("POST", "/api/test-todos", { body: { title: "write tests" } });
    expect(added.status).toBe(201);
    expect(added.body.todo).toMatchObject({ title: "write tests", done: false });
    const id = added.body.todo._id;
    expect((await api.call("GET", "/api/test-todos")).body.todos).toHaveLength(1);
    expect((await api.call("DELETE", `/api/test-todos/${id}`)).status).toBe(200);
    expect((await api.call("DELETE", `/api/test-todos/${id}`)).status).toBe(404);
  });

  it("needs a title", async () => {
    const r = await api.call("POST", "/api/test-todos", { body: {} });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toBe("title: title is required");
  });
});

describe("messages stay readable", () => {
  it("an id of 100k characters is cut short in the 404 message", async () => {
    const r = await api.call("GET", `/api/posts/${"a".repeat(100_000)}`);
    expect(r.status).toBe(404);
    expect(r.body.errors[0].length).toBeLessThan(200);
  });

  it("a stored hash demanding absurd iterations never verifies (an import cannot hang login)", async () => {
    const { verifyPassword } = await import("#mock/core/password");
    expect(await verifyPassword("x", "pbkdf2$999999999$AAAA$AAAA")).toBe(false);
  });
});
