// The store's files are the user's (issue 11, items 7, 8, 9 and 13): a read-only
// store is read but never written, replaced or tidied, even by a GET; a store
// deleted or moved under a running serve refuses writes (507) instead of
// acknowledging them into a file nobody will read; a store reached through a
// symlink is locked and written at its target, and the link stays a link; and
// messages name the store by the path the user typed. A store written over in
// place (`cp`, the same inode) under serve is noticed too (issue 33, item 3).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileStore } from "#mock/node/file-store";
import { BIN, cli, folderState, oneStderrLine, serve, serveProcess, tempDir } from "./helpers";

const restore: string[] = [];
afterEach(async () => {
  // Writable again, so the temp dirs can be removed.
  for (const p of restore.splice(0)) fs.chmodSync(p, 0o755);
});

/** A store in a fresh folder with one unfolded journal line (as after a crash), addressed as `db.json` from that folder. */
async function storeWithJournal(): Promise<{ dir: string; db: string }> {
  const dir = tempDir();
  const db = join(dir, "db.json");
  expect((await cli(["reset", "--db", db])).code).toBe(0);
  const store = new FileStore(db, { foldOnClose: false });
  await store.load();
  const now = new Date().toISOString();
  await store.commit({ todos: { put: [{ _id: "t1", title: "in the journal", done: false, createdAt: now, updatedAt: now }], remove: [] } });
  await store.close();
  expect(fs.existsSync(`${db}.journal`)).toBe(true);
  return { dir, db };
}

const modes = (dir: string) => Object.fromEntries(fs.readdirSync(dir).map((n) => [n, fs.statSync(join(dir, n)).mode]));

describe("a read-only store", () => {
  it.each([
    ["the file is chmod 444", (db: string) => [db, `${db}.journal`], "db.json is read-only (the file has no write permission)"],
    ["its folder is read-only", (db: string) => [join(db, "..")], "db.json is read-only (its folder has no write permission)"],
  ])(
    "(%s): reads work, writes answer 507 or exit 1 naming the store as typed, and no byte or mode changes",
    async (_what, lock, message) => {
      const { dir, db } = await storeWithJournal();
      for (const p of lock(db)) {
        fs.chmodSync(p, p === dir ? 0o555 : 0o444);
        restore.push(p);
      }
      const before = folderState(dir);
      const beforeModes = modes(dir);
      const read = await cli(["request", "GET", "/api/test-todos", "-b", "--db", "db.json"], { cwd: dir });
      expect(read.code).toBe(0);
      expect(JSON.parse(read.stdout).todos.map((t: { title: string }) => t.title)).toEqual(["in the journal"]);
      expect(folderState(dir)).toEqual(before);

      const write = await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"refused"}', "--json", "--db", "db.json"], {
        cwd: dir,
      });
      expect(write.code).toBe(1);
      const answer = JSON.parse(write.stdout);
      expect(answer.status).toBe(507);
      expect(answer.body.errors[0]).toContain(message);
      expect(oneStderrLine(write)).toContain(message);
      expect(write.stdout + write.stderr).not.toContain(dir);

      const reset = await cli(["reset", "--db", "db.json"], { cwd: dir });
      expect(reset.code).toBe(1);
      expect(oneStderrLine(reset)).toContain(message);
      expect(oneStderrLine(reset)).not.toContain("unexpected");
      expect(folderState(dir)).toEqual(before);
      expect(modes(dir)).toEqual(beforeModes);
    },
  );
});

