// `mockman serve` answers this machine's own pages and tools, not any website
// its user visits (issue 21): the Host must be a loopback name (DNS rebinding is
// refused), a request from a foreign Origin is refused before it runs (a
// "simple" POST needs no preflight), and CORS goes only to allowed origins.
import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { cli, serve } from "./helpers";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request whose Host and Origin we choose, as a browser on another site (or a rebound name) would send it. */
function send(url: string, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      `${url}${options.path ?? "/api/posts"}`,
      { method: options.method ?? "GET", headers: options.headers, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const LOGIN = JSON.stringify({ username: "guest", password: "guest1234" });
/** A "simple" cross-site POST: no preflight, the body goes with the first request. */
const simplePost = (origin: string, host?: string) => ({
  method: "POST",
  path: "/api/auth/login",
  headers: { origin, "content-type": "text/plain", ...(host ? { host } : {}) },
  body: LOGIN,
});

describe("serve: Host", () => {
  it("answers loopback names with any port, and refuses any other Host with 421 {errors}", async () => {
    const server = await serve();
    const port = new URL(server.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, "LOCALHOST", "127.0.0.1:9"])
      expect((await send(server.url, { headers: { host } })).status, host).toBe(200);
    for (const host of [
      `attacker.example:${port}`,
      "attacker.example",
      "localhost.attacker.example",
      "127.0.0.1.nip.io",
      "localhost@evil",
    ]) {
      const refused = await send(server.url, { headers: { host } });
      expect(refused.status, host).toBe(421);
      expect(JSON.parse(refused.body).errors[0]).toMatch(/does not answer for the host .*--allowed-host NAME/);
      expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
    }
    // A rebound name's login never runs.
    const login = await send(server.url, { method: "POST", path: "/api/auth/login", headers: { host: "attacker.example" }, body: LOGIN });
    expect(login.status).toBe(421);
    expect(login.body).not.toContain("encodedToken");
    const stopped = await server.stop();
    expect(stopped.stderr).toMatch(/GET \/api\/posts 421 .*\(host not allowed\)/);
  });

  it("--allowed-host NAME (repeatable) answers those names too", async () => {
    const server = await serve({ args: ["--allowed-host", "devbox.local", "--allowed-host", "API.example.test"] });
    for (const host of ["devbox.local:3001", "api.example.test", "localhost"])
      expect((await send(server.url, { headers: { host } })).status, host).toBe(200);
    expect((await send(server.url, { headers: { host: "other.example" } })).status).toBe(421);
  });
});

describe("serve: Origin and CORS", () => {
  it("a request from a foreign origin is refused with 403 before it runs, a simple POST included", async () => {
    const server = await serve();
    for (const origin of ["https://attacker.example", "null", "http://localhost.attacker.example", "file://"]) {
      const refused = await send(server.url, simplePost(origin));
      expect(refused.status, origin).toBe(403);
      expect(JSON.parse(refused.body).errors[0]).toContain(`Requests from pages on ${origin} are refused`);
      expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
    }
    // Nothing ran: a foreign page's post is not there.
    const made = await send(server.url, {
      method: "POST",
      path: "/api/test-todos",
      headers: { origin: "https://attacker.example", "content-type": "text/plain" },
      body: '{"title":"from a foreign page"}',
    });
    expect(made.status).toBe(403);
    expect(JSON.parse((await send(server.url, { path: "/api/test-todos" })).body).todos).toEqual([]);
  });

  it("loopback origins (npm start, vite dev) get CORS for their own origin; requests without Origin (curl, the CLI) get none and work", async () => {
    const server = await serve();
    for (const origin of [
      "http://localhost:3000",
      "http://localhost:5173",
      "http://127.0.0.1:4173",
      "http://[::1]:3000",
      "https://localhost",
    ]) {
      const login = await send(server.url, simplePost(origin));
      expect(login.status, origin).toBe(200);
      expect(login.headers["access-control-allow-origin"]).toBe(origin);
      expect(login.headers.vary).toContain("origin");
    }
    const plain = await send(server.url);
    expect(plain.status).toBe(200);
    expect(plain.headers["access-control-allow-origin"]).toBeUndefined();
    const ran = await cli(["request", "GET", "/api/posts", "--base-url", server.url, "--json"]);
    expect(JSON.parse(ran.stdout).status).toBe(200);
  });

  it("preflights: allowed origins get methods, headers and Private Network Access; foreign ones get 403 and no CORS", async () => {
    const server = await serve({ args: ["--allow-origin", "https://app.example.com/some/page"] });
    const preflight = (origin: string) =>
      send(server.url, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type",
          "access-control-request-private-network": "true",
        },
      });
    for (const origin of ["http://localhost:5173", "https://app.example.com"]) {
      const allowed = await preflight(origin);
      expect(allowed.status, origin).toBe(204);
      expect(allowed.headers["access-control-allow-origin"]).toBe(origin);
      expect(allowed.headers["access-control-allow-methods"]).toContain("POST");
      expect(allowed.headers["access-control-allow-headers"]).toBe("authorization, content-type");
      expect(allowed.headers["access-control-allow-private-network"]).toBe("true");
    }
    for (const origin of ["https://attacker.example", "https://app.example.com:8443", "http://app.example.com"]) {
      const refused = await preflight(origin);
      expect(refused.status, origin).toBe(403);
      expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
      expect(refused.headers["access-control-allow-methods"]).toBeUndefined();
      expect(refused.headers["access-control-allow-private-network"]).toBeUndefined();
    }
    // The given origin's requests run.
    expect((await send(server.url, simplePost("https://app.example.com"))).status).toBe(200);
  });

  it("a page served under an allowed host name is the server's own origin", async () => {
    const server = await serve({ args: ["--allowed-host", "api.example.test"] });
    const port = new URL(server.url).port;
    const own = await send(server.url, simplePost(`http://api.example.test:${port}`, `api.example.test:${port}`));
    expect(own.status).toBe(200);
    expect((await send(server.url, simplePost("http://api.example.test:1", `api.example.test:${port}`))).status).toBe(403);
  });

  it("--cors '*' opens CORS to any origin, as before, and warns; Host is still checked", async () => {
    const server = await serve({ args: ["--cors", "*"] });
    const login = await send(server.url, simplePost("https://attacker.example"));
    expect(login.status).toBe(200);
    expect(login.headers["access-control-allow-origin"]).toBe("*");
    expect((await send(server.url)).headers["access-control-allow-origin"]).toBe("*");
    expect((await send(server.url, { headers: { host: "attacker.example" } })).status).toBe(421);
    const stopped = await server.stop();
    expect(stopped.stderr).toMatch(/^mockman: warning: --cors '\*' lets any website you visit use this API/m);
  });

  it("bad flag values are usage errors naming the flag", async () => {
    for (const [args, message] of [
      [["--cors", "https://x.example"], "--cors: only '*'"],
      [["--allow-origin", "ftp://x.example"], "--allow-origin: expected an http(s) origin"],
      [["--allowed-host", "http://x.example"], "--allowed-host: expected a host name"],
    ] as const) {
      const ran = await cli(["serve", "--port", "0", ...args]);
      expect(ran.code, args.join(" ")).toBe(2);
      expect(ran.stderr).toContain(message);
    }
  });
});
