// The page's side of the JSON worker: a large answer's bytes go to the worker
// (a Blob is handed over, not copied), and the tree asks for what it shows.
import { connect, onWorkerError, type Channel } from "#mock/browser/channel-calls";
import type { Entry, JsonWorkerCalls, NodeInfo, WorkerReply, WorkerRequest } from "./large-json-protocol";

/** Answers up to this size are parsed on the main thread as before; larger ones in the worker. */
export const WORKER_BYTES = 1024 * 1024;

/** Something the tree can browse: a large answer, or a search result kept in the worker. */
export interface JsonSource {
  root: NodeInfo;
  children(path: string[], from: number, to: number): Promise<Entry[]>;
}

export type Found = { matches: number; nodes: number; data?: unknown; source?: JsonSource };

let worker: Channel<JsonWorkerCalls> | null = null;

function ask(request: WorkerRequest): Promise<WorkerReply> {
  if (!worker) {
    const started = new Worker(new URL("./json-worker.ts", import.meta.url), { type: "module", name: "mockman-json" });
    const channel = connect<JsonWorkerCalls>(started);
    // A worker that fails (it could not load, or ran out of memory) fails what waits on it instead of
    // leaving the page at "Sending…"; the next question starts a fresh one.
    onWorkerError(started, "the JSON worker", (error) => {
      if (worker === channel) worker = null;
      started.terminate();
      channel.fail(error);
    });
    worker = channel;
  }
  return worker.call("answer", [request]);
}

function fail(reply: WorkerReply): never {
  throw new Error(`unexpected answer from the JSON worker: ${reply.type}`);
}

let docs = 0;

/**
 * A large JSON answer held by the worker. The page keeps only the Blob (for
 * Save, Copy and Raw); when the worker has let the value go (it keeps the last
 * few), the next question loads it again from the Blob.
 */
export class LargeJson implements JsonSource {
  private constructor(
    readonly blob: Blob,
    private readonly id: string,
    readonly root: NodeInfo,
    /** The top level's short values: for the `next` cursor, a token, an error message. */
    readonly head: unknown,
    /** The longest list at the top, for the paging hint. */
    readonly longestList: number,
  ) {}

  /** Parses `blob` in the worker: the answer, or the start of its text when it is not JSON. */
  static async load(blob: Blob): Promise<LargeJson | { preview: string; length: number }> {
    const id = `answer-${++docs}`;
    const reply = await ask({ type: "load", doc: id, blob });
    if (reply.type === "text") return { preview: reply.preview, length: reply.length };
    if (reply.type !== "loaded") fail(reply);
    return new LargeJson(blob, id, reply.root, reply.head, reply.longestList);
  }

  private async revive() {
    const reply = await ask({ type: "load", doc: this.id, blob: this.blob });
    if (reply.type !== "loaded") fail(reply);
  }

  /** Asks, and asks again once reloaded if the worker had let the answer go. */
  private async askLoaded(request: WorkerRequest): Promise<WorkerReply> {
    const reply = await ask(request);
    if (reply.type !== "gone") return reply;
    await this.revive();
    return ask(request);
  }

  async children(path: string[], from: number, to: number): Promise<Entry[]> {
    const reply = await this.askLoaded({ type: "children", doc: this.id, path, from, to });
    return reply.type === "children" ? reply.entries : fail(reply);
  }

  /** The keys and values that contain `query`, as filterTree keeps them: whole when small, browsable when not. */
  async search(query: string): Promise<Found> {
    const into = `${this.id}:search`;
    const reply = await this.askLoaded({ type: "search", doc: this.id, query, into });
    if (reply.type !== "found") fail(reply);
    const { matches, nodes, data, root } = reply;
    if (!root) return { matches, nodes, data };
    const children = async (path: string[], from: number, to: number): Promise<Entry[]> => {
      let again = await ask({ type: "children", doc: into, path, from, to });
      // Let go meanwhile: search again (the same query gives the same tree).
      if (again.type === "gone") {
        await this.askLoaded({ type: "search", doc: this.id, query, into });
        again = await ask({ type: "children", doc: into, path, from, to });
      }
      return again.type === "children" ? again.entries : fail(again);
    };
    return { matches, nodes, source: { root, children } };
  }
}
