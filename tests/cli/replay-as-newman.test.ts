// What a Newman user meets in `mockman replay`, beside Newman 6: why a request got no answer, report files in
// folders not made yet, names as written, skipped requests, --timeout, files named on the command line.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, tempDb } from "./helpers";

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
});
