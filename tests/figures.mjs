// The figures the runs write into the manuals: the head line that says when, where and on what a run
// was made, and the replacement of one marked section (`<!-- bench:NAME -->`) of tests/benchmarks.md,
// formatted as Prettier would so `prettier --check` stays green. Used by the benchmarks
// (tests/bench/record.ts) and by `CI=true npm test` (tests/suite.mjs).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const FIGURES_FILE = `${ROOT}tests/benchmarks.md`;

/** This machine, as the figures name it: `2 × AMD EPYC, 24 GB`. */
export const machine = () => `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB`;

/** The commit checked out, short. */
export const commit = () => execFileSync("git", ["rev-parse", "--short=7", "HEAD"], { cwd: ROOT }).toString().trim();

/**
 * When, where and on what `command` ran: its date, commit, machine, Node and the load average when it
 * began (`load`, taken then; now by default).
 * @param {string} command
 * @param {number} [load]
 */
export function runLine(command, load = loadavg()[0]) {
  const date = new Date().toISOString().slice(0, 10);
  return `\`${command}\` on ${date} at ${commit()} (${machine()}, Node ${process.version}, load average ${load.toFixed(1)} when it began).`;
}

/**
 * Replaces section `name` of `file` with `body`, the rest as it was; throws, changing nothing, when the
 * file has no such section.
 * @param {string} name
 * @param {string} body
 * @param {string} [file]
 */
export async function writeSection(name, body, file = FIGURES_FILE) {
  const text = readFileSync(file, "utf8");
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const at = text.indexOf(open);
  const end = text.indexOf(close);
  if (at < 0 || end < at) throw new Error(`${file} has no section ${open} … ${close}`);
  const next = `${text.slice(0, at + open.length)}\n\n${body.trim()}\n\n${text.slice(end)}`;
  const prettier = await import("prettier");
  const options = (await prettier.resolveConfig(FIGURES_FILE)) ?? {};
  writeFileSync(file, await prettier.format(next, { ...options, filepath: file }));
}
