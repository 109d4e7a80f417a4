// The saved collections' tree operations (app/mockman/lib/saved.ts): moves,
// reorders, copies and the form <-> Postman request conversion the sidebar uses.
import { describe, expect, it } from "vitest";
import type { PostmanItem } from "#mock/tester/postman/convert";
import {
  collectionFromFile,
  itemIds,
  contains,
  copyItem,
  formOf,
  formSnapshot,
  insertItem,
  parentOf,
  removeItem,
  requestItem,
  shiftItem,
} from "#app/mockman/lib/saved";
import { NO_AUTH } from "#app/mockman/lib/tabs";

const tree = (): PostmanItem[] => [
  { id: "f1", name: "Auth", item: [{ id: "r1", name: "Login", request: { method: "POST", url: "/api/auth/login" } }] },
  { id: "r2", name: "List", request: { method: "GET", url: "/api/posts" } },
  { id: "r3", name: "Todos", request: { method: "GET", url: "/api/test-todos" } },
];
const ids = (items: PostmanItem[]): unknown => items.map((i) => (i.item ? { [i.id!]: ids(i.item) } : i.id));

describe("saved collection trees", () => {
  it("moves an item into a folder at a place, and reorders among siblings", () => {
    const moved = insertItem(removeItem(tree(), "r3"), "f1", tree()[2], 0);
    expect(ids(moved)).toEqual([{ f1: ["r3", "r1"] }, "r2"]);
    expect(parentOf(moved, "r3")).toBe("f1");
    expect(parentOf(moved, "r2")).toBeNull();
    expect(parentOf(moved, "nope")).toBeUndefined();
    expect(ids(shiftItem(moved, "r1", -1))).toEqual([{ f1: ["r1", "r3"] }, "r2"]);
    // At an end nothing moves.
    expect(ids(shiftItem(moved, "f1", -1))).toEqual(ids(moved));
  });

  it("knows a folder cannot go inside itself, and copies with new ids all through", () => {
    expect(contains(tree(), "f1", "f1")).toBe(true);
    expect(contains(tree(), "r2", "f1")).toBe(false);
    const copy = copyItem(tree()[0]);
    expect(copy.name).toBe("Auth copy");
    expect(copy.id).not.toBe("f1");
    expect(copy.item![0].id).not.toBe("r1");
    expect(copy.item![0].name).toBe("Login");
  });

  it("keeps a form through a Postman request: method, URL, headers (disabled too), body and auth", () => {
    const form = {
      method: "POST",
      endpoint: "{{baseUrl}}/api/posts",
      headers: [
        { isUsed: true, header: "Accept", value: "*/*" },
        { isUsed: false, header: "X-Debug", value: "1" },
      ],
      bodyText: '{"content": "hi"}',
      auth: { ...NO_AUTH, kind: "bearer" as const, token: "{{token}}" },
    };
    const back = formOf(requestItem("Create", form));
    expect(formSnapshot(back)).toBe(formSnapshot(form));
  });

  it("imports Postman as it is (ids added) and ours converted, and refuses what is neither", async () => {
    const postman = JSON.stringify({
      info: { name: "P", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
      item: [
        {
          name: "F",
          item: [
            { name: "R", request: { method: "GET", url: "/x" }, event: [{ listen: "test", script: { exec: ["pm.test('a', () => {})"] } }] },
          ],
        },
      ],
      variable: [{ key: "baseUrl", value: "" }],
    });
    const { collection } = await collectionFromFile(postman, "p.json", 0);
    expect(collection.name).toBe("P");
    expect(collection.postman.item![0].item![0].event).toHaveLength(1);
    expect(collection.postman.item![0].id).toBeTruthy();
    const ours = await collectionFromFile(
      '{"mockman":1,"requests":[{"name":"a","method":"GET","endpoint":"/x","headers":{}}]}',
      "ours.json",
      1,
    );
    expect(ours.collection.name).toBe("ours");
    expect(ours.collection.postman.item).toHaveLength(1);
    await expect(collectionFromFile("nope", "bad.json", 0)).rejects.toThrow(/not JSON/);
    await expect(
      collectionFromFile('{"mockman":1,"requests":[{"name":"a b","method":"GET","endpoint":"/x"}]}', "bad.json", 0),
    ).rejects.toThrow(/requests.0.name/);
  });
});

describe("imported ids", () => {
  it("a file imported twice gets ids of its own the second time; one without ids or with repeated ones gets new ones", async () => {
    const text = JSON.stringify({
      info: { name: "Twice", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
      item: [
        { id: "a", name: "A", request: { method: "GET", url: "/a" } },
        {
          id: "f",
          name: "F",
          item: [
            { id: "a", name: "Inner", request: { method: "GET", url: "/b" } },
            { name: "No id", request: "/c" },
          ],
        },
      ],
    });
    const first = (await collectionFromFile(text, "t.json", 0)).collection;
    const ids = [...itemIds([first])];
    expect(ids.slice(0, 2)).toEqual(["a", "f"]);
    expect(new Set(ids).size).toBe(4);
    const second = (await collectionFromFile(text, "t.json", 1, itemIds([first]))).collection;
    const again = [...itemIds([second])];
    expect(again).toHaveLength(4);
    expect(again.filter((id) => ids.includes(id))).toEqual([]);
  });
});
