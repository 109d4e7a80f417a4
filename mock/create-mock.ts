// createMock: Mirage with our interceptor, the route table, the tables and a
// store. `handle(Request)` is the dispatcher every door goes through.
import { Response as MirageResponse, createServer } from "miragejs";
import { tokenFromHeader, verifyToken } from "./auth";
import { ApiError, MSG } from "./errors";
import { FaultControl } from "./faults";
import { type ExportFile, migrateRecords, snapshotProblem, toExportFile } from "./export-file";
import type { ApiRequest, Ctx, RouteDef } from "./route-kit";
import {
  MAX_BODY_BYTES,
  PHOTO_DATA_URL,
  SESSION_ERROR_HEADER,
  STORE_ERROR_HEADER,
  errorAnswer,
  hasNoBody,
  parseJsonBody,
  tooLarge,
  type RawRequest,
  type RawResponse,
  type SessionError,
} from "./boundary";
import { DispatchInterceptor, type MirageRequest } from "./interceptor";
import { DEFAULT_ITERATIONS } from "./password";
import { decodeDataUrl } from "./photos";
import { routes } from "./routes/index";
import { seedSnapshot } from "./seed";
import { Tracker, createTables, snapshotOf, type Table, type Tables } from "./tables";
import type { ChangeSet, Snapshot, Store } from "./types";
import { COLLECTIONS, StoreError } from "./types";

export interface MockOptions {
  store: Store;
  /** PBKDF2 iterations for new hashes; tests lower it. */
  passwordIterations?: number;
  /** What an empty store is filled with; the spec's seed by default. */
  seed?: () => Promise<Snapshot>;
  now?: () => Date;
  /** Called when a write to the store fails; the in-memory session goes on. */
  onStoreError?: (error: unknown) => void;
  /** Called when a write succeeds after failed ones: everything unsaved has now landed. */
  onStoreRecovered?: () => void;
  /** Latency and failure injection (mock/faults.ts); none unless set. */
  faults?: FaultControl;
}

export interface Mock {
  /** The dispatcher, for Web Requests (browser fetch patch, tests). */
  handle(request: Request): Promise<Response>;
  /** The same dispatcher on plain data, for doors that have no Web Request to begin with (node:http). */
  dispatch(request: RawRequest): Promise<RawResponse>;
  /** Whether a URL path is the mock's (under /api). */
  owns(pathname: string): boolean;
  reset(): Promise<void>;
  exportData(): ExportFile;
  importData(file: ExportFile): Promise<void>;
  /** Reads the store again (another tab or process wrote it). */
  reload(): Promise<void>;
  readonly tables: Tables;
  readonly store: Store;
  /** Delay/failure injection, decided before a request joins the queue. */
  readonly faults: FaultControl;
  shutdown(): Promise<void>;
}

