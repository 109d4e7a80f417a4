// Drives the dispatcher with real Request objects, as every door does.
import { GUEST } from "#mock/data/seed";
import { createMock, type Mock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";
import type { ChangeSet } from "#mock/core/types";

/** A memory store whose writes fail while `failing` is set, as a full IndexedDB does (the mock answers 507). */
export class FlakyStore extends MemoryStore {
  failing = false;
  async commit(changes: ChangeSet) {
    if (this.failing) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return super.commit(changes);
  }
}

export const SEED_POST = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01"; // by adasterling, 790 likes
export const GUEST_POST_ID = "8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b03"; // by guest, 800 likes
export const PASSWORDS = { guest: GUEST.password, adasterling: "ada-cto-2024", marcoreyes: "marco-builds", lenaokafor: "lena-ceo-ops" };

export interface Reply<T = any> {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
  body: T;
}

export interface Api {
  mock: Mock;
  store: MemoryStore;
  call<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> },
  ): Promise<Reply<T>>;
  login(username: keyof typeof PASSWORDS): Promise<string>;
  signup(username: string, extra?: Record<string, unknown>): Promise<string>;
  /** Every response text seen, for the no-password rule. */
  seen: string[];
}

export async function makeApi(options: { store?: MemoryStore; now?: () => Date } = {}): Promise<Api> {
  const store = options.store ?? new MemoryStore();
  const mock = await createMock({ store, passwordIterations: 1000, now: options.now });
  const seen: string[] = [];
  const call: Api["call"] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers["content-type"] ??= "application/json";
    const response = await mock.handle(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await response.text();
    seen.push(text);
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, statusText: response.statusText, headers: response.headers, text, body: parsed as never };
  };
  return {
    mock,
    store,
    call,
    seen,
    async login(username) {
      const r = await call("POST", "/api/auth/login", { body: { username, password: PASSWORDS[username] } });
      if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${r.text}`);
      return r.body.encodedToken;
    },
    async signup(username, extra = {}) {
      const r = await call("POST", "/api/auth/signup", { body: { username, password: "secret-pw", firstName: "Test", ...extra } });
      if (r.status !== 201) throw new Error(`signup ${username}: ${r.status} ${r.text}`);
      return r.body.encodedToken;
    },
  };
}
