// The bin run from source, as a checkout runs it after an edit (or with MOCKMAN_FROM_SOURCE=1): the
// TypeScript through tsx, the script sandbox's runtime read through cli/raw-text.mjs's `?raw` hooks as
// the bundle reads it. Without them every script ended the run with "unexpected error".
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { postmanCollection } from "../fixtures/postman";
import { processCli, tempDb } from "./helpers";

it("a scripted collection runs from source as it runs from the bundle", { timeout: 120_000 }, async () => {
  const { dir, db } = tempDb();
  const file = join(dir, "scripted.postman_collection.json");
  writeFileSync(
    file,
    JSON.stringify(
      postmanCollection("scripted", [
        {
          name: "posts",
          event: [{ listen: "test", script: { exec: ["pm.test('answered', () => pm.response.to.have.status(200));"] } }],
          request: { method: "GET", url: "/api/posts?limit=1" },
        },
      ]),
    ),
  );
  const ran = await processCli(["replay", file, "--db", db], { cwd: dir, env: { MOCKMAN_FROM_SOURCE: "1" } });
  expect(ran.stderr).toBe("");
  expect(ran.stdout).toMatch(/^1 request, 1 assertion, 0 failed/m);
  expect(ran.code).toBe(0);
});
