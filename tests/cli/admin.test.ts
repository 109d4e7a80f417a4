// The admin API of `mockman serve` (issue 32): reset, seed, load, export, snapshots and
// faults on a running server, each answer checked against the admin API's own OpenAPI
// description; bad calls answer 400/404 `{errors}` and change nothing; foreign hosts
// and origins are refused as API calls are; and the CLI's reset, seed, import and
// export go through it when a serve holds the store, saying so on stderr.
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, tooLarge } from "#mock/core/boundary";
import { adminOpenApi } from "#mock/node/admin-openapi";
import { cli, serve, tempDir } from "./helpers";

const doc = adminOpenApi();
const ajv = new Ajv2020({ strict: false, allErrors: true });
beforeAll(() => {
  ajv.addSchema(doc, "admin");
});

const pointer = (path: string, method: string, status: number) =>
  `admin#/paths/${path.replaceAll("/", "~1")}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

/** One admin call; its answer must be one the description lists, of the shape it gives. */
async function admin(base: string, method: string, path: string, body?: unknown, docPath = path): Promise<Answer> {
  const res = await fetch(`${base}/__mockman${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : null;
  expect(res.headers.get("x-mockman")).toBeTruthy();
  const validate = ajv.getSchema(pointer(docPath, method, res.status));
  if (!validate) throw new Error(`the admin description has no ${res.status} answer for ${method} ${docPath}: ${text}`);
  if (!validate(parsed))
    throw new Error(`${method} ${path} ${res.status} does not fit its description: ${ajv.errorsText(validate.errors)}`);
  return { status: res.status, body: parsed, text };
}

const api = async (base: string, path: string, init?: RequestInit) => {
  const res = await fetch(`${base}${path}`, init);
  return { status: res.status, body: await res.json() };
};
const postCount = async (base: string) => ((await api(base, "/api/posts")).body as { posts: unknown[] }).posts.length;
const addTodo = (base: string, title: string) =>
  fetch(`${base}/api/test-todos`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ title }) });
const todos = async (base: string) =>
  ((await api(base, "/api/test-todos")).body as { todos: { title: string }[] }).todos.map((t) => t.title);

