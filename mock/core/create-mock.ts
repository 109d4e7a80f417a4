// createMock: the assembly. A request meets the parts in this order:
//   door (handle: a Web Request; dispatch: plain data)
//   → scenarios (mock/features/scenarios.ts: a per-route override answers, or delays, first)
//   → faults (mock/core/faults.ts: delay or failure, decided before the queue)
//   → queue (mock/core/queue.ts: one request at a time; tabs also take the store's lock and catch up)
//   → dispatch (mock/core/dispatch.ts: body size, router, Mirage's handler — mock/core/mirage/mirage-server.ts —,
//     the token check and the route's handler, which reads and writes the tables, mock/data/tables.ts)
//   → unit of work (mock/core/unit-of-work.ts: commit what it changed, or undo it)
//   → the answer (binary photo bodies, no body on HEAD).
// Boot (mock/core/boot.ts) runs once before: load, migrate, check, or seed.
// Features that keep something derived from the saved data hear the unit of work's
// commits (onCommit): the search index (mock/features/search-index.ts), the mock's `search`.
// Scenarios (mock/features/scenarios.ts) come before the faults: a per-route answer set on purpose.
import { bootData } from "./boot";
import type { RawRequest, RawResponse } from "./boundary";
import { createDispatch, withoutForbiddenBody } from "./dispatch";
import { fromRaw, toRaw } from "./web-raw";
import { type ExportFile, toExportFile } from "../data/export-file";
import { FaultControl } from "./faults";
import { startMirage } from "./mirage/mirage-server";
import { newGeneration } from "../data/paging";
import { DEFAULT_ITERATIONS } from "./password";
import { RequestQueue } from "./queue";
import { Search } from "../features/search-index";
import { Scenarios } from "../features/scenarios";
import { DataSnapshot, copyJson } from "./snapshots";
import { routes } from "../routes/index";
import { seedSnapshot } from "../data/seed";
import { createTables, snapshotOf, type Table, type Tables } from "../data/tables";
import type { CollectionName, Snapshot, Store } from "./types";
import { COLLECTIONS } from "./types";
import { commentView, postJson, postView } from "../data/views";
import { Tracker, UnitOfWork, type StoreHealth } from "./unit-of-work";

export interface MockOptions extends StoreHealth {
  store: Store;
  /** PBKDF2 iterations for new hashes; tests lower it. */
  passwordIterations?: number;
  /** What an empty store is filled with; the spec's seed by default. */
  seed?: () => Promise<Snapshot>;
  now?: () => Date;
  /** Latency and failure injection (mock/core/faults.ts); none unless set. */
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
  /**
   * Replaces the data with an export file's; `onProgress` hears the store's steps (`done` of `total`).
   * The records are copied first (the tables change records in place) unless the caller hands the
   * file over (`owned`: the browser's worker, whose checked file nothing else holds; 1.2 s at 100k).
   */
  importData(file: ExportFile, onProgress?: (done: number, total: number) => void, options?: { owned?: boolean }): Promise<void>;
  /** A frozen copy of the data now, to restore later (mock/core/snapshots.ts). */
  snapshot(): Promise<DataSnapshot>;
  /**
   * Puts a snapshot's data back, as importData would, in the store first (all or nothing), but
   * without copying or checking it all again: only the records changed since its last restore are copied.
   */
  restore(snapshot: DataSnapshot): Promise<void>;
  /** Reads the store again (another tab or process wrote it). */
  reload(): Promise<void>;
  /** Runs work in the request queue, between requests (the browser worker's background search build). */
  serial<T>(work: () => T | Promise<T>): Promise<T>;
  readonly tables: Tables;
  /** The search index of the tables, kept in step with the saved data (warmed in the background by the browser's worker). */
  readonly search: Search;
  readonly store: Store;
  /** Delay/failure injection, decided before a request joins the queue. */
  readonly faults: FaultControl;
  /** Per-route overrides (mock/features/scenarios.ts), met before the faults: an overridden answer runs no handler. */
  readonly scenarios: Scenarios;
  shutdown(): Promise<void>;
}

/** A deep copy of every record (what JSON keeps of it: Mirage's non-enumerable `id` goes). */
function copyOf(snapshot: Snapshot): Snapshot {
  const copy = {} as Record<string, unknown[]>;
  for (const name of COLLECTIONS) copy[name] = (snapshot[name] as unknown[]).map((record) => copyJson(record));
  return copy as unknown as Snapshot;
}

