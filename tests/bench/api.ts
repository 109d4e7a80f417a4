// Per-call time of the dispatcher at several data sizes, so growth shows.
// The store is a no-op here: store writes are measured in store.ts.
import { exportFileSchema } from "#mock/data/export-file";
import { snapshotProblem } from "#mock/data/data-format";
import { createMock, type Mock } from "#mock/core/create-mock";
import { generateData, GENERATED_PASSWORD } from "#mock/data/seed";
import { DEFAULT_ITERATIONS } from "#mock/core/password";
import { inProcessSender } from "#cli/exchange";
import { NullStore, fmt, measure, table } from "./measure";

// Through dispatch(), the door `mockman serve` uses: the mock's own work, up to
// the answer's text. handle() adds a Web Response on top; in Node reading a
// 40 MB Response costs more than JSON.stringify itself, so one row shows it apart.
async function call(mock: Mock, method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = token ? { authorization: token } : {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await mock.dispatch({ method, url: path, headers, body: body === undefined ? "" : JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body.slice(0, 200)}`);
  // Reading one character makes V8 flatten a concatenated answer, as writing it to a socket does.
  res.body.charCodeAt(res.body.length >> 1);
  return res.body;
}

async function callWeb(mock: Mock, path: string) {
  return (await mock.handle(new Request(`http://localhost${path}`))).text();
}

// `mockman request` and `replay` without --base-url: the CLI's sender, which hands plain data to dispatch().
const cliSend = (mock: Mock, path: string) =>
  inProcessSender(mock, "bench", async () => {}).send({ method: "GET", path, headers: [["accept", "application/json"]] });

export async function benchApi(sizes: number[]) {
  const rows: string[][] = [];
  const oneRecord: Record<string, number[]> = {};
  const boots: string[][] = [];
  // One unrecorded pass first, so the JIT has warmed up before the smallest size is measured.
  for (const [n, record] of [[Math.min(...sizes), false] as const, ...sizes.map((n) => [n, true] as const)]) {
    // Real hashing cost for the login figure: users keep the default iterations.
    const data = await generateData({ users: 200, posts: n, seed: 7, iterations: DEFAULT_ITERATIONS });
    const bootStart = performance.now();
    const mock = await createMock({ store: new NullStore(data) });
    const boot = performance.now() - bootStart;
    if (record) {
      const shape = await measure(() => snapshotProblem(data), { minRuns: 3, minMs: 200 });
      const zod = await measure(() => exportFileSchema.shape.data.safeParse(data), { minRuns: 3, minMs: 200 });
      boots.push([String(n), fmt(boot), fmt(shape.median), fmt(zod.median)]);
    }
    const [me, other] = data.users;
    const token = JSON.parse(
      await call(mock, "POST", "/api/auth/login", undefined, { username: me.username, password: GENERATED_PASSWORD }),
    ).encodedToken;
    const mid = data.posts[Math.floor(n / 2)]._id;
    const stringify = await measure(() => JSON.stringify({ posts: mock.tables.posts.all() }), { minRuns: 5, minMs: 200 });
    let flip = false;
    const flipped = () => (flip = !flip);
    const ops: Array<[string, () => Promise<unknown>, "one" | "all"]> = [
      ["GET /api/posts/:id", () => call(mock, "GET", `/api/posts/${mid}`), "one"],
      [
        "bookmark + remove (per call)",
        () => call(mock, "POST", `/api/users/${flipped() ? "bookmark" : "remove-bookmark"}/${mid}`, token),
        "one",
      ],
      [
        "follow + unfollow (per call)",
        () => call(mock, "POST", `/api/users/${flipped() ? "follow" : "unfollow"}/${other._id}`, token),
        "one",
      ],
      [
        "login (PBKDF2 100k iterations)",
        () => call(mock, "POST", "/api/auth/login", undefined, { username: me.username, password: GENERATED_PASSWORD }),
        "one",
      ],
      ["CLI in-process: GET /api/posts/:id (sender on dispatch)", () => cliSend(mock, `/api/posts/${mid}`), "one"],
      ["CLI in-process before: GET /api/posts/:id via handle(Request)", () => callWeb(mock, `/api/posts/${mid}`), "one"],
      ["GET /api/posts", () => call(mock, "GET", "/api/posts"), "all"],
      ["GET /api/posts via handle() (Web Response)", () => callWeb(mock, "/api/posts"), "all"],
      ["GET /api/posts?limit=20 (first page)", () => call(mock, "GET", "/api/posts?limit=20"), "one"],
      ["like + dislike (per call)", () => call(mock, "POST", `/api/posts/${flipped() ? "like" : "dislike"}/${mid}`, token), "all"],
      ["create post", () => call(mock, "POST", "/api/posts", token, { postData: { content: "bench" } }), "all"],
    ];
    for (const [name, fn, kind] of ops) {
      flip = false;
      const s = await measure(
        fn,
        kind === "all" ? { minRuns: 5, minMs: 300 } : { minRuns: name.startsWith("login") ? 10 : 200, minMs: 300 },
      );
      if (!record) continue;
      if (kind === "one") (oneRecord[name] ??= []).push(s.median);
      rows.push([
        String(n),
        name,
        fmt(s.median),
        fmt(s.p95),
        kind === "all" ? `${(s.median / stringify.median).toFixed(2)}× stringify (${fmt(stringify.median)})` : "",
      ]);
    }
    await mock.shutdown();
  }
  console.log(
    "Boot from a store holding the data (load, shape check, tables), and the check alone: compiled shape check vs the zod schema",
  );
  table(["posts", "boot", "shape check", "zod check (import)"], boots);
  console.log(
    "API calls through dispatch(), the door of mockman serve (median and p95 per call; 'all' calls compared with JSON.stringify of every post)",
  );
  table(["posts", "call", "median", "p95", "vs stringify"], rows);
  if (sizes.length > 1) {
    console.log(`Growth of one-record calls from ${sizes[0]} to ${sizes.at(-1)} posts:`);
    table(
      ["call", "ratio"],
      Object.entries(oneRecord).map(([name, t]) => [name, `${(t.at(-1)! / t[0]).toFixed(2)}×`]),
    );
  }
}
