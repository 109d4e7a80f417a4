// The lock proves its owner (issue 33, item 4): `request` sends to the port a
// store's lock names only once what answers there proves, with an HMAC of a
// fresh nonce under the identity serve wrote in the lock, that it is that
// store's serve. A planted lock (pid 1, another program's port) or a stale one
// whose pid was reused never gets a password: it is taken over, and said so.
import fs from "node:fs";
import { type IncomingMessage, createServer } from "node:http";
import os from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, oneStderrLine, serve, tempDb } from "./helpers";

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** Another program on 127.0.0.1 that answers every request 200 `{}` and keeps what it was sent. */
async function foreignListener() {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const one: Seen = { method: req.method, url: req.url, headers: req.headers, body: "" };
    seen.push(one);
    req.on("data", (chunk) => (one.body += chunk));
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end('{"token":"stolen"}'));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return { port, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A lock beside `db` naming a live pid (1 is always alive) as a serve on `port`, as a stale lock with a reused pid does. */
function plantLock(db: string, port: number, identity?: string) {
  const holder = { pid: 1, command: "mockman serve", since: new Date().toISOString(), host: os.hostname(), port, identity };
  fs.writeFileSync(`${db}.lock`, JSON.stringify(holder));
}

const login = (db: string) => cli(["request", "GET", "/api/users", "--as", "guest:guest1234", "--json", "--db", db]);

describe("a lock naming a port where something else listens", () => {
  it("is taken for stale and taken over: the listener gets only the probe, never the password", async () => {
    const { db } = tempDb();
    expect((await cli(["reset", "--db", db])).code).toBe(0);
    const listener = await foreignListener();
    try {
      plantLock(db, listener.port);
      const ran = await login(db);
      expect(ran.code).toBe(0);
      expect(oneStderrLine(ran)).toMatch(
        new RegExp(
          `db\\.json\\.lock names mockman serve \\(pid 1\\) on http://127\\.0\\.0\\.1:${listener.port}, but what answers there is not mockman: the lock is stale, so request takes it over`,
        ),
      );
      expect(JSON.parse(ran.stdout).status).toBe(200);
      expect(listener.seen.map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual(["HEAD /api/ "]);
      expect(JSON.stringify(listener.seen)).not.toContain("guest1234");
      // Taken over and let go: the lock is gone with the command.
      expect(fs.existsSync(`${db}.lock`)).toBe(false);
    } finally {
      await listener.close();
    }
  });

  it("a listener that answers with a made-up identity header is not believed either", async () => {
    const { db } = tempDb();
    expect((await cli(["reset", "--db", db])).code).toBe(0);
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "x-mockman-identity": String(req.headers["x-mockman-identity"]) }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      plantLock(db, (server.address() as { port: number }).port, "0".repeat(32));
      const ran = await login(db);
      expect(ran.code).toBe(0);
      expect(ran.stderr).toMatch(/the lock is stale/);
      expect(seen).toEqual(["HEAD /api/"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("with nothing listening there, nothing is sent and the message says what to do (exit 1)", async () => {
    const { db } = tempDb();
    expect((await cli(["reset", "--db", db])).code).toBe(0);
    const listener = await foreignListener();
    await listener.close();
    plantLock(db, listener.port);
    const ran = await login(db);
    expect(ran.code).toBe(1);
    expect(oneStderrLine(ran)).toMatch(
      /but nothing answers there; nothing was sent\. If no mockman serve is running on this store, delete .*db\.json\.lock/,
    );
  });

  it("another store's serve on that port cannot prove it serves this store: refused, nothing sent to it", async () => {
    const other = await serve();
    const { db } = tempDb();
    expect((await cli(["reset", "--db", db])).code).toBe(0);
    const lock = JSON.parse(fs.readFileSync(`${other.db}.lock`, "utf8")) as { port: number; identity: string };
    expect(lock.identity).toMatch(/^[0-9a-f]{32}$/);
    // Its port, but not its identity (the planter does not know it).
    plantLock(db, lock.port, "f".repeat(32));
    const posted = await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"misdirected"}', "--db", db]);
    expect(posted.code).toBe(1);
    expect(oneStderrLine(posted)).toMatch(/cannot prove it serves this store .*nothing was sent/);
    const listed = await cli(["request", "GET", "/api/test-todos", "-b", "--base-url", other.url]);
    expect(JSON.parse(listed.stdout).todos).toEqual([]);
  });

  it("the store's own serve proves itself, and gets the request", async () => {
    const server = await serve();
    const posted = await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"via serve"}', "--json", "--db", server.db]);
    expect(posted.code).toBe(0);
    expect(oneStderrLine(posted)).toMatch(/is served by mockman serve/);
    expect(JSON.parse(posted.stdout).status).toBe(201);
    expect(fs.readFileSync(join(server.dir, "db.json.lock"), "utf8")).toContain('"identity"');
  });
});
