// The browser's mock, in a dedicated worker of each tab: the same createMock on
// IndexedDB as every other door, so booting, importing and exporting 100k posts
// never block the page. The tab's fetch patch (mock/browser.ts) posts each /api
// request here as plain data. Tabs share the data through IndexedDB, under the
// store's Web Lock, exactly as they did when the mock ran in the page; every
// saved write is also announced on a BroadcastChannel so other tabs can show it.
/// <reference lib="webworker" />
import type { RawResponse } from "./boundary";
import { createMock, type Mock } from "./create-mock";
import { checkExportFile, type ExportFile } from "./export-file";
import type { FaultSettings } from "./fault-settings";
import { DexieStore } from "./store/dexie";
import { MemoryStore } from "./store/memory";
import type { ChangeSet } from "./types";
import {
  CHANGES_CHANNEL,
  type CallName,
  type DataChange,
  type FromWorker,
  type ImportCheck,
  type Progress,
  type ToWorker,
  type WorkerCalls,
} from "./worker-protocol";

declare const self: DedicatedWorkerGlobalScope & { __moments?: { mock: Mock; storeProblem: string | null } };

/** The tab this worker serves, as the page named it (new Worker(..., { name })). */
const client = self.name;
const changes = new BroadcastChannel(CHANGES_CHANNEL);
const post = (message: FromWorker) => self.postMessage(message);

/** Ids by collection, as a DataChange carries them. */
function idsOf(set: ChangeSet): Pick<DataChange, "put" | "removed"> {
  const put: DataChange["put"] = {};
  const removed: DataChange["removed"] = {};
  for (const [name, change] of Object.entries(set)) {
    if (!change) continue;
    if (change.put.length) put[name] = change.put.map((record) => record._id);
    if (change.remove.length) removed[name] = [...change.remove];
  }
  return { put, removed };
}

/** IndexedDB, announcing each saved write to the other tabs once it is durable. */
class AnnouncingStore extends DexieStore {
  async commit(set: ChangeSet): Promise<void> {
    await super.commit(set);
    changes.postMessage({ client, ...idsOf(set) } satisfies DataChange);
  }
}

async function boot(): Promise<{ mock: Mock; storeProblem: string | null }> {
  const onStoreError = (error: unknown) => post({ kind: "store-error", message: error instanceof Error ? error.message : String(error) });
  const onStoreRecovered = () => post({ kind: "store-recovered" });
  const started = performance.now();
  try {
    const mock = await createMock({ store: new AnnouncingStore(), onStoreError, onStoreRecovered });
    performance.measure("moments: mock boot", { start: started });
    return { mock, storeProblem: null };
  } catch (error) {
    // Never replace unreadable data with the seed: run in memory and say so.
    console.error(error);
    const mock = await createMock({ store: new MemoryStore(), onStoreError, onStoreRecovered });
    return { mock, storeProblem: error instanceof Error ? error.message : String(error) };
  }
}

const booted = boot();

booted.then(({ mock, storeProblem }) => {
  self.__moments = { mock, storeProblem };
  const measures = performance
    .getEntriesByType("measure")
    .filter((m) => m.name.startsWith("moments:"))
    .map((m) => ({ name: m.name, start: performance.timeOrigin + m.startTime, duration: m.duration }));
  post({ kind: "booted", storeProblem, measures });
});

/** Files checked by checkImport, waiting for the person to confirm (one at a time is all the page offers). */
const checked = new Map<number, ExportFile>();
let tickets = 0;

function calls(mock: Mock, progress: (p: Progress) => void): WorkerCalls & Record<CallName, (...args: never[]) => unknown> {
  return {
    exportData: () => new Blob([JSON.stringify(mock.exportData(), null, 2)], { type: "application/json" }),
    checkImport: async (file: Blob): Promise<ImportCheck> => {
      progress({ phase: "reading", done: 0, total: file.size });
      const text = await file.text();
      progress({ phase: "checking", done: file.size, total: file.size });
      const { file: parsed, problem } = checkExportFile(text);
      if (!parsed) return { ok: false, problem };
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
      await mock.importData(file);
      changes.postMessage({ client: "", put: {}, removed: {}, replaced: true } satisfies DataChange);
      return { users: file.data.users.length, posts: file.data.posts.length, exportedAt: file.exportedAt };
    },
    reset: async () => {
      await mock.reset();
      changes.postMessage({ client: "", put: {}, removed: {}, replaced: true } satisfies DataChange);
    },
    setFaults: (settings: FaultSettings) => mock.faults.set(settings),
  } as unknown as WorkerCalls & Record<CallName, (...args: never[]) => unknown>;
}

self.onmessage = async ({ data }: MessageEvent<ToWorker>) => {
  const { mock } = await booted;
  if (data.kind === "request") {
    let response: RawResponse;
    try {
      response = await mock.dispatch(data.request);
    } catch (error) {
      // dispatch answers every request itself; this is a bug, reported as the page's fetch would see one.
      console.error(error);
      response = {
        status: 500,
        statusText: "Internal Server Error",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ errors: [String(error)] }),
      };
    }
    // Copied, not transferred: a photo's bytes may be kept for the next request.
    post({ kind: "response", id: data.id, response });
    return;
  }
  const { id, name, args } = data;
  try {
    const run = calls(mock, (progress) => post({ kind: "progress", id, progress }))[name] as (...a: unknown[]) => unknown;
    post({ kind: "result", id, value: await run(...args) });
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    post({ kind: "failure", id, message: failure.message, name: failure.name });
  }
};
