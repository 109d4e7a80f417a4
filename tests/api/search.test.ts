// GET /api/search (posts, users, tags; paged; refusals) and GET /api/posts/tag/:tag,
// and the index kept in step with writes: a new, edited or deleted post is found
// (or not) at once, without a rebuild.
import { beforeEach, describe, expect, it } from "vitest";
import { LIMIT_MESSAGE } from "#mock/data/paging";
import { makeApi, type Api } from "./client";

let api: Api;
let guest: string;
beforeEach(async () => {
  api = await makeApi();
  guest = await api.login("guest");
});

const post = async (content: string, token = guest) => {
  const r = await api.call("POST", "/api/posts", { token, body: { postData: { content } }, headers: { prefer: "return=minimal" } });
  expect(r.status, r.text).toBe(201);
  return r.body.post._id as string;
};
const search = (query: string) => api.call("GET", `/api/search?${query}`);
const contents = (r: { body: { posts: { content: string }[] } }) => r.body.posts.map((p) => p.content);

describe("posts", () => {
  it("finds posts by a word, any case and accent, newest first", async () => {
    await post("Coffee at the Café du Monde");
    await post("More CAFE talk");
    await post("Nothing to see");
    const r = await search("q=cafe");
    expect(r.status, r.text).toBe(200);
    expect(contents(r)).toEqual(["More CAFE talk", "Coffee at the Café du Monde"]);
    expect(r.body.total).toBe(2);
    expect(r.body.next).toBeNull();
  });

  it("reads the last word as a prefix, unless the query ends with a space", async () => {
    await post("sunset over the bay");
    await post("sun is out");
    expect(contents(await search("q=sun"))).toEqual(["sun is out", "sunset over the bay"]);
    expect(contents(await search("q=sun%20"))).toEqual(["sun is out"]);
    expect(contents(await search("q=bay%20suns"))).toEqual(["sunset over the bay"]);
  });

  it("needs every word", async () => {
    await post("red apples and green pears");
    await post("red cars");
    expect(contents(await search("q=red%20pears"))).toEqual(["red apples and green pears"]);
    expect((await search("q=red%20zebra")).body).toEqual({ posts: [], next: null, total: 0 });
  });

  it("finds #tags and @mentions as such", async () => {
    await post("Morning swim #Beach with @adasterling");
    await post("the beach word alone");
    expect(contents(await search("q=%23beach%20"))).toEqual(["Morning swim #Beach with @adasterling"]);
    expect(contents(await search("q=%40adasterling"))).toEqual(["Morning swim #Beach with @adasterling"]);
    expect((await search("q=beach%20")).body.total).toBe(2);
  });

  it("pages with a cursor that survives new posts between pages", async () => {
    for (let i = 0; i < 7; i++) await post(`paging word number ${i}`);
    const first = await search("q=paging&limit=3");
    expect(contents(first)).toEqual(["paging word number 6", "paging word number 5", "paging word number 4"]);
    expect(first.body.total).toBe(7);
    await post("paging word number 7");
    const second = await search(`q=paging&limit=3&cursor=${first.body.next}`);
    expect(contents(second)).toEqual(["paging word number 3", "paging word number 2", "paging word number 1"]);
    const third = await search(`q=paging&limit=3&cursor=${second.body.next}`);
    expect(contents(third)).toEqual(["paging word number 0"]);
    expect(third.body.next).toBeNull();
  });

  it("is kept in step with every write: an edit and a delete are seen at once", async () => {
    const id = await post("old words here");
    expect((await search("q=old")).body.total).toBe(1);
    const edit = await api.call("POST", `/api/posts/edit/${id}`, { token: guest, body: { postData: { content: "new words here" } } });
    expect(edit.status).toBe(201);
    expect((await search("q=old%20")).body.total).toBe(0);
    expect(contents(await search("q=new%20words"))).toEqual(["new words here"]);
    expect((await api.call("DELETE", `/api/posts/${id}`, { token: guest })).status).toBe(201);
    expect((await search("q=new%20words")).body.total).toBe(0);
  });

  it("does not index a refused write", async () => {
    await search("q=anything"); // builds the index
    const r = await api.call("POST", "/api/posts", { token: guest, body: { postData: { content: "x".repeat(211) } } });
    expect(r.status).toBe(400);
    expect((await search("q=xxxxxxxx")).body.total).toBe(0);
  });

  it("finds the seeded posts after a reset (the index is built again)", async () => {
    await post("zanzibar trip");
    expect((await search("q=zanzibar")).body.total).toBe(1);
    await api.mock.reset();
    expect((await search("q=zanzibar")).body.total).toBe(0);
  });
});

