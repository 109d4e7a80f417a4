// seed, reset, export, import and --db / MOCKMAN_DB: what reaches the store,
// and that a bad input or an unreadable store changes nothing.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireLock } from "#mock/node/lock";
import { cli, folderState, oneStderrLine, tempDb } from "./helpers";
import { TINY, TINY_URL } from "../fixtures/images";

async function counts(db: string) {
  const exported = JSON.parse((await cli(["export", "--db", db])).stdout);
  return { users: exported.data.users.length, posts: exported.data.posts.length, todos: exported.data.todos.length };
}

describe("seed and reset", () => {
  it("seed adds a deterministic data set; --replace puts it in place of the data", async () => {
    const { db } = tempDb();
    const added = await cli(["seed", "--users", "3", "--posts", "20", "--seed", "7", "--db", db]);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/Added 3 users, 20 posts and \d+ comments \(seed 7\)/);
    expect(await counts(db)).toEqual({ users: 7, posts: 26, todos: 0 });

    const { db: other } = tempDb();
    await cli(["seed", "--users", "3", "--posts", "20", "--seed", "7", "--db", other]);
    const ids = async (d: string) => JSON.parse((await cli(["export", "--db", d])).stdout).data.posts.map((p: { _id: string }) => p._id);
    expect(await ids(other)).toEqual(await ids(db));

    const replaced = await cli(["seed", "--users", "2", "--posts", "5", "--seed", "8", "--replace", "--db", db]);
    expect(replaced.code).toBe(0);
    expect(await counts(db)).toEqual({ users: 2, posts: 5, todos: 0 });
    // The output names a generated user to log in as.
    const username = replaced.stdout.match(/--as (\S+):password/)![1];
    const login = await cli([
      "request",
      "POST",
      "/api/auth/login",
      "-d",
      JSON.stringify({ username, password: "password" }),
      "--json",
      "--db",
      db,
    ]);
    expect(JSON.parse(login.stdout).status).toBe(200);
  });

  it("seeding the same --seed twice is refused, and the store is unchanged", async () => {
    const { dir, db } = tempDb();
    await cli(["seed", "--users", "2", "--posts", "2", "--db", db]);
    const before = folderState(dir);
    const again = await cli(["seed", "--users", "2", "--posts", "2", "--db", db]);
    expect(again.code).toBe(2);
    expect(oneStderrLine(again)).toMatch(
      /^mockman: cannot add this data set: username [a-z]+1_0 is already taken \(added by an earlier seed\?\); pick another --seed or add --replace\. The store was not changed$/,
    );
    expect(folderState(dir)).toEqual(before);
  });

  it("bad numbers are usage errors", async () => {
    const { db } = tempDb();
    const ran = await cli(["seed", "--users", "many", "--db", db]);
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toBe("mockman: --users: expected a whole number");
  });

  it("reset restores the spec's seed", async () => {
    const { db } = tempDb();
    await cli(["seed", "--users", "2", "--posts", "9", "--db", db]);
    const ran = await cli(["reset", "--db", db]);
    expect(ran.stdout).toBe(`Reset ${db} to the seed: 4 users, 6 posts, 0 comments, 0 photos. Log in as guest / guest1234.\n`);
    expect(await counts(db)).toEqual({ users: 4, posts: 6, todos: 0 });
  });
});

