// What a run sends for {{$guid}}, {{$uuid}} and {{$randomInt}} is postman-collection's generators' own (issue 43:
// no hand-written copy of them in mockman): with its table stubbed, the stub's values are what go out, in a
// Postman collection and in a mockman one (whose whole-string template keeps the generator's number).
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OutgoingRequest } from "#mock/tester/engine/exchange";
import { executeRun, prepareRun } from "#mock/tester/engine/run";
import { loadCollectionText } from "#mock/tester/collection/format";
import type { PostmanCollection } from "#mock/tester/postman/convert";
import { recorder } from "./recorder";

/** postman-collection's table, the very object its module exports (Node's one copy of it). */
const table = createRequire(import.meta.url)("postman-collection/lib/superstring/dynamic-variables.js") as Record<
  string,
  { generator: () => unknown }
>;

let guids = 0;
beforeAll(() => {
  // Its generators stubbed in place: what is sent must be theirs.
  vi.spyOn(table.$guid, "generator").mockImplementation(() => `stub-guid-${++guids}`);
  // Outside Postman's 0–1000 on purpose: no generator of mockman's own could give it.
  vi.spyOn(table.$randomInt, "generator").mockImplementation(() => 4242);
});
afterAll(() => vi.restoreAllMocks());

const inputs = { environment: {}, globals: {}, data: [], folders: [] };
const bodyOf = (request: OutgoingRequest) => Buffer.from(request.body ?? "").toString();

describe("dynamic variables come from postman-collection's table", () => {
  it("a Postman collection's request sends its generators' values", async () => {
    const { sender, sent } = recorder();
    const collection = {
      info: { name: "c", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
      item: [{ name: "A", request: { method: "GET", url: "/api/x?id={{$guid}}&n={{$randomInt}}&u={{$uuid}}" } }],
    } as PostmanCollection;
    await executeRun(prepareRun({ kind: "postman", collection }, inputs), sender, { file: "c.json", bail: false });
    expect(sent[0].path).toMatch(/^\/api\/x\?id=stub-guid-\d+&n=4242&u=stub-guid-\d+$/);
  });

  it("a mockman collection's templates send them too, a whole-string one keeping the generator's type", async () => {
    const { sender, sent } = recorder();
    const file = loadCollectionText(
      JSON.stringify({
        mockman: 1,
        requests: [{ name: "a", method: "POST", endpoint: "/api/x/{{$uuid}}", body: { n: "{{$randomInt}}", id: "{{$guid}}" } }],
      }),
    ).file;
    const { report } = await executeRun(prepareRun({ kind: "mockman", file }, inputs), sender, { file: "c.json", bail: false });
    expect(report.results[0].error).toBeUndefined();
    expect(sent[0].path).toMatch(/^\/api\/x\/stub-guid-\d+$/);
    expect(JSON.parse(bodyOf(sent[0]))).toEqual({ n: 4242, id: expect.stringMatching(/^stub-guid-\d+$/) });
  });

  it("a name postman-collection does not define fails that request as not sent, before it goes out", async () => {
    const { sender, sent } = recorder();
    const file = loadCollectionText(
      JSON.stringify({ mockman: 1, requests: [{ name: "a", method: "GET", endpoint: "/api/{{$notPostmans}}" }] }),
    ).file;
    const { report } = await executeRun(prepareRun({ kind: "mockman", file }, inputs), sender, { file: "c.json", bail: false });
    expect(sent).toEqual([]);
    expect(report.results[0].error).toContain("Postman has no dynamic variable named $notPostmans");
  });
});
