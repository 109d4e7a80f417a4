// Ctrl+C stops a long in-process replay (the shipped bin): the replay loop
// gives the event loop a turn every ~50 ms (mock/tester/engine/turns.ts), so the store lock's
// signal handler runs, lets go of the store and ends the process by the signal.
// Before, a replay that only awaited the in-process mock ran to its end first.
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, processCli, processEnv, tempDb } from "./helpers";

describe("a long in-process replay", { timeout: 60_000 }, () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    it(`stops on ${signal} long before its end and leaves the store unlocked`, async () => {
      const { dir, db } = tempDb();
      const file = join(dir, "long.json");
      const requests = Array.from({ length: 200_000 }, (_, i) => ({ name: `r${i}`, method: "GET", endpoint: "/api/test-todos" }));
      writeFileSync(file, JSON.stringify({ mockman: 1, requests }));
      const child = spawn(process.execPath, [BIN, "replay", file, "--db", db], { cwd: ROOT, env: processEnv({ NO_COLOR: "1" }) });
      let out = "";
      child.stdout.on("data", (chunk) => (out += chunk));
      // Well into the run: some requests have been answered.
      await new Promise<void>((started) => {
        const check = () => (/r\d+ +GET/.test(out) ? started() : setTimeout(check, 50));
        check();
      });
      child.kill(signal);
      const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
        child.on("exit", (code, sig) => done({ code, signal: sig })),
      );
      // 200,000 requests take minutes (past this suite's time limit): it stopped, and not by finishing.
      expect(out).not.toMatch(/200000 requests|200,000 requests/);
      expect(ended.signal).toBe(signal);
      expect(existsSync(`${db}.lock`)).toBe(false);
      // The store is usable at once: nothing waits for a lock the replay held.
      expect((await processCli(["request", "GET", "/api/test-todos", "--db", db])).code).toBe(0);
    });
});