describe("users", () => {
  it("finds people by name and username prefix, without passwords", async () => {
    const byName = await search("type=users&q=ada");
    expect(byName.status, byName.text).toBe(200);
    expect(byName.body.users.map((u: { username: string }) => u.username)).toContain("adasterling");
    expect(byName.text).not.toMatch(/passwordHash|pbkdf2/);
    const byAt = await search("type=users&q=%40adast");
    expect(byAt.body.users.map((u: { username: string }) => u.username)).toEqual(["adasterling"]);
  });

  it("finds a new user and their new name at once", async () => {
    await api.signup("zoe_q", { firstName: "Zoe" });
    expect((await search("type=users&q=zoe")).body.total).toBe(1);
  });
});

describe("tags", () => {
  it("lists tags by prefix, most used first, with counts, paged", async () => {
    await post("#travel #trains");
    await post("#travel again");
    await post("#trams too");
    const r = await search("type=tags&q=%23tra&limit=2");
    expect(r.status, r.text).toBe(200);
    expect(r.body.tags[0]).toEqual({ tag: "travel", count: 2 });
    expect(r.body.total).toBe(3);
    const rest = await search(`type=tags&q=%23tra&limit=2&cursor=${r.body.next}`);
    expect([...r.body.tags, ...rest.body.tags].map((t: { tag: string }) => t.tag)).toEqual(["travel", "trains", "trams"]);
    expect(rest.body.next).toBeNull();
  });
});

describe("GET /api/posts/tag/:tag", () => {
  it("answers the tag's posts, oldest first whole, newest first paged, any case, with or without #", async () => {
    await post("first #Hike");
    await post("no tag here, just hike");
    await post("second #hike!");
    const whole = await api.call("GET", "/api/posts/tag/hike");
    expect(contents(whole)).toEqual(["first #Hike", "second #hike!"]);
    const paged = await api.call("GET", "/api/posts/tag/%23HIKE?limit=1");
    expect(contents(paged)).toEqual(["second #hike!"]);
    expect(paged.body.total).toBe(2);
    const next = await api.call("GET", `/api/posts/tag/hike?limit=1&cursor=${paged.body.next}`);
    expect(contents(next)).toEqual(["first #Hike"]);
  });

  it("finds nothing for a tag that is no tag (no post can hold it), paged or not", async () => {
    const r = await api.call("GET", "/api/posts/tag/a-b");
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ posts: [] });
    const paged = await api.call("GET", "/api/posts/tag/a-b?limit=5");
    expect(paged.body).toEqual({ posts: [], next: null, total: 0 });
  });
});

describe("refusals", () => {
  it.each([
    ["q=", "q is required"],
    ["type=posts", "q is required"],
    [`q=${"a".repeat(101)}`, "q must be at most 100 characters"],
    ["q=a&type=things", "type must be posts, users, tags"],
    ["q=a&limit=0", LIMIT_MESSAGE],
    ["q=a&limit=101", LIMIT_MESSAGE],
    ["q=a&cursor=", "cursor is not valid"],
    ["q=a&cursor=notacursor", "cursor is not valid"],
  ])("%s → 400", async (query, message) => {
    const r = await search(query);
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors[0]).toContain(message);
  });

  it.each([
    ["q=%21%21", "posts"],
    ["q=%21%21&type=users", "users"],
    ["type=tags&q=%23", "tags"],
  ])("%s (nothing a search can hold) → an empty page, not a 400", async (query, key) => {
    const r = await search(query);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ [key]: [], next: null, total: 0 });
  });

  it("refuses a cursor of another search", async () => {
    for (let i = 0; i < 3; i++) await post(`alpha beta ${i}`);
    const r = await search("q=alpha&limit=1");
    const other = await search(`q=beta&limit=1&cursor=${r.body.next}`);
    expect(other.status).toBe(400);
    expect(other.body.errors[0]).toMatch(/another list/);
  });
});