describe("export and import", () => {
  it("round-trips through a file and through stdin", async () => {
    const { dir, db } = tempDb();
    await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"Milk"}', "--db", db]);
    const exported = await cli(["export", "backup.json", "--db", db], { cwd: dir });
    expect(exported.stdout).toMatch(/^Exported 4 users, 6 posts, 0 comments, 1 todos and 0 photos from .* to .*backup\.json\.\n$/);
    const file = JSON.parse(readFileSync(join(dir, "backup.json"), "utf8"));
    expect(file).toMatchObject({ mockman: "export", version: 5 });

    const { db: target } = tempDb();
    expect((await cli(["import", join(dir, "backup.json"), "--db", target])).code).toBe(0);
    expect(await counts(target)).toEqual({ users: 4, posts: 6, todos: 1 });

    await cli(["reset", "--db", target]);
    const piped = await cli(["import", "-", "--db", target], { stdin: JSON.stringify(file) });
    expect(piped.stdout).toContain("Imported 4 users, 6 posts, 0 comments, 1 todos and 0 photos");
    expect(await counts(target)).toEqual({ users: 4, posts: 6, todos: 1 });
  });

  it("imports a version-1 export (users copied into records) and answers as it did", async () => {
    const { db } = tempDb();
    const v1 = new URL("../api/fixtures/export-v1.json", import.meta.url).pathname;
    const imported = await cli(["import", v1, "--db", db]);
    expect(imported.code).toBe(0);
    const before = JSON.parse(readFileSync(new URL("../api/fixtures/export-v1-answers.json", import.meta.url), "utf8"));
    const posts = await cli(["request", "GET", "/api/posts", "-b", "--db", db]);
    expect(JSON.parse(posts.stdout)).toEqual(JSON.parse(before["/api/posts"]));
    expect(JSON.parse((await cli(["export", "--db", db])).stdout)).toMatchObject({ version: 5 });
  });

  it.each([
    [
      "the wrong version",
      (f: Record<string, unknown>) => ({ ...f, version: 6 }),
      /version: unsupported export version \(this build reads versions 1, 2, 3, 4 and 5\)/,
    ],
    [
      "a wrongly typed field",
      (f: { data: { posts: Array<{ likes: object }> } }) => {
        f.data.posts[2].likes = { likeCount: "many", likedBy: [], dislikedBy: [] };
        return f;
      },
      /data\.posts\.2\.likes\.likeCount: Expected number, received string/,
    ],
    // Raster photos are held to the magic bytes of their type (issue 33), the whole file refused.
    [
      "HTML sent as a PNG",
      (f: { data: { posts: Array<{ postPic: string }> } }) => {
        f.data.posts[0].postPic = TINY_URL.png;
        f.data.posts[1].postPic = `data:image/png;base64,${Buffer.from("<html><script>alert(1)</script>").toString("base64")}`;
        return f;
      },
      /data\.posts\.1\.postPic: an image that cannot be used because its bytes are markup \(HTML or XML\); its type image\/png says a PNG image/,
    ],
    [
      "a PNG said to be a JPEG",
      (f: { data: { users: Array<{ userPhoto: string }> } }) => {
        f.data.users[0].userPhoto = `data:image/jpeg;base64,${TINY.png}`;
        return f;
      },
      /data\.users\.0\.userPhoto: an image that cannot be used because its bytes are a PNG image; its type image\/jpeg says a JPEG image/,
    ],
    [
      "an empty PNG",
      (f: { data: { users: Array<{ coverPhoto: string }> } }) => {
        f.data.users[1].coverPhoto = "data:image/png;base64,AAAA";
        return f;
      },
      /data\.users\.1\.coverPhoto: an image that cannot be used because it holds only 3 bytes \(00 00 00\), too few for a PNG image/,
    ],
    [
      "a PNG cut short",
      (f: { data: { posts: Array<{ postPic: string }> } }) => {
        f.data.posts[3].postPic = `data:image/png;base64,${TINY.png.slice(0, 6)}`;
        return f;
      },
      /data\.posts\.3\.postPic: an image that cannot be used because it holds only 4 bytes \(89 50 4E 47\), too few for a PNG image/,
    ],
  ])("an import file with %s is exit 2, says where, and changes nothing", async (_, spoil, where) => {
    const { dir, db } = tempDb();
    const good = JSON.parse((await cli(["export", "--db", db])).stdout);
    await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"Keep me"}', "--db", db]);
    writeFileSync(join(dir, "bad.json"), JSON.stringify((spoil as (f: unknown) => unknown)(good)));
    const before = folderState(dir);
    const ran = await cli(["import", join(dir, "bad.json"), "--db", db]);
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).toMatch(where);
    expect(oneStderrLine(ran)).toMatch(/The store was not changed$/);
    expect(folderState(dir)).toEqual(before);
  });
});

