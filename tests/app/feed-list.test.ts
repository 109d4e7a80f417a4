// A feed's list as data: a post created elsewhere joins the top once (only in
// the lists that take it), a deleted one leaves, the next page never shows a
// post twice, and the "Show N new posts" count leaves out what the list holds.
import { describe, expect, it } from "vitest";
import { freshPosts, listAfter, restoredMeasurements, withPage } from "#app/components/feed/feed-list";
import type { Post } from "#app/lib/types";

const post = (id: string, username = "ada") => ({ _id: id, username }) as unknown as Post;
const ids = (posts: Post[]) => posts.map((p) => p._id);
const list = { items: [post("b"), post("c")], next: "cur", total: 5 };
const mine = (p: Post) => p.username === "ada";

describe("a feed's list", () => {
  it("takes a created post at the top once, and only when the list takes it", () => {
    const after = listAfter(list, { kind: "created", post: post("a") }, mine);
    expect(ids(after.items)).toEqual(["a", "b", "c"]);
    expect(after.total).toBe(6);
    expect(listAfter(after, { kind: "created", post: post("a") }, mine)).toBe(after);
    expect(listAfter(list, { kind: "created", post: post("z", "sam") }, mine)).toBe(list);
    expect(listAfter(list, { kind: "created", post: post("a") }, undefined)).toBe(list);
  });

  it("drops a deleted post it holds, and ignores one it does not", () => {
    const after = listAfter(list, { kind: "deleted", postId: "b" }, mine);
    expect(ids(after.items)).toEqual(["c"]);
    expect(after.total).toBe(4);
    expect(listAfter(list, { kind: "deleted", postId: "x" }, mine)).toBe(list);
    expect(listAfter({ items: [post("b")], next: null, total: 0 }, { kind: "deleted", postId: "b" }, mine).total).toBe(0);
  });

  it("adds the next page after the list, without a post it already shows", () => {
    const after = withPage(list, { items: [post("c"), post("d")], next: null, total: 4 });
    expect(ids(after.items)).toEqual(["b", "c", "d"]);
    expect(after).toMatchObject({ next: null, total: 4 });
  });

  it("counts only the waiting posts this list takes and does not hold", () => {
    const waiting = [post("a"), post("b"), post("z", "sam")];
    expect(ids(freshPosts(waiting, mine, list.items))).toEqual(["a"]);
    expect(freshPosts(waiting, undefined, list.items)).toEqual([]);
  });

  it("restores each card's measured place, one after another", () => {
    const restored = restoredMeasurements({
      ...list,
      sizes: [
        { key: "b", size: 100 },
        { key: "c", size: 250 },
      ],
    });
    expect(restored).toEqual([
      { key: "b", index: 0, start: 0, end: 100, size: 100, lane: 0 },
      { key: "c", index: 1, start: 100, end: 350, size: 250, lane: 0 },
    ]);
  });
});
