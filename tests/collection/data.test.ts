// Iteration data (-d) as Newman reads it: CSV with a header row (quoted fields,
// "" inside quotes, line breaks inside quotes, a BOM, numbers unquoted) or a JSON
// array of objects.
import { describe, expect, it } from "vitest";
import { DataError, parseCsv, parseIterationData } from "#mock/tester/engine/data";

describe("CSV iteration data", () => {
  it("reads a header row and one object per row", () => {
    expect(parseCsv("user,password\nada,secret\nbob,hunter2\n")).toEqual([
      { user: "ada", password: "secret" },
      { user: "bob", password: "hunter2" },
    ]);
  });

  it("keeps commas, doubled quotes and line breaks inside quoted fields", () => {
    expect(parseCsv('title,note\n"Milk, eggs","she said ""hi"""\n"two\nlines","a\r\nb"\n')).toEqual([
      { title: "Milk, eggs", note: 'she said "hi"' },
      { title: "two\nlines", note: "a\r\nb" },
    ]);
  });

  it("drops a byte order mark, reads CRLF rows, trims around fields; a blank line is an iteration, as Newman 6 runs it", () => {
    // Newman 6 on this file: three iterations, pm.iterationData {"a":1,"b":"x"}, {"a":""}, {"a":2,"b":"y"}.
    expect(parseCsv("\uFEFFa, b\r\n 1 , x \r\n\r\n2,y\r\n")).toEqual([{ a: 1, b: "x" }, { a: "" }, { a: 2, b: "y" }]);
  });

  it("turns unquoted numbers into numbers, as Newman does, and leaves quoted ones text", () => {
    expect(parseCsv('n,f,q,z,t\n42,1.5,"42",007,12abc\n')).toEqual([{ n: 42, f: 1.5, q: "42", z: 7, t: "12abc" }]);
  });

  it("rows with fewer or more fields than the header are kept (the extra fields dropped)", () => {
    expect(parseCsv("a,b\n1\n2,3,4\n")).toEqual([{ a: 1 }, { a: 2, b: 3 }]);
  });

  it("an unclosed quote, or text after a closing one, is an error in csv-parse's words, saying the line", () => {
    expect(() => parseCsv('a\n"open\n')).toThrow(
      new DataError("it is not CSV Newman reads (Quote Not Closed: the parsing is finished with an opening quote at line 2)"),
    );
    expect(() => parseCsv('a\n"x"yz\n')).toThrow(/^it is not CSV Newman reads \(Invalid Closing Quote: .* at line 2\)$/);
  });
});

describe("JSON iteration data", () => {
  it("is an array of objects", () => {
    expect(parseIterationData('[{"a": 1}, {"a": "two", "b": true}]')).toEqual([{ a: 1 }, { a: "two", b: true }]);
  });

  it("anything else is an error naming what is wrong", () => {
    expect(() => parseIterationData('{"a": 1}')).toThrow("JSON iteration data must be an array of objects");
    expect(() => parseIterationData("[1]")).toThrow("item 0 is not an object");
    expect(() => parseIterationData("[{")).toThrow(/it is not JSON/);
  });

  it("text that is not JSON is read as CSV", () => {
    expect(parseIterationData("a\n1\n")).toEqual([{ a: 1 }]);
  });
});
