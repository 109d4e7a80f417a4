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

/**
 * The data IndexedDB "moments-mock" holds, read with the platform's API (not through the
 * mock): its chunks (each a JSON text of records, in insertion order) with its journal of
 * commits applied in order, as the store's load does (mock/browser/dexie-chunks.ts).
 */
export async function readIndexedDb(page: Page): Promise<{ users: any[]; posts: any[]; comments: any[]; version: number }> {
  return page.evaluate(
    () =>
      new Promise<{ users: any[]; posts: any[]; comments: any[]; version: number }>((resolve, reject) => {
        const open = indexedDB.open("moments-mock");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(["chunks", "journal", "meta"], "readonly");
          const all = (name: string) =>
            new Promise<any[]>((res, rej) => {
              const req = tx.objectStore(name).getAll();
              req.onsuccess = () => res(req.result);
              req.onerror = () => rej(req.error);
            });
          Promise.all([all("chunks"), all("journal"), all("meta")]).then(([chunks, journal, meta]) => {
            db.close();
            const data: Record<string, any[]> = { users: [], posts: [], comments: [] };
            for (const chunk of chunks.sort((a, b) => a.n - b.n)) {
              if (!(chunk.c in data)) continue;
              // A chunk a test broke on purpose is kept as it is, so a before/after compare still sees it.
              try {
                data[chunk.c].push(...JSON.parse(chunk.json));
              } catch {
                data[chunk.c].push({ unreadable: chunk.json });
              }
            }
            for (const row of journal.sort((a, b) => a.version - b.version))
              for (const name of Object.keys(data)) {
                const change = row.changes[name];
                if (!change) continue;
                for (const record of change.put) {
                  const at = data[name].findIndex((r) => r._id === record._id);
                  if (at >= 0) data[name][at] = record;
                  else data[name].push(record);
                }
                data[name] = data[name].filter((r) => !change.remove.includes(r._id));
              }
            resolve({
              ...(data as { users: any[]; posts: any[]; comments: any[] }),
              version: meta.find((m) => m.key === "version")?.value ?? 0,
            });
          }, reject);
        };
      }),
  );
}
