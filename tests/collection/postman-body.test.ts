// The one reader and writer of Postman v2.1 bodies (mock/tester/postman/body.ts), which the page's body
// types, the conversion to mockman's format and the run plan all go through.
import { describe, expect, it } from "vitest";
import sdk from "postman-collection";
import { readBody, writeBody, type Body, type PostmanBody } from "#mock/tester/postman/body";

describe("a Postman body read and written", () => {
  const bodies: Array<[string, PostmanBody, Body]> = [
    [
      "raw with its language",
      { mode: "raw", raw: "<a/>", options: { raw: { language: "xml" } } },
      { mode: "raw", raw: "<a/>", language: "xml" },
    ],
    ["raw without one", { mode: "raw", raw: "hi" }, { mode: "raw", raw: "hi" }],
    [
      "urlencoded, an unticked field kept",
      {
        mode: "urlencoded",
        urlencoded: [
          { key: "a", value: "1" },
          { key: "b", value: "2", disabled: true },
        ],
      },
      {
        mode: "urlencoded",
        fields: [
          { key: "a", value: "1" },
          { key: "b", value: "2", disabled: true },
        ],
      },
    ],
    [
      "formdata: a text field with its type, a file, several files in one field, an unticked file",
      {
        mode: "formdata",
        formdata: [
          { key: "t", value: "{}", type: "text", contentType: "application/json" },
          { key: "f", type: "file", src: "a.txt" },
          { key: "many", type: "file", src: ["a.txt", "b.png"] },
          { key: "off", type: "file", src: "c.txt", disabled: true },
        ],
      },
      {
        mode: "formdata",
        fields: [
          { key: "t", value: "{}", contentType: "application/json" },
          { key: "f", value: "", src: ["a.txt"] },
          { key: "many", value: "", src: ["a.txt", "b.png"] },
          { key: "off", value: "", src: ["c.txt"], disabled: true },
        ],
      },
    ],
    ["file", { mode: "file", file: { src: "x.bin" } }, { mode: "file", src: "x.bin" }],
    [
      "graphql",
      { mode: "graphql", graphql: { query: "query Q { a }", variables: '{"n":1}', operationName: "Q" } },
      { mode: "graphql", query: "query Q { a }", variables: '{"n":1}', operationName: "Q" },
    ],
    ["none", { mode: "raw", raw: "", disabled: true }, { mode: "none" }],
  ];

  it.each(bodies)("%s: read, then written back as it was", (_name, postman, body) => {
    expect(readBody(postman)).toEqual(body);
    expect(writeBody(body)).toEqual(postman);
  });

  it("writes what postman-collection's RequestBody reads as the same body", () => {
    for (const [, postman, body] of bodies) {
      const written = writeBody(body);
      expect(new sdk.RequestBody(written as never).toJSON()).toEqual(new sdk.RequestBody(postman as never).toJSON());
    }
  });

  it("reads hand-written files: JSON as raw, GraphQL variables as an object, values that are no text, stray entries", () => {
    expect(readBody({ mode: "raw", raw: { a: [1] } })).toEqual({ mode: "raw", raw: '{"a":[1]}' });
    expect(readBody({ mode: "graphql", graphql: { query: "{a}", variables: { n: 1 } } })).toEqual({
      mode: "graphql",
      query: "{a}",
      variables: '{\n  "n": 1\n}',
    });
    expect(readBody({ mode: "graphql" })).toEqual({ mode: "graphql", query: "", variables: "" });
    expect(readBody({ mode: "urlencoded", urlencoded: [null as never, { key: "n", value: 2 }, { value: null }] })).toEqual({
      mode: "urlencoded",
      fields: [
        { key: "n", value: "2" },
        { key: "", value: "" },
      ],
    });
    expect(
      readBody({
        mode: "formdata",
        formdata: [
          { key: "f", type: "file" },
          { key: "j", value: { a: 1 } },
        ],
      }),
    ).toEqual({
      mode: "formdata",
      fields: [
        { key: "f", value: "", src: [] },
        { key: "j", value: '{"a":1}' },
      ],
    });
    expect(readBody({ mode: "formdata", formdata: "x" as never })).toEqual({ mode: "formdata", fields: [] });
  });

  it("a missing, disabled or modeless body, or a mode Postman does not know, is none", () => {
    for (const body of [undefined, {}, { mode: "raw", raw: "x", disabled: true }, { mode: "stream" }])
      expect(readBody(body as PostmanBody)).toEqual({ mode: "none" });
  });

  it("a raw JSON nested past the call stack's depth is read as text", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const body = readBody({ mode: "raw", raw: deep });
    expect(body.mode === "raw" && body.raw.startsWith('{"a":{"a":')).toBe(true);
  });
});
