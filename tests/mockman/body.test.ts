import { describe, expect, it } from "vitest";
import { BODY_ERROR, INITIAL_BODY, blockedSubmitMessage, checkBody, errorAt, sendsBody } from "#app/mockman/lib/body";

describe("the JSON body (CONTRACT §5)", () => {
  it("starts as {} and is valid", () => {
    expect(INITIAL_BODY).toBe("{}");
    expect(checkBody(INITIAL_BODY)).toEqual({ ok: true, value: {} });
  });

  it("an empty body shows 'Error in JSON format'", () => {
    for (const text of ["", "   ", "\n"]) {
      const check = checkBody(text);
      expect(check.ok).toBe(false);
      expect(!check.ok && check.message).toBe("Error in JSON format");
    }
  });

  it("invalid JSON shows the same text", () => {
    for (const text of ["{", "{a:1}", "{'a':1}", "[1,]", "undefined"]) {
      const check = checkBody(text);
      expect(!check.ok && check.message).toBe(BODY_ERROR);
    }
  });

  it("valid JSON is stored with its value", () => {
    expect(checkBody('{"username":"guest"}')).toEqual({ ok: true, value: { username: "guest" } });
    expect(checkBody("[1, 2]")).toEqual({ ok: true, value: [1, 2] });
    expect(checkBody("null")).toEqual({ ok: true, value: null });
  });

  it("Submit says why it did not send while the body is invalid", () => {
    const message = blockedSubmitMessage(checkBody("{"));
    expect(message).toMatch(/^Not sent: Error in JSON format \(/);
    expect(blockedSubmitMessage(checkBody("{}"))).toBeNull();
    expect(blockedSubmitMessage(checkBody(""))).toContain("the body is empty");
  });

  it("GET and HEAD carry no body; the others do", () => {
    expect(["GET", "HEAD"].map(sendsBody)).toEqual([false, false]);
    expect(["POST", "PUT", "PATCH", "DELETE"].map(sendsBody)).toEqual([true, true, true, true]);
  });
});

describe("where a body fails", () => {
  it("names the line and column of the error", () => {
    const check = checkBody('{"a": 1,\n  "b" 2}');
    expect(!check.ok && check.at).toMatchObject({ line: 2, column: 7 });
    // An early end sits at the end of the text.
    const end = checkBody('{\n  "a": 1');
    expect(!end.ok && end.at).toMatchObject({ line: 2, column: 9 });
  });

  it("reads V8's offset and ignores its own (line column) suffix", () => {
    expect(errorAt("ab\ncd", "Unexpected token in JSON at position 4 (line 2 column 2)")).toEqual({ line: 2, column: 2, offset: 4 });
    expect(checkBody("[1,]")).toMatchObject({ ok: false, detail: expect.not.stringContaining("(line") });
  });
});
