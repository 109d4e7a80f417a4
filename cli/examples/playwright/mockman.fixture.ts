// One `mockman serve` per Playwright worker, in memory, reset before every test: the
// worker's tests never see another worker's data, nor an earlier test's.
// Use: `import { test, expect } from "./mockman.fixture"` and the `api` fixture (its URL).
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { test as base, expect } from "@playwright/test";

export const test = base.extend<{ api: string }, { mockmanUrl: string }>({
  mockmanUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern: nothing.
    async ({}, use) => {
      // The installed bin itself (not npx, a process between): Ctrl+C (SIGINT) reaches the server.
      const server: ChildProcess = spawn(resolve("node_modules/.bin/mockman"), ["serve", "--port", "0", "--db", ":memory:", "--quiet"], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      // The first line it prints is its URL.
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        server.stdout!.on("data", (chunk: Buffer) => {
          out += chunk;
          if (out.includes("\n")) resolve(out.split("\n")[0]);
        });
        server.once("exit", (code) => reject(new Error(`mockman serve exited (${code})`)));
      });
      await use(url);
      server.kill("SIGINT");
    },
    { scope: "worker" },
  ],
  api: async ({ mockmanUrl, request }, use) => {
    // The spec's seed before each test: a reset costs a few milliseconds.
    expect((await request.post(`${mockmanUrl}/__mockman/reset`)).ok()).toBe(true);
    await use(mockmanUrl);
  },
});

export { expect };
