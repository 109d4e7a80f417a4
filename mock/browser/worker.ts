// The browser's mock, in a dedicated worker of each tab: the same createMock on
// IndexedDB as every other door, so booting, importing and exporting 100k posts
// never block the page. The tab's fetch patch (mock/browser/door.ts) posts each /api
// request here as plain data. Tabs share the data through IndexedDB, under the
// store's Web Lock, exactly as they did when the mock ran in the page; every
// saved write is also announced on a BroadcastChannel so other tabs can show it.
/// <reference lib="webworker" />
import type { RawRequest, RawResponse } from "../core/boundary";
import { createMock, type Mock } from "../core/create-mock";
import { isActive } from "../core/fault-settings";
import { FaultControl } from "../core/faults";
import { ReadyAnswers, savedDataVersion } from "./ready-answers";
import { FormatError, checkExportJson, exportPieces, parseJsonFile, readExportLines, type ExportFile } from "../data/export-file";
import { linesOf } from "../data/json-lines";
import { SCENARIO_HEADER, type ScenarioList } from "../features/scenarios";
import { DEFAULT_DATABASE, DexieStore } from "./dexie";
import { MemoryStore } from "../store/memory";
import { LONGEST_TEXT, type ChangeSet } from "../core/types";
import {
  CHANGES_CHANNEL,
  DATA_VERSION_HEADER,
  type DataChange,
  type ImportCheck,
  type MockWorkerCalls,
  type MockWorkerEvents,
  type Progress,
  type ScenarioCall,
  type WorkerCalls,
} from "./worker-protocol";
import { connect, emit, type CallContext, type Endpoint, type Served } from "./channel-calls";

declare const self: DedicatedWorkerGlobalScope & { __moments?: { mock: Mock; storeProblem: string | null } };

/** The tab this worker serves, as the page named it (new Worker(..., { name })). */
const client = self.name;
const changes = new BroadcastChannel(CHANGES_CHANNEL);
/** Tells the page (door.ts) what happened here, unasked. */
const tell = <K extends keyof MockWorkerEvents>(name: K, value: MockWorkerEvents[K]) => emit(self, name, value);

/** Ids by collection, as a DataChange carries them. */
function idsOf(set: ChangeSet): Pick<DataChange, "put" | "removed"> {
  const put: DataChange["put"] = {};
  const removed: DataChange["removed"] = {};
  for (const [name, change] of Object.entries(set)) {
    if (!change) continue;
    if (change.put.length) put[name] = change.put.map((record) => record._id);
    if (change.remove.length) removed[name] = [...change.remove];
  }
  // A new or edited comment changes how its post reads (its answer holds its comments).
  const commented = (set.comments?.put ?? []).map((comment) => comment.postId);
  if (commented.length) put.posts = [...new Set([...(put.posts ?? []), ...commented])];
  return { put, removed };
}

/** IndexedDB, announcing each saved write to the other tabs once it is durable. */
class AnnouncingStore extends DexieStore {
  async commit(set: ChangeSet): Promise<void> {
    await super.commit(set);
    changes.postMessage({ client, ...idsOf(set), version: this.dataVersion } satisfies DataChange);
  }
}

/** Decided before anything else, so an answer kept ready never skips an injected delay or failure. */
const faults = new FaultControl();
/** Read first, before the boot's large reads: the last session's answers and the data version they hold for. */
const ready = new ReadyAnswers();
const readyLoaded = ready.load();
const versionAtStart = savedDataVersion(indexedDB, DEFAULT_DATABASE).catch(() => null);
let readyMock: Mock | null = null;

async function boot(): Promise<{ mock: Mock; storeProblem: string | null }> {
  const onStoreError = (error: unknown) => tell("store-error", error instanceof Error ? error.message : String(error));
  const onStoreRecovered = () => tell("store-recovered", undefined);
  const started = performance.now();
  try {
    const mock = await createMock({ store: new AnnouncingStore(), onStoreError, onStoreRecovered, faults });
    performance.measure("moments: mock boot", { start: started });
    return { mock, storeProblem: null };
  } catch (error) {
    // Never replace unreadable data with the seed: run in memory and say so.
    console.error(error);
    const mock = await createMock({ store: new MemoryStore(), onStoreError, onStoreRecovered, faults });
    return { mock, storeProblem: error instanceof Error ? error.message : String(error) };
  }
}

const booted = boot();

booted.then(({ mock, storeProblem }) => {
  readyMock = mock;
  warmSearch(mock);
  self.__moments = { mock, storeProblem };
  const measures = performance
    .getEntriesByType("measure")
    .filter((m) => m.name.startsWith("moments:"))
    .map((m) => ({ name: m.name, start: performance.timeOrigin + m.startTime, duration: m.duration }));
  tell("booted", { storeProblem, measures });
});

/** Files checked by checkImport, waiting for the person to confirm (one at a time is all the page offers). */
const checked = new Map<number, ExportFile>();
let tickets = 0;

type BootedCall = Exclude<keyof WorkerCalls, "setFaults">;

