// The manuals, read as the README test reads them: README.md (the front door) and
// the manual beside each part of the code. What a manual shows is parsed here;
// tests/cli/readme.test.ts runs its commands and checks what it points at.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { ROOT } from "./helpers";

/** Every manual, from the repository's root. The tester's is written with its engine: read when it is there. */
export const MANUALS = ["README.md", "app/README.md", "mock/README.md", "cli/README.md", "tests/README.md", "mock/tester/README.md"];
/** Manuals that may be missing (not yet written); every other one must exist. */
export const OPTIONAL_MANUALS = new Set(["mock/tester/README.md"]);

export const MOCKMAN = /^(?:npm run mockman --|npx mockman|mockman)(?=\s|$)/;
const SHELLS = ["", "sh", "bash", "shell", "console", "zsh"];
const FENCE = /^\s*(?:```|~~~)\s*([\w-]*)/;
const SEPARATOR_ROW = /^\s*\|[\s|:-]+\|\s*$/;

export interface Example {
  /** The command as the manual shows it. */
  line: string;
  /** MANUAL:LINE, and whether a code block or a table holds it. */
  where: string;
  /** The code block or table row it is in (manual and line): each starts on a fresh store. */
  group: string;
}

/** A table row's cells; `\|` is a pipe inside a cell. */
const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, "|"));

/** The manuals there are, each with its text. */
export function readManuals(): { name: string; text: string }[] {
  return MANUALS.filter((name) => !OPTIONAL_MANUALS.has(name) || existsSync(join(ROOT, name))).map((name) => ({
    name,
    text: readFileSync(join(ROOT, name), "utf8"),
  }));
}

/** The mockman commands a manual shows: its shell code blocks, and the Example column of its tables. */
export function manualExamples(name: string, text: string): Example[] {
  const lines = text.split("\n");
  const found: Example[] = [];
  let fence: string | undefined;
  let block = -1;
  let exampleColumn = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const opens = line.match(FENCE);
    if (opens) {
      fence = fence === undefined ? opens[1] : undefined;
      block = i;
      continue;
    }
    if (fence !== undefined) {
      if (!SHELLS.includes(fence)) continue;
      const at = i;
      let command = line.trim().replace(/^\$ /, "");
      while (command.endsWith("\\") && i + 1 < lines.length) command = `${command.slice(0, -1).trimEnd()} ${lines[++i].trim()}`;
      if (MOCKMAN.test(command)) found.push({ line: command, where: `${name}:${at + 1} (code block)`, group: `${name}:${block}` });
      continue;
    }
    if (!line.trim().startsWith("|")) {
      exampleColumn = -1;
      continue;
    }
    if (SEPARATOR_ROW.test(lines[i + 1] ?? "")) {
      exampleColumn = cells(line).findIndex((cell) => /^examples?$/i.test(cell));
      continue;
    }
    if (exampleColumn < 0 || SEPARATOR_ROW.test(line)) continue;
    for (const [, span] of (cells(line)[exampleColumn] ?? "").matchAll(/`([^`]+)`/g)) {
      if (MOCKMAN.test(span)) found.push({ line: span, where: `${name}:${i + 1} (table)`, group: `${name}:${i}` });
    }
  }
  return found;
}

/** What a manual points at: each relative link (target and anchor) and each repository path named in its code. */
export interface Reference {
  where: string;
  /** The link as written, or the path as written. */
  shown: string;
  /** From the repository's root. */
  path: string;
  /** A link's #anchor, without the #. */
  anchor?: string;
}

/** Repository paths as the manuals write them, from the root: `mock/core/boundary.ts`, `tests/e2e/`, `cli/commands/*.ts`. */
const REPO_PATH = /(?<![\w./#@-])(?:app|mock|cli|tests|\.ci)\/[\w.$*/-]*[\w/*]/g;

/** Relative links (`[text](path#anchor)`) outside code, and repository paths inside code spans and code blocks. */
export function manualReferences(name: string, text: string): { links: Reference[]; paths: Reference[] } {
  const links: Reference[] = [];
  const paths: Reference[] = [];
  // Code blocks are read a line at a time; the prose around them as one text, since a code span may run
  // across a line break (Markdown allows it), with each line's start kept to name where a finding is.
  const lines = text.split("\n");
  const prose: string[] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE.test(line);
    if (fence) fenced = !fenced;
    prose.push(fenced || fence ? "" : line);
    if (fenced && !fence) for (const [path] of line.matchAll(REPO_PATH)) paths.push({ where: `${name}:${i + 1}`, shown: path, path });
  }
  const starts: number[] = [];
  for (let i = 0, at = 0; i < prose.length; at += prose[i].length + 1, i++) starts.push(at);
  const lineOf = (offset: number) => `${name}:${starts.findLastIndex((start) => start <= offset) + 1}`;
  const joined = prose.join("\n");
  // A code span: between backticks, within one paragraph (never across a blank line).
  const CODE_SPAN = /`((?:[^`\n]|\n(?![ \t]*\n))+)`/g;
  for (const span of joined.matchAll(CODE_SPAN)) {
    for (const [path] of span[1].replace(/\s+/g, " ").matchAll(REPO_PATH)) paths.push({ where: lineOf(span.index), shown: path, path });
  }
  // Links outside code spans: the spans are blanked, keeping every offset.
  const outsideCode = joined.replace(CODE_SPAN, (span) => span.replace(/[^\n]/g, " "));
  for (const found of outsideCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = found[1];
    if (/^[a-z][\w+.-]*:/i.test(target)) continue; // https:, mailto:
    const [file, anchor] = target.split("#", 2) as [string, string | undefined];
    const path = file === "" ? name : posix.normalize(posix.join(posix.dirname(name), file));
    links.push({ where: lineOf(found.index), shown: target, path, anchor });
  }
  return { links, paths };
}

/** Whether a repository path exists; a `*` matches within one name (`cli/commands/*.ts`). */
export function repoPathExists(path: string): boolean {
  if (!path.includes("*")) return existsSync(join(ROOT, path));
  const folder = dirname(path);
  const pattern = new RegExp(
    `^${path
      .slice(folder.length + 1)
      .replace(/[.$+?^()[\]{}|\\]/g, "\\$&")
      .replace(/\*/g, "[^/]*")}$`,
  );
  const full = join(ROOT, folder);
  return existsSync(full) && statSync(full).isDirectory() && readdirSync(full).some((entry) => pattern.test(entry.replace(/\/$/, "")));
}

/** The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2. */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (FENCE.test(line)) fenced = !fenced;
    const heading = !fenced && line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!heading) continue;
    const slug = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
