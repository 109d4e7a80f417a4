// What a Newman user meets in `mockman replay`, beside Newman 6: why a request got no answer, report files in
// folders not made yet, `request -d @file`'s bytes, names as written, skipped requests, --timeout, files named on the command line.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, processCli, tempDb } from "./helpers";

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

function write(dir: string, name: string, json: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof json === "string" ? json : JSON.stringify(json));
  return file;
}

const tests = (...exec: string[]) => [{ listen: "test", script: { exec } }];
const postman = (dir: string, item: unknown[]) => write(dir, "p.postman_collection.json", { info: { name: "p", schema: SCHEMA }, item });

describe("the lines", () => {
  it("a request that got no answer says why under it, before the checks its test scripts failed (Newman's [errored])", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, [
      {
        name: "Get posts",
        request: { method: "GET", url: "{{baseUrl}}/api/posts" },
        event: tests("pm.test('ok', () => pm.response.to.have.status(200));"),
      },
    ]);
    const ran = await cli(["replay", file, "--env-var", "baseUrl=http://127.0.0.1:1", "--db", db]);
    expect(ran.code).toBe(1);
    const lines = ran.stdout.split("\n");
    expect(lines[1]).toMatch(/^ {4}not sent: cannot reach http:\/\/127\.0\.0\.1:1: connection refused/);
    expect(lines[2]).toMatch(/^ {4}ok: expected PostmanResponse/);
  });

  it("a Postman request is named as written, after its folder's name, as Newman names it; the JSON report's fullName", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, [{ name: "store", item: [{ name: "Health Check", request: { method: "GET", url: "/api/posts" } }] }]);
    const lines = await cli(["replay", file, "--db", db]);
    expect(lines.stdout).toMatch(/^store \/ Health Check {2}GET {6}\/api\/posts /);
    const json = JSON.parse((await cli(["replay", file, "--json", "--db", db])).stdout);
    expect(json.results[0]).toMatchObject({ name: "store-health-check", fullName: "store / Health Check" });
  });

  it("a request its pre-request script skipped is marked skip with its path and nothing under it; skipped in the JSON report", async () => {
    const { dir, db } = tempDb();
    const skip = [{ listen: "prerequest", script: { exec: ["pm.execution.skipRequest();"] } }];
    const file = postman(dir, [{ name: "Skipped", request: { method: "GET", url: "{{baseUrl}}/api/posts?limit=1" }, event: skip }]);
    const ran = await cli(["replay", file, "--db", db]);
    expect(ran.code).toBe(0);
    expect(ran.stdout.split("\n")[0]).toMatch(/^Skipped {2}GET {6}\/api\/posts\?limit=1 +--- +0\.0 ms {2}skip$/);
    expect(ran.stdout.split("\n")[1]).toMatch(/^1 request, /);
    const json = JSON.parse((await cli(["replay", file, "--json", "--db", db])).stdout);
    expect(json.results[0]).toMatchObject({ skipped: true, path: "/api/posts?limit=1" });
  });
});

describe("files the run writes", () => {
  it("reports and exports go into folders made for them, as Newman makes them", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, [{ name: "Posts", request: { method: "GET", url: "/api/posts" } }]);
    const ran = await cli(
      [
        "replay",
        file,
        "-r",
        "cli,junit,json",
        "--reporter-junit-export",
        "results/junit.xml",
        "--reporter-json-export",
        "a/b/r.json",
        "--export-environment",
        "out/env.json",
        "--db",
        db,
      ],
      { cwd: dir },
    );
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    expect(readFileSync(join(dir, "results/junit.xml"), "utf8")).toContain("<testsuites");
    expect(JSON.parse(readFileSync(join(dir, "a/b/r.json"), "utf8")).requests).toBe(1);
    expect(existsSync(join(dir, "out/env.json"))).toBe(true);
  });

  it("a file that cannot be written is named as given, never by its temp file", async () => {
    const { dir, db } = tempDb();
    const ran = await cli(["export", "missing/x.json", "--db", db], { cwd: dir });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(
      /^mockman: cannot write missing\/x\.json: ENOENT: no such file or directory, open '\/.*\/missing\/x\.json'\. /,
    );
    expect(ran.stderr).not.toContain(".tmp");
  });
});

