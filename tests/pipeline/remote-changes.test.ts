// Two tabs on one IndexedDB database (fake-indexeddb): what one saves, the other
// takes in commit by commit from the store's journal (Store.changesSince, the unit
// of work's applyRemote), not by reloading everything. Afterwards the second tab
// answers exactly as the first does (cursors aside: each names its own copy), and its search
// index was kept, not dropped.
import { IDBKeyRange, indexedDB } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { createMock, type Mock } from "#mock/core/create-mock";
import { DexieStore } from "#mock/browser/dexie";

const ITERATIONS = 1000;
let dbs = 0;

async function call(mock: Mock, method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await mock.handle(
    new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  return { status: response.status, text: await response.text() };
}

const READS = ["/api/posts", "/api/posts?limit=5", "/api/users", "/api/search?q=remote", "/api/search?q=%23live", "/api/posts/tag/live"];

describe("another tab's commits", () => {
  it("are taken in one by one, with the same answers as the writer's and the search index kept", async () => {
    const name = `remote-changes-${process.pid}-${dbs++}`;
    const writer = await createMock({ store: new DexieStore(name, indexedDB, IDBKeyRange), passwordIterations: ITERATIONS });
    const readerStore = new DexieStore(name, indexedDB, IDBKeyRange);
    const reader = await createMock({ store: readerStore, passwordIterations: ITERATIONS });
    let reloads = 0;
    const load = readerStore.load.bind(readerStore);
    readerStore.load = () => (reloads++, load());
    reader.search.index();

    const token = JSON.parse(
      (await call(writer, "POST", "/api/auth/login", undefined, { username: "guest", password: "guest1234" })).text,
    ).encodedToken;
    const made = JSON.parse((await call(writer, "POST", "/api/posts", token, { postData: { content: "remote post #live" } })).text);
    const post = made.posts.at(-1)._id as string;
    await call(writer, "POST", `/api/posts/like/${post}`, token);
    await call(writer, "POST", `/api/comments/add/${post}`, token, { commentData: { commentVal: "remote comment" } });
    const gone = JSON.parse((await call(writer, "POST", "/api/posts", token, { postData: { content: "remote and gone #live" } })).text);
    await call(writer, "DELETE", `/api/posts/${gone.posts.at(-1)._id}`, token);
    await call(writer, "POST", "/api/users/edit", token, { userData: { firstName: "Remote" } });

    // Cursors name the copy that made them (each tab's own epoch); everything else is the same.
    const same = (text: string) => text.replace(/"next":"[^"]*"/, '"next":"…"');
    for (const path of READS) expect(same((await call(reader, "GET", path)).text), path).toBe(same((await call(writer, "GET", path)).text));
    expect((await call(reader, "GET", `/api/comments/${post}`)).text).toBe((await call(writer, "GET", `/api/comments/${post}`)).text);
    expect(reloads).toBe(0);
    expect(reader.search.ready).toBe(true);

    await writer.shutdown();
    await reader.shutdown();
  });
});
