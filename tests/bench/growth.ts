// Growth of a store under one user's comments: a 2 MB avatar and 500 comments by
// its owner. Prints what each comment costs (time through dispatch, the median of
// the last 10; bytes written to the store as the file store's journal line; bytes
// of the answer) and how much the stored data grew. Figures, not assertions.
// Records quote users by id and comments are records of their own, so the store
// holds the avatar once and a comment writes itself and its post's stamp; answers
// quote the avatar by reference (/api/photos/...), so they carry it no more.
import { createMock } from "#mock/core/create-mock";
import { seedSnapshot } from "#mock/data/seed";
import type { ChangeSet, Snapshot, Store } from "#mock/core/types";
import { applyChanges } from "#mock/store/apply";
import { fmt, table } from "./measure";
import { bigPng } from "../fixtures/images";

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

const mb = (chars: number) => (chars < 1024 * 1024 ? `${(chars / 1024).toFixed(1)} kB` : `${(chars / 1024 / 1024).toFixed(2)} MB`);

export async function benchGrowth(comments = 500) {
  const store = new CountingStore(await seedSnapshot(1000));
  const mock = await createMock({ store, passwordIterations: 1000 });
  let answerBytes = 0;
  const send = async (method: string, url: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { "content-type": "application/json", prefer: "return=minimal" };
    if (token) headers.authorization = token;
    const r = await mock.dispatch({ method, url, headers, body: body === undefined ? "" : JSON.stringify(body) });
    if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${r.body.slice(0, 200)}`);
    answerBytes = r.body.length;
    return JSON.parse(r.body);
  };
  const size = () => JSON.stringify(store.data).length;
  const avatar = bigPng(2_796_000);
  const comment = async (postId: string, i: number, token: string) => {
    const t = performance.now();
    await send("POST", `/api/comments/add/${postId}`, { commentData: { commentVal: `comment number ${i}` } }, token);
    return performance.now() - t;
  };
  const times: number[] = [];
  const median = () => {
    const last = times.slice(-10).sort((a, b) => a - b);
    return last[last.length >> 1];
  };
  const row = (i: number) => [String(i), fmt(median()), mb(store.lastBytes), mb(answerBytes)];
  const marks = (i: number) => [1, 10, 50, 100, 250, 500].includes(i) || i === comments;

  // 1. The avatar first, then comments on one post.
  const { encodedToken: token } = await send("POST", "/api/auth/signup", { username: "bigface", password: "secret-pw", firstName: "Big" });
  const size0 = size();
  await send("POST", "/api/users/edit", { userData: { userPhoto: avatar } }, token);
  const { post } = await send("POST", "/api/posts", { postData: { content: "growth" } }, token);
  const size1 = size();
  const rows: string[][] = [];
  let stopped = "";
  for (let i = 1; i <= comments; i++) {
    times.push(await comment(post._id, i, token));
    if (marks(i)) rows.push(row(i));
    // Were the avatar quoted whole in every comment (as before photo references), stop well before V8's string limit.
    if (answerBytes > 100 * 1024 * 1024) {
      if (rows.at(-1)![0] !== String(i)) rows.push(row(i));
      stopped = ` Stopped after comment ${i}: its answer was ${mb(answerBytes)}.`;
      break;
    }
  }
  const size2 = size();
  console.log(
    `## Store growth: a 2 MB avatar, then up to ${comments} comments by its owner on one post (store writes as journal lines; answers with Prefer: return=minimal)`,
  );
  table(["comment #", "time", "bytes written", "answer"], rows);
  console.log(
    `Stored data: ${mb(size0)} at start, ${mb(size1)} after the avatar and the post, ${mb(size2)} after the comments.${stopped}\n`,
  );

  // 2. All the comments first (small answers), then the avatar.
  const { encodedToken: other } = await send("POST", "/api/auth/signup", {
    username: "lateface",
    password: "secret-pw",
    firstName: "Late",
  });
  const { post: second } = await send("POST", "/api/posts", { postData: { content: "growth 2" } }, other);
  const size3 = size();
  const rows2: string[][] = [];
  times.length = 0;
  for (let i = 1; i <= comments; i++) {
    times.push(await comment(second._id, i, other));
    if (marks(i)) rows2.push(row(i));
  }
  const size4 = size();
  const t = performance.now();
  await send("POST", "/api/users/edit", { userData: { userPhoto: avatar } }, other);
  const editMs = performance.now() - t;
  console.log(`## Store growth: ${comments} comments by one user on one post, then a 2 MB avatar`);
  table(["comment #", "time", "bytes written", "answer"], rows2);
  console.log(
    `Stored data: ${mb(size3)} before, ${mb(size4)} after the comments, ${mb(size())} after the avatar (the edit took ${fmt(editMs)} and wrote ${mb(store.lastBytes)}).\n`,
  );
  await mock.shutdown();
}
