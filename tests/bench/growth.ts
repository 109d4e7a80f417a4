// Growth of a store under one user's comments: a 2 MB avatar, then 500 comments
// by its owner on one post. Prints what each comment costs (time through
// dispatch, bytes written to the store, as the file store's journal line) and
// how much the stored data grew. Figures, not assertions: the baseline for
// storing users by id (records that quote a user copy its photo today).
import { createMock } from "#mock/server";
import { seedSnapshot } from "#mock/seed";
import type { ChangeSet, Snapshot, Store } from "#mock/types";
import { applyChanges } from "#mock/store/apply";
import { fmt, table } from "./measure";

class CountingStore implements Store {
  readonly label = "counting";
  lastBytes = 0;
  constructor(public data: Snapshot) {}
  async load() {
    return structuredClone(this.data);
  }
  async commit(changes: ChangeSet) {
    const line = JSON.stringify(changes);
    this.lastBytes = line.length;
    this.data = applyChanges(this.data, JSON.parse(line));
  }
  async replace(snapshot: Snapshot) {
    this.data = structuredClone(snapshot);
  }
  async close() {}
}

const mb = (chars: number) => `${(chars / 1024 / 1024).toFixed(2)} MB`;

export async function benchGrowth(comments = 500) {
  const store = new CountingStore(await seedSnapshot(1000));
  const mock = await createMock({ store, passwordIterations: 1000 });
  const send = async (method: string, url: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { "content-type": "application/json", prefer: "return=minimal" };
    if (token) headers.authorization = token;
    const r = await mock.dispatch({ method, url, headers, body: body === undefined ? "" : JSON.stringify(body) });
    if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${r.body.slice(0, 200)}`);
    return JSON.parse(r.body);
  };
  const { encodedToken: token } = await send("POST", "/api/auth/signup", { username: "bigface", password: "secret-pw", firstName: "Big" });
  const size0 = JSON.stringify(store.data).length;
  const avatar = `data:image/png;base64,${"A".repeat(2_796_000)}`;
  await send("POST", "/api/users/edit", { userData: { userPhoto: avatar } }, token);
  const { post } = await send("POST", "/api/posts", { postData: { content: "growth" } }, token);
  const size1 = JSON.stringify(store.data).length;
  const rows: string[][] = [];
  let stopped = "";
  for (let i = 1; i <= comments; i++) {
    const t = performance.now();
    await send("POST", `/api/comments/add/${post._id}`, { commentData: { commentVal: `comment number ${i}` } }, token);
    const ms = performance.now() - t;
    if ([1, 10, 50, 100, 250, 500].includes(i) || i === comments) rows.push([String(i), fmt(ms), mb(store.lastBytes)]);
    // A comment that copies the avatar makes the post grow by 2.7 MB each time: stop before V8's string limit.
    if (ms > 1000 || store.lastBytes > 100 * 1024 * 1024) {
      if (rows.at(-1)![0] !== String(i)) rows.push([String(i), fmt(ms), mb(store.lastBytes)]);
      stopped = ` Stopped after comment ${i}: one comment cost ${fmt(ms)} and wrote ${mb(store.lastBytes)}.`;
      break;
    }
  }
  const size2 = JSON.stringify(store.data).length;
  console.log(`## Store growth: a 2 MB avatar and ${comments} comments by its owner on one post (store writes as journal lines; answers with Prefer: return=minimal)`);
  table(["comment #", "time", "bytes written"], rows);
  console.log(`Stored data: ${mb(size0)} at start, ${mb(size1)} after the avatar and the post, ${mb(size2)} after the comments.${stopped}\n`);
  await mock.shutdown();
}
