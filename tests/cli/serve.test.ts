// `mockman serve` on an ephemeral port, and the HTTP side of `request` and
// `replay` (undici): --base-url, the hand-over to a running server, CORS
// (who may use it: serve-access.test.ts),
// --fail 5, and a server that refuses connections.
import { createServer, type Server } from "node:http";
import { existsSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_POST, ROOT, cli, oneStderrLine, serve, tempDb } from "./helpers";

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
  );
}

describe("mockman serve", () => {
  it("answers over HTTP, logs one line per request to stderr, and lets go of the store when stopped", async () => {
    const server = await serve();
    const ran = await cli(["request", "GET", `/api/posts/${FIRST_POST}`, "--base-url", server.url, "--json"]);
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout);
    expect(report).toMatchObject({ status: 200, statusText: "OK", headers: { "x-mockman": expect.any(String) } });
    expect(report.body.post._id).toBe(FIRST_POST);
    expect(existsSync(`${server.db}.lock`)).toBe(true);

    const stopped = await server.stop();
    expect(stopped.code).toBe(0);
    expect(stopped.stderr).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d GET /api/posts/${FIRST_POST} 200 [\\d.]+ ms$`, "m"));
    expect(stopped.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(existsSync(`${server.db}.lock`)).toBe(false);
  });

  it("logs a client that closed the connection before its body ended as that, not as a 500 it never got", async () => {
    const server = await serve();
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
        );
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on("close", () => resolve());
    });
    // The server is still whole: it answers the next request.
    expect((await fetch(`${server.url}/api/posts`)).status).toBe(200);
    const stopped = await server.stop();
    expect(stopped.stderr).toMatch(
      /^\d\d:\d\d:\d\d POST \/api\/auth\/login 0 [\d.]+ ms \(the client closed the connection before its body ended\)$/m,
    );
    expect(stopped.stderr).not.toMatch(/ 500 /);
  });

  it("Ctrl+C while an answer is delayed logs it as never sent, not as the 200 nobody got", async () => {
    const server = await serve({ args: ["--delay", "1500"] });
    const inFlight = fetch(`${server.url}/api/posts`).catch(() => "gone");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = await server.stop();
    expect(await inFlight).toBe("gone");
    expect(stopped.stderr).toMatch(/^\d\d:\d\d:\d\d GET \/api\/posts 0 [\d.]+ (ms|s) \(the server stopped before the answer was sent\)$/m);
    expect(stopped.stderr).not.toMatch(/ 200 /);
  });

  it("a HEAD answer gives the Content-Length its GET has, and no body", async () => {
    const server = await serve();
    const get = await fetch(`${server.url}/api/posts`);
    const head = await fetch(`${server.url}/api/posts`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String((await get.arrayBuffer()).byteLength));
    expect(await head.text()).toBe("");
    await server.stop();
  });

  it("GET / is a 404 that names the API's root and its description", async () => {
    const server = await serve();
    const root = await fetch(`${server.url}/`);
    expect(root.status).toBe(404);
    expect(await root.json()).toEqual({
      errors: ["Nothing is served at /: the Moments API is under /api/ (described at /api/openapi.json), the admin API under /__mockman/."],
    });
    await server.stop();
  });

  it("answers a CORS preflight itself, and grants CORS on every answer to a loopback origin", async () => {
    const server = await serve();
    const preflight = await fetch(`${server.url}/api/posts`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("authorization, content-type");
    const missing = await fetch(`${server.url}/api/nowhere`, { headers: { origin: "http://localhost:5173" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
  });

  it("`request` on a store that serve holds goes to that server, and says so", async () => {
    const server = await serve();
    const posted = await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"Via serve"}', "--json", "--db", server.db]);
    expect(posted.code).toBe(0);
    expect(oneStderrLine(posted)).toBe(`mockman: ${server.db} is served by mockman serve (pid ${process.pid}); sending to ${server.url}`);
    expect(JSON.parse(posted.stdout).status).toBe(201);
    const listed = await cli(["request", "GET", "/api/test-todos", "-b", "--base-url", server.url]);
    expect(JSON.parse(listed.stdout).todos.map((t: { title: string }) => t.title)).toEqual(["Via serve"]);
  });

  it("commands that must own the store go through serve's admin API, saying so (tests/cli/admin.test.ts has them all)", async () => {
    const server = await serve();
    const ran = await cli(["reset", "--db", server.db]);
    expect(ran.code).toBe(0);
    expect(oneStderrLine(ran)).toBe(
      `mockman: ${server.db} is served by mockman serve (pid ${process.pid}); reset goes through its admin API at ${server.url}/__mockman/`,
    );
  });

  it("replays the example collection over HTTP", async () => {
    const server = await serve();
    const ran = await cli(["replay", join(ROOT, "cli/examples/smoke.collection.json"), "--base-url", server.url]);
    expect(ran.code).toBe(0);
    expect(ran.stdout.trimEnd().split("\n").at(-1)).toMatch(/^19 requests, 45 assertions, 0 failed \([\d.]+ m?s\)$/);
  });

  it("a port in use is exit 1 with what to do", async () => {
    const server = await serve();
    const port = new URL(server.url).port;
    const { db } = tempDb();
    const ran = await cli(["serve", "--port", port, "--db", db]);
    expect(ran.code).toBe(1);
    expect(oneStderrLine(ran)).toBe(`mockman: port ${port} is already in use on 127.0.0.1: pick another with --port (0 picks a free one)`);
  });
});

describe("--base-url to other servers", () => {
  it("--fail exits 5 on a 5xx", async () => {
    const failing = createServer((_, res) => res.writeHead(503, { "content-type": "application/json" }).end('{"errors":["down"]}'));
    const url = await listen(failing);
    try {
      const ran = await cli(["request", "GET", "/api/posts", "--base-url", url, "--fail"]);
      expect(ran.code).toBe(5);
      expect(ran.stdout).toMatch(/^HTTP 503 Service Unavailable/);
      expect(oneStderrLine(ran)).toBe("mockman: the server answered 503 Service Unavailable (--fail)");
    } finally {
      failing.close();
    }
  });

  it("a --base-url that refuses connections is exit 1, and the store is not touched", async () => {
    const probe = createServer();
    const url = await listen(probe);
    await new Promise((resolve) => probe.close(resolve));
    const { dir, db } = tempDb();
    for (const args of [
      ["request", "GET", "/api/posts"],
      ["replay", join(ROOT, "cli/examples/smoke.collection.json")],
    ]) {
      const ran = await cli([...args, "--base-url", url, "--db", db]);
      expect(ran.code).toBe(1);
      expect(oneStderrLine(ran)).toBe(
        `mockman: cannot reach ${url}: connection refused. Start the server (mockman serve --port ${new URL(url).port}) or check --base-url`,
      );
    }
    expect(existsSync(join(dir, "db.json"))).toBe(false);
  });

  it("a --base-url that is not a URL is a usage error", async () => {
    const ran = await cli(["request", "GET", "/api/posts", "--base-url", "localhost:3000"]);
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toBe("mockman: --base-url: expected an http:// URL such as http://127.0.0.1:3001");
  });
});
