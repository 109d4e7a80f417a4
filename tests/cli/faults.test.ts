// The fault flags on `request`, `replay` and `serve`: parsed as usage errors,
// applied in-process and over HTTP, and an injected failure changes nothing.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cli, FIRST_POST, folderState, tempDb } from "./helpers";

describe("fault flags", () => {
  it.each([
    [["--delay", "soon"], /^mockman: --delay: expected milliseconds such as 200/],
    [["--delay", "800-100"], /--delay: the range must go up/],
    [["--fail-rate", "2"], /--fail-rate: must be a number from 0 to 1/],
    [["--fail-status", "404"], /--fail-status: expected 500 or 503/],
  ])("%j is a usage error that sends nothing", async (flags, message) => {
    const { dir, db } = tempDb();
    const before = folderState(dir);
    for (const command of [
      ["request", "GET", "/api/posts"],
      ["serve", "--port", "0"],
    ]) {
      const ran = await cli([...command, "--db", db, ...flags]);
      expect(ran.code).toBe(2);
      expect(ran.stderr.trim()).toMatch(message);
      expect(folderState(dir)).toEqual(before);
    }
  });

  it("request --fail-rate 1 answers the fail status and the like is not made", async () => {
    const { db } = tempDb();
    // --as would log in through the failing mock too, so the token comes first.
    const login = await cli(["request", "POST", "/api/auth/login", "--db", db, "-b", "-d", '{"username":"guest","password":"guest1234"}']);
    const token = JSON.parse(login.stdout).encodedToken;
    const like = await cli([
      "request",
      "POST",
      `/api/posts/like/${FIRST_POST}`,
      "--token",
      token,
      "--db",
      db,
      "--fail-rate",
      "1",
      "--fail-status",
      "503",
      "--json",
    ]);
    expect(like.code).toBe(0);
    expect(JSON.parse(like.stdout).status).toBe(503);
    const post = await cli(["request", "GET", `/api/posts/${FIRST_POST}`, "--db", db, "--json"]);
    expect(JSON.parse(post.stdout).body.post.likes.likedBy).toEqual([]);
  });

  it("a header the user gives wins over the flags", async () => {
    const { db } = tempDb();
    const ran = await cli(["request", "GET", "/api/posts", "--db", db, "--fail-rate", "1", "-H", "x-mockman-fail: 0", "--json"]);
    expect(JSON.parse(ran.stdout).status).toBe(200);
  });

  it("replay --fail-rate 1 fails every request", async () => {
    const { dir, db } = tempDb();
    const file = join(dir, "c.json");
    writeFileSync(file, JSON.stringify({ mockman: 1, requests: [{ name: "posts", method: "GET", endpoint: "/api/posts" }] }));
    const ran = await cli(["replay", file, "--db", db, "--fail-rate", "1", "--json"]);
    expect(ran.code).toBe(1);
    expect(JSON.parse(ran.stdout).results[0].status).toBe(500);
  });
});

describe("serve with faults", () => {
  let stop: (() => Promise<unknown>) | null = null;
  afterEach(async () => {
    await stop?.();
    stop = null;
  });

  it("serve --fail-rate 1 --fail-status 503 answers 503 over HTTP; x-mockman-fail: 0 gets through", async () => {
    const { db } = tempDb();
    const controller = new AbortController();
    let resolveUrl!: (url: string) => void;
    const url = new Promise<string>((r) => (resolveUrl = r));
    const done = cli(["serve", "--port", "0", "--db", db, "-q", "--fail-rate", "1", "--fail-status", "503"], {
      signal: controller.signal,
      onStdout: (text) => {
        const m = /http:\/\/127\.0\.0\.1:\d+/.exec(text);
        if (m) resolveUrl(m[0]);
      },
    });
    stop = () => (controller.abort(), done);
    const base = await Promise.race([url, done.then((r) => Promise.reject(new Error(r.stderr)))]);
    const failed = await fetch(`${base}/api/posts`);
    expect(failed.status).toBe(503);
    expect((await failed.json()).errors[0]).toMatch(/Injected failure/);
    expect((await fetch(`${base}/api/posts`, { headers: { "x-mockman-fail": "0" } })).status).toBe(200);
  });
});