function calls(mock: Mock, progress: (p: Progress) => void): Record<BootedCall, (...args: never[]) => unknown> {
  return {
    exportData: () => new Blob(exportPieces(mock.exportData()), { type: "application/json" }),
    checkImport: async (file: Blob): Promise<ImportCheck> => {
      progress({ phase: "reading", done: 0, total: file.size });
      let parsed: ExportFile;
      try {
        // A file too long for one string (~512 MB) is read a line at a time, in the layout exports are written in.
        const json =
          file.size > LONGEST_TEXT
            ? await readExportLines(
                linesOf(file, (done) => progress({ phase: "reading", done, total: file.size })),
                Math.round(file.size / 1e6),
              )
            : parseJsonFile(await file.text());
        progress({ phase: "checking", done: file.size, total: file.size });
        parsed = checkExportJson(json);
      } catch (error) {
        if (error instanceof FormatError) return { ok: false, problem: error.message };
        throw error;
      }
      checked.clear();
      const ticket = ++tickets;
      checked.set(ticket, parsed);
      return {
        ok: true,
        ticket,
        summary: { users: parsed.data.users.length, posts: parsed.data.posts.length, exportedAt: parsed.exportedAt },
      };
    },
    importChecked: async (ticket: number) => {
      const file = checked.get(ticket);
      if (!file) throw new Error("That file is no longer ready to import: choose it again.");
      checked.delete(ticket);
      progress({ phase: "saving", done: 0, total: 1 });
      // Handed over: the checked file is this call's alone now (deleted from `checked` above).
      await mock.importData(
        file,
        (done, total) => progress(done < total ? { phase: "saving", done, total } : { phase: "loading", done: 0, total: 1 }),
        { owned: true },
      );
      void ready.clear();
      changes.postMessage({ client: "", put: {}, removed: {}, replaced: true } satisfies DataChange);
      return { users: file.data.users.length, posts: file.data.posts.length, exportedAt: file.exportedAt };
    },
    forgetKeptAnswers: () => ready.clear(),
    scenarios: (call: ScenarioCall): ScenarioList => {
      if (call.op === "add") mock.scenarios.add(call.set);
      else if (call.op === "remove") mock.scenarios.remove(call.name);
      else if (call.op === "clear") mock.scenarios.clear();
      return mock.scenarios.list();
    },
    reset: async () => {
      await mock.reset();
      void ready.clear();
      changes.postMessage({ client: "", put: {}, removed: {}, replaced: true } satisfies DataChange);
    },
  } as unknown as Record<BootedCall, (...args: never[]) => unknown>;
}

/**
 * Before the boot ends, a GET the last session answered at the data version saved
 * now is answered as it was then (mock/browser/ready-answers.ts); with faults on, nothing is.
 */
async function answerEarly(raw: RawRequest): Promise<RawResponse | null> {
  if (readyMock || isActive(faults.settings) || raw.headers[SCENARIO_HEADER] !== undefined) return null;
  await readyLoaded;
  return await ready.answer(raw, await versionAtStart);
}

/** A macrotask's pause: requests that came meanwhile run before the next slice. */
const pause = () => new Promise<void>((done) => setTimeout(done, 0));

/**
 * The search index is built in the background, a second after the boot or after a load
 * dropped it (another tab's writes, an import), so a search or a tag page finds it ready
 * and no request waits behind a whole build (seconds at 100k posts).
 */
let warmUpPending = false;
function warmSearch(mock: Mock) {
  // One timer at a time: this runs after every request, and mock.search.warm returns at once while a build is under way.
  if (warmUpPending || mock.search.ready) return;
  warmUpPending = true;
  const runSlice = (work: () => void) => pause().then(() => mock.serial(work));
  setTimeout(() => {
    warmUpPending = false;
    void mock.search.warm(runSlice).catch((error: unknown) => console.error(error));
  }, 1000);
}

async function answer(raw: RawRequest): Promise<RawResponse> {
  const early = await answerEarly(raw);
  if (early) return early;
  const { mock } = await booted;
  try {
    const response = await mock.dispatch(raw);
    if (mock.store instanceof DexieStore) {
      // Read now, before anything else runs in this worker: the version this answer was read or written at.
      response.headers[DATA_VERSION_HEADER] = String(mock.store.dataVersion);
      ready.keep(raw, response, mock.store.dataVersion);
    }
    warmSearch(mock);
    return response;
  } catch (error) {
    // dispatch answers every request itself; this is a bug, reported as the page's fetch would see one.
    console.error(error);
    return {
      status: 500,
      statusText: "Internal Server Error",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ errors: [String(error)] }),
    };
  }
}

/** A call that waits for the boot, then runs with its progress going back to the page as the call's notes. */
const afterBoot = <K extends BootedCall>(name: K) =>
  (async (...args: unknown[]) => {
    const call = args.pop() as CallContext;
    const { mock } = await booted;
    return (calls(mock, (progress) => call.note(progress))[name] as (...a: unknown[]) => unknown)(...args);
  }) as unknown as Served<MockWorkerCalls>[K];

// Each handler starts as its message arrives, in the order the page sent them (a write's place in line is kept).
connect<object, MockWorkerCalls>(self as unknown as Endpoint, {
  serve: {
    // Copied, not transferred: a photo's bytes may be kept for the next request.
    request: (raw) => answer(raw),
    // Before the boot too: the first requests must meet the settings.
    setFaults: (settings) => void faults.set(settings),
    exportData: afterBoot("exportData"),
    checkImport: afterBoot("checkImport"),
    importChecked: afterBoot("importChecked"),
    reset: afterBoot("reset"),
    forgetKeptAnswers: afterBoot("forgetKeptAnswers"),
    scenarios: afterBoot("scenarios"),
  },
});
