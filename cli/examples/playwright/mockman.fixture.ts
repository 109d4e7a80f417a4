// One `mockman serve` per Playwright worker, started in-process by startServe (moments/mock),
// in memory, reset before every test (the seed, no scenarios, no faults, an empty journal):
// a worker's tests never see another worker's data, nor an earlier test's scenarios.
// Use: `import { test, expect } from "./mockman.fixture"` and the `api` fixture (its URL).
import { test as base, expect } from "@playwright/test";
import { startServe } from "moments/mock";

export const test = base.extend<{ api: string }, { mockmanUrl: string }>({
  mockmanUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern: nothing.
    async ({}, use) => {
      const server = await startServe({ port: 0, db: ":memory:" });
      await use(server.url);
      await server.close();
    },
    { scope: "worker" },
  ],
  api: async ({ mockmanUrl, request }, use) => {
    // A reset costs a few milliseconds.
    expect((await request.post(`${mockmanUrl}/__mockman/reset`)).ok()).toBe(true);
    await use(mockmanUrl);
  },
});

export { expect };
