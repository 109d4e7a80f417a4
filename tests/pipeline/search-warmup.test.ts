// The search index built in the background (the mock's search.warm): in slices with
// pauses between them, while writes are saved; once in place it finds exactly
// what an index built whole afterwards finds, writes made during the build
// included, and a load abandons it.
import { describe, expect, it } from "vitest";
import { makeApi, type Api } from "../api/client";

const post = async (api: Api, token: string, content: string) => {
  const r = await api.call("POST", "/api/posts", { token, body: { postData: { content } }, headers: { prefer: "return=minimal" } });
  expect(r.status, r.text).toBe(201);
  return r.body.post._id as string;
};
const QUERIES = ["q=sun", "q=%23warm", "q=warmed%20edit", "q=moon", "q=guest&type=users", "q=wa&type=tags"];
const answers = async (api: Api) => Promise.all(QUERIES.map(async (q) => (await api.call("GET", `/api/search?${q}`)).text));

describe("the search index warmed in the background", () => {
  it("takes in the writes saved while it was built and ends where a whole build does", async () => {
    const api = await makeApi();
    const guest = await api.login("guest");
    for (let i = 0; i < 60; i++) await post(api, guest, `sun number ${i} #warm`);
    const edited = await post(api, guest, "moon to be edited");
    const deleted = await post(api, guest, "sun to be deleted #warm");

    const writes = [
      () => api.call("POST", "/api/posts", { token: guest, body: { postData: { content: "sun written during the build #warm" } } }),
      () => api.call("POST", `/api/posts/edit/${edited}`, { token: guest, body: { postData: { content: "warmed edit" } } }),
      () => api.call("DELETE", `/api/posts/${deleted}`, { token: guest }),
    ];
    let pauses = 0;
    await api.mock.search.warm(async (work) => {
      const write = writes[pauses++];
      if (write) expect((await write()).status).toBeLessThan(300);
      work();
    }, 10);
    expect(pauses).toBeGreaterThan(writes.length);
    expect(api.mock.search.ready).toBe(true);
    const warmed = await answers(api);

    api.mock.search.loaded();
    expect(api.mock.search.ready).toBe(false);
    expect(await answers(api)).toEqual(warmed);
    expect(JSON.parse(warmed[0]).posts.map((p: { content: string }) => p.content)[0]).toBe("sun written during the build #warm");
    expect(JSON.parse(warmed[2]).total).toBe(1);
    expect(warmed.join()).not.toContain("sun to be deleted");
  });

  it("is abandoned by a load, and a search that cannot wait finishes it", async () => {
    const api = await makeApi();
    const guest = await api.login("guest");
    for (let i = 0; i < 30; i++) await post(api, guest, `sun ${i}`);
    let pauses = 0;
    await api.mock.search.warm(async (work) => {
      if (++pauses === 3) api.mock.search.loaded();
      work();
    }, 5);
    expect(pauses).toBe(3);
    expect(api.mock.search.ready).toBe(false);

    const warming = api.mock.search.warm(async (work) => {
      if (pauses++ === 4) expect(JSON.parse((await api.call("GET", "/api/search?q=sun&limit=100")).text).total).toBe(30);
      work();
    }, 5);
    await warming;
    expect(api.mock.search.ready).toBe(true);
  });
});
