// A profile's tabs (issue 47) at 1k/10k/100k posts among 1,000 people: one user wrote every
// tenth post and likes every third. Posts, Media and Likes each page one list the posts table
// keeps (by author, by author with a photo, by liker), so a page costs its 20 posts, not the posts.
import { createMock } from "#mock/core/create-mock";
import { generateData } from "#mock/data/seed";
import { NullStore, fmt, measure, table } from "./measure";

const PEOPLE = 1_000;

export async function benchProfileTabs(sizes: number[]) {
  const rows: string[][] = [];
  for (const n of sizes) {
    const data = await generateData({ users: PEOPLE, posts: n, seed: 11, iterations: 1_000 });
    const me = data.users[0];
    data.posts.forEach((post, i) => {
      if (i % 10 === 0) post.username = me.username;
      if (i % 3 === 0) post.likes.likedBy.push(me._id);
    });
    const mock = await createMock({ store: new NullStore(data), passwordIterations: 1_000 });
    const get = async (url: string) => {
      const res = await mock.dispatch({ method: "GET", url, headers: {}, body: "" });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 200)}`);
      return JSON.parse(res.body) as { next: string | null; total: number };
    };
    const cells: string[] = [String(n)];
    for (const filter of ["posts", "media", "likes"]) {
      const url = `/api/posts/user/${me.username}?filter=${filter}&limit=20`;
      const first = await measure(() => get(url), { minRuns: 20, minMs: 200 });
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) cursor = (await get(`${url}${cursor ? `&cursor=${cursor}` : ""}`)).next;
      const deep = cursor ? fmt((await measure(() => get(`${url}&cursor=${cursor}`), { minRuns: 20, minMs: 200 })).median) : "—";
      const total = (await get(url)).total;
      cells.push(`${fmt(first.median)} (${fmt(first.p95)}); ${deep} [${total.toLocaleString("en")}]`);
    }
    rows.push(cells);
    await mock.shutdown();
  }
  console.log(`## A profile's tabs (${PEOPLE.toLocaleString("en")} people, pages of 20)\n`);
  table(["posts", "Posts: first (p95); page 11 [total]", "Media", "Likes"], rows);
}

// `npx tsx tests/bench/profile-tabs.ts [sizes…]` runs this alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  await benchProfileTabs(sizes.length ? sizes : [1_000, 10_000, 100_000]);
}