describe("request -d @file", () => {
  it("sends the file's bytes as they are, as curl's --data-binary; a JSON body that is not UTF-8 is refused", async () => {
    const { dir, db } = tempDb();
    const bytes = Buffer.from(Array.from({ length: 100 }, (_, i) => (i * 89 + 128) % 256));
    writeFileSync(join(dir, "r.bin"), bytes);
    let received = Buffer.alloc(0);
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received = Buffer.concat(chunks);
        res.end("{}");
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const args = ["request", "POST", "/api/x", "--base-url", base, "--db", db, "-d", "@r.bin"];
      const sent = await cli([...args, "-H", "Content-Type: application/octet-stream"], { cwd: dir });
      expect(sent.code).toBe(0);
      expect(received.equals(bytes)).toBe(true);
      const refused = await cli(args, { cwd: dir });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^mockman: -d is not JSON \(from @r\.bin\): .*utf-8/);
    } finally {
      server.close();
    }
  });
});

describe("files named on the command line", () => {
  it("-d beside the collection's folder is read, as Newman reads it (cd proj && replay postman/x.json -d data/data.csv)", async () => {
    const { dir, db } = tempDb();
    mkdirSync(join(dir, "postman"));
    mkdirSync(join(dir, "data"));
    writeFileSync(join(dir, "data/data.csv"), "limit\n2\n");
    const item = [{ name: "Posts", request: { method: "GET", url: "/api/posts?limit={{limit}}" } }];
    write(dir, "postman/x.json", { info: { name: "x", schema: SCHEMA }, item });
    const ran = await cli(["replay", "postman/x.json", "-d", "data/data.csv", "--json", "--db", db], { cwd: dir });
    expect(ran.stderr).toBe("");
    expect(JSON.parse(ran.stdout).results[0].path).toBe("/api/posts?limit=2");
  });
});

