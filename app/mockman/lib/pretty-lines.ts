// The Pretty view's lines: a JSON value laid out line for line as
// JSON.stringify(value, null, 2) lays it out, each opening line knowing where its
// node closes and how many items it holds, so the view can fold a node to one
// line that says its count. Built without recursion: a deeply nested answer
// cannot overflow the stack.

export interface PrettyLine {
  depth: number;
  /** The key as JSON writes it ('"posts"'), or null for an array's item and the root. */
  key: string | null;
  /** What a fold toggle calls the node: its key, its index in an array, or "body" at the root. */
  name: string;
  /** A value's JSON text, an opening or closing bracket, or "[]" / "{}" for an empty one. */
  text: string;
  kind: "string" | "number" | "boolean" | "null" | "empty" | "open" | "close";
  /** Whether a comma follows (the closing line's comma is its opening line's). */
  comma: boolean;
  /** On an opening line: the index of its closing line, how many items or keys, and which. */
  close?: number;
  count?: number;
  array?: boolean;
}

type Kind = PrettyLine["kind"];

const kindOf = (value: unknown): Kind =>
  value === null
    ? "null"
    : typeof value === "string"
      ? "string"
      : typeof value === "number"
        ? "number"
        : typeof value === "boolean"
          ? "boolean"
          : "null";

/** "3 keys", "1 item": what a folded node says it holds. */
export const countLabel = (line: Pick<PrettyLine, "count" | "array">) => {
  const n = line.count ?? 0;
  return `${n.toLocaleString("en")} ${line.array ? (n === 1 ? "item" : "items") : n === 1 ? "key" : "keys"}`;
};

interface Frame {
  entries: Array<[string | null, unknown]>;
  next: number;
  open: number;
  depth: number;
}

export function prettyLines(value: unknown): PrettyLine[] {
  const lines: PrettyLine[] = [];
  const stack: Frame[] = [];
  const add = (key: string | null, name: string, v: unknown, depth: number, comma: boolean) => {
    const quoted = key === null ? null : JSON.stringify(key);
    if (v === null || typeof v !== "object") {
      lines.push({ depth, key: quoted, name, text: JSON.stringify(v) ?? "null", kind: kindOf(v), comma });
      return;
    }
    const array = Array.isArray(v);
    const entries: Array<[string | null, unknown]> = array ? v.map((item) => [null, item]) : Object.entries(v);
    if (entries.length === 0) {
      lines.push({ depth, key: quoted, name, text: array ? "[]" : "{}", kind: "empty", comma });
      return;
    }
    lines.push({ depth, key: quoted, name, text: array ? "[" : "{", kind: "open", comma, close: -1, count: entries.length, array });
    stack.push({ entries, next: 0, open: lines.length - 1, depth });
  };
  add(null, "body", value, 0, false);
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.next < top.entries.length) {
      const index = top.next++;
      const [key, child] = top.entries[index];
      add(key, key ?? String(index), child, top.depth + 1, top.next < top.entries.length);
      continue;
    }
    stack.pop();
    const open = lines[top.open];
    lines.push({ depth: top.depth, key: null, name: open.name, text: open.array ? "]" : "}", kind: "close", comma: open.comma });
    open.close = lines.length - 1;
  }
  return lines;
}

/** The opening lines folded at first: every node at `depth` or deeper (none when depth is undefined). */
export function foldedFrom(lines: PrettyLine[], depth: number | undefined): Set<number> {
  const folded = new Set<number>();
  if (depth === undefined) return folded;
  lines.forEach((line, i) => {
    if (line.kind === "open" && line.depth >= depth) folded.add(i);
  });
  return folded;
}

/** The indexes of the lines in view: a folded node shows its opening line only. */
export function visibleLines(lines: PrettyLine[], folded: ReadonlySet<number>): number[] {
  const shown: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    shown.push(i);
    if (folded.has(i)) i = lines[i].close ?? i;
  }
  return shown;
}
