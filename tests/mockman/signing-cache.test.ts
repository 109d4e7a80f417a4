// What a tab's Send does that its form does not show (hooks/useScripts.ts signingFor) is read once per tab and
// list of collections, and read again when the list changes under an open tab: a collection's auth changed by a
// Save or the Scripts dialog must reach the Authorization note, Code and the Send's route at once.
import { describe, expect, it } from "vitest";
import { signingFor } from "#app/mockman/hooks/useScripts";
import type { SavedCollection } from "#app/mockman/lib/saved";
import { blankTab, type RequestTab } from "#app/mockman/lib/tabs";
import type { PostmanAuth } from "#mock/tester/postman/convert";

const bearer: PostmanAuth = { type: "bearer", bearer: [{ key: "token", value: "abc" }] };
const apikey: PostmanAuth = {
  type: "apikey",
  apikey: [
    { key: "key", value: "X-Key" },
    { key: "value", value: "k1" },
  ],
};

function collections(auth: PostmanAuth | undefined, url = "{{baseUrl}}/api/posts/:id"): SavedCollection[] {
  return [
    {
      id: "c1",
      name: "Posts",
      order: 0,
      postman: {
        info: { name: "Posts", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
        ...(auth ? { auth } : {}),
        item: [{ id: "r1", name: "One post", request: { method: "GET", url: { raw: url, variable: [{ key: "id", value: "42" }] } } }],
      },
    },
  ];
}

const tab: RequestTab = {
  ...blankTab(),
  endpoint: "{{baseUrl}}/api/posts/:id",
  headers: [],
  saved: { collectionId: "c1", itemId: "r1", name: "One post", snapshot: "" },
};

describe("a tab's signing, cached per tab and list of collections", () => {
  it("is the same answer while neither changes", () => {
    const list = collections(bearer);
    expect(signingFor(list, tab)).toBe(signingFor(list, tab));
    expect(signingFor(list, tab).signer).toEqual({ name: "Bearer Token", from: "the collection" });
  });

  it("is read again when the collection's auth changes under the open tab", () => {
    const before = collections(bearer);
    expect(signingFor(before, tab).signer?.name).toBe("Bearer Token");
    expect(signingFor(collections(apikey), tab).signer).toEqual({ name: "API Key", from: "the collection" });
    const none = signingFor(collections(undefined), tab);
    expect(none.signer).toBeNull();
    // Its path variable's value still routes the Send through the engine, and the commands go to /api/posts/42.
    expect(none.needsRun).toBe(true);
    expect(none.endpoint()).toBe("{{baseUrl}}/api/posts/42");
  });

  it("is read again when the saved request is removed from its collection", () => {
    const gone = collections(bearer);
    gone[0].postman.item = [];
    const signing = signingFor(gone, tab);
    expect(signing).toMatchObject({ needsRun: false, signer: null });
    expect(signing.endpoint()).toBe("{{baseUrl}}/api/posts/:id");
  });
});