/** Root writes anything; a real user cannot even create the lock in a read-only folder. Run as nobody when we can. */
const canDropToNobody = (() => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "true"]);
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(canDropToNobody)("a read-only folder, as a user who really cannot write there", () => {
  const asNobody = (cwd: string, args: string[]) => {
    try {
      const stdout = execFileSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, BIN, ...args], {
        cwd,
        env: { PATH: process.env.PATH ?? "", HOME: "/tmp" } as unknown as NodeJS.ProcessEnv,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      return { code: 0, stdout, stderr: "" };
    } catch (error) {
      const e = error as { status: number; stdout: string; stderr: string };
      return { code: e.status, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it("reads without the lock, and a write answers 507 naming the store; nothing is created", async () => {
    const { dir } = await storeWithJournal();
    fs.chmodSync(dir, 0o755);
    for (const name of fs.readdirSync(dir)) fs.chownSync(join(dir, name), 65534, 65534);
    fs.chmodSync(dir, 0o555);
    restore.push(dir);
    const before = folderState(dir);
    const read = asNobody(dir, ["request", "GET", "/api/test-todos", "-b", "--db", "db.json"]);
    expect(read.stderr).toBe("");
    expect(JSON.parse(read.stdout).todos.map((t: { title: string }) => t.title)).toEqual(["in the journal"]);
    const write = asNobody(dir, ["request", "POST", "/api/test-todos", "-d", '{"title":"refused"}', "--json", "--db", "db.json"]);
    expect(write.code).toBe(1);
    expect(JSON.parse(write.stdout).status).toBe(507);
    expect(write.stderr.trim()).toBe(
      "mockman: the change was not saved to the store: db.json is read-only (its folder cannot be written: EACCES), so nothing can be saved to it. Make it writable and try again. Check the --db file and its folder",
    );
    expect(folderState(dir)).toEqual(before);
  }, 30_000);
});

async function serveStore(db: string, cwd?: string) {
  const server = await serve({ db, cwd });
  const base = server.url;
  const post = (title: string) =>
    fetch(`${base}/api/test-todos`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ title }) });
  const titles = async () => ((await (await fetch(`${base}/api/test-todos`)).json()).todos as { title: string }[]).map((t) => t.title);
  return { base, post, titles, stop: server.stop };
}

describe("a store made read-only while serve runs", () => {
  it("is not folded or tidied when serve stops, even with no write since", async () => {
    const dir = tempDir();
    const db = join(dir, "db.json");
    const server = await serveStore(db);
    try {
      expect((await server.post("saved")).status).toBe(201);
      for (const p of [db, `${db}.journal`]) {
        fs.chmodSync(p, 0o444);
        restore.push(p);
      }
      expect(await server.titles()).toEqual(["saved"]);
    } finally {
      const before = folderState(dir);
      delete before["db.json.lock"];
      expect((await server.stop()).code).toBe(0);
      expect(folderState(dir)).toEqual(before);
    }
    expect(fs.statSync(db).mode & 0o777).toBe(0o444);
    expect(fs.readFileSync(`${db}.journal`, "utf8")).toContain('"saved"');
  });
});