describe("the admin API", () => {
  it("has an OpenAPI 3.1 description of its own, served beside it", async () => {
    expect(await new Validator().validate(doc as never)).toMatchObject({ valid: true });
    const server = await serve({ args: ["--db", ":memory:"] });
    const served = await admin(server.url, "GET", "/openapi.json");
    expect(served.body).toEqual(JSON.parse(JSON.stringify(doc)));
    // Apart from the app's API document.
    const app = (await api(server.url, "/api/openapi.json")).body as { paths: Record<string, unknown> };
    expect(Object.keys(app.paths).some((p) => p.includes("__mockman"))).toBe(false);
  });

  it("resets to the seed, keeps and restores snapshots, loads and exports data", async () => {
    const server = await serve();
    const base = server.url;
    await addTodo(base, "before");
    expect((await admin(base, "POST", "/snapshots/one", undefined, "/snapshots/{name}")).status).toBe(201);
    await addTodo(base, "after");
    expect(await todos(base)).toEqual(["before", "after"]);

    const reset = await admin(base, "POST", "/reset");
    expect(reset.body).toEqual({ counts: { users: 4, posts: 6, comments: 0, todos: 0, photos: 0, notifications: 0 }, scenarios: 0 });
    expect(await todos(base)).toEqual([]);

    const restored = await admin(base, "POST", "/snapshots/one/restore", undefined, "/snapshots/{name}/restore");
    expect(restored.body).toMatchObject({ restored: "one", counts: { todos: 1 } });
    expect(await todos(base)).toEqual(["before"]);
    // A snapshot can be restored again: the restore took a copy.
    await addTodo(base, "again");
    await admin(base, "POST", "/snapshots/one/restore", undefined, "/snapshots/{name}/restore");
    expect(await todos(base)).toEqual(["before"]);
    expect((await admin(base, "GET", "/snapshots")).body).toMatchObject({ snapshots: [{ name: "one", counts: { todos: 1 } }] });

    const exported = await admin(base, "GET", "/data");
    expect(exported.body).toMatchObject({ mockman: "export", data: { todos: [{ title: "before" }] } });
    await admin(base, "POST", "/reset");
    const loaded = await admin(base, "PUT", "/data", exported.text);
    expect(loaded.body).toMatchObject({ counts: { todos: 1, posts: 6 } });
    expect(await todos(base)).toEqual(["before"]);

    const seeded = await admin(base, "POST", "/seed", { users: 2, posts: 5, seed: 3 });
    expect(seeded.body).toMatchObject({ generated: { users: 2, posts: 5 }, counts: { users: 6, posts: 11 } });
    expect(await postCount(base)).toBe(11);
    expect((await admin(base, "DELETE", "/snapshots/one", undefined, "/snapshots/{name}")).body).toEqual({ deleted: "one" });
    // The store file holds what the server holds.
    await server.stop();
    const file = JSON.parse(readFileSync(server.db, "utf8")) as { data: { posts: unknown[] } };
    expect(file.data.posts).toHaveLength(11);
  });

  it("sets, shows and clears faults", async () => {
    const server = await serve({ args: ["--db", ":memory:"] });
    expect((await admin(server.url, "GET", "/faults")).body).toEqual({ delay: null, failRate: 0, failStatus: 500 });
    expect((await admin(server.url, "PUT", "/faults", { failRate: 1, failStatus: 503 })).body).toEqual({
      delay: null,
      failRate: 1,
      failStatus: 503,
    });
    expect((await api(server.url, "/api/posts")).status).toBe(503);
    // Admin calls never meet the faults.
    expect((await admin(server.url, "PUT", "/faults", { delay: 0 })).body).toMatchObject({ delay: "0", failRate: 1 });
    expect((await admin(server.url, "DELETE", "/faults")).body).toEqual({ delay: null, failRate: 0, failStatus: 500 });
    expect((await api(server.url, "/api/posts")).status).toBe(200);
  });

  it("sets, lists and clears scenarios, one by one or all; a scenario that names no route is a 400", async () => {
    const server = await serve({ args: ["--db", ":memory:"] });
    const base = server.url;
    const added = await admin(base, "POST", "/scenarios", [
      { name: "posts-fail", method: "POST", path: "/api/test-todos", status: 500, times: 1 },
      { name: "empty", method: "GET", path: "/api/test-todos", body: { todos: [] }, times: 0 },
    ]);
    expect(added.status).toBe(201);
    expect((added.body as { scenarios: { name: string }[] }).scenarios.map((x) => x.name)).toEqual(["posts-fail", "empty"]);
    const failed = await fetch(`${base}/api/test-todos`, { method: "POST", body: JSON.stringify({ title: "no" }) });
    expect([failed.status, failed.statusText, await failed.json()]).toEqual([
      500,
      "Internal Server Error",
      { errors: ['Internal Server Error (the scenario "posts-fail" answers it).'] },
    ]);
    await addTodo(base, "yes");
    expect(await todos(base)).toEqual(["yes"]);
    const named = await fetch(`${base}/api/test-todos`, { headers: { "x-mockman-scenario": "empty" } });
    expect(await named.json()).toEqual({ todos: [] });

    const refused = await admin(base, "POST", "/scenarios", { method: "GET", path: "/api/nowhere" });
    expect([refused.status, refused.body]).toEqual([
      400,
      { errors: ["scenarios.0 (GET /api/nowhere): GET /api/nowhere names no route of the API (GET /api/openapi.json lists them)"] },
    ]);
    expect(((await admin(base, "GET", "/scenarios")).body as { scenarios: unknown[] }).scenarios).toHaveLength(2);
    const gone = await admin(base, "DELETE", "/scenarios/nope", undefined, "/scenarios/{name}");
    expect([gone.status, (gone.body as { errors: string[] }).errors[0]]).toEqual([
      404,
      'no scenario named "nope": the scenarios are posts-fail, empty',
    ]);
    const left = await admin(base, "DELETE", "/scenarios/posts-fail", undefined, "/scenarios/{name}");
    expect((left.body as { scenarios: { name: string }[] }).scenarios.map((x) => x.name)).toEqual(["empty"]);
    expect((await admin(base, "DELETE", "/scenarios")).body).toEqual({ scenarios: [], datasets: {} });
  });

  it("answers a bad call 400 or 404 with {errors} naming what is wrong, and changes nothing", async () => {
    const server = await serve({ args: ["--db", ":memory:"] });
    const base = server.url;
    await addTodo(base, "kept");
    const before = (await admin(base, "GET", "/data")).body as { data: unknown };
    const refusals: [string, string, unknown, number, RegExp, string?][] = [
      ["PUT", "/data", "{not json", 400, /the body is not JSON/],
      ["PUT", "/data", { mockman: "export", version: 5, data: { posts: "x" } }, 400, /the export file is not valid: .*nothing was changed/],
      ["PUT", "/data", undefined, 400, /the export file is not valid/],
      ["POST", "/seed", { users: -1 }, 400, /^users: /],
      ["POST", "/seed", { usrs: 2 }, 400, /unknown field "usrs"/],
      ["POST", "/seed", { users: 0, posts: 3, replace: true }, 400, /generated posts need authors/],
      ["POST", "/snapshots/nope/restore", undefined, 404, /no snapshot named "nope": none was taken yet/, "/snapshots/{name}/restore"],
      ["DELETE", "/snapshots/nope", undefined, 404, /no snapshot named "nope"/, "/snapshots/{name}"],
      ["POST", "/snapshots/bad%20name", undefined, 400, /snapshot name "bad name" is not valid/, "/snapshots/{name}"],
      // A name no snapshot can have is refused as such, not answered with a call that would refuse it; a long one is cut.
      ["POST", "/snapshots/__proto__/restore", undefined, 400, /snapshot name "__proto__" is not valid/, "/snapshots/{name}/restore"],
      ["DELETE", `/snapshots/${"a".repeat(5000)}`, undefined, 400, /^snapshot name "a{80}…" is not valid/, "/snapshots/{name}"],
      ["PUT", "/faults", { failRate: 2 }, 400, /^failRate: must be a number from 0 to 1/],
      ["PUT", "/faults", { delay: "5-1" }, 400, /^delay: the range must go up/],
      ["PUT", "/faults", { failStatus: 404 }, 400, /^failStatus: expected 500 or 503/],
    ];
    for (const [method, path, body, status, message, docPath] of refusals) {
      const answer = await admin(base, method, path, body, docPath ?? path);
      expect([method, path, answer.status]).toEqual([method, path, status]);
      expect((answer.body as { errors: string[] }).errors[0]).toMatch(message);
    }
    expect(((await admin(base, "GET", "/data")).body as { data: unknown }).data).toEqual(before.data);
    expect((await admin(base, "GET", "/faults")).body).toEqual({ delay: null, failRate: 0, failStatus: 500 });
    // Unknown admin paths and methods, as the API answers them.
    const unknown = await fetch(`${base}/__mockman/nothing`);
    expect([unknown.status, await unknown.json()]).toEqual([404, { errors: [expect.stringMatching(/nothing/)] }]);
    const wrong = await fetch(`${base}/__mockman/reset`);
    expect([wrong.status, wrong.headers.get("allow")]).toEqual([405, "POST"]);
  });

  it("is refused to a foreign origin or host, as the API is", async () => {
    const server = await serve({ args: ["--db", ":memory:"] });
    await addTodo(server.url, "kept");
    const send = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${server.url}/__mockman/reset`, { method: "POST", headers, agent: false }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        });
        req.on("error", reject);
        req.end();
      });
    expect(await send({ origin: "https://evil.example" })).toBe(403);
    expect(await send({ host: "evil.example" })).toBe(421);
    expect(await todos(server.url)).toEqual(["kept"]);
    expect(await send({ origin: "http://localhost:5173" })).toBe(200);
    expect(await todos(server.url)).toEqual([]);
  });
});

/** One echo call, its answer checked against the description. */
async function echo(base: string, method: string, body?: BodyInit, headers: Record<string, string> = {}, query = "") {
  const res = await fetch(`${base}/__mockman/echo${query}`, { method, body, headers });
  const parsed = (await res.json()) as Echo;
  const validate = ajv.getSchema(pointer("/echo", method, res.status))!;
  if (!validate(parsed)) throw new Error(`echo ${res.status} does not fit its description: ${ajv.errorsText(validate.errors)}`);
  return parsed;
}
interface Echo {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  contentType: string | null;
  bytes: number;
  sha256: string;
  text: string | null;
  base64: string;
}
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** A raw request (no fetch rules on Origin or size); resolves with the status and body, even when the server stops reading. */
const rawSend = (url: string, method: string, headers: Record<string, string>, body?: Buffer) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: text }));
    });
    // The door closes the connection after a refusal: writing the rest may fail, the answer came first.
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    req.end(body);
  });

describe("the admin API's echo", () => {
  it("answers each body as it arrived, byte for byte, with its method, path, query and headers", async () => {
    const server = await serve({ args: ["--db", ":memory:"] });
    const base = server.url;

    const text = await echo(base, "POST", "plain wörds ✓", { "content-type": "text/plain", "x-Trace": "7" }, "?a=1&a=2&b=%20");
    expect(text).toMatchObject({ method: "POST", path: "/__mockman/echo", query: "a=1&a=2&b=%20", contentType: "text/plain" });
    expect(text).toMatchObject({ text: "plain wörds ✓", bytes: Buffer.byteLength("plain wörds ✓"), sha256: sha256("plain wörds ✓") });
    expect(text.headers["x-trace"]).toBe("7");
    expect(Buffer.from(text.base64, "base64").toString("utf8")).toBe("plain wörds ✓");

    const form = await echo(base, "PUT", new URLSearchParams({ title: "a b&c", n: "1" }));
    expect([form.method, form.contentType, form.text]).toEqual([
      "PUT",
      "application/x-www-form-urlencoded;charset=UTF-8",
      "title=a+b%26c&n=1",
    ]);

    const xml = await echo(base, "PATCH", "<todo done='1'/>", { "content-type": "application/xml" });
    expect([xml.method, xml.contentType, xml.text]).toEqual(["PATCH", "application/xml", "<todo done='1'/>"]);

    // Every byte value, which is no UTF-8: text is null, the bytes are exact.
    const every = new Uint8Array(256).map((_, i) => i);
    const binary = await echo(base, "POST", every, { "content-type": "application/octet-stream" });
    expect(binary).toMatchObject({ bytes: 256, sha256: sha256(every), text: null, contentType: "application/octet-stream" });
    expect(new Uint8Array(Buffer.from(binary.base64, "base64"))).toEqual(every);

    // Multipart with a file of every byte value: the boundary in the type, the file's bytes in the body.
    const data = new FormData();
    data.append("note", "hello");
    data.append("pic", new Blob([every], { type: "application/octet-stream" }), "every.bin");
    const multipart = await echo(base, "POST", data);
    expect(multipart.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    const raw = Buffer.from(multipart.base64, "base64");
    expect(raw.byteLength).toBe(multipart.bytes);
    expect(raw.includes(Buffer.from(every))).toBe(true);
    expect(raw.toString("latin1")).toContain('name="pic"; filename="every.bin"');
    expect(multipart.text).toBeNull();

    const none = await echo(base, "DELETE");
    expect(none).toMatchObject({ method: "DELETE", bytes: 0, text: "", base64: "", sha256: sha256(""), contentType: null });

    // GET has nothing to echo: 405 naming the methods it takes.
    const get = await fetch(`${base}/__mockman/echo`);
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST, PUT, PATCH, DELETE"]);
  });

  it("is refused to a foreign origin, answers CORS to a loopback one, and takes no more than the API (413 as the API)", async () => {
    const server = await serve({ args: ["--db", ":memory:"] });
    const url = `${server.url}/__mockman/echo`;
    const foreign = await rawSend(url, "POST", { origin: "https://evil.example", "content-type": "text/plain" }, Buffer.from("x"));
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatch(/Requests from pages on https:\/\/evil.example are refused/);
    const page = await fetch(url, { method: "POST", body: "x", headers: { origin: "http://localhost:5173" } });
    expect([page.status, page.headers.get("access-control-allow-origin")]).toEqual([200, "http://localhost:5173"]);
    await page.arrayBuffer();

    const fits = await rawSend(url, "POST", {}, Buffer.alloc(MAX_BODY_BYTES, 1));
    expect([fits.status, (JSON.parse(fits.body) as Echo).bytes]).toEqual([200, MAX_BODY_BYTES]);
    const over = Buffer.alloc(MAX_BODY_BYTES + 1, 1);
    const refused = await rawSend(url, "POST", {}, over);
    const apiRefused = await rawSend(`${server.url}/api/test-todos`, "POST", {}, over);
    expect([refused.status, JSON.parse(refused.body)]).toEqual([413, JSON.parse(tooLarge().body)]);
    expect(refused).toEqual(apiRefused);
    expect(ajv.getSchema(pointer("/echo", "POST", 413))!(JSON.parse(refused.body))).toBe(true);
  });
});

describe("the CLI's data commands on a store serve holds", () => {
  it("reset, seed, import and export go through the admin API and say so on stderr", async () => {
    const server = await serve();
    const { db, url } = server;
    const via = (command: string) =>
      `mockman: ${db} is served by mockman serve (pid ${process.pid}); ${command} goes through its admin API at ${url}/__mockman/\n`;
    await addTodo(url, "served");

    const exported = await cli(["export", "-", "--db", db]);
    expect([exported.code, exported.stderr]).toEqual([0, via("export")]);
    expect(JSON.parse(exported.stdout).data.todos.map((t: { title: string }) => t.title)).toEqual(["served"]);

    // The one reset, here too: the seed, and no scenario, fault or journal entry left.
    await fetch(`${url}/__mockman/scenarios`, { method: "POST", body: JSON.stringify({ method: "GET", path: "/api/users", status: 503 }) });
    await fetch(`${url}/__mockman/faults`, { method: "PUT", body: JSON.stringify({ delay: 5 }) });
    const reset = await cli(["reset", "--db", db]);
    expect([reset.code, reset.stderr]).toEqual([0, via("reset")]);
    expect(reset.stdout).toMatch(new RegExp(`^Reset ${db} to the seed: 4 users, 6 posts`));
    expect(await todos(url)).toEqual([]);
    expect((await (await fetch(`${url}/__mockman/scenarios`)).json()).scenarios).toEqual([]);
    expect((await (await fetch(`${url}/__mockman/faults`)).json()).delay).toBeNull();
    expect((await (await fetch(`${url}/__mockman/requests`)).json()).requests.map((r: { path: string }) => r.path)).toEqual([
      "/api/test-todos",
    ]);

    const seeded = await cli(["seed", "--users", "2", "--posts", "4", "--db", db]);
    expect([seeded.code, seeded.stderr]).toEqual([0, via("seed")]);
    expect(seeded.stdout).toMatch(/^Added 2 users, 4 posts and \d+ comments \(seed 1\); .* now holds 6 users, 10 posts/);
    expect(await postCount(url)).toBe(10);
    // A clash the server refuses is the same usage error as in-process, and changes nothing.
    const again = await cli(["seed", "--users", "2", "--posts", "4", "--db", db]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/answered 400: cannot add this data set: username \S+ is already taken/);
    expect(await postCount(url)).toBe(10);

    const file = join(tempDir(), "backup.json");
    writeFileSync(file, exported.stdout);
    const imported = await cli(["import", file, "--db", db]);
    expect([imported.code, imported.stderr]).toEqual([0, via("import")]);
    expect(imported.stdout).toMatch(/^Imported 4 users, 6 posts, 0 comments, 1 todos/);
    expect(await todos(url)).toEqual(["served"]);
    expect(await postCount(url)).toBe(6);

    // A bad file is refused before anything is sent.
    writeFileSync(file, "{}");
    const bad = await cli(["import", file, "--db", db]);
    expect(bad.code).toBe(2);
    expect(await todos(url)).toEqual(["served"]);
  });

  it("--db :memory: belongs to serve alone: another command asks for a file or --base-url", async () => {
    const ran = await cli(["reset", "--db", ":memory:"], { cwd: tempDir() });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/--db :memory: keeps the data inside one `mockman serve` only/);
  });
});
