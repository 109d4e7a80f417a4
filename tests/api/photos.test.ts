// Photos by reference: large uploaded photos are stored once and answers quote
// them as /api/photos/... URLs, which answer the image's bytes. So a comment
// costs the same whatever its author's photo, and a form that sends the current
// photo back (as the reference it was given) changes nothing.
import { describe, expect, it } from "vitest";
import { MSG } from "#mock/core/errors";
import { PHOTO_INLINE_MAX, PHOTO_REF, fingerprint } from "#mock/data/photos";
import { makeApi, type Api } from "./client";
import { bigPng, png } from "../fixtures/images";

const MINIMAL = { prefer: "return=minimal" };

/** The photo an owner's field holds: a large one is a photo record of its own, which the field names as `photo:<id>`. */
function photoIn(api: Api, value: string) {
  return value.startsWith("photo:") ? api.mock.tables.photos.get(value.slice("photo:".length))?.data : value;
}

async function withPhoto(api: Api, userPhoto: string) {
  const token = await api.signup("photog");
  const edit = await api.call("POST", "/api/users/edit", { token, body: { userData: { userPhoto } } });
  expect(edit.status).toBe(201);
  return { token, user: edit.body.user, id: api.mock.tables.users.getUnique("photog")!._id };
}

describe("photos by reference", () => {
  it("a large photo is answered as a reference whose GET gives its bytes, cacheable forever", async () => {
    const api = await makeApi();
    const avatar = png(1_500_000);
    const { user, id } = await withPhoto(api, avatar.url);
    const ref = `/api/photos/users/${id}/userPhoto?v=${fingerprint(avatar.url)}`;
    expect(user.userPhoto).toBe(ref);
    expect(PHOTO_REF.test(ref)).toBe(true);
    // Stored once, as sent, in a photo record of its own that the user's field names.
    expect(api.mock.tables.users.get(id)!.userPhoto).toMatch(/^photo:/);
    expect(photoIn(api, api.mock.tables.users.get(id)!.userPhoto)).toBe(avatar.url);
    const exported = api.mock.exportData().data;
    const link = exported.users.find((u) => u._id === id)!.userPhoto;
    expect(exported.photos.find((p) => `photo:${p._id}` === link)!.data).toBe(avatar.url);

    const got = await api.mock.handle(new Request(`http://localhost${ref}`));
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("content-length")).toBe(String(avatar.bytes.length));
    expect(got.headers.get("cache-control")).toContain("immutable");
    expect(got.headers.has("x-mock-data-url-body")).toBe(false);
    expect(Buffer.from(await got.arrayBuffer()).equals(avatar.bytes)).toBe(true);

    const etag = got.headers.get("etag")!;
    const again = await api.mock.handle(new Request(`http://localhost${ref}`, { headers: { "if-none-match": etag } }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const head = await api.mock.handle(new Request(`http://localhost${ref}`, { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    // An older fingerprint gets the current photo, not to be cached.
    const stale = await api.mock.handle(new Request(`http://localhost/api/photos/users/${id}/userPhoto?v=old`));
    expect(stale.headers.get("cache-control")).toBe("no-cache");
    await api.mock.shutdown();
  });

  it("every quote of the user carries the reference: 200 comments answer in kilobytes, each comment's answer costs the same", async () => {
    const api = await makeApi();
    const { token, user } = await withPhoto(api, png(2_000_000).url);
    const { body } = await api.call("POST", "/api/posts", { token, headers: MINIMAL, body: { postData: { content: "mine" } } });
    const postId = body.post._id;
    const sizes: number[] = [];
    for (let i = 1; i <= 200; i++) {
      const r = await api.call("POST", `/api/comments/add/${postId}`, {
        token,
        headers: MINIMAL,
        body: { commentData: { commentVal: `c${i}` } },
      });
      expect(r.status).toBe(201);
      sizes.push(r.text.length);
    }
    // The answer holds the post's comments: it grows by one comment's few hundred bytes, not by a photo.
    expect(sizes[199] - sizes[198]).toBeLessThan(500);
    expect(sizes[199]).toBeLessThan(200 * 500);
    const post = (await api.call("GET", `/api/posts/${postId}`)).body.post;
    expect(post.userPhoto).toBe(user.userPhoto);
    expect(new Set(post.comments.map((c: { profilePic: string }) => c.profilePic))).toEqual(new Set([user.userPhoto]));
    await api.call("POST", `/api/posts/like/${postId}`, { token, headers: MINIMAL });
    const liked = (await api.call("GET", `/api/posts/${postId}`)).body.post;
    expect(liked.likes.likedBy[0].userPhoto).toBe(user.userPhoto);
    await api.mock.shutdown();
  });

  it("sending the reference back keeps the photo; a new photo gets a new reference", async () => {
    const api = await makeApi();
    const first = png(10_000);
    const { token, user, id } = await withPhoto(api, first.url);
    const same = await api.call("POST", "/api/users/edit", { token, body: { userData: { bio: "new bio", userPhoto: user.userPhoto } } });
    expect(same.status).toBe(201);
    expect(same.body.user.userPhoto).toBe(user.userPhoto);
    expect(photoIn(api, api.mock.tables.users.get(id)!.userPhoto)).toBe(first.url);
    // Without its fingerprint too.
    const bare = user.userPhoto.replace(/\?v=.*/, "");
    expect((await api.call("POST", "/api/users/edit", { token, body: { userData: { userPhoto: bare } } })).status).toBe(201);
    expect(photoIn(api, api.mock.tables.users.get(id)!.userPhoto)).toBe(first.url);

    const second = png(12_000);
    const changed = await api.call("POST", "/api/users/edit", { token, body: { userData: { userPhoto: second.url } } });
    expect(changed.body.user.userPhoto).not.toBe(user.userPhoto);
    expect(changed.body.user.userPhoto).toBe(`/api/photos/users/${id}/userPhoto?v=${fingerprint(second.url)}`);
    await api.mock.shutdown();
  });

  it("a post's large picture is a reference too, kept when an edit sends it back", async () => {
    const api = await makeApi();
    const token = await api.login("guest");
    const pic = png(50_000);
    const made = await api.call("POST", "/api/posts", {
      token,
      headers: MINIMAL,
      body: { postData: { content: "pic", postPic: pic.url } },
    });
    const post = made.body.post;
    expect(post.postPic).toBe(`/api/photos/posts/${post._id}/postPic?v=${fingerprint(pic.url)}`);
    const edit = await api.call("POST", `/api/posts/edit/${post._id}`, {
      token,
      headers: MINIMAL,
      body: { postData: { content: "pic, edited", postPic: post.postPic } },
    });
    expect(edit.status).toBe(201);
    expect(photoIn(api, api.mock.tables.posts.get(post._id)!.postPic)).toBe(pic.url);
    const got = await api.mock.handle(new Request(`http://localhost${post.postPic}`));
    expect(Buffer.from(await got.arrayBuffer()).equals(pic.bytes)).toBe(true);
    // Another post may use the same picture by its reference: the data is copied, not linked.
    const copy = await api.call("POST", "/api/posts", {
      token,
      headers: MINIMAL,
      body: { postData: { content: "again", postPic: post.postPic } },
    });
    expect(photoIn(api, api.mock.tables.posts.get(copy.body.post._id)!.postPic)).toBe(pic.url);
    await api.mock.shutdown();
  });

  it("small data URLs, /paths and web URLs stay inline; a /path photo has no reference of its own", async () => {
    const api = await makeApi();
    const small = bigPng(PHOTO_INLINE_MAX - 30);
    const { user, id } = await withPhoto(api, small);
    expect(user.userPhoto).toBe(small);
    const ada = (await api.call("GET", "/api/users/adasterling")).body.user;
    expect(ada.userPhoto).toBe("/seed/avatar-ada.svg");
    // Never a redirect (photo-safety.test.ts): answers quote the path itself.
    const moved = await api.mock.handle(new Request(`http://localhost/api/photos/users/${ada._id}/userPhoto`));
    expect(moved.status).toBe(404);
    // The small inline photo is reachable by reference too.
    const inline = await api.mock.handle(new Request(`http://localhost/api/photos/users/${id}/userPhoto`));
    expect(inline.status).toBe(200);
    await api.mock.shutdown();
  });

  it("a reference to no photo is refused with a clear 422 and changes nothing; only photo fields are served", async () => {
    const api = await makeApi();
    const { token, id } = await withPhoto(api, png(10_000).url);
    const before = structuredClone(api.mock.tables.users.get(id));
    for (const ref of [
      `/api/photos/users/nobody/userPhoto`,
      `/api/photos/users/${id}/passwordHash`,
      `/api/photos/posts/${id}/postPic?v=abc`,
    ]) {
      const r = await api.call("POST", "/api/users/edit", { token, body: { userData: { bio: "changed", userPhoto: ref } } });
      expect(r.status, ref).toBe(422);
      expect(r.body.errors).toEqual([MSG.PHOTO_REF_GONE("userPhoto", ref)]);
    }
    expect(api.mock.tables.users.get(id)).toEqual(before);
    for (const path of [`/api/photos/users/nobody/userPhoto`, `/api/photos/users/${id}/passwordHash`, `/api/photos/users/${id}/postPic`]) {
      const r = await api.call("GET", path);
      expect(r.status, path).toBe(404);
      expect(r.body.errors).toEqual([MSG.PHOTO_NOT_FOUND(path)]);
      expect(r.text).not.toContain("pbkdf2");
    }
    // Signing up with a reference to another user's photo copies it.
    const ada = await api.call("POST", "/api/auth/signup", {
      body: { username: "copycat", password: "secret-pw", firstName: "Copy", userPhoto: `/api/photos/users/${id}/userPhoto` },
    });
    expect(ada.status).toBe(201);
    const copy = api.mock.tables.users.getUnique("copycat")!.userPhoto;
    expect(photoIn(api, copy)).toBe(photoIn(api, api.mock.tables.users.get(id)!.userPhoto));
    // A photo record of its own: each photo record has one owner.
    expect(copy).not.toBe(api.mock.tables.users.get(id)!.userPhoto);
    await api.mock.shutdown();
  });
});
