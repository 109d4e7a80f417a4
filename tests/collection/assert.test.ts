// expect: each operator holds and fails as documented, and a failure says
// what it read, what was expected and what came back.
import { describe, expect, it } from "vitest";
import { checkAnswer, describeFailure, matcherProblem, mismatch } from "#mock/tester/collection/assert";

const json = { "content-type": "application/json; charset=utf-8", etag: 'W/"abc"' };
const answer = (over: Partial<Parameters<typeof checkAnswer>[0]> = {}) => ({
  status: 200,
  headers: json,
  body: { posts: [{ _id: "p1", content: "Hello there", likes: 3 }], total: 1, note: null },
  ms: 12,
  ...over,
});

describe("matchers", () => {
  it.each([
    [3, 3, true],
    [3, 4, false],
    [{ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, true],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [3, { eq: 3 }, true],
    [3, { ne: 3 }, false],
    [3, { ne: 4 }, true],
    [undefined, { exists: false }, true],
    [null, { exists: true }, true],
    [undefined, { exists: true }, false],
    ["Hello there", { contains: "there" }, true],
    [["a", { b: 1 }], { contains: { b: 1 } }, true],
    [["a"], { contains: "b" }, false],
    ["Hello", { matches: "^H.l+o$" }, true],
    ["Hello", { matches: "^x" }, false],
    [5, { gt: 4, lt: 6 }, true],
    [5, { gt: 5 }, false],
    ["5", { gt: 4 }, false],
    [[1, 2], { length: 2 }, true],
    ["abc", { length: { gt: 3 } }, false],
    [7, { length: 1 }, false],
    [[], { type: "array" }, true],
    [null, { type: "null" }, true],
    [{}, { type: "array" }, false],
    [{ eq: 1 }, { eq: { eq: 1 } }, true],
  ])("%j against %j holds: %s", (actual, expected, holds) => {
    expect(mismatch(actual, expected) === null).toBe(holds);
  });

  it.each([
    [{ matches: "(" }, /matches: Invalid regular expression/],
    [{ gt: "3" }, /gt takes a number/],
    [{ exists: "yes" }, /exists takes true or false/],
    [{ type: "date" }, /type is one of string, number/],
    [{ length: "3" }, /length takes a number or a matcher/],
  ])("%j is refused when the collection loads", (matcher, message) => {
    expect(matcherProblem(matcher)).toMatch(message);
  });
});

describe("checkAnswer", () => {
  it("passes an answer that meets every check", () => {
    const failures = checkAnswer(answer(), {
      status: [200, 201],
      headers: { "Content-Type": { matches: "json" }, ETag: 'W/"abc"' },
      body: {
        total: 1,
        "posts.0.content": { contains: "Hello" },
        "$.posts[?(@.likes > 2)]._id": "p1",
        note: null,
        missing: { exists: false },
      },
      maxMs: 100,
    });
    expect(failures).toEqual([]);
  });

  it("lists every failed check with expected and actual", () => {
    const failures = checkAnswer(answer({ ms: 250 }), {
      status: 201,
      headers: { etag: { ne: 'W/"abc"' } },
      body: { total: 2, "posts.0._id": { matches: "^x" } },
      maxMs: 100,
    });
    expect(failures.map(describeFailure)).toEqual([
      "status: expected 201, got 200",
      'headers.etag: expected anything but "W/\\"abc\\"", got "W/\\"abc\\""',
      "body.total: expected 2, got 1",
      'body.posts.0._id: expected a match for /^x/, got "p1"',
      "time: expected at most 100 ms, got 250 ms",
    ]);
  });

  it("without expect, a status below 400 with a JSON (or empty) answer passes", () => {
    expect(checkAnswer(answer(), undefined)).toEqual([]);
    expect(checkAnswer(answer({ status: 204, headers: {}, body: null }), undefined)).toEqual([]);
    expect(checkAnswer(answer({ status: 404 }), undefined).map(describeFailure)).toEqual(["status: expected below 400, got 404"]);
  });

  it("an HTML page fails, with a hint that --base-url should point at mockman serve, even when the status matches", () => {
    const html = answer({ headers: { "content-type": "text/html" }, body: "<!doctype html><html></html>" });
    for (const expectation of [undefined, { status: 200 }]) {
      const [failure] = checkAnswer(html, expectation);
      expect(describeFailure(failure)).toBe(
        "content-type: expected a JSON answer, got HTML (text/html): is --base-url pointing at mockman serve (e.g. http://127.0.0.1:3001)?",
      );
    }
    expect(checkAnswer(html, { headers: { "content-type": { contains: "html" } } })).toEqual([]);
  });
});
