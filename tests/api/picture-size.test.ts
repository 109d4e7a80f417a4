// A post picture's size (postPicSize: {width, height}): measured by the author's
// browser at upload and kept with the picture, so a card reserves the picture's
// shape before it loads. Optional and backward compatible: only with a picture
// (like its description), whole pixels; refused input changes nothing; export,
// import and a reload keep it.
import { beforeEach, describe, expect, it } from "vitest";
import { parseExportFile } from "#mock/data/export-file";
import { makeApi, type Api } from "./client";

let api: Api;
let guest: string;
beforeEach(async () => {
  api = await makeApi();
  guest = await api.login("guest");
});

const create = (postData: Record<string, unknown>) =>
  api.call("POST", "/api/posts", { token: guest, headers: { prefer: "return=minimal" }, body: { postData } });
const edit = (id: string, postData: Record<string, unknown>) =>
  api.call("POST", `/api/posts/edit/${id}`, { token: guest, headers: { prefer: "return=minimal" }, body: { postData } });
const tall = { width: 750, height: 1624 };

describe("postPicSize", () => {
  it("is kept with the picture and returned wherever the post is", async () => {
    const r = await create({ content: "Tall", postPic: "/seed/post-dawn.svg", postPicSize: { ...tall, extra: 1 } });
    expect(r.status).toBe(201);
    expect(r.body.post.postPicSize).toEqual(tall);
    expect((await api.call("GET", `/api/posts/${r.body.post._id}`)).body.post.postPicSize).toEqual(tall);
    expect((await api.call("GET", "/api/posts")).body.posts.at(-1).postPicSize).toEqual(tall);
  });

  it("stays out of posts without it, as before (older clients, a post without a picture)", async () => {
    const oldClient = (await create({ content: "Old client", postPic: "/seed/post-dawn.svg" })).body.post;
    expect(oldClient).not.toHaveProperty("postPicSize");
    expect((await create({ content: "No picture", postPicSize: tall })).body.post).not.toHaveProperty("postPicSize");
    const posts = (await api.call("GET", "/api/posts")).body.posts;
    expect(posts.filter((p: { _id: string }) => p._id === oldClient._id)).toEqual([oldClient]);
  });

  it("refuses a size that is no pixels with 400 naming the side, and writes nothing", async () => {
    const before = (await api.call("GET", "/api/posts")).body.posts.length;
    const cases: Array<[unknown, RegExp]> = [
      [{ width: 10 }, /height is required/],
      [{ width: 0, height: 10 }, /width must be at least 1/],
      [{ width: 1.5, height: 10 }, /width must be a whole number of pixels/],
      [{ width: "10", height: 10 }, /width must be a number/],
      [{ width: 10, height: 100_001 }, /height must be at most 100000/],
      ["10x10", /postPicSize must be an object/],
    ];
    for (const [postPicSize, message] of cases) {
      const r = await create({ content: "Bad size", postPic: "/p.png", postPicSize });
      expect(r.status, JSON.stringify(postPicSize)).toBe(400);
      expect(r.body.errors.join(" ")).toMatch(message);
    }
    expect((await api.call("GET", "/api/posts")).body.posts.length).toBe(before);
  });

  it("an edit: a size alone corrects it, a new picture without one drops it, removing the picture drops it", async () => {
    const id = (await create({ content: "Edit me", postPic: "/seed/post-sea.svg", postPicSize: { width: 4, height: 3 } })).body.post._id;
    expect((await edit(id, { content: "Only text" })).body.post.postPicSize).toEqual({ width: 4, height: 3 });
    expect((await edit(id, { postPicSize: { width: 3, height: 4 } })).body.post.postPicSize).toEqual({ width: 3, height: 4 });
    expect((await edit(id, { postPic: "/seed/post-dawn.svg" })).body.post).not.toHaveProperty("postPicSize");
    const again = await edit(id, { postPic: "/seed/post-sea.svg", postPicSize: { width: 8, height: 6 } });
    expect(again.body.post.postPicSize).toEqual({ width: 8, height: 6 });
    const refused = await edit(id, { postPic: "/seed/post-dawn.svg", postPicSize: { width: -1, height: 6 } });
    expect(refused.status).toBe(400);
    const kept = (await api.call("GET", `/api/posts/${id}`)).body.post;
    expect([kept.postPic, kept.postPicSize]).toEqual(["/seed/post-sea.svg", { width: 8, height: 6 }]);
    expect((await edit(id, { postPic: "" })).body.post).not.toHaveProperty("postPicSize");
  });

  it("survives export, import and a reload; an import refuses a size without a picture", async () => {
    await create({ content: "Kept", postPic: "/seed/post-dawn.svg", postPicSize: tall });
    const parsed = parseExportFile(JSON.stringify(api.mock.exportData()));
    expect(parsed.data.posts.at(-1)!.postPicSize).toEqual(tall);
    await api.mock.importData(parsed);
    await api.mock.reload();
    expect((await api.call("GET", "/api/posts")).body.posts.at(-1).postPicSize).toEqual(tall);
    parsed.data.posts.at(-1)!.postPic = "";
    expect(() => parseExportFile(JSON.stringify(parsed))).toThrow(/postPicSize: describes a picture, and the post has none/);
  });
});
