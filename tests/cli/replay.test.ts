// `mockman replay`: the example collection passes on a fresh store; lines,
// summary, --json, --bail; a bad collection is refused before anything is sent.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCollectionText } from "#mock/tester/collection/format";
import { expectSteps } from "#mock/tester/engine/expect-steps";
import { toPostman } from "#mock/tester/postman/convert";
import { postmanPlan } from "#mock/tester/postman/steps";
import { ROOT, cli, folderState, oneStderrLine, tempDb } from "./helpers";

const SMOKE = join(ROOT, "cli/examples/smoke.collection.json");

function collection(dir: string, requests: unknown[]): string {
  const file = join(dir, "c.json");
  writeFileSync(file, JSON.stringify({ mockman: 1, requests }));
  return file;
}

const login = {
  name: "login",
  method: "POST",
  endpoint: "/api/auth/login",
  body: { username: "guest", password: "guest1234" },
  expect: { status: 200 },
};

describe("mockman replay", () => {
  it("passes the example collection on a fresh store, twice in a row", async () => {
    const { db } = tempDb();
    for (let round = 0; round < 2; round++) {
      const ran = await cli(["replay", SMOKE, "--db", db]);
      expect(ran.stderr).toBe("");
      expect(ran.code).toBe(0);
      const lines = ran.stdout.trimEnd().split("\n");
      expect(lines.at(-1)).toMatch(/^19 requests, 45 assertions, 0 failed \([\d.]+ m?s\)$/);
      expect(lines[0]).toMatch(/^login +POST +\/api\/auth\/login +200 +[\d.]+ ms {2}pass$/);
      expect(lines[4]).toMatch(/^like +POST +\/api\/posts\/like\/[0-9a-f]{3}…[0-9a-f-]+ +201 .* pass$/);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    }
  });

  it("a failed expectation prints fail, counts it, and exits 1; --bail stops there", async () => {
    const { dir, db } = tempDb();
    const file = collection(dir, [
      login,
      { name: "missing", method: "GET", endpoint: "/api/posts/nope", expect: { status: 200 } },
      { name: "posts", method: "GET", endpoint: "/api/posts" },
    ]);
    const ran = await cli(["replay", file, "--db", db]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^missing +GET +\/api\/posts\/nope +404 +[\d.]+ ms {2}FAIL\n {4}status: expected 200, got 404$/m);
    expect(ran.stdout.trimEnd().split("\n").at(-1)).toMatch(/^3 requests, 3 assertions, 1 failed \(/);
    expect(oneStderrLine(ran)).toBe("mockman: 1 of 3 requests failed; see the lines marked FAIL");

    const bailed = await cli(["replay", file, "--bail", "--db", db]);
    expect(bailed.code).toBe(1);
    expect(bailed.stdout).not.toMatch(/^posts /m);
    expect(bailed.stdout.trimEnd().split("\n").at(-1)).toMatch(/^2 requests, 2 assertions, 1 failed, 1 not run \(--bail\) \(/);
  });

  it("--json gives a machine-readable report", async () => {
    const { dir, db } = tempDb();
    const file = collection(dir, [
      login,
      { name: "me", method: "GET", endpoint: "/api/users/{{login.body.foundUser._id}}", expect: { status: 200 } },
    ]);
    const ran = await cli(["replay", file, "--json", "--db", db]);
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout);
    expect(report).toMatchObject({ passed: 2, failed: 0, notRun: 0 });
    expect(report.results[1]).toMatchObject({ name: "me", method: "GET", status: 200, pass: true, expected: 200 });
    expect(report.results[1].path).toBe("/api/users/5c1e5a52-5e6f-4c0f-9a2b-0a7e3b1d2c03");
  });

  it("a template whose path finds nothing fails that request, not the run", async () => {
    const { dir, db } = tempDb();
    const file = collection(dir, [login, { name: "bad", method: "GET", endpoint: "/api/posts/{{login.body.nothing}}" }]);
    const ran = await cli(["replay", file, "--db", db]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(
      /^bad +GET .* --- .* FAIL\n {4}not sent: \{\{login\.body\.nothing\}\}: nothing at that path in login's answer$/m,
    );
  });

  it("a reference to an unknown name is exit 2, before anything is sent", async () => {
    const { dir, db } = tempDb();
    await cli(["reset", "--db", db]);
    const file = collection(dir, [
      { name: "todo", method: "POST", endpoint: "/api/test-todos", body: { title: "Milk" } },
      { name: "like", method: "POST", endpoint: "/api/posts/like/{{posts.body.posts.0._id}}" },
      { name: "posts", method: "GET", endpoint: "/api/posts" },
    ]);
    const before = folderState(dir);
    const ran = await cli(["replay", file, "--db", db]);
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toBe(
      `mockman: ${file}: requests.1 (like) refers to {{posts.body.posts.0._id}}, which has not run before it. Nothing was sent`,
    );
    expect(ran.stdout).toBe("");
    expect(folderState(dir)).toEqual(before);
  });

  it("a file that is not a collection is exit 2 and says where it is wrong", async () => {
    const { dir, db } = tempDb();
    const file = collection(dir, [{ name: "x", method: "FETCH", endpoint: "/api/posts" }]);
    const ran = await cli(["replay", file, "--db", db]);
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toMatch(/^mockman: .*c\.json: not a mockman collection: requests\.0\.method: /);
  });
});

describe("headers that cannot go on the wire are refused before anything is sent", () => {
  it.each([
    ["a line break in a value", { "X-Note": "a\r\nb" }, /header X-Note: a value must be one line/],
    ["a non-Latin-1 value", { "X-Name": "Zoë 🙂" }, /header X-Name: a value may hold only Latin-1 characters/],
    ["a space in a name", { "X Bad": "1" }, /header name "X Bad" may hold only letters/],
  ])("replay: %s (exit 2, the store untouched)", async (_what, headers, message) => {
    const { dir, db } = tempDb();
    const file = collection(dir, [login, { name: "posts", method: "GET", endpoint: "/api/posts", headers }]);
    const before = folderState(dir);
    const ran = await cli(["replay", file, "--db", db]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe("");
    expect(oneStderrLine(ran)).toMatch(message);
    expect(folderState(dir)).toEqual(before);
  });

  it.each([
    ["X: a\r\nb", /header X: a value must be one line/],
    ["X: Zoë 🙂", /header X: a value may hold only Latin-1 characters/],
  ])("request -H %j (exit 2, nothing sent)", async (header, message) => {
    const { dir, db } = tempDb();
    const ran = await cli(["request", "GET", "/api/posts", "-H", header, "--db", db]);
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toMatch(message);
    expect(folderState(dir)).toEqual({});
  });
});

describe("a replay keeps an answer only while a later template can read it", () => {
  it("each answer is let go after the last request that names it", () => {
    const file = loadCollectionText(
      JSON.stringify({
        mockman: 1,
        requests: [
          login,
          { name: "create", method: "POST", endpoint: "/api/posts", headers: { authorization: "{{login.body.encodedToken}}" }, body: {} },
          {
            name: "read",
            method: "GET",
            endpoint: "/api/posts/{{create $.body.post._id}}",
            expect: { body: { "post._id": "{{create.body.post._id}}" } },
          },
          {
            name: "delete",
            method: "DELETE",
            endpoint: "/api/posts/{{create.body.post._id}}",
            headers: { authorization: "{{login.body.encodedToken}}" },
          },
          { name: "list", method: "GET", endpoint: "/api/posts" },
        ],
      }),
    ).file;
    // login and create are last read by delete (3); read, delete and list are named by no one, so never kept.
    expect([...expectSteps(postmanPlan(toPostman(file).json)).lastReader]).toEqual([3, 3, -1, -1, -1]);
  });
});
