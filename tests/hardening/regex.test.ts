// issue 33 item 8: `matches` runs in linear time. With a backtracking engine
// `^(a+)+$` against 34 "a"s and "!" runs for hours and holds the store's lock.
import { describe, expect, it } from "vitest";
import { matcherProblem, mismatch } from "#mock/tester/collection/assert";

describe("matches cannot hang a replay", () => {
  it("a catastrophic pattern against a near-miss answers (no match)", () => {
    expect(mismatch(`${"a".repeat(34)}!`, { matches: "^(a+)+$" })).toMatch(/a match for/);
    expect(mismatch("a".repeat(34), { matches: "^(a+)+$" })).toBeNull();
  });

  it("what a linear engine cannot do is refused when the collection loads, with the reason", () => {
    expect(matcherProblem({ matches: "(?=x)" })).toMatch(/Invalid regular expression .*linear time: no lookarounds or backreferences/);
    expect(matcherProblem({ matches: "(a)\\1" })).toMatch(/Invalid regular expression/);
    expect(matcherProblem({ matches: "^\\d{3}-[a-z]+$" })).toBeNull();
  });
});
