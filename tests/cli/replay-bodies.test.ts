// Each Postman body mode as it arrives on the wire, through the bin (a real
// process, over HTTP): an echo server of the test's own records each request;
// and a JSON body that mockman serve itself takes.
import { createServer, type Server } from "node:http";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { processCli, serveProcess, tempDir } from "./helpers";

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let server: Server | undefined;
afterEach(() => server?.close());

/** Records every request; answers 200 with a cookie on /login, 401 with a digest challenge on an unsigned /digest. */
function echo(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  return new Promise((resolve) => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
        if (req.url === "/login") res.setHeader("set-cookie", ["sid=abc; Path=/", "theme=dark; Path=/"]);
        if (req.url === "/digest" && !req.headers.authorization) {
          res.writeHead(401, { "www-authenticate": 'Digest realm="echo", nonce="n1", qop="auth"', "content-type": "application/json" });
          return res.end("{}");
        }
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server!.address() as { port: number }).port}`, received }));
  });
}

const post = (name: string, url: string, body: unknown, extra: object = {}) => ({
  name,
  request: { method: "POST", url: `{{baseUrl}}${url}`, body, ...extra },
});

describe("bodies as they arrive", () => {
  it("raw, urlencoded, formdata with a file, a binary file, GraphQL; cookies kept; digest signed", { timeout: 60_000 }, async () => {
    const { url, received } = await echo();
    const dir = tempDir();
    writeFileSync(join(dir, "note.txt"), "a file\n");
    writeFileSync(join(dir, "pixel.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]));
    const file = join(dir, "bodies.postman_collection.json");
    writeFileSync(
      file,
      JSON.stringify({
        info: { name: "bodies", schema: SCHEMA },
        item: [
          { name: "login", request: { method: "GET", url: "{{baseUrl}}/login" } },
          post("raw-json", "/raw", { mode: "raw", raw: '{"who": "{{$randomFirstName}}"}', options: { raw: { language: "json" } } }),
          post("urlencoded", "/form", { mode: "urlencoded", urlencoded: [{ key: "q", value: "a b&c" }] }),
          post("formdata", "/multi", {
            mode: "formdata",
            formdata: [
              { key: "title", value: "Hi", type: "text" },
              { key: "doc", type: "file", src: "note.txt" },
            ],
          }),
          post("binary", "/bin", { mode: "file", file: { src: "pixel.png" } }),
          post("graphql", "/gql", { mode: "graphql", graphql: { query: "{ me { id } }", variables: '{"a": 1}' } }),
          {
            name: "digest",
            request: {
              method: "GET",
              url: "{{baseUrl}}/digest",
              auth: {
                type: "digest",
                digest: [
                  { key: "username", value: "u" },
                  { key: "password", value: "p" },
                ],
              },
            },
          },
        ],
      }),
    );
    const ran = await processCli(["replay", file, "--env-var", `baseUrl=${url}`, "--json"]);
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    const at = (path: string) => received.filter((r) => r.url === path);
    expect(at("/raw")[0].headers["content-type"]).toBe("application/json");
    expect(JSON.parse(at("/raw")[0].body.toString()).who).toMatch(/^[A-Z][a-z'-]+$/);
    expect(at("/raw")[0].headers.cookie).toBe("sid=abc; theme=dark");
    expect(at("/form")[0]).toMatchObject({ headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(at("/form")[0].body.toString()).toBe("q=a%20b%26c");
    const multi = at("/multi")[0];
    const boundary = String(multi.headers["content-type"]).match(/^multipart\/form-data; boundary=(.+)$/)![1];
    expect(multi.body.toString()).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="doc"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\na file\n\r\n` +
        `--${boundary}--\r\n`,
    );
    expect([...at("/bin")[0].body]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    expect(at("/gql")[0].body.toString()).toBe('{"query":"{ me { id } }","variables":{"a": 1}}');
    expect(at("/digest").map((r) => r.headers.authorization ?? null)).toEqual([
      null,
      expect.stringMatching(/^Digest username="u", realm="echo", nonce="n1", uri="\/digest"/),
    ]);
  });

  it("a formdata file is read from --working-dir when given", { timeout: 60_000 }, async () => {
    const { url, received } = await echo();
    const dir = tempDir();
    const files = tempDir();
    writeFileSync(join(files, "up.txt"), "from the working dir");
    const file = join(dir, "c.postman_collection.json");
    writeFileSync(
      file,
      JSON.stringify({
        info: { name: "c", schema: SCHEMA },
        item: [post("up", "/up", { mode: "formdata", formdata: [{ key: "f", type: "file", src: "up.txt" }] })],
      }),
    );
    const without = await processCli(["replay", file, "--env-var", `baseUrl=${url}`]);
    expect(without.stderr).toMatch(/^mockman: warning: up: a file of its body was not sent: up\.txt: no such file in /);
    const ran = await processCli(["replay", file, "--env-var", `baseUrl=${url}`, "--working-dir", files]);
    expect(ran.stderr).toBe("");
    expect(received[1].body.toString()).toContain("\r\n\r\nfrom the working dir\r\n");
  });

  it("mockman serve takes a raw JSON body as sent", { timeout: 60_000 }, async () => {
    const served = await serveProcess(["--db", join(tempDir(), "db.json")]);
    const dir = tempDir();
    const file = join(dir, "todo.postman_collection.json");
    writeFileSync(
      file,
      JSON.stringify({
        info: { name: "todo", schema: SCHEMA },
        item: [
          {
            ...post("todo", "/api/test-todos", {
              mode: "raw",
              raw: '{"title": "Milk {{$randomInt}}"}',
              options: { raw: { language: "json" } },
            }),
            event: [
              {
                listen: "test",
                script: { exec: ["pm.test('created', () => pm.expect(pm.response.json().todo.title).to.match(/^Milk \\d+$/));"] },
              },
            ],
          },
        ],
      }),
    );
    const ran = await processCli(["replay", file, "--base-url", served.url, "--json"]);
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout).results[0]).toMatchObject({ status: 201, pass: true, assertions: [{ name: "created", pass: true }] });
  });
});

describe("--timeout-request and the process", () => {
  it("a run with a long --timeout-request ends when its requests do, not when the time would run out", { timeout: 90_000 }, async () => {
    const dir = tempDir();
    const file = join(dir, "one.postman_collection.json");
    writeFileSync(
      file,
      JSON.stringify({
        info: { name: "one", schema: SCHEMA },
        item: [{ name: "posts", request: { method: "GET", url: "/api/posts?limit=1" } }],
      }),
    );
    // processCli kills the process after 60 s: a timer left for the 120 s would make this exit code the kill's.
    const ran = await processCli(["replay", file, "--timeout-request", "120000", "--db", join(dir, "db.json")]);
    expect(ran.code).toBe(0);
  });
});
