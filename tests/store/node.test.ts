// mock/node/door.ts: where the store lives, and the mock opened behind the store's lock.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LockedError, StoreError, openFileMock, storePath } from "#mock/node/door";
import { FileStore } from "#mock/node/file-store";
import type { TodoRecord } from "#mock/core/types";
import { ITERATIONS, addTodo, call, tempDir } from "./helpers";

describe("storePath", () => {
  it("takes --db first, then MOCKMAN_DB, then .mockman/db.json under the command's directory; the label is as given", () => {
    const env = { MOCKMAN_DB: "from-env.json" };
    expect(storePath({ flag: "flag.json", env, cwd: "/w" })).toEqual({ path: "/w/flag.json", label: "flag.json" });
    expect(storePath({ env, cwd: "/w" })).toEqual({ path: "/w/from-env.json", label: "from-env.json" });
    expect(storePath({ env: { MOCKMAN_DB: "" }, cwd: "/w" })).toEqual({ path: "/w/.mockman/db.json", label: ".mockman/db.json" });
    expect(storePath({ flag: "/abs/db.json", cwd: "/w" })).toEqual({ path: "/abs/db.json", label: "/abs/db.json" });
    expect(storePath().path).toBe(path.join(process.cwd(), ".mockman", "db.json"));
  });
});

describe("openFileMock", () => {
  const open = (db: string, command = "mockman request", waitMs = 0) =>
    openFileMock(db, { passwordIterations: ITERATIONS, lock: { waitMs, info: { command } } });

  it("holds the lock until release, which folds the journal and frees the store", async () => {
    const db = path.join(await tempDir(), "db.json");
    const first = await open(db);
    expect((await addTodo(first.mock, "first")).status).toBe(201);
    await expect(open(db, "another")).rejects.toBeInstanceOf(LockedError);
    await first.release();
    await first.release();
    expect(await fs.readFile(`${db}.journal`).catch(() => null)).toBeNull();

    const second = await open(db);
    expect((await call(second.mock, "GET", "/api/test-todos")).body.todos.map((t: TodoRecord) => t.title)).toEqual(["first"]);
    await second.release();
  });

  it("tells a CLI command which port a running server is on", async () => {
    const db = path.join(await tempDir(), "db.json");
    const server = await open(db, "mockman serve");
    await server.lock.update({ port: 3001 });
    await expect(open(db)).rejects.toThrow(
      `is using ${db} on port 3001 — send the request with --base-url http://127.0.0.1:3001, or stop it.`,
    );
    await server.release();
  });

  it("releases the lock when the store cannot be read, and leaves the file as it was", async () => {
    const db = path.join(await tempDir(), "db.json");
    await fs.writeFile(db, "garbage");
    await expect(open(db)).rejects.toBeInstanceOf(StoreError);
    expect(await fs.readdir(path.dirname(db))).toEqual(["db.json"]);
    expect(await fs.readFile(db, "utf8")).toBe("garbage");
  });
});

describe("two processes on one store", () => {
  it("keeps all 60 writes of two processes writing 30 each at the same time", async () => {
    const db = path.join(await tempDir(), "db.json");
    const run = (name: string) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn("npx", ["tsx", "tests/store/fixtures/writer.ts", db, name, "30"], { stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        child.stdout.on("data", (c) => (out += c));
        child.stderr.on("data", (c) => (out += c));
        child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${name} exited ${code}: ${out}`))));
      });
    await Promise.all([run("left"), run("right")]);

    const saved = (await new FileStore(db).load())!;
    const titles = saved.todos.map((t) => t.title);
    expect(titles).toHaveLength(60);
    for (const name of ["left", "right"]) {
      // Each process's writes are all there, in the order it made them.
      expect(titles.filter((t) => t.startsWith(`${name}-`))).toEqual(Array.from({ length: 30 }, (_, i) => `${name}-${i}`));
    }
    expect(saved.posts).toHaveLength(6);
    expect(await fs.readdir(path.dirname(db))).toEqual(["db.json"]);
  }, 120_000);
});
