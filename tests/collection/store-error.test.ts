// A write the mock's store did not save answers 507 with its reason in STORE_ERROR_HEADER. mockman fails the request
// on it, a Postman one too (exit 1: cli/README.md), and says so in the lines and the json report. The junit is
// Newman's file: a mockman request's `expect` is one testcase, which the reason fails first (Newman running the
// export fails that status test on the 507 too); a Postman request's testcases are its scripts' assertions only, as
// Newman writes them for that answer, since Newman knows no such header.
import { describe, expect, it } from "vitest";
import { STORE_ERROR_HEADER } from "#mock/core/boundary";
import { loadCollectionText } from "#mock/tester/collection/format";
import { executeRun, prepareRun } from "#mock/tester/engine/run";
import { newmanJunit } from "#mock/tester/engine/newman-junit";
import { columnsFor, jsonReport, resultLines } from "#mock/tester/engine/reporters";
import type { PostmanCollection } from "#mock/tester/postman/convert";
import { recorder } from "./recorder";

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";
const inputs = { environment: {}, globals: {}, data: [], folders: [] };
const unsaved = () =>
  recorder(() => ({
    status: 507,
    headers: { "content-type": "application/json", [STORE_ERROR_HEADER]: "the disk is full" },
    body: { errors: ["Your change was not saved, so nothing changed: the disk is full."] },
  })).sender;
const STORE = { check: "store", expected: "the change saved", actual: "not saved: the disk is full" };

async function reports(source: Parameters<typeof prepareRun>[0]) {
  const prepared = prepareRun(source, inputs);
  const { report } = await executeRun(prepared, unsaved(), { file: "c.json", bail: false });
  const [result] = report.results;
  return {
    result,
    line: resultLines(result, columnsFor([result.name]), false),
    json: (JSON.parse(jsonReport(report)) as { results: Array<{ failures: unknown[] }> }).results[0].failures,
    junit: newmanJunit(report, prepared.postman, prepared.plan, Date.now()),
  };
}

describe("a write the store did not save, in each report", () => {
  it("a mockman request: failed, the reason first in the lines and the json; in the junit, its expect's testcase", async () => {
    const { file } = loadCollectionText(
      JSON.stringify({
        mockman: 1,
        requests: [{ name: "post", method: "POST", endpoint: "/api/posts", body: {}, expect: { status: 201 } }],
      }),
    );
    const { result, line, json, junit } = await reports({ kind: "mockman", file });
    expect(result.pass).toBe(false);
    expect(result.failures).toEqual([STORE, { check: "status", expected: "201", actual: "507" }]);
    expect(line).toContain("store: expected the change saved, got not saved: the disk is full");
    expect(json).toEqual(result.failures);
    expect(junit).toMatch(/<testsuite name="post" [^>]*tests="1" failures="1" errors="0"/);
    expect([...junit.matchAll(/<testcase name="([^"]*)"/g)].map((m) => m[1])).toEqual(["status is 201"]);
    expect(junit).toContain('message="store: expected the change saved, got not saved: the disk is full"');
  });

  it("a Postman request: failed, the reason in the lines and the json; its junit is its scripts' testcases, as Newman's", async () => {
    const collection = {
      info: { name: "c", schema: SCHEMA },
      item: [
        {
          name: "post",
          request: { method: "POST", url: "/api/posts" },
          event: [{ listen: "test", script: { exec: ["pm.test('answered', () => pm.expect(pm.response.code).to.be.a('number'));"] } }],
        },
      ],
    } as PostmanCollection;
    const { result, line, json, junit } = await reports({ kind: "postman", collection });
    expect(result.pass).toBe(false);
    expect(result.assertions).toEqual([{ name: "answered", pass: true }]);
    expect(result.failures).toEqual([STORE]);
    expect(line).toContain("store: expected the change saved, got not saved: the disk is full");
    expect(json).toEqual([STORE]);
    expect(junit).toMatch(/<testsuite name="post" [^>]*tests="1" failures="0" errors="0"/);
    expect([...junit.matchAll(/<testcase name="([^"]*)"/g)].map((m) => m[1])).toEqual(["answered"]);
    expect(junit).not.toContain("<failure");
  });
});
