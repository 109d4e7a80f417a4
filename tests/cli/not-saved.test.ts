// Never acknowledge what is not durable (issue 11, item 2), at the CLI's doors:
// a journal write that fails (a full disk, injected into FileHandle.write)
// answers 507 `{errors}` through `serve` and through the in-process `request`,
// and the change is neither on disk nor in the server's memory.
import fs from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FileStore } from "#mock/node/file-store";
import { cli, oneStderrLine, serve, tempDb } from "./helpers";

/** Every FileHandle.write fails with ENOSPC while the returned switch is on (snapshots use writeFile, journals write). */
async function diskFullSwitch(): Promise<{ full: boolean }> {
  const state = { full: false };
  const probe = await fs.open(process.execPath, "r");
  const proto = Object.getPrototypeOf(probe) as { write: (...args: unknown[]) => Promise<unknown> };
  await probe.close();
  const write = proto.write;
  vi.spyOn(proto, "write").mockImplementation(function (this: unknown, ...args: unknown[]) {
    if (state.full) return Promise.reject(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
    return write.apply(this, args);
  });
  return state;
}

afterEach(async () => {
  vi.restoreAllMocks();
});

const titles = async (db: string) => {
  const store = new FileStore(db, { foldOnClose: false });
  const data = await store.load();
  await store.close();
  return data!.todos.map((t) => t.title);
};

describe("a write the disk refuses", () => {
  it("`request` in-process prints the 507 answer and exits 1, and the store is as it was", async () => {
    const { db } = tempDb();
    expect((await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"saved"}', "--db", db])).code).toBe(0);
    const disk = await diskFullSwitch();
    disk.full = true;
    const ran = await cli(["request", "POST", "/api/test-todos", "-d", '{"title":"lost"}', "--json", "--db", db]);
    disk.full = false;
    expect(ran.code).toBe(1);
    const answer = JSON.parse(ran.stdout);
    expect(answer.status).toBe(507);
    expect(answer.body.errors[0]).toMatch(/not saved.*no space left on device/);
    expect(oneStderrLine(ran)).toMatch(/not saved/);
    expect(await titles(db)).toEqual(["saved"]);
  });

  it("`serve` answers 507 with {errors}, logs it, and never shows the change afterwards", async () => {
    const { db } = tempDb();
    const server = await serve({ db });
    const base = server.url;
    const post = (title: string) =>
      fetch(`${base}/api/test-todos`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify({ title }),
      });
    try {
      expect((await post("saved")).status).toBe(201);
      const disk = await diskFullSwitch();
      disk.full = true;
      const refused = await post("lost");
      disk.full = false;
      expect(refused.status).toBe(507);
      expect(refused.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
      expect((await refused.json()).errors[0]).toMatch(/not saved.*no space left on device/);
      const list = await (await fetch(`${base}/api/test-todos`)).json();
      expect(list.todos.map((t: { title: string }) => t.title)).toEqual(["saved"]);
      expect((await post("saved again")).status).toBe(201);
    } finally {
      await server.stop();
    }
    const stopped = await server.stop();
    expect(stopped.code).toBe(0);
    expect(stopped.stderr).toMatch(/POST \/api\/test-todos 507 .*NOT SAVED/);
    expect(await titles(db)).toEqual(["saved", "saved again"]);
  });
});
