// What the page asks the JSON worker (over mock/browser/channel-calls.ts) and
// what it answers, and the small pieces of a value the worker sends: a node's
// shape and its children's previews.

/** A node as the tree needs it: a collection and how many children it has, or a value's JSON text. */
export type NodeInfo =
  | { kind: "array" | "object"; length: number }
  | { kind: "value"; type: "string" | "number" | "boolean" | "null"; text: string; cut: boolean };

export type Entry = NodeInfo & { key: string };

export type WorkerRequest =
  | { type: "load"; doc: string; blob: Blob }
  | { type: "drop"; doc: string }
  | { type: "children"; doc: string; path: string[]; from: number; to: number }
  | { type: "search"; doc: string; query: string; into: string };

/** A question the worker could not answer fails the call with its error. */
export type WorkerReply =
  | { type: "loaded"; root: NodeInfo; head: unknown; longestList: number }
  | { type: "text"; preview: string; length: number }
  | { type: "dropped" }
  | { type: "gone" }
  | { type: "children"; entries: Entry[] }
  | { type: "found"; matches: number; nodes: number; data?: unknown; root?: NodeInfo };

export interface JsonWorkerCalls {
  answer(request: WorkerRequest): WorkerReply;
}

/** A value's text is cut past this many characters (a 10 MB string must not land in the page). */
export const VALUE_TEXT_MAX = 10_000;

const keyLists = new WeakMap<object, string[]>();

/** An object's keys, listed once: a 180,000-key object is not listed again for every range. */
export function keysOf(value: object): string[] {
  let keys = keyLists.get(value);
  if (!keys) keyLists.set(value, (keys = Object.keys(value)));
  return keys;
}

export function describe(value: unknown): NodeInfo {
  if (Array.isArray(value)) return { kind: "array", length: value.length };
  if (value !== null && typeof value === "object") return { kind: "object", length: keysOf(value).length };
  const type = value === null ? "null" : typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "string";
  const json = JSON.stringify(value) ?? "null";
  const cut = json.length > VALUE_TEXT_MAX;
  return { kind: "value", type, text: cut ? json.slice(0, VALUE_TEXT_MAX) : json, cut };
}

/** Children `from` to `to` (exclusive) of a collection, each with its key and shape. */
export function entriesOf(node: unknown, from: number, to: number): Entry[] {
  if (node === null || typeof node !== "object") return [];
  if (Array.isArray(node)) {
    const end = Math.min(to, node.length);
    const entries: Entry[] = [];
    for (let i = from; i < end; i++) entries.push({ key: String(i), ...describe(node[i]) });
    return entries;
  }
  const record = node as Record<string, unknown>;
  return keysOf(node)
    .slice(from, to)
    .map((key) => ({ key, ...describe(record[key]) }));
}

/**
 * The top level's short values (strings, numbers, booleans, null) and nothing
 * else: enough for the page's `next` cursor, a login's token and error messages.
 */
export function headOf(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (typeof value === "string") return value.slice(0, VALUE_TEXT_MAX);
  if (value === null || typeof value !== "object") return value;
  const head: Record<string, unknown> = {};
  for (const key of keysOf(value).slice(0, 1000)) {
    const child = (value as Record<string, unknown>)[key];
    if (child === null || typeof child !== "object") {
      if (typeof child !== "string" || child.length <= VALUE_TEXT_MAX) head[key] = child;
    }
  }
  return head;
}
