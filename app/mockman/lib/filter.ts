// The two search boxes: one narrows the response tree to what matches, the
// other narrows the history by method, path and status.
import type { HistoryEntry } from "./history";

export interface TreeFilter {
  /** The matching parts with their ancestors; undefined when nothing matches. */
  data: unknown;
  /** How many keys or values matched. */
  matches: number;
  /** How many nodes the filtered tree holds (counting stops a little past NODE_COUNT_CAP). */
  nodes: number;
}

/** Past this many nodes a tree is "big": the view does not open it all. */
export const NODE_COUNT_CAP = 2000;

const EMPTY: TreeFilter = { data: undefined, matches: 0, nodes: 0 };

/** Nodes in a value, counted up to `cap` and no further (a kept 5 MB array costs nothing to measure). */
export function countNodes(value: unknown, cap = NODE_COUNT_CAP + 1): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length && count < cap) {
    const next = stack.pop();
    count++;
    if (next !== null && typeof next === "object") for (const child of Object.values(next)) stack.push(child);
  }
  return Math.min(count, cap);
}

/**
 * Keeps the paths to every key or value that contains `query` (case-insensitive),
 * with their ancestors. A matching key keeps its whole value. Arrays become
 * objects keyed by their original index, so `posts.3` is still shown as 3.
 */
export function filterTree(data: unknown, query: string): TreeFilter {
  const needle = query.trim().toLowerCase();
  if (!needle) return { data, matches: 0, nodes: countNodes(data) };
  return walk(data, needle) ?? EMPTY;
}

function walk(value: unknown, needle: string): TreeFilter | null {
  if (value !== null && typeof value === "object") {
    const isArray = Array.isArray(value);
    const kept: Record<string, unknown> = {};
    let matches = 0;
    let nodes = 1;
    for (const [key, child] of Object.entries(value)) {
      if (!isArray && key.toLowerCase().includes(needle)) {
        kept[key] = child;
        matches++;
        if (nodes <= NODE_COUNT_CAP) nodes += countNodes(child);
        continue;
      }
      const inner = walk(child, needle);
      if (inner) {
        kept[key] = inner.data;
        matches += inner.matches;
        nodes += inner.nodes;
      }
    }
    return matches ? { data: kept, matches, nodes: Math.min(nodes, NODE_COUNT_CAP + 1) } : null;
  }
  return String(value).toLowerCase().includes(needle) ? { data: value, matches: 1, nodes: 1 } : null;
}

/**
 * A history search: every word must match the method, the path or the status
 * (`404`, `4xx`, `failed` for requests that got no response), case-insensitive.
 * An empty query matches everything.
 */
export function historyMatcher(query: string): (entry: HistoryEntry) => boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return () => true;
  return (entry) => {
    const method = entry.method.toLowerCase();
    const path = entry.endpoint.toLowerCase();
    const status = entry.status === undefined ? "" : String(entry.status);
    return words.every(
      (word) =>
        method.startsWith(word) ||
        path.includes(word) ||
        (status !== "" && status.startsWith(word)) ||
        (/^[1-5]xx$/.test(word) && status[0] === word[0]) ||
        (word === "failed" && entry.failure !== undefined),
    );
  };
}

/** What the response's search box says: nothing while empty, "Searching…" while a worker looks, then the count. */
export function searchStatus(search: string, searching: boolean, found: number): string {
  if (search === "") return "";
  if (searching) return `Searching for "${search}"…`;
  if (found === 0) return `No matches for "${search}".`;
  return `${found} ${found === 1 ? "match" : "matches"} for "${search}".`;
}
