// Every answer keeps its exact bytes while the stored shape changes (issue 11,
// bounded records): one request sequence that touches every answer holding a
// quoted user (posts, post, user, users, comments, bookmarks, follow, login and
// signup), compared with the answers captured before records referred to users by id.
// Fresh ids and tokens are replaced by names in order of appearance.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { seedSnapshot } from "#mock/data/seed";
import { createMock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";
import { PASSWORDS, SEED_POST } from "./client";
import { PNG_URL } from "../fixtures/images";

const FIXTURE = fileURLToPath(new URL("./fixtures/golden-answers.json", import.meta.url));
const V1_EXPORT = fileURLToPath(new URL("./fixtures/export-v1.json", import.meta.url));
const V1_ANSWERS = fileURLToPath(new URL("./fixtures/export-v1-answers.json", import.meta.url));
const V2_EXPORT = fileURLToPath(new URL("./fixtures/export-v2.json", import.meta.url));
const V2_ANSWERS = fileURLToPath(new URL("./fixtures/export-v2-answers.json", import.meta.url));
const NOW = new Date("2026-01-02T03:04:05.000Z");
const PHOTO = PNG_URL;

async function run(): Promise<string[]> {
  let tick = 0;
  const now = () => new Date(NOW.getTime() + 1000 * tick++);
  const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000, now, seed: () => seedSnapshot(1000, NOW) });
  const answers: string[] = [];
  const ids = new Map<string, string>();
  const normal = (text: string) =>
    text
      .replace(/"encodedToken":"[^"]+"/g, '"encodedToken":"<token>"')
      .replace(/"next":"[^"]+"/g, '"next":"<cursor>"')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (id.startsWith("8d0c3c7e-") || id.startsWith("5c1e5a52-")) return id;
        if (!ids.has(id)) ids.set(id, `<id${ids.size}>`);
        return ids.get(id)!;
      });
  const call = async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) => {
    const h: Record<string, string> = { ...headers };
    if (token) h.authorization = token;
    if (body !== undefined) h["content-type"] = "application/json";
    const response = await mock.handle(
      new Request(`http://localhost${path}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) }),
    );
    const text = await response.text();
    answers.push(`${method} ${normal(path)} ${response.status} ${normal(text)}`);
    return text ? JSON.parse(text) : undefined;
  };
  const login = async (username: keyof typeof PASSWORDS) =>
    (await call("POST", "/api/auth/login", undefined, { username, password: PASSWORDS[username] })).encodedToken as string;

  const guest = await login("guest");
  const ada = await login("adasterling");
  const signed = await call("POST", "/api/auth/signup", undefined, {
    username: "zoe",
    password: "secret-pw",
    firstName: "Zoe",
    lastName: "Ray",
    userPhoto: PHOTO,
  });
  const zoe = signed.encodedToken as string;
  const zoeId = signed.createdUser._id as string;
  const guestId = "5c1e5a52-5e6f-4c0f-9a2b-0a7e3b1d2c03";
  const adaId = "5c1e5a52-5e6f-4c0f-9a2b-0a7e3b1d2c01";

  await call("POST", `/api/posts/like/${SEED_POST}`, zoe);
  await call("POST", `/api/posts/like/${SEED_POST}`, guest, undefined, { prefer: "return=minimal" });
  await call("POST", `/api/posts/dislike/${SEED_POST}`, ada);
  const created = await call("POST", "/api/posts", zoe, { postData: { content: "Hello from Zoe" } }, { prefer: "return=minimal" });
  const zoePost = created.post._id as string;
  await call("POST", "/api/posts", guest, { postData: { content: "Guest again", postPic: "/seed/post-sea.svg" } });
  await call("POST", `/api/posts/edit/${zoePost}`, zoe, { postData: { content: "Hello, edited" } });
  // Alt text: given at creation, and added by an edit (the field then comes last in the record).
  await call("POST", "/api/posts", ada, { postData: { content: "With alt", postPic: "/seed/post-dawn.svg", postPicAlt: "A dawn sky" } });
  await call("POST", `/api/posts/edit/${zoePost}`, zoe, { postData: { postPic: "/seed/post-sea.svg", postPicAlt: "The sea" } });
  await call("POST", "/api/users/edit", ada, { userData: { userPhotoAlt: "Ada smiling", coverPhotoAlt: "Clouds" } });
  await call("POST", `/api/posts/like/${zoePost}`, ada);
  await call("POST", `/api/comments/add/${SEED_POST}`, zoe, { commentData: { comment: { commentVal: "First!" } } });
  const added = await call(
    "POST",
    `/api/comments/add/${SEED_POST}`,
    guest,
    { commentData: { commentVal: "Second" } },
    { prefer: "return=minimal" },
  );
  const [c1, c2] = added.post.comments.map((c: { _id: string }) => c._id);
  await call("POST", `/api/comments/add/${zoePost}`, ada, { commentData: { commentVal: "Nice" } });
  await call("POST", `/api/comments/upvote/${SEED_POST}/${c1}`, guest);
  await call("POST", `/api/comments/upvote/${SEED_POST}/${c1}`, ada);
  await call("POST", `/api/comments/downvote/${SEED_POST}/${c2}`, zoe);
  await call("POST", `/api/comments/edit/${SEED_POST}/${c2}`, guest, { commentData: { commentVal: "Second, edited" } });
  await call("POST", `/api/users/follow/${zoeId}`, guest);
  await call("POST", `/api/users/follow/${guestId}`, zoe);
  await call("POST", `/api/users/follow/${adaId}`, zoe);
  await call("POST", `/api/users/unfollow/${adaId}`, zoe);
  await call("POST", `/api/users/bookmark/${SEED_POST}`, zoe);
  await call("POST", `/api/users/bookmark/${zoePost}`, guest);

  const reads = async () => {
    await call("GET", "/api/posts");
    await call("GET", "/api/posts?limit=3");
    await call("GET", `/api/posts/${SEED_POST}`);
    await call("GET", `/api/posts/${zoePost}`);
    await call("GET", "/api/posts/user/zoe");
    await call("GET", "/api/posts/user/zoe?limit=1");
    await call("GET", `/api/comments/${SEED_POST}`);
    await call("GET", `/api/comments/${SEED_POST}?limit=1`);
    await call("GET", "/api/users");
    await call("GET", "/api/users?limit=2");
    await call("GET", `/api/users/${zoeId}`);
    await call("GET", "/api/users/guest");
    await call("GET", "/api/users/bookmark", zoe);
    await call("GET", "/api/users/bookmark?limit=5", guest);
  };
  await reads();

  // A profile edit shows at once everywhere the user is quoted.
  await call("POST", "/api/users/edit", zoe, {
    userData: { firstName: "Zoey", lastName: "Rae", userPhoto: "/seed/avatar-lena.svg", bio: "new bio" },
  });
  await reads();
  // A real export of an older version, with the answers it gave: version 1 (names and photos copied
  // into every record), version 2 (comments inside their post's record).
  // Only the version that wrote a fixture can write it again (a build of another version would mislabel it).
  for (const [version, file, answersFile] of [
    [1, V1_EXPORT, V1_ANSWERS],
    [2, V2_EXPORT, V2_ANSWERS],
  ] as const) {
    if (existsSync(file) || (mock.exportData().version as number) !== version) continue;
    writeFileSync(file, JSON.stringify(mock.exportData()) + "\n");
    const raw = async (path: string) => (await mock.handle(new Request(`http://localhost${path}`))).text();
    const paths = ["/api/posts", `/api/comments/${SEED_POST}`, "/api/users", `/api/users/${zoeId}`];
    writeFileSync(
      answersFile,
      JSON.stringify(Object.fromEntries(await Promise.all(paths.map(async (p) => [p, await raw(p)]))), null, 1) + "\n",
    );
  }
  await call("POST", "/api/users/edit", guest, { userData: { bio: "only the bio" } });
  await call("POST", `/api/comments/delete/${SEED_POST}/${c1}`, zoe);
  await call("POST", `/api/comments/delete/${SEED_POST}/${c2}`, guest, undefined, { prefer: "return=minimal" });
  await call("POST", `/api/posts/dislike/${SEED_POST}`, zoe);
  await call("POST", `/api/users/remove-bookmark/${zoePost}`, guest);
  await call("POST", "/api/auth/login", undefined, { username: "zoe", password: "secret-pw" });
  await login("guest");
  await call("DELETE", `/api/posts/${zoePost}`, zoe);
  await reads().catch(() => undefined);
  await mock.shutdown();
  return answers;
}

describe("answers keep their exact bytes", () => {
  it("matches the answers captured before records referred to users by id", async () => {
    const answers = await run();
    if (!existsSync(FIXTURE) || process.env.UPDATE_GOLDEN === "1") writeFileSync(FIXTURE, JSON.stringify(answers, null, 1) + "\n");
    const golden = JSON.parse(readFileSync(FIXTURE, "utf8")) as string[];
    expect(answers.length).toBe(golden.length);
    for (let i = 0; i < golden.length; i++) expect(answers[i], `answer ${i}`).toBe(golden[i]);
  });
});
