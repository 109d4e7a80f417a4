// Answers kept ready for the next boot: the tab's worker (mock/browser/worker.ts) keeps the
// last GET answers it gave, each with the data version it was read at, in a small
// IndexedDB database of its own. After a reload, while the mock still loads 100k
// posts, a GET that asks exactly the same thing (method, URL, token) is answered
// from here if the data has not changed since: the first screen shows at once,
// whatever the data's size. Anything else waits for the boot as before.
import type { RawRequest, RawResponse } from "../core/boundary";
import { tokenClaims } from "../core/token-claims";

const DATABASE = "moments-ready-answers";
const TABLE = "answers";
/** How many answers are kept: a screen asks for a handful, a session visits a few screens. */
const KEEP = 40;
/** Larger answers are not kept: the first screen's are a few kB, and reading them back must be quick. */
const MAX_BODY = 512 * 1024;

interface Kept {
  key: string;
  /** The data version the answer was read at (the store's meta "version"). */
  version: number;
  at: number;
  response: RawResponse;
}

/**
 * Who asks, as kept at rest: a SHA-256 of the token, never the token itself (a bearer token
 * in an IndexedDB key would outlive the session it belongs to).
 */
async function whoAsks(authorization: string | undefined): Promise<string> {
  if (!authorization) return "-";
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(authorization));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What makes two requests ask the same thing: method, URL path and query, and who asks. */
async function keyOf(request: RawRequest): Promise<string | null> {
  if (request.method.toUpperCase() !== "GET") return null;
  const url = new URL(request.url, "http://mock.invalid");
  return `GET ${url.pathname}${url.search} ${await whoAsks(request.headers.authorization)}`;
}

/** A token past its `exp` must be refused by the real mock, never answered from here. */
function tokenStillValid(request: RawRequest, now: number): boolean {
  const auth = request.headers.authorization;
  if (!auth) return true;
  const exp = tokenClaims(auth)?.exp;
  return typeof exp === "number" && exp * 1000 > now;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((done, fail) => {
    req.onsuccess = () => done(req.result);
    req.onerror = () => fail(req.error);
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const opening = factory.open(DATABASE, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(TABLE, { keyPath: "key" });
  return request(opening);
}

/** The data version the mock's database holds now (its meta "version"), or null when it has none. */
export async function savedDataVersion(factory: IDBFactory, database: string): Promise<number | null> {
  // Opening a database that does not exist would create it (empty, version 1) under the mock's
  // feet; an upgrade here means exactly that, so it is aborted and there is no version to read.
  const opening = factory.open(database);
  opening.onupgradeneeded = () => opening.transaction?.abort();
  const db = await request(opening).catch(() => null);
  if (!db) return null;
  try {
    if (!db.objectStoreNames.contains("meta")) return null;
    const row = await request(db.transaction("meta").objectStore("meta").get("version"));
    return typeof row?.value === "number" ? row.value : null;
  } finally {
    db.close();
  }
}

export class ReadyAnswers {
  private kept = new Map<string, Kept>();
  /** Key → version last written, so the same answer is not written again and again. */
  private written = new Map<string, number>();
  private db: Promise<IDBDatabase | null>;

  constructor(private readonly factory: IDBFactory = indexedDB) {
    this.db = openDatabase(factory).catch(() => null);
  }

  /** Reads what the last session kept. Never throws: without them the boot is only slower. */
  async load(): Promise<void> {
    const db = await this.db;
    if (!db) return;
    try {
      const rows = (await request(db.transaction(TABLE).objectStore(TABLE).getAll())) as Kept[];
      for (const row of rows) {
        this.kept.set(row.key, row);
        this.written.set(row.key, row.version);
      }
    } catch {
      // An unreadable table only costs the head start.
    }
  }

  /** The kept answer to this request if it was read at `version` (the data's version now), else null. */
  async answer(raw: RawRequest, version: number | null, now = Date.now()): Promise<RawResponse | null> {
    const key = await keyOf(raw);
    if (key === null || version === null) return null;
    const kept = this.kept.get(key);
    if (!kept || kept.version !== version || !tokenStillValid(raw, now)) return null;
    return { ...kept.response, headers: { ...kept.response.headers } };
  }

  /** Keeps a successful GET answer read at `version`, in the background (nothing waits for it). */
  keep(raw: RawRequest, response: RawResponse, version: number): void {
    if (response.status !== 200 || response.bytes || response.body.length > MAX_BODY) return;
    const cleared = this.clears;
    void keyOf(raw).then((key) => {
      // A logout (clear) while the key was hashed: this answer belongs to the session that ended.
      if (key !== null && cleared === this.clears) this.keepAs(key, response, version);
    });
  }

  private keepAs(key: string, response: RawResponse, version: number): void {
    if (this.written.get(key) === version) return;
    this.written.set(key, version);
    const row: Kept = { key, version, at: Date.now(), response: { ...response, headers: { ...response.headers } } };
    this.kept.set(key, row);
    void this.write(row);
  }

  private async write(row: Kept): Promise<void> {
    const db = await this.db;
    if (!db) return;
    try {
      const tx = db.transaction(TABLE, "readwrite");
      const table = tx.objectStore(TABLE);
      table.put(row);
      if (this.kept.size > KEEP) {
        const oldest = [...this.kept.values()].sort((a, b) => a.at - b.at).slice(0, this.kept.size - KEEP);
        for (const old of oldest) {
          table.delete(old.key);
          this.kept.delete(old.key);
          this.written.delete(old.key);
        }
      }
      await new Promise<void>((done, fail) => {
        tx.oncomplete = () => done();
        tx.onerror = () => fail(tx.error);
        tx.onabort = () => fail(tx.error);
      });
    } catch {
      // A full disk refuses these too; the mock's own writes say so, these need not.
    }
  }

  /** How many times clear() ran: an answer still being keyed when one runs is dropped. */
  private clears = 0;

  /** Everything changed (import, reset), or a session ended (logout): nothing kept may stay. */
  async clear(): Promise<void> {
    this.clears++;
    this.kept.clear();
    this.written.clear();
    const db = await this.db;
    if (!db) return;
    await request(db.transaction(TABLE, "readwrite").objectStore(TABLE).clear()).catch(() => undefined);
  }
}
