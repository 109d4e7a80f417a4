// What a benchmark run prints is also written to tests/benchmarks.md, the file the manuals take their
// figures from: each command owns one marked section (`<!-- bench:NAME -->`), which a full run replaces
// whole, headed by the date, the commit, the machine and its load when the run began. A narrowed run
// (other sizes, one part) prints only, so the file always shows whole runs.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { resolve } from "node:path";
import { format } from "node:util";

export const FIGURES_FILE = resolve(import.meta.dirname, "../benchmarks.md");

let printed: string[] = [];
/** The section's head line, made as the run begins: its commit and load are the measured run's. */
let head = "";

/** When, where and on what `command` runs. */
function runLine(command: string): string {
  const commit = execFileSync("git", ["rev-parse", "--short=7", "HEAD"], { cwd: resolve(import.meta.dirname, "../..") })
    .toString()
    .trim();
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB`;
  return `\`${command}\` on ${new Date().toISOString().slice(0, 10)} at ${commit} (${machine}, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} when it began).`;
}

/** From now on, what console.log prints is kept for `keep` (and still printed); `command` is what runs. */
export function record(command: string): void {
  head = runLine(command);
  printed = [];
  const log = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    printed.push(format(...args));
    log(...args);
  };
}

/** Replaces section `name` of `file` with what was printed since `record()`, formatted as Prettier would. */
export async function keep(name: string, file = FIGURES_FILE): Promise<void> {
  const text = readFileSync(file, "utf8");
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const at = text.indexOf(open);
  const end = text.indexOf(close);
  if (at < 0 || end < at) throw new Error(`${file} has no section ${open} … ${close}`);
  const lines = printed
    .join("\n")
    .split("\n")
    // The run's headings go under the file's own (# the file, ## a command); a line of prose stays a line
    // (a list item), as it was printed; tables stay as they are.
    .map((line) => (/^#{1,4} /.test(line) ? `##${line}` : !line.trim() || /^(\||- )/.test(line) ? line : `- ${line.trim()}`));
  const section = `${head}\n\n${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
  const next = `${text.slice(0, at + open.length)}\n\n${section}\n${text.slice(end)}`;
  const prettier = await import("prettier");
  const options = (await prettier.resolveConfig(FIGURES_FILE)) ?? {};
  writeFileSync(file, await prettier.format(next, { ...options, filepath: file }));
  console.error(`figures written to ${file} (section ${name})`);
}
