// Calls /api from inside the page, through the app's patched fetch (so through
// the in-browser mock and its IndexedDB), as a script on the page would.
import type { Page } from "@playwright/test";

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

/** `token`: a token string, "session" for the page's own (localStorage), or null for none. */
export async function callApi<T = any>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = "session",
): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      const auth = token === "session" ? localStorage.getItem("token") : token;
      if (auth) headers.authorization = auth;
      const r = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await r.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* keep the text */
      }
      return { status: r.status, body: parsed as any };
    },
    { method, path, body, token },
  );
}

/** The raw rows of IndexedDB "moments-mock", read with the platform's API (not through the mock). */
export async function readIndexedDb(page: Page): Promise<{ users: any[]; posts: any[]; comments: any[]; version: number }> {
  return page.evaluate(
    () =>
      new Promise<{ users: any[]; posts: any[]; comments: any[]; version: number }>((resolve, reject) => {
        const open = indexedDB.open("moments-mock");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(["users", "posts", "comments", "meta"], "readonly");
          const all = (name: string) =>
            new Promise<any[]>((res, rej) => {
              const req = tx.objectStore(name).getAll();
              req.onsuccess = () => res(req.result);
              req.onerror = () => rej(req.error);
            });
          Promise.all([all("users"), all("posts"), all("comments"), all("meta")]).then(([users, posts, comments, meta]) => {
            db.close();
            resolve({
              users: users.map((r) => r.data),
              posts: posts.map((r) => r.data),
              comments: comments.map((r) => r.data),
              version: meta.find((m) => m.key === "version")?.value ?? 0,
            });
          }, reject);
        };
      }),
  );
}
