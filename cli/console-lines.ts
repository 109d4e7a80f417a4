// A script's console.* calls as Newman's cli reporter prints them (newman/lib/reporters/cli/index.js,
// its `console` event): a box, `┌`, a `│ ` line for each call (its arguments through util.inspect with
// Newman's options, joined by ", ", wrapped by word-wrap as Newman wraps them), `└`; the bars in the level's
// colour. What the terminal would act on is shown escaped. Newman opens the box with print.buffer, and the
// next thing printed otherwise closes it: its pre-request scripts' calls come before the request's
// `beforeRequest` line, so they are a box of their own above it, and the test scripts' a box below.
import { inspect } from "node:util";
import wrap from "word-wrap";
import { printable, type ReplayResult } from "#mock/tester/engine/reporters";
import { withCycles } from "#mock/tester/sandbox/sandbox";

/** Newman's theme: log grey, info cyan, warn yellow, debug blue, error red (others grey). */
const LEVEL_COLOR: Record<string, number> = { log: 90, info: 36, warn: 33, debug: 34, error: 31 };

/** Newman's inspector without a terminal (breakLength: 60 columns less 16). */
const INSPECT = { depth: 25, maxArrayLength: 100, breakLength: 44, colors: false } as const;

/**
 * One argument as Newman's inspector shows it: util.inspect, in colour when the lines are (a string as it is). What
 * the terminal would act on is escaped, so colour only where the plain text holds none: a string inside a value is
 * escaped by inspect itself, but a top-level string, a RegExp's source or a Date's text is written as it is.
 */
function shown(logged: unknown, color: boolean): string {
  // A reference back to an ancestor, kept as such: util.inspect marks it `[Circular *1]`, as in Newman.
  const message = withCycles(logged);
  const plain = inspect(message, INSPECT);
  const lines = plain.split("\n");
  const safe = lines.map(printable);
  if (!color || typeof message === "string" || safe.some((line, i) => line !== lines[i])) return safe.join("\n");
  return inspect(message, { ...INSPECT, colors: true });
}

/** A request's console calls: its pre-request scripts' box, to print before its line, and its test scripts', after. */
export function consoleBoxes(entries: ReplayResult["console"], color: boolean): { before: string; after: string } {
  const all = entries ?? [];
  return {
    before: consoleLines(
      all.filter((e) => e.script === "prerequest"),
      color,
    ),
    after: consoleLines(
      all.filter((e) => e.script !== "prerequest"),
      color,
    ),
  };
}

/** One box of console calls (none: nothing). */
export function consoleLines(entries: ReplayResult["console"], color: boolean): string {
  if (!entries?.length) return "";
  const paint = (level: string, text: string) => (color ? `\x1b[${LEVEL_COLOR[level] ?? 90}m${text}\x1b[39m` : text);
  const lines = [paint(entries[0].level, "  ┌")];
  for (const { level, messages } of entries) {
    const text = messages.map((m) => shown(m, color)).join(", ");
    // Newman's wrapper without a terminal: 54 columns, long words cut; no blank line kept.
    lines.push(wrap(text, { indent: `  ${paint(level, "│")} `, width: 54, cut: true }).replace(/\n\s*\n/g, "\n"));
  }
  lines.push(paint(entries[entries.length - 1].level, "  └"));
  return lines.join("\n") + "\n";
}