describe("files given as http(s) URLs", () => {
  it("the collection and -e are fetched, as Newman fetches them; an answer that is not 2xx is a usage error naming it", async () => {
    const { db } = tempDb();
    const files: Record<string, unknown> = {
      "/x.json": {
        info: { name: "x", schema: SCHEMA },
        item: [{ name: "Posts", request: { method: "GET", url: "/api/posts?limit={{limit}}" } }],
      },
      "/e.json": { limit: "3" },
    };
    const server = createServer((req, res) => {
      const body = files[req.url ?? ""];
      res.writeHead(body ? 200 : 404, { "content-type": "application/json" }).end(body ? JSON.stringify(body) : "{}");
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ran = await cli(["replay", `${base}/x.json`, "-e", `${base}/e.json`, "--json", "--db", db]);
      expect(ran.stderr).toBe("");
      expect(JSON.parse(ran.stdout).results[0].path).toBe("/api/posts?limit=3");
      const missing = await cli(["replay", `${base}/gone.json`, "--db", db]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe(`mockman: cannot read collection ${base}/gone.json: ${base}/gone.json answered 404 Not Found\n`);
    } finally {
      server.close();
    }
  });
});

describe("--timeout", () => {
  it("a run it stops counts the requests it did not run, in the summary and the JSON report", async () => {
    const { dir, db } = tempDb();
    const ok = tests("pm.test('ok', () => pm.response.to.have.status(200));");
    const file = postman(dir, [
      { name: "One", request: { method: "GET", url: "/api/posts" }, event: ok },
      { name: "Two", request: { method: "GET", url: "/api/users" }, event: ok },
    ]);
    const ran = await cli(["replay", file, "--timeout", "1", "--db", db]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^0 requests, 0 assertions, 0 failed, 2 not run \(--timeout\) \(/m);
    const json = JSON.parse((await cli(["replay", file, "--timeout", "1", "--json", "--db", db])).stdout);
    expect(json).toMatchObject({ requests: 0, notRun: 2, skipped: ["one", "two"] });
  });

  it("cuts the script sandbox's boot, which no timer interrupts: the run ends near its limit", { timeout: 60_000 }, async () => {
    const { dir, db } = tempDb();
    const ok = tests("pm.test('ok', () => pm.response.to.have.status(200));");
    const file = postman(dir, [{ name: "One", request: { method: "GET", url: "/api/posts" }, event: ok }]);
    const ran = await processCli(["replay", file, "--timeout", "300", "--json", "--db", db]);
    expect(ran.code).toBe(1);
    const json = JSON.parse(ran.stdout);
    expect(json).toMatchObject({ requests: 0, notRun: 1 });
    // The boot alone took 0.5 s on a quiet machine and seconds under load, after the run's limit.
    expect(json.ms).toBeLessThan(300 + 1_500);
  });
});

describe("usage errors a Newman user meets", () => {
  it("run points to replay; -n below 1 says 1 or more; a bad choice ends with one dot", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, []);
    expect((await cli(["run", file])).stderr).toBe("mockman: unknown command 'run' (Newman's run is mockman replay). See mockman --help\n");
    for (const n of ["0", "-1"])
      expect((await cli(["replay", file, "-n", n, "--db", db])).stderr).toBe("mockman: --iteration-count: must be 1 or more\n");
    expect((await cli(["replay", file, "--color", "maybe", "--db", db])).stderr).toMatch(
      /Allowed choices are on, off, auto\. See mockman replay --help\n$/,
    );
  });

  it("a Newman option replay lacks is named as Newman's, with what to use instead where there is one", async () => {
    const { dir, db } = tempDb();
    const file = postman(dir, []);
    const said = async (...args: string[]) => {
      const ran = await cli(["replay", file, ...args, "--db", db]);
      expect(ran.code).toBe(2);
      return ran.stderr;
    };
    expect(await said("--verbose")).toBe(
      "mockman replay: --verbose is a Newman option mockman replay does not support. See mockman replay --help\n",
    );
    expect(await said("--reporter-cli-no-summary")).toBe(
      "mockman replay: --reporter-cli-no-summary is a Newman option mockman replay does not support; --silent prints nothing, -r json a report instead of lines. See mockman replay --help\n",
    );
    expect(await said("--ssl-extra-ca-certs=ca.pem")).toMatch(
      /^mockman replay: --ssl-extra-ca-certs is a Newman option .*NODE_EXTRA_CA_CERTS/,
    );
    expect(await said("--nope")).toBe("mockman replay: unknown option '--nope'. See mockman replay --help\n");
  });

  it("a collection without a \"mockman\" key, as a Postman v1 one, is named once as mockman's, not by zod's path", async () => {
    const { dir, db } = tempDb();
    const file = write(dir, "v1.json", { name: "v1", requests: [{ url: "/api/posts", method: "GET" }] });
    const ran = await cli(["replay", file, "--db", db]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(
      /^mockman: \S+v1\.json: not a collection mockman reads: it has no "mockman": 1 .*Collection v2\.1\)\. Nothing was sent\n$/,
    );
    expect(ran.stderr.match(/mockman:/g)).toHaveLength(1);
  });

  it("the summary gives a run of a second or more in seconds, as the manual's example (1.2 s)", async () => {
    const { summaryLine } = await import("#mock/tester/engine/reporters");
    const report = { requests: 19, assertions: 45, failed: 0, notRun: 0, ms: 1234.5 } as Parameters<typeof summaryLine>[0];
    expect(summaryLine(report)).toBe("19 requests, 45 assertions, 0 failed (1.2 s)\n");
    expect(summaryLine({ ...report, ms: 41.2 })).toBe("19 requests, 45 assertions, 0 failed (41 ms)\n");
  });
});