describe("--db and MOCKMAN_DB", () => {
  it("MOCKMAN_DB chooses the store when --db is absent; --db wins over it", async () => {
    const { dir, db } = tempDb();
    const env = { MOCKMAN_DB: db };
    await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"Env"}'], { env, cwd: dir });
    expect((await counts(db)).todos).toBe(1);
    const { db: flagged } = tempDb();
    await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"Flag"}', "--db", flagged], { env });
    expect((await counts(db)).todos).toBe(1);
    expect((await counts(flagged)).todos).toBe(1);
  });

  it("defaults to .mockman/db.json under the current directory", async () => {
    const { dir } = tempDb();
    await cli(["reset"], { cwd: dir });
    expect(Object.keys(folderState(join(dir, ".mockman")))).toContain("db.json");
  });

  it("a journal line cut short by a crash is dropped, the rest kept, and the user told on stderr", async () => {
    const { db } = tempDb();
    await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"Kept"}', "--db", db]);
    appendFileSync(`${db}.journal`, '{"seq":99,"chan');
    const ran = await cli(["request", "GET", "/api/test-todos", "-b", "--db", db]);
    expect(ran.code).toBe(0);
    expect(oneStderrLine(ran)).toMatch(/^mockman: .*db\.json\.journal: dropped 15 bytes of a last line cut short/);
    expect(JSON.parse(ran.stdout).todos.map((t: { title: string }) => t.title)).toEqual(["Kept"]);
  });

  it("a corrupt store is exit 1, named in one line, and left as it was", async () => {
    const { dir, db } = tempDb();
    writeFileSync(db, '{"mockman":"db", "version": 1, "data": {"users": [');
    const before = folderState(dir);
    for (const args of [["request", "GET", "/api/posts"], ["export"], ["seed"], ["reset"]]) {
      const ran = await cli([...args, "--db", db]);
      expect(ran.code).toBe(1);
      expect(oneStderrLine(ran)).toMatch(new RegExp(`^mockman: cannot open the store: ${db.replace(/[.]/g, "\\.")} is not valid JSON`));
      expect(folderState(dir)).toEqual(before);
    }
  });
});

describe("another mockman command holding the store", () => {
  it("is waited for, then the command runs", async () => {
    const { db } = tempDb();
    await cli(["reset", "--db", db]);
    const lock = await acquireLock(db, { waitMs: 0, info: { command: "mockman seed" } });
    setTimeout(() => void lock.release(), 300);
    const ran = await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"After"}', "--db", db]);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toBe("");
  });

  it("past the wait, is exit 1 naming the holder, and nothing changes", async () => {
    const { dir, db } = tempDb();
    await cli(["reset", "--db", db]);
    const lock = await acquireLock(db, { waitMs: 0, info: { command: "mockman import" } });
    try {
      const before = folderState(dir);
      const env = { MOCKMAN_LOCK_WAIT_MS: "200" };
      for (const args of [["request", "POST", "/api/test-todos", "-d", "{}"], ["reset"]]) {
        const ran = await cli([...args, "--db", db], { env });
        expect(ran.code).toBe(1);
        expect(oneStderrLine(ran)).toBe(
          `mockman: ${db} is busy: mockman import (pid ${process.pid}) still holds it after 0.2 s. Wait for it to finish, or stop it`,
        );
      }
      expect(folderState(dir)).toEqual(before);
    } finally {
      await lock.release();
    }
  });
});

describe("mockman seed's data reads like a microblog", () => {
  it("distinct people with bios and links, sentences with hashtags, some pictures, comments, follows, and like counts that match likedBy", async () => {
    const { db } = tempDb();
    expect((await cli(["seed", "--users", "30", "--posts", "300", "--seed", "5", "--replace", "--db", db])).code).toBe(0);
    const { users, posts, comments } = JSON.parse((await cli(["export", "--db", db])).stdout).data;
    expect(new Set(users.map((u: { username: string }) => u.username)).size).toBe(30);
    expect(new Set(users.map((u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`)).size).toBeGreaterThan(25);
    for (const u of users) {
      expect(u.bio.length).toBeGreaterThan(0);
      expect(u.bio).not.toMatch(/^Generated user/);
      expect(u.link).toMatch(/^https:\/\/\S+\.\S+$/);
      expect(u.firstName.length).toBeLessThanOrEqual(12);
      expect(u.username.length).toBeLessThanOrEqual(12);
    }
    for (const p of posts) {
      expect(p.content).toMatch(/#\w+/);
      expect(p.content.length).toBeLessThanOrEqual(210);
      expect(p.likes.likeCount).toBe(p.likes.likedBy.length);
    }
    for (const c of comments) expect(c.commentVal.length).toBeLessThanOrEqual(60);
    expect(posts.filter((p: { postPic: string }) => p.postPic).length).toBeGreaterThan(20);
    // Comments are their own records, each on a post of the set.
    const postIds = new Set(posts.map((p: { _id: string }) => p._id));
    expect(comments.every((c: { postId: string }) => postIds.has(c.postId))).toBe(true);
    expect(new Set(comments.map((c: { postId: string }) => c.postId)).size).toBeGreaterThan(30);
    // Follows are kept on both sides (stored as user ids).
    const byId = new Map(users.map((u: { _id: string }) => [u._id, u]));
    let follows = 0;
    for (const u of users)
      for (const f of u.following) {
        follows++;
        expect((byId.get(f) as { followers: string[] }).followers).toContain(u._id);
      }
    expect(follows).toBeGreaterThan(30);
  });
});