describe("a store deleted or moved under a running serve", () => {
  it("a deleted journal: later writes answer 507 saying so, and nothing is written back at stop", async () => {
    const dir = tempDir();
    const server = await serveStore("db.json", dir);
    try {
      expect((await server.post("saved")).status).toBe(201);
      fs.rmSync(join(dir, "db.json.journal"));
      const refused = await server.post("into a deleted file");
      expect(refused.status).toBe(507);
      const message = (await refused.json()).errors[0] as string;
      expect(message).toMatch(/not saved.*db\.json\.journal was deleted or moved while mockman was running/);
      expect(message).not.toContain(dir);
      expect(refused.headers.get("x-mock-store-error")).not.toContain(dir);
      expect(await server.titles()).toEqual(["saved"]);
      expect((await server.post("again")).status).toBe(507);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
    expect(fs.existsSync(join(dir, "db.json.journal"))).toBe(false);
  });

  it("a renamed store: later writes answer 507, and no new store appears at the old path", async () => {
    const dir = tempDir();
    const server = await serveStore(join(dir, "db.json"));
    try {
      expect((await server.post("saved")).status).toBe(201);
      fs.renameSync(join(dir, "db.json"), join(dir, "moved.json"));
      const refused = await server.post("lost");
      expect(refused.status).toBe(507);
      // --db was absolute: the answer, which any origin may read, names the file without its folders.
      const message = (await refused.json()).errors[0] as string;
      expect(message).toMatch(/not saved.* db\.json was deleted or moved while mockman was running/);
      expect(message).not.toContain(dir);
      expect(refused.headers.get("x-mock-store-error")).toMatch(/^db\.json was deleted/);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
    expect(fs.existsSync(join(dir, "db.json"))).toBe(false);
    expect(fs.readFileSync(join(dir, "moved.json"), "utf8")).not.toContain("lost");
  });
});

describe("a store written over in place under a running serve (cp, the same inode)", () => {
  /** Another store's bytes, written into db.json's own inode as `cp other.json db.json` does. */
  async function copyOver(dir: string, db: string, title: string) {
    const other = join(dir, "other.json");
    expect((await cli(["request", "POST", "/api/test-todos", "-d", JSON.stringify({ title }), "--db", other])).code).toBe(0);
    const inode = fs.statSync(db).ino;
    fs.writeFileSync(db, fs.readFileSync(other));
    expect(fs.statSync(db).ino).toBe(inode);
    return fs.readFileSync(db, "utf8");
  }

  it("later writes answer 507 saying so, and serve never writes its memory over the copied-in file", async () => {
    const dir = tempDir();
    const db = join(dir, "db.json");
    const server = await serveStore(db);
    let copied: string;
    try {
      expect((await server.post("saved")).status).toBe(201);
      copied = await copyOver(dir, db, "copied in");
      const refused = await server.post("after the copy");
      expect(refused.status).toBe(507);
      expect((await refused.json()).errors[0]).toMatch(/not saved.*db\.json was written over in place .* while mockman was running/);
      expect((await server.post("again")).status).toBe(507);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
    expect(fs.readFileSync(db, "utf8")).toBe(copied);
  });

  it("then kill -9: no write was acknowledged, and the store holds the copied-in data", async () => {
    const dir = tempDir();
    const db = join(dir, "db.json");
    const server = await serveProcess(["--db", db]);
    const post = (title: string) =>
      fetch(`${server.url}/api/test-todos`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title }),
      });
    expect((await post("before")).status).toBe(201);
    await copyOver(dir, db, "copied in");
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(`after ${i}`)).status);
    expect(statuses).toEqual([507, 507, 507, 507, 507]);
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGKILL");
    await exited;
    const listed = await cli(["request", "GET", "/api/test-todos", "-b", "--db", db]);
    expect(listed.code).toBe(0);
    const titles = (JSON.parse(listed.stdout).todos as { title: string }[]).map((t) => t.title);
    expect(titles).toContain("copied in");
    expect(titles.filter((t) => t.startsWith("after"))).toEqual([]);
  });
});

describe("a store reached through a symlink", () => {
  it("is written at its target, keeps the link, and shares the target's lock", async () => {
    const dir = tempDir();
    fs.mkdirSync(join(dir, "data"));
    fs.symlinkSync(join(dir, "data", "real.json"), join(dir, "link.json"));
    const posted = await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"through the link"}', "--db", "link.json"], {
      cwd: dir,
    });
    expect(posted.code).toBe(0);
    expect(fs.lstatSync(join(dir, "link.json")).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(join(dir, "data", "real.json"), "utf8")).toContain("through the link");
    expect(fs.readdirSync(dir).sort()).toEqual(["data", "link.json"]);

    const server = await serveStore("link.json", dir);
    try {
      expect((await server.post("served")).status).toBe(201);
      // The same store by its real name is the server's: one lock for both names.
      const exported = await cli(["export", "-", "--db", join(dir, "data", "real.json")]);
      expect(exported.code).toBe(0);
      expect(oneStderrLine(exported)).toMatch(/is served by mockman serve .*; export goes through its admin API/);
      expect(exported.stdout).toContain("served");
    } finally {
      await server.stop();
    }
    expect(fs.lstatSync(join(dir, "link.json")).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(join(dir, "data", "real.json"), "utf8")).toContain("served");
  });
});

describe("messages name the store as typed", () => {
  it("reset, seed, export and serve say `db.json`, not its absolute path", async () => {
    const dir = tempDir();
    const reset = await cli(["reset", "--db", "db.json"], { cwd: dir });
    expect(reset.stdout).toMatch(/^Reset db\.json to the seed/);
    const seeded = await cli(["seed", "--users", "2", "--posts", "2", "--db", "db.json"], { cwd: dir });
    expect(seeded.stdout).toContain("db.json now holds");
    const exported = await cli(["export", "out.json", "--db", "db.json"], { cwd: dir });
    expect(exported.stdout).toMatch(/ from db\.json to /);
    for (const ran of [reset, seeded]) expect(ran.stdout + ran.stderr).not.toContain(dir);
    const server = await serveStore("db.json", dir);
    await server.stop().then((ran) => expect(ran.stdout).toContain("(store: db.json)"));
  });
});
