// The Following feed and the people lists (issue 34) at 1k/10k/100k posts among 1,000
// people: a page merges the followed authors' post lists (the posts' per-author index),
// so its cost follows how many people are followed, not how many posts there are.
import { createMock } from "#mock/core/create-mock";
import { GENERATED_PASSWORD, generateData } from "#mock/data/seed";
import { NullStore, fmt, measure, table } from "./measure";

const PEOPLE = 1_000;

export async function benchFollowing(sizes: number[]) {
  const rows: string[][] = [];
  for (const n of sizes) {
    const data = await generateData({ users: PEOPLE, posts: n, seed: 11, iterations: 1_000 });
    // The first user follows `few` people; the second follows everyone else; everyone follows the first.
    const [me, all] = data.users;
    const few = 50;
    for (const [who, count] of [
      [me, few],
      [all, PEOPLE - 1],
    ] as const) {
      for (const other of data.users.filter((u) => u._id !== who._id).slice(0, count)) {
        who.following.push(other._id);
        other.followers.push(who._id);
      }
    }
    for (const other of data.users.slice(2)) if (!me.followers.includes(other._id)) me.followers.push(other._id);
    const mock = await createMock({ store: new NullStore(data), passwordIterations: 1_000 });
    const login = async (username: string) =>
      JSON.parse(
        (
          await mock.dispatch({
            method: "POST",
            url: "/api/auth/login",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ username, password: GENERATED_PASSWORD }),
          })
        ).body,
      ).encodedToken as string;
    const get = async (url: string, token?: string) => {
      const res = await mock.dispatch({ method: "GET", url, headers: token ? { authorization: token } : {}, body: "" });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 200)}`);
      return JSON.parse(res.body) as { next: string | null };
    };
    for (const [label, token] of [
      [`following ${few}`, await login(me.username)],
      [`following ${PEOPLE - 1}`, await login(all.username)],
    ] as const) {
      const first = await measure(() => get("/api/posts/following?limit=20", token), { minRuns: 20, minMs: 200 });
      // Ten pages in: the cursor's place is found by binary search in each author's list.
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) cursor = (await get(`/api/posts/following?limit=20${cursor ? `&cursor=${cursor}` : ""}`, token)).next;
      const deep = cursor
        ? fmt((await measure(() => get(`/api/posts/following?limit=20&cursor=${cursor}`, token), { minRuns: 20, minMs: 200 })).median)
        : "(fewer pages)";
      rows.push([String(n), `GET /api/posts/following, ${label}`, fmt(first.median), fmt(first.p95), deep]);
    }
    const everyone = await measure(() => get("/api/posts?limit=20"), { minRuns: 20, minMs: 200 });
    rows.push([String(n), "GET /api/posts (for comparison)", fmt(everyone.median), fmt(everyone.p95), ""]);
    const followers = await measure(() => get(`/api/users/followers/${me.username}?limit=20`), { minRuns: 20, minMs: 200 });
    rows.push([String(n), `GET /api/users/followers/:id (${PEOPLE - 2} followers)`, fmt(followers.median), fmt(followers.p95), ""]);
    await mock.shutdown();
  }
  console.log(`## The Following feed and people lists (${PEOPLE.toLocaleString("en")} people, pages of 20)\n`);
  table(["posts", "call", "median", "p95", "page 11"], rows);
}

// `npx tsx tests/bench/following.ts [sizes…]` runs this alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  await benchFollowing(sizes.length ? sizes : [1_000, 10_000, 100_000]);
}
