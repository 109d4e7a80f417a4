// Alt text: a post's picture and a user's photos can carry a description
// (postPicAlt, userPhotoAlt, coverPhotoAlt; at most 1000 characters). Stored
// only with a picture to describe, returned beside it, kept by export/import.
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

describe("postPicAlt", () => {
  it("is stored with the picture and returned in every answer that carries the post", async () => {
    const r = await create({ content: "Dawn", postPic: "/seed/post-dawn.svg", postPicAlt: "  A pale sun over two hills  " });
    expect(r.status).toBe(201);
    expect(r.body.post.postPicAlt).toBe("A pale sun over two hills");
    const one = await api.call("GET", `/api/posts/${r.body.post._id}`);
    expect(one.body.post.postPicAlt).toBe("A pale sun over two hills");
    const all = await api.call("GET", "/api/posts");
    expect(all.body.posts.at(-1).postPicAlt).toBe("A pale sun over two hills");
  });

  it("is dropped without a picture or when blank; posts without one have no such field", async () => {
    expect((await create({ content: "No picture", postPicAlt: "describes nothing" })).body.post).not.toHaveProperty("postPicAlt");
    expect((await create({ content: "Blank", postPic: "/seed/post-sea.svg", postPicAlt: "   " })).body.post).not.toHaveProperty(
      "postPicAlt",
    );
    const seed = (await api.call("GET", "/api/posts")).body.posts.slice(0, 6);
    expect(seed.every((p: object) => !("postPicAlt" in p))).toBe(true);
  });

  it("can be edited, and goes when the picture goes", async () => {
    const id = (await create({ content: "Edit me", postPic: "/seed/post-sea.svg", postPicAlt: "Waves" })).body.post._id;
    const edit = (postData: Record<string, unknown>) =>
      api.call("POST", `/api/posts/edit/${id}`, { token: guest, headers: { prefer: "return=minimal" }, body: { postData } });
    expect((await edit({ postPicAlt: "Grey waves at dusk" })).body.post.postPicAlt).toBe("Grey waves at dusk");
    expect((await edit({ postPic: "" })).body.post).not.toHaveProperty("postPicAlt");
  });

  it("is refused past 1000 characters or when not a string, and nothing is stored", async () => {
    const before = api.mock.tables.posts.size;
    const long = await create({ content: "Too long", postPic: "/seed/post-sea.svg", postPicAlt: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual(["postData.postPicAlt: postPicAlt must be at most 1000 characters"]);
    const wrong = await create({ content: "Wrong", postPic: "/seed/post-sea.svg", postPicAlt: 42 });
    expect(wrong.status).toBe(400);
    expect(api.mock.tables.posts.size).toBe(before);
  });
});

describe("userPhotoAlt and coverPhotoAlt", () => {
  it("are saved by /users/edit with their photos and shown on the user", async () => {
    const r = await api.call("POST", "/api/users/edit", {
      token: guest,
      body: { userData: { userPhoto: "/seed/avatar-ada.svg", userPhotoAlt: "Smiling, in a green coat", coverPhotoAlt: "A blue gradient" } },
    });
    expect(r.status).toBe(201);
    expect(r.body.user.userPhotoAlt).toBe("Smiling, in a green coat");
    expect(r.body.user.coverPhotoAlt).toBe("A blue gradient");
    expect((await api.call("GET", "/api/users/guest")).body.user.userPhotoAlt).toBe("Smiling, in a green coat");
    const long = await api.call("POST", "/api/users/edit", { token: guest, body: { userData: { coverPhotoAlt: "y".repeat(1001) } } });
    expect(long.status).toBe(400);
  });
});

describe("export and import", () => {
  it("keep the descriptions; an import refuses one past the limit", async () => {
    await create({ content: "Kept", postPic: "/seed/post-dawn.svg", postPicAlt: "Sunrise" });
    const file = api.mock.exportData();
    const parsed = parseExportFile(JSON.stringify(file));
    expect(parsed.data.posts.at(-1)!.postPicAlt).toBe("Sunrise");
    await api.mock.importData(parsed);
    expect((await api.call("GET", "/api/posts")).body.posts.at(-1).postPicAlt).toBe("Sunrise");
    parsed.data.posts.at(-1)!.postPicAlt = "z".repeat(1001);
    expect(() => parseExportFile(JSON.stringify(parsed))).toThrow(/postPicAlt: must be at most 1000 characters/);
  });

  it("a stored record's description survives a reload of the store (the boot check keeps known optional fields)", async () => {
    await create({ content: "Reloaded", postPic: "/seed/post-dawn.svg", postPicAlt: "Still here" });
    await api.mock.reload();
    expect((await api.call("GET", "/api/posts")).body.posts.at(-1).postPicAlt).toBe("Still here");
  });
});
