// `mockman request`, in-process on a temp store: output shapes, auth, bodies,
// and every usage error (exit 2, one stderr line, the store unchanged).
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_POST, cli, folderState, oneStderrLine, tempDb } from "./helpers";

describe("mockman request", () => {
  it("prints the status line and the pretty body, and -i adds the headers", async () => {
    const { db } = tempDb();
    const plain = await cli(["request", "GET", `/api/posts/${FIRST_POST}`, "--db", db]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^HTTP 200 OK {2}[\d.]+ ms\n\n\{\n {2}"post": \{\n {4}"_id": "8d0c3c7e/);
    expect(plain.stdout).not.toContain("content-type:");
    expect(plain.stdout).not.toContain("\x1b[");

    const withHeaders = await cli(["request", "get", `/api/posts/${FIRST_POST}`, "-i", "--db", db]);
    expect(withHeaders.stdout).toMatch(/^HTTP 200 OK .*\ncontent-type: application\/json\n\n\{/);

    const bodyOnly = await cli(["request", "GET", `/api/posts/${FIRST_POST}`, "-b", "--db", db]);
    expect(JSON.parse(bodyOnly.stdout).post.likes.likeCount).toBe(790);
  });

  it("-H in --help says it repeats, without a '(default: [])' tail, and two -H both go out", async () => {
    const help = await cli(["request", "--help"]);
    expect(help.stdout).toMatch(/-H, --header <header> +request header 'Name: value' \(repeatable\)\n/);
    expect(help.stdout).not.toContain("default: []");
    const { db } = tempDb();
    const ran = await cli(["request", "GET", "/api/test-todos", "-H", "Accept: */*", "-H", "X-A: 1", "--db", db]);
    expect(ran.code).toBe(0);
  });

  it("--json prints exactly {status, statusText, headers, body, ms}", async () => {
    const { db } = tempDb();
    const ran = await cli(["request", "GET", "/api/posts/nope", "--json", "--db", db]);
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout);
    expect(Object.keys(report)).toEqual(["status", "statusText", "headers", "body", "ms"]);
    expect(report).toMatchObject({ status: 404, statusText: "Not Found", headers: { "content-type": "application/json" } });
    expect(report.body.errors).toHaveLength(1);
    expect(typeof report.ms).toBe("number");
  });

  it("--json over HTTP prints the same five keys: Set-Cookie rows and a header given twice are joined in headers", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, [
        "Content-Type",
        "application/json",
        "Set-Cookie",
        "a=1; Path=/",
        "Set-Cookie",
        "b=2",
        "X-Multi",
        "a",
        "X-Multi",
        "b",
      ]);
      res.end('{"ok":true}');
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ran = await cli(["request", "GET", "/x", "--base-url", url, "--json"]);
      expect(ran.code).toBe(0);
      const report = JSON.parse(ran.stdout);
      expect(Object.keys(report)).toEqual(["status", "statusText", "headers", "body", "ms"]);
      expect(report.headers).toMatchObject({ "content-type": "application/json", "set-cookie": "a=1; Path=/, b=2", "x-multi": "a, b" });
      expect(report.body).toEqual({ ok: true });
      // -i prints the rows as the server wrote them, as curl -i does: its case, each Set-Cookie on its own line.
      const shown = await cli(["request", "GET", "/x", "--base-url", url, "-i"]);
      expect(shown.stdout).toMatch(
        /^Content-Type: application\/json\nSet-Cookie: a=1; Path=\/\nSet-Cookie: b=2\nX-Multi: a\nX-Multi: b\n/m,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it("colours only on a TTY, and never with NO_COLOR", async () => {
    const { db } = tempDb();
    const tty = await cli(["request", "GET", "/api/test-todos", "--db", db], { tty: true });
    expect(tty.stdout).toContain("\x1b[");
    const noColor = await cli(["request", "GET", "/api/test-todos", "--db", db], { tty: true, env: { NO_COLOR: "1" } });
    expect(noColor.stdout).not.toContain("\x1b[");
  });

  it("--as guest logs in first and sends the token; the post is saved in the store", async () => {
    const { db } = tempDb();
    const body = JSON.stringify({ postData: { content: "Hello from the CLI", postPic: "" } });
    const created = await cli(["request", "POST", "/api/posts", "--as", "guest", "-d", body, "--json", "--db", db]);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout).status).toBe(201);
    const mine = await cli(["request", "GET", "/api/posts/user/guest", "-b", "--db", db]);
    expect(JSON.parse(mine.stdout).posts.map((p: { content: string }) => p.content)).toContain("Hello from the CLI");
  });

  it("--token and --as USER:PASSWORD reach authenticated routes; a wrong password is exit 1", async () => {
    const { db } = tempDb();
    const login = await cli(["request", "POST", "/api/auth/login", "-d", '{"username":"guest","password":"guest1234"}', "-b", "--db", db]);
    const token = JSON.parse(login.stdout).encodedToken as string;
    const marks = await cli(["request", "GET", "/api/users/bookmark", "--token", token, "-b", "--db", db]);
    expect(JSON.parse(marks.stdout)).toEqual({ bookmarks: [] });
    const asUser = await cli(["request", "GET", "/api/users/bookmark", "--as", "guest:guest1234", "-b", "--db", db]);
    expect(asUser.code).toBe(0);
    const wrong = await cli(["request", "GET", "/api/users/bookmark", "--as", "guest:nope", "--db", db]);
    expect(wrong.code).toBe(1);
    expect(oneStderrLine(wrong)).toMatch(/^mockman: cannot log in as guest: 401 .*Check --as USER:PASSWORD$/);
  });

  it("reads -d @file and -d @- (stdin)", async () => {
    const { dir, db } = tempDb();
    writeFileSync(join(dir, "todo.json"), '{"title":"Milk"}');
    const fromFile = await cli(["request", "POST", "/api/test-todos", "-d", "@todo.json", "-b", "--db", db], { cwd: dir });
    expect(JSON.parse(fromFile.stdout).todo.title).toBe("Milk");
    const fromStdin = await cli(["request", "POST", "/api/test-todos", "-d", "@-", "-b", "--db", db], { stdin: '{"title":"Eggs"}' });
    expect(JSON.parse(fromStdin.stdout).todos.map((t: { title: string }) => t.title)).toEqual(["Milk", "Eggs"]);
  });

  it("--fail exits 4 on a 4xx, still printing the response", async () => {
    const { db } = tempDb();
    const ran = await cli(["request", "GET", "/api/posts/nope", "--fail", "--db", db]);
    expect(ran.code).toBe(4);
    expect(ran.stdout).toMatch(/^HTTP 404 Not Found/);
    expect(oneStderrLine(ran)).toBe("mockman: the server answered 404 Not Found (--fail)");
    expect((await cli(["request", "GET", "/api/posts/nope", "--db", db])).code).toBe(0);
  });

  describe("usage errors: exit 2, one stderr line, the store unchanged", () => {
    const cases: Array<[string, string[], RegExp]> = [
      ["malformed -d JSON", ["request", "POST", "/api/test-todos", "-d", "{title:Milk}"], /^mockman: -d is not JSON: .*Quote it/],
      [
        "a header without a colon",
        ["request", "GET", "/api/posts", "-H", "Accept application/json"],
        /^mockman: header 'Accept application\/json' has no colon: write it as -H 'Name: value'$/,
      ],
      [
        "an unknown method",
        ["request", "FETCH", "/api/posts"],
        /^mockman: unknown method FETCH: use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS$/,
      ],
      [
        "--as without a password",
        ["request", "GET", "/api/users/bookmark", "--as", "ada"],
        /^mockman: --as ada: use --as guest or --as USER:PASSWORD$/,
      ],
      ["a body on GET", ["request", "GET", "/api/posts", "-d", "{}"], /^mockman: a GET request cannot carry a body/],
      [
        "a missing -d file",
        ["request", "POST", "/api/test-todos", "-d", "@nope.json"],
        /^mockman: cannot read -d nope\.json: no such file$/,
      ],
      [
        "an unknown option",
        ["request", "GET", "/api/posts", "--nope"],
        /^mockman request: unknown option '--nope'\. See mockman request --help$/,
      ],
      [
        "-i with -b (one adds the headers, the other prints only the body)",
        ["request", "GET", "/api/posts", "-i", "-b"],
        /^mockman: -b prints only the body and -i adds the headers: give one of them$/,
      ],
      ["a missing argument", ["request", "GET"], /^mockman request: missing required argument 'path'\. See mockman request --help$/],
    ];
    it.each(cases)("%s", async (_, args, message) => {
      const { dir, db } = tempDb();
      await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"Milk"}', "--db", db]);
      const before = folderState(dir);
      const ran = await cli([...args, "--db", db]);
      expect(ran.code).toBe(2);
      expect(oneStderrLine(ran)).toMatch(message);
      expect(ran.stdout).toBe("");
      expect(folderState(dir)).toEqual(before);
    });
  });
});

describe("paging through the CLI, as it is", () => {
  it("GET /api/posts?limit=2 answers one page with next and total, and the next page follows it", async () => {
    const { db } = tempDb();
    const first = JSON.parse((await cli(["request", "GET", "/api/posts?limit=2", "-b", "--db", db])).stdout);
    expect(first.posts).toHaveLength(2);
    expect(first.total).toBe(6);
    expect(typeof first.next).toBe("string");
    const second = JSON.parse((await cli(["request", "GET", `/api/posts?limit=2&cursor=${first.next}`, "-b", "--db", db])).stdout);
    expect(second.posts.map((p: { _id: string }) => p._id)).not.toContain(first.posts[1]._id);
    const bad = await cli(["request", "GET", "/api/posts?limit=0", "--json", "--db", db]);
    expect(JSON.parse(bad.stdout)).toMatchObject({ status: 400, body: { errors: ["limit must be a whole number from 1 to 100"] } });
  });
});

describe("mockman openapi", () => {
  it("prints the OpenAPI 3.1 document, or writes it to a file; a folder that is not there is a clear error", async () => {
    const out = await cli(["openapi"]);
    expect(out.code).toBe(0);
    const doc = JSON.parse(out.stdout);
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/api/posts/{postId}");
    const { dir } = tempDb();
    const written = await cli(["openapi", "api.json"], { cwd: dir });
    expect(written.code).toBe(0);
    expect(written.stdout).toMatch(/^Wrote the OpenAPI 3\.1 description of \d+ paths to .*api\.json\.\n$/);
    expect(JSON.parse(readFileSync(join(dir, "api.json"), "utf8")).paths).toEqual(doc.paths);
    const bad = await cli(["openapi", join(dir, "missing", "api.json")]);
    expect(bad.code).toBe(1);
    expect(oneStderrLine(bad)).toMatch(/^mockman: cannot write .*missing\/api\.json: .*Check the folder exists and is writable$/);
  });
});
