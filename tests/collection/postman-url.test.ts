// The page writes a request's URL as `{ raw }` (with `variable` when it has path variables); Newman reads a
// collection through postman-collection, which builds a URL from its parts and ignores `raw`. What the page
// exports and what its Send hands the engine must be read by postman-collection as the URL the page shows.
import sdk from "postman-collection";
import { describe, expect, it } from "vitest";
import { postmanFile, withPostmanUrl } from "#mock/tester/postman/url";
import { urlKeeping, withPathValues } from "#app/mockman/lib/saved";
import type { PostmanCollection } from "#mock/tester/postman/convert";

const { Collection, Request } = sdk;
const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

/** Each request's URL as Newman's model reads the file. */
const urlsNewmanReads = (file: PostmanCollection) => {
  const urls: string[] = [];
  const collection = new Collection(file as never) as unknown as {
    forEachItem(each: (item: { request: { url: { toString(): string } } }) => void): void;
  };
  collection.forEachItem((item) => urls.push(item.request.url.toString()));
  return urls;
};

describe("a page-written URL as Postman writes it", () => {
  it("postman-collection reads a `{ raw }` URL as empty: the reason the page's files are rewritten", () => {
    expect(new Request({ url: { raw: "http://127.0.0.1:3001/api/posts?limit=2" } } as never).url.toString()).toBe("");
  });

  it("an export gives Newman every URL the page shows: full, under {{baseUrl}}, with a query, a hash and path variables", () => {
    const file: PostmanCollection = {
      info: { name: "page", schema: SCHEMA },
      item: [
        { name: "full", request: { method: "GET", url: { raw: "http://127.0.0.1:3001/api/posts?limit=2&cursor=a%20b" } } },
        {
          name: "folder",
          item: [
            { name: "templated", request: { method: "GET", url: { raw: "{{baseUrl}}/api/users/{{user}}#top" } } },
            {
              name: "path variable",
              request: { method: "GET", url: { raw: "{{baseUrl}}/api/posts/:postId", variable: [{ key: "postId", value: "p1" }] } },
            },
          ],
        },
        { name: "already in parts", request: { method: "GET", url: { raw: "x", host: ["{{baseUrl}}"], path: ["api", "tags"] } } },
      ],
    };
    expect(urlsNewmanReads(file)).toEqual(["", "", "", "{{baseUrl}}/api/tags"]);
    expect(urlsNewmanReads(postmanFile(file))).toEqual([
      "http://127.0.0.1:3001/api/posts?limit=2&cursor=a%20b",
      "{{baseUrl}}/api/users/{{user}}#top",
      "{{baseUrl}}/api/posts/p1",
      "{{baseUrl}}/api/tags",
    ]);
    // What Postman keeps beside the parts: the text as written, and the variable's key with its value.
    const [, folder] = postmanFile(file).item!;
    expect(folder.item![1].request).toMatchObject({
      url: { raw: "{{baseUrl}}/api/posts/:postId", path: ["api", "posts", ":postId"], variable: [{ key: "postId", value: "p1" }] },
    });
  });

  it("the page's disabled parameters stay in the file, after the ones its URL sends, and Newman leaves them out", () => {
    const request = {
      method: "GET",
      url: {
        raw: "{{baseUrl}}/api/posts?limit=2",
        query: [
          { key: "limit", value: "2" },
          { key: "cursor", value: "x", disabled: true },
        ],
      },
    };
    const file = postmanFile({ info: { name: "page", schema: SCHEMA }, item: [{ name: "posts", request }] });
    expect(file.item![0].request).toMatchObject({
      url: {
        host: ["{{baseUrl}}"],
        query: [
          { key: "limit", value: "2" },
          { key: "cursor", value: "x", disabled: true },
        ],
      },
    });
    expect(urlsNewmanReads(file)).toEqual(["{{baseUrl}}/api/posts?limit=2"]);
  });

  it("a request the page did not write is handed on as it is", () => {
    const request = { method: "GET", url: "http://example.test/a" };
    expect(withPostmanUrl(request)).toBe(request);
  });
});

describe("urlKeeping: a saved request's path variables survive an edit that keeps naming them", () => {
  const imported = {
    raw: "{{baseUrl}}/users/:userId/posts/:postId",
    variable: [
      { key: "userId", value: "u1" },
      { key: "postId", value: "p1" },
    ],
  };

  it("keeps the values of the variables the URL still names, and only those", () => {
    expect(urlKeeping("{{baseUrl}}/users/:userId/posts/:postId?x=1", imported)).toEqual({
      raw: "{{baseUrl}}/users/:userId/posts/:postId?x=1",
      variable: imported.variable,
    });
    expect(urlKeeping("{{baseUrl}}/users/:userId/posts", imported)).toEqual({
      raw: "{{baseUrl}}/users/:userId/posts",
      variable: [{ key: "userId", value: "u1" }],
    });
    // `:userIdentity` is another name; a `:` that is not a path segment's start names nothing.
    expect(urlKeeping("{{baseUrl}}/users/:userIdentity?at=:postId", imported)).toEqual({
      raw: "{{baseUrl}}/users/:userIdentity?at=:postId",
    });
  });

  it("withPathValues writes each named segment's value into the path, as Postman's Url.getPath does", () => {
    expect(withPathValues("{{baseUrl}}/users/:userId/posts/:postId?at=:postId#:userId", imported)).toBe(
      "{{baseUrl}}/users/u1/posts/p1?at=:postId#:userId",
    );
    expect(withPathValues("{{baseUrl}}/users/:userIdentity/:other", imported)).toBe("{{baseUrl}}/users/:userIdentity/:other");
  });

  it.each([
    ["a text value", "/users/:id", [{ key: "id", value: "u1" }]],
    ["its suffix kept", "/users/:id.json/x", [{ key: "id", value: "u1" }]],
    ["an empty value: the segment stays", "/posts/:postId/", [{ key: "postId", value: "" }]],
    ["no value: the segment stays", "/posts/:postId", [{ key: "postId" }]],
    ["a number: the segment stays", "/posts/:postId", [{ key: "postId", value: 5 }]],
    ["a variable in the value, kept as written", "/posts/:postId", [{ key: "postId", value: "p-{{user}}" }]],
    ["two, one undeclared", "/a/:one/b/:two", [{ key: "two", value: "2" }]],
  ])("withPathValues: %s, as postman-collection's Url writes the path", (_, path, variable) => {
    const raw = `http://127.0.0.1:3001${path}`;
    const newman = new sdk.Url({ ...sdk.Url.parse(raw), variable } as never).toString();
    expect(withPathValues(raw, { raw, variable } as never)).toBe(newman.replace(/%7B/g, "{").replace(/%7D/g, "}"));
  });

  it("a URL written as text, or without variables, gives none", () => {
    expect(urlKeeping("/api/x/:id", "/api/x/:id")).toEqual({ raw: "/api/x/:id" });
    expect(urlKeeping("/api/x/:id", undefined)).toEqual({ raw: "/api/x/:id" });
  });
});
