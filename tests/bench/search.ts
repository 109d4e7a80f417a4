// GET /api/search at several sizes (mockman seed's realistic posts: sentences,
// names, places, #tags): the first search (it builds the index), then one page
// of each kind of query, and a write with the index kept in step.
import { createMock } from "#mock/core/create-mock";
import { realisticData } from "#cli/seed-data";
import { NullStore, fmt, measure, table } from "./measure";

const QUERIES: Array<[string, string]> = [
  ["a word (coffee)", "q=coffee"],
  ["a prefix (co)", "q=co"],
  ["two words, last a prefix (morning sk)", "q=morning%20sk"],
  ["a common tag (#food)", "q=%23food"],
  ["a rare word (no match)", "q=zzyzx%20"],
  ["people (name prefix)", "type=users&q=ma"],
  ["tags (prefix)", "type=tags&q=%23w"],
];

export async function benchSearch(sizes: number[]) {
  const rows: string[][] = [];
  for (const n of sizes) {
    const data = await realisticData({ users: 1000, posts: n, seed: 7, iterations: 1000 });
    const mock = await createMock({ store: new NullStore(data), passwordIterations: 1000 });
    const get = async (query: string) => {
      const res = await mock.dispatch({ method: "GET", url: `/api/search?limit=20&${query}`, headers: {}, body: "" });
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${res.body.slice(0, 200)}`);
      return res.body;
    };
    const first = performance.now();
    await get("q=coffee");
    rows.push([String(n), "first search (builds the index)", fmt(performance.now() - first), ""]);
    for (const [label, query] of QUERIES) {
      const stats = await measure(() => get(query), { minRuns: 20, minMs: 200 });
      rows.push([String(n), label, fmt(stats.median), fmt(stats.p95)]);
    }
    const token = JSON.parse(
      (
        await mock.dispatch({
          method: "POST",
          url: "/api/auth/login",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username: data.users[0].username, password: "password" }),
        })
      ).body,
    ).encodedToken as string;
    const write = await measure(
      () =>
        mock.dispatch({
          method: "POST",
          url: "/api/posts",
          headers: { "content-type": "application/json", authorization: token, prefer: "return=minimal" },
          body: JSON.stringify({ postData: { content: "bench post #bench with some words to index" } }),
        }),
      { minRuns: 20, minMs: 200 },
    );
    rows.push([String(n), "POST /api/posts (index kept)", fmt(write.median), fmt(write.p95)]);
    await mock.shutdown();
  }
  console.log("## GET /api/search (one page of 20)\n");
  table(["posts", "query", "median", "p95"], rows);
}