export async function createMock(options: MockOptions): Promise<Mock> {
  const { store } = options;
  const iterations = options.passwordIterations ?? DEFAULT_ITERATIONS;
  const seed = options.seed ?? (() => seedSnapshot(iterations));
  const now = options.now ?? (() => new Date());
  const tracker = new Tracker();
  const interceptor = new DispatchInterceptor();
  // Assigned once Mirage has made its db, below the handlers that read it.
  // eslint-disable-next-line prefer-const
  let tables!: Tables;

  const mirageHandlerFor = (def: RouteDef) => async (_schema: unknown, request: MirageRequest) => {
    try {
      const req: ApiRequest = {
        method: request.method,
        params: request.params,
        query: request.queryParams ?? {},
        headers: request.requestHeaders,
        body: parseJsonBody(request.requestBody),
      };
      const ctx: Ctx = { db: tables, user: undefined as never, passwordIterations: iterations, now, unqueued };
      if (def.auth) ctx.user = await authenticate(tables, req.headers.authorization);
      const result = await def.handler(ctx, req);
      return new MirageResponse(result.status, { ...result.headers }, result.body as object);
    } catch (error) {
      if (error instanceof ApiError) return new MirageResponse(error.status, { ...error.headers }, { errors: [error.message] });
      // The change would leave an answer no JavaScript engine can build: refused (and undone), not a crash.
      // An answer too large to build is the dispatcher's to answer (it may also fail later, in Mirage's serializer).
      if (isTooLong(error)) throw error;
      console.error(error);
      return new MirageResponse(500, {}, { errors: [error instanceof Error ? error.message : String(error)] });
    }
  };

  const server = createServer({
    environment: "development",
    interceptor,
    timing: 0,
    logging: false,
    routes(this: { namespace: string; timing: number } & Record<string, unknown>) {
      this.namespace = "api";
      this.timing = 0;
      for (const def of routes)
        (this[def.method.toLowerCase()] as (path: string, handler: unknown) => void)(def.path, mirageHandlerFor(def));
    },
  } as never) as unknown as { db: Parameters<typeof createTables>[0]; shutdown(): void };
  tables = createTables(server.db, tracker);

  // A commit the store refuses (a full disk) is rolled back: the records the
  // request touched go back to what the store holds, so memory never shows what
  // is not saved. Data loaded from the store replaces the session.
  let failing = false;
  /**
   * Older data was converted at boot but could not be written back: the store still
   * holds the old shape (a version-2 post holds its comments), where a change set of
   * new-shape records would lose what they no longer carry. Until the store is written
   * whole once, each write rewrites it whole.
   */
  let rewrite = false;
  const loadInto = (snapshot: Snapshot) => {
    // Another tab may hand over data an older build wrote (users copied into records).
    if (!store.holdsCurrentFormat?.()) migrateRecords(snapshot);
    for (const name of COLLECTIONS) (tables[name] as { load(r: unknown[]): void }).load((snapshot[name] ?? []) as unknown[]);
    tracker.discard();
  };

  try {
    const saved = await store.load();
    // Data an older version wrote is brought to the current shape, then checked. A store that knows
    // it holds the current format skips the scan (about 50 ms at 100k posts in Node, more in a tab).
    const current = store.holdsCurrentFormat?.() ?? false;
    const old = saved !== null && !current && migrateRecords(saved);
    // A record of the wrong shape would crash every screen that lists it: refuse
    // the data whole (the caller runs in memory and says so), never "repair" it.
    const problem = saved && snapshotProblem(saved);
    if (problem) throw new StoreError(`${store.label} holds data this version cannot read (${problem}). It was left untouched.`);
    if (saved) {
      // Written back whole once, so the copies of names and photos leave the store too, and comments leave their posts.
      // If that fails the old records stay readable (each is migrated at every load), so the session goes on,
      // and the next write writes everything (a change set of new-shape records would not fit the old ones).
      if (old)
        await store.replace(saved).catch((error: unknown) => {
          rewrite = true;
          options.onStoreError?.(error);
        });
      // Nothing older was found: the next load need not look (a read-only store just looks again).
      else if (!current) await store.markCurrentFormat?.().catch(() => undefined);
      loadInto(saved);
    } else {
      const fresh = await seed();
      await store.replace(fresh);
      loadInto(fresh);
    }
  } catch (error) {
    server.shutdown();
    throw error;
  }

  // One request at a time: a handler may await (token checks), and the changes
  // one request made must be committed before the next one starts. `turn` is
  // the request that has the queue now; it may let go while it hashes a
  // password (ctx.unqueued), so a flood of logins cannot stall everyone else.
  let tail: Promise<unknown> = Promise.resolve();
  const enqueue = (): Promise<() => void> => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const ahead = tail;
    tail = ahead.then(() => done);
    return ahead.then(() => release);
  };
  let turn: { release: () => void } | null = null;
  const serial = async <T>(task: () => Promise<T>): Promise<T> => {
    const mine = { release: await enqueue() };
    turn = mine;
    try {
      return await task();
    } finally {
      if (turn === mine) turn = null;
      mine.release();
    }
  };
  // Browser tabs also share a Web Lock that stays held while hashing, so there
  // letting go of the queue would only deadlock: the work runs inline.
  const unqueued = async <T>(work: () => Promise<T>): Promise<T> => {
    const mine = turn;
    if (!mine || store.exclusive || tracker.dirty) return work();
    turn = null;
    mine.release();
    try {
      return await work();
    } finally {
      mine.release = await enqueue();
      turn = mine;
    }
  };

  // Tabs share one IndexedDB: each request runs under the store's lock and
  // first catches up with what other tabs wrote, so no tab writes from a stale copy.
  const shared = <T>(task: () => Promise<T>): Promise<T> => {
    if (!store.exclusive) return task();
    return store.exclusive(async () => {
      const fresh = await store.changedElsewhere?.();
      if (fresh) loadInto(fresh);
      return task();
    });
  };

  /** Puts every record the refused changes touched back as the store holds it. */
  const rollback = async (changes: ChangeSet) => {
    try {
      if (!store.saved) throw new Error("the store cannot read single records");
      // The store's records are still in the old shape: read it whole, and migrate it, below.
      if (rewrite) throw new Error("the store holds older records");
      for (const name of COLLECTIONS) {
        const change = changes[name];
        if (!change) continue;
        const ids = [...new Set([...change.put.map((r) => r._id), ...change.remove])];
        const saved = await store.saved(name, ids);
        const table = tables[name] as unknown as Table<{ _id: string }>;
        ids.forEach((id, i) => table.restore(id, saved[i] as { _id: string } | undefined));
      }
    } catch {
      // Reading the records back failed too: read the whole store, or keep what we have.
      const snapshot = await store.load().catch(() => null);
      if (snapshot) loadInto(snapshot);
    }
    // Answers join users into posts: any cached JSON may quote a restored user.
    for (const name of COLLECTIONS) tables[name].forgetAll();
  };

  /** The request's changes are settled (saved, refused or rolled back): nothing is tracked any more. */
  const settled = () => {
    tracker.discard();
    for (const name of COLLECTIONS) tables[name].settle();
  };

  /** Undoes what a request changed whose answer is a refusal or a failure (4xx, 5xx): nothing it did may stay. */
  const undo = async () => {
    if (!tracker.dirty) return;
    try {
      await rollback(tracker.changes(tables));
    } finally {
      settled();
    }
  };

  /** Saves what the request changed; when the store refuses, rolls it back and returns the error. */
  const commit = async () => {
    if (!tracker.dirty) return null;
    const changes = tracker.changes(tables);
    try {
      if (rewrite) {
        // The whole data, this request's change included, in the new shape.
        await store.replace(snapshotOf(tables));
        rewrite = false;
      } else await store.commit(changes);
      if (failing) options.onStoreRecovered?.();
      failing = false;
      return null;
    } catch (error) {
      failing = true;
      await rollback(changes);
      options.onStoreError?.(error);
      return error;
    } finally {
      settled();
    }
  };

  const dispatch = async (request: RawRequest): Promise<RawResponse> => {
    if (request.body.length > MAX_BODY_BYTES) return tooLarge();
    let response: RawResponse;
    try {
      response = await interceptor.dispatch(request);
    } catch (error) {
      if (isTooLong(error)) response = errorAnswer(422, MSG.ANSWER_TOO_LARGE);
      else {
        console.error(error);
        response = errorAnswer(500, error instanceof Error ? error.message : String(error));
      }
    }
    // A refused or failed request changes nothing: whatever its handler did is undone, never saved.
    if (response.status >= 400) await undo();
    else {
      const failed = await commit();
      // Never acknowledge what is not durable (CONTRACT §10): the change was rolled back, and the answer says so.
      if (failed) response = notSaved(failed);
    }
    if (PHOTO_DATA_URL in response.headers) binaryBody(response);
    return response;
  };
  // Faults are decided (and the delay waited) before the queue: a failure never reaches a handler.
  const faults = options.faults ?? new FaultControl();
  const queued = async (request: RawRequest) => {
    const response = (await faults.inject(request)) ?? (await serial(() => shared(() => dispatch(request))));
    // A HEAD answer never has a body, refusals (404, 405) and injected faults included:
    // HTTP says so, and every door (the fetch patch, serve, the CLI) gets it from here.
    if (hasNoBody(request.method, response.status)) {
      response.body = "";
      delete response.bytes;
    }
    return response;
  };

  return {
    handle: async (request) => fromRaw(await queued(await toRaw(request))),
    dispatch: queued,
    owns: (pathname) => interceptor.owns(pathname),
    tables,
    store,
    faults,
    reset: () =>
      serial(() =>
        shared(async () => {
          const fresh = await seed();
          await store.replace(fresh);
          loadInto(fresh);
        }),
      ),
    exportData: () => toExportFile(JSON.parse(JSON.stringify(snapshotOf(tables)))),
    importData: (file) =>
      serial(() =>
        shared(async () => {
          const snapshot = JSON.parse(JSON.stringify(file.data)) as Snapshot;
          await store.replace(snapshot);
          loadInto(snapshot);
        }),
      ),
    reload: () =>
      serial(async () => {
        const snapshot = await store.load();
        if (snapshot) loadInto(snapshot);
      }),
    shutdown: async () => {
      (await enqueue())();
      server.shutdown();
      await store.close();
    },
  };
}

