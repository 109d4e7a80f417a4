// Durability of the file store: `mockman serve` is killed with SIGKILL at
// random points while writes are in flight, 20 times on one store. Each time
// the store must load, and every write that got a 2xx must be in it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileStore } from "#mock/node/file-store";

const ROOT = path.resolve(import.meta.dirname, "../..");
// The package's bin (vitest's globalSetup builds its bundle): one process, the server itself, so the SIGKILL lands on it.
const KILLS = Number(process.env.DURABILITY_KILLS ?? 20);

function startServe(db: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "cli/bin/mockman.js"), "serve", "--port", "0", "--quiet", "--db", db], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${err}`)), 20_000);
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
    child.stderr!.on("data", (chunk) => (err += chunk));
    child.on("exit", (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

const dir = mkdtempSync(path.join(tmpdir(), "mockman-kill-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the file store under SIGKILL", () => {
  it(`keeps every acknowledged write across ${KILLS} kills`, async () => {
    const db = path.join(dir, "db.json");
    const acknowledged = new Set<string>();
    let attempted = 0;
    for (let round = 0; round < KILLS; round++) {
      const { child, url } = await startServe(db);
      const exited = new Promise((r) => child.once("exit", r));
      let stop = false;
      // Four writers at once, so the kill lands mid-request as often as between requests.
      const writers = Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          const title = `r${round}-w${w}-${i}`;
          attempted++;
          try {
            const res = await fetch(`${url}/api/test-todos`, {
              method: "POST",
              body: JSON.stringify({ title }),
              headers: { "content-type": "application/json" },
            });
            if (res.status === 201) acknowledged.add(title);
            await res.arrayBuffer();
          } catch {
            return; // the server is gone
          }
        }
      });
      await new Promise((r) => setTimeout(r, 30 + Math.random() * 300));
      child.kill("SIGKILL");
      stop = true;
      await Promise.all([exited, ...writers]);

      const store = new FileStore(db);
      const snapshot = await store.load();
      expect(snapshot, `round ${round}: the store loads`).not.toBeNull();
      const titles = new Set(snapshot!.todos.map((t) => t.title));
      const lost = [...acknowledged].filter((t) => !titles.has(t));
      expect(lost, `round ${round}: acknowledged writes lost`).toEqual([]);
      await store.close();
    }
    console.log(`durability: ${KILLS} SIGKILLs survived, ${acknowledged.size} acknowledged writes of ${attempted} attempted, none lost`);
    expect(acknowledged.size).toBeGreaterThan(KILLS);
    // Not a timed test: every acknowledged write is fsynced, and beside other processes' heavy disk writes (an
    // npm ci, a build) one fsync can take seconds. 20 rounds took 7.6 s on a quiet machine and over 180 s in a
    // clean clone beside three npm ci runs, where CPU-bound tests were 5x slower.
  }, 600_000);
});
