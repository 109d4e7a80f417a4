// Shared by the store suites: temp dirs and requests through the dispatcher.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { Mock } from "#mock/core/create-mock";
import { GUEST } from "#mock/data/seed";
import type { DexieStore } from "#mock/browser/dexie";

export const ITERATIONS = 1000;

const made: string[] = [];
// Registered while the importing suite is collected, so each suite removes its own dirs.
afterAll(async () => {
  await Promise.all(made.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

export async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mockman-store-"));
  made.push(dir);
  return dir;
}

export async function call(mock: Mock, method: string, pathname: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = token;
  const response = await mock.handle(
    new Request(`http://localhost${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

export async function loginAsGuest(mock: Mock): Promise<string> {
  const { status, body } = await call(mock, "POST", "/api/auth/login", GUEST);
  if (status !== 200) throw new Error(`guest login failed: ${status} ${JSON.stringify(body)}`);
  return body.encodedToken as string;
}

export const addTodo = (mock: Mock, title: string) => call(mock, "POST", "/api/test-todos", { title });

/**
 * Makes the store's IndexedDB write transactions fail at their end, as a full disk's
 * QuotaExceededError does (reads still work), while the returned switch's `on` is set.
 */
export function quotaSwitch(store: DexieStore, on = false): { on: boolean } {
  const state = { on };
  const original = store.db.transaction.bind(store.db) as (...args: unknown[]) => Promise<unknown>;
  (store.db as unknown as { transaction: unknown }).transaction = (...args: unknown[]) => {
    const body = args[args.length - 1] as () => Promise<unknown>;
    return original(...args.slice(0, -1), async () => {
      const result = await body();
      if (state.on && args[0] === "rw") throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return result;
    });
  };
  return state;
}