async function toRaw(request: Request): Promise<RawRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name] = value));
  return { method: request.method, url: request.url, headers, body: request.body ? await request.text() : "" };
}

function fromRaw(raw: RawResponse): Response {
  const body = raw.bytes ? (raw.bytes as Uint8Array<ArrayBuffer>) : raw.body === "" ? null : raw.body;
  return new Response(body, { status: raw.status, statusText: raw.statusText, headers: raw.headers });
}

/** A photo answer (PHOTO_DATA_URL): the data URL in the body becomes the image's bytes and type. */
function binaryBody(response: RawResponse) {
  delete response.headers[PHOTO_DATA_URL];
  if (response.body === "") return;
  const image = decodeDataUrl(response.body);
  if (!image) return;
  response.bytes = image.bytes;
  response.body = "";
  response.headers["content-type"] = image.type;
  response.headers["content-length"] = String(image.bytes.length);
}

async function authenticate(db: Tables, header: string | undefined) {
  const token = tokenFromHeader(header);
  const ended = (status: number, message: string, why: SessionError) => new ApiError(status, message, { [SESSION_ERROR_HEADER]: why });
  if (!token) throw ended(404, MSG.NOT_REGISTERED, "no-token");
  const claims = await verifyToken(token);
  if (!claims) throw ended(401, MSG.BAD_TOKEN, "bad-token");
  const user = db.users.get(claims._id);
  if (!user || user.username !== claims.username) throw ended(404, MSG.NOT_REGISTERED, "no-user");
  return user;
}

/**
 * 507 Insufficient Storage: the request's change was not saved and was undone.
 * STORE_ERROR_HEADER carries the reason too, for the CLI's exit status.
 */
function notSaved(error: unknown): RawResponse {
  // Any origin may read this answer: a file is named by its own name, never by an absolute path.
  const why = describe(error).replace(/(?<![\w.])\/(?:[^\s'"(),:/]+\/)+([^\s'"(),:/]+)/g, "$1");
  // Without its final full stop: the CLI quotes it inside a sentence.
  return errorAnswer(507, `${MSG.NOT_SAVED} ${why}`, { [STORE_ERROR_HEADER]: why.replace(/\.$/, "") });
}

/**
 * V8's "Invalid string length": an answer passed the largest string a JavaScript
 * engine can build (about 512 MB). With images stored as data URLs, a post that
 * quotes a large photo a few hundred times, or a list of many such posts, gets there.
 */
const isTooLong = (error: unknown) => error instanceof RangeError && /Invalid string length/.test(error.message);

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/[\r\n]+/g, " ").slice(0, 300);
}