export async function createMock(options: MockOptions): Promise<Mock> {
  const { store } = options;
  const passwordIterations = options.passwordIterations ?? DEFAULT_ITERATIONS;
  const seed = options.seed ?? (() => seedSnapshot(passwordIterations));
  const now = options.now ?? (() => new Date());

  const tracker = new Tracker();
  // The handlers read their context per request: the tables exist once Mirage's db does.
  const mirage = startMirage(routes, () => ({ db: tables, search, passwordIterations, now, unqueued: (work) => queue.unqueued(work) }));
  const tables = createTables(mirage.db, tracker, { postView, postJson, commentView });
  const work = new UnitOfWork(store, tables, tracker, options);
  const search = new Search(tables);
  work.onCommit(search);
  const queue = new RequestQueue(
    store,
    (fresh) => (Array.isArray(fresh) ? work.applyRemote(fresh) : work.load(fresh)),
    () => work.dirty,
  );

  try {
    const booted = await bootData(store, seed, options.onStoreError);
    work.rewrite = booted.rewrite;
    work.load(booted.snapshot);
  } catch (error) {
    mirage.shutdown();
    throw error;
  }

  const dispatch = createDispatch(mirage.interceptor, work);
  const faults = options.faults ?? new FaultControl();
  const scenarios = new Scenarios(routes);
  const answer = async (request: RawRequest) => {
    const picked = scenarios.pick(request);
    if (picked?.delayMs) await new Promise((resolve) => setTimeout(resolve, picked.delayMs));
    if (picked?.answer) return withoutForbiddenBody(request.method, picked.answer);
    return withoutForbiddenBody(request.method, (await faults.inject(request)) ?? (await queue.exclusive(() => dispatch(request))));
  };
  /** The paging generation data that replaces the current data is saved with: a new one when it reorders a list. */
  const generationFor = (snapshot: Snapshot) => generationKeeping(snapshot).generation;
  /** The generation, and per table whether the data keeps its positions (Table.load takes it so as not to ask again). */
  const generationKeeping = (snapshot: Snapshot) => {
    const current = store.generation?.() ?? 0;
    const kept = {} as Record<CollectionName, boolean>;
    for (const name of COLLECTIONS)
      kept[name] = (tables[name] as Table<{ _id: string }>).keepsPositions((snapshot[name] ?? []) as { _id: string }[]);
    return { generation: COLLECTIONS.every((name) => kept[name]) ? current : newGeneration(current), kept };
  };
  /** Replaces all data (reset, import), in the store first. */
  const replaceAll = (data: () => Promise<Snapshot> | Snapshot, onProgress?: (done: number, total: number) => void) =>
    queue.exclusive(async () => {
      const snapshot = await data();
      await store.replace(snapshot, generationFor(snapshot), onProgress);
      work.load(snapshot);
    });

  return {
    handle: async (request) => fromRaw(await answer(await toRaw(request))),
    dispatch: answer,
    owns: (pathname) => mirage.interceptor.owns(pathname),
    tables,
    search,
    store,
    faults,
    scenarios,
    reset: () => replaceAll(seed),
    // A copy the caller may change, record by record: one JSON text of it all stops at ~512 MB (LONGEST_TEXT).
    exportData: () => toExportFile(copyOf(snapshotOf(tables))),
    importData: (file, onProgress, options) =>
      replaceAll(() => (options?.owned ? file.data : JSON.parse(JSON.stringify(file.data))) as Snapshot, onProgress),
    serial: (work) => queue.serial(async () => work()),
    snapshot: () => queue.exclusive(async () => new DataSnapshot(snapshotOf(tables), new Date().toISOString())),
    restore: (snapshot) =>
      queue.exclusive(async () => {
        // The store keeps the frozen records (or their JSON); the tables get working copies.
        const { generation, kept } = generationKeeping(snapshot.data);
        await store.replace(snapshot.data, generation);
        const { data, changed } = snapshot.checkout();
        work.load(data, { current: true, changed, kept });
      }),
    reload: () =>
      queue.serial(async () => {
        const snapshot = await store.load();
        if (snapshot) work.load(snapshot);
      }),
    shutdown: async () => {
      await queue.drain();
      mirage.shutdown();
      await store.close();
    },
  };
}
