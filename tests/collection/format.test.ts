// Collections are checked one request at a time, the common shape without zod: what comes out, and what a
// broken file is told, must be what the whole-file schema gives.
import { describe, expect, it } from "vitest";
import { collectionFileSchema, FormatError, loadCollectionText } from "#mock/tester/collection/format";
import { describeZodError } from "#mock/data/export-file";
import { executeRun, prepareRun } from "#mock/tester/engine/run";
import { toPostman, writtenExpect, type PostmanRequest } from "#mock/tester/postman/convert";
import { checkAnswer } from "#mock/tester/collection/assert";
import { recorder } from "./recorder";

const requests: unknown[] = [
  { name: "a", method: "GET", endpoint: "/api/test-todos" },
  { endpoint: "/api/test-todos", method: "POST", name: "b", body: { title: "x" }, expect: { status: 201, maxMs: 500 } },
  { name: "c", method: "GET", endpoint: "/api/x/{{b.body.todo._id}}", headers: { Accept: "*/*", "x-t": "{{b.status}}" }, body: null },
  { name: "d", method: "PUT", endpoint: "/e", extra: 1, body: "raw text" },
  { name: "e", method: "GET", endpoint: "/e", expect: { status: [200, 201], body: { ok: true }, headers: { "content-type": "json" } } },
  { name: "f", method: "GET", endpoint: "/f", expect: {} },
  { name: "g", method: "DELETE", endpoint: "/g", headers: {} },
];

describe("checking a collection request by request", () => {
  it("gives what the whole-file schema gives, key order included", () => {
    const text = JSON.stringify({ mockman: 1, variables: { v: "1" }, requests });
    const whole = collectionFileSchema.parse(JSON.parse(text));
    for (const request of whole.requests) if (request.body === null) delete request.body;
    const file = loadCollectionText(text).file;
    expect(file).toEqual(whole);
    expect(JSON.stringify(file)).toBe(JSON.stringify(whole));
  });

  it.each([
    [{ name: "bad name", method: "GET", endpoint: "/x" }],
    [{ name: "a", method: "get", endpoint: "" }],
    [{ name: "a", method: "GET", endpoint: "/x", headers: { "Bad Name": "v", ok: 1 } }],
    [{ name: "a", method: "GET", endpoint: "/x", expect: { status: 99, other: 1 } }],
    [{ name: "a", method: "GET", endpoint: "/x", expect: { maxMs: -1 } }],
    [{ name: "a", method: "GET", endpoint: "/x", headers: [] }],
    ["not a request"],
  ])("tells a broken request %j what the whole-file schema tells it", (broken) => {
    const json = { mockman: 2, requests: [{ name: "ok", method: "GET", endpoint: "/" }, broken] };
    const result = collectionFileSchema.safeParse(json);
    expect(result.success).toBe(false);
    const message = `not a mockman collection: ${describeZodError(result.error!)}`;
    expect(() => loadCollectionText(JSON.stringify(json)).file).toThrow(new FormatError(message));
  });
});

// zod's record checks a key named __proto__ and leaves it out of what it returns: each of these kept it as any other.
describe("keys named as Object.prototype's properties", () => {
  const NAMES = ["__proto__", "constructor", "toString"];
  const own = (record: object | undefined) => {
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    return Object.keys(record!);
  };
  const run = async (request: object, answer?: Parameters<typeof recorder>[0]) => {
    const { file } = loadCollectionText(JSON.stringify({ mockman: 1, requests: [request] }));
    const { sender, sent } = recorder(answer);
    const inputs = { environment: {}, globals: {}, data: [], folders: [] };
    const { report } = await executeRun(prepareRun({ kind: "mockman", file }, inputs), sender, { file: "c.json", bail: false });
    return { file, sent, result: report.results[0] };
  };

  it("a request's headers are sent, and its Postman export carries each as a row", async () => {
    const headers = Object.fromEntries(NAMES.map((name, i) => [name, `h${i}`]));
    const { file, sent } = await run({ name: "a", method: "GET", endpoint: "/x", headers });
    expect(own(file.requests[0].headers)).toEqual(NAMES);
    expect(sent[0].headers.filter(([name]) => NAMES.includes(name))).toEqual(NAMES.map((name, i) => [name, `h${i}`]));
    expect((toPostman(file).json.item![0].request as PostmanRequest).header).toEqual(NAMES.map((key, i) => ({ key, value: `h${i}` })));
  });

  it("an expect check on a body path or header of such a name reaches the test script, is made, and fails when it should", () => {
    const expectation = JSON.parse(
      '{"headers": {"__proto__": {"exists": false}, "constructor": "c"}, "body": {"__proto__": "q", "constructor": {"gt": 0}}}',
    ) as object;
    const headers = JSON.parse('{"__proto__": "h"}') as object;
    const { file } = loadCollectionText(
      JSON.stringify({ mockman: 1, requests: [{ name: "a", method: "GET", endpoint: "/x", headers, expect: expectation }] }),
    );
    // Read by zod (an expect with headers is no plain request), as the headers of a plain one are read without it.
    expect(own(file.requests[0].headers)).toEqual(["__proto__"]);
    expect(own(file.requests[0].expect!.headers)).toEqual(["__proto__", "constructor"]);
    expect(own(file.requests[0].expect!.body)).toEqual(["__proto__", "constructor"]);
    // The Postman export's test script holds them as string keys, and the runner reads them back as own keys.
    const source = (toPostman(file).json.item![0].event![0].script as { exec: string[] }).exec.join("\n");
    expect(source).toBe(`// mockman-expect: ${JSON.stringify(expectation)}`);
    const written = writtenExpect("a", source)!;
    expect(own(written.body)).toEqual(["__proto__", "constructor"]);
    const answer = { status: 200, headers: { "content-type": "application/json", constructor: "c" }, ms: 1 };
    expect(checkAnswer({ ...answer, body: JSON.parse('{"__proto__": "p", "constructor": 1}') }, written)).toEqual([
      { check: "body.__proto__", expected: '"q"', actual: '"p"' },
    ]);
    expect(checkAnswer({ ...answer, body: JSON.parse('{"__proto__": "q", "constructor": 1}') }, written)).toEqual([]);
  });

  it("a run sends a body key of such a name and makes its expect check against the answer", async () => {
    const body = JSON.parse('{"__proto__": {"k": 1}, "b": 2}') as object;
    const expectation = JSON.parse('{"body": {"__proto__": "q"}}') as object;
    const answer = () => ({ headers: { "content-type": "application/json" }, body: JSON.parse('{"__proto__": "p"}') as unknown });
    const { sent, result } = await run({ name: "a", method: "POST", endpoint: "/x", body, expect: expectation }, answer);
    expect(JSON.parse(sent[0].body as string)).toEqual(body);
    expect(result.failures).toEqual([{ check: "body.__proto__", expected: '"q"', actual: '"p"' }]);
  });
});
