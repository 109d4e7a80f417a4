import type { ChangeSet, Snapshot, Store } from "#mock/core/types";
// Small timing helpers for the benchmarks (not tests: nothing here asserts).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

export interface Stats {
  median: number;
  p95: number;
  runs: number;
}

/** Runs `fn` until `minRuns` and `minMs` are both reached; per-call milliseconds. */
export async function measure(fn: () => unknown | Promise<unknown>, { minRuns = 30, minMs = 300, warmup = 5 } = {}): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < minRuns || performance.now() - start < minMs) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
    if (samples.length > 100_000) break;
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], p95: samples[Math.floor(samples.length * 0.95)], runs: samples.length };
}

export const fmt = (ms: number) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : ms < 100 ? `${ms.toFixed(3)} ms` : `${ms.toFixed(0)} ms`);

/** A Markdown table (aligned, so it reads in a terminal too): the first column left, the figures right. */
export function table(headers: string[], rows: string[][]) {
  const cell = (c: string | undefined) => (c ?? "").replace(/\|/g, "\\|");
  const widths = headers.map((h, i) => Math.max(3, cell(h).length, ...rows.map((r) => cell(r[i]).length)));
  const line = (cells: string[]) =>
    `| ${widths.map((w, i) => (i === 0 ? cell(cells[i]).padEnd(w) : cell(cells[i]).padStart(w))).join(" | ")} |`;
  console.log();
  console.log(line(headers));
  console.log(`| ${widths.map((w, i) => (i === 0 ? "-".repeat(w) : `${"-".repeat(w - 1)}:`)).join(" | ")} |`);
  for (const row of rows) console.log(line(row));
  console.log();
}

/** A store that loads the data it is given and keeps nothing: the benches time the mock, not the disk. */
export class NullStore implements Store {
  readonly label = "null";
  constructor(private data: Snapshot) {}
  async load() {
    return this.data;
  }
  async commit(_changes: ChangeSet) {}
  async replace() {}
  async close() {}
}

export interface Watched {
  code: number | null;
  ms: number;
  /** User + system CPU time: steadier than wall time on a machine other work shares. */
  cpuMs: number;
  peakMb: number;
  stderr: string;
}

/**
 * A Node process's wall time, CPU time and peak RSS (VmHWM), polled from /proc every pollMs (the last
 * poll's worth of CPU may be missed). Linux only, as these benchmarks are.
 */
export function watchedProcess(args: string[], pollMs = 50): Promise<Watched> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
    let peak = 0;
    let cpu = 0;
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const poll = setInterval(() => {
      try {
        const hwm = readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
        if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
        const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
        cpu = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      } catch {
        // ended between two polls
      }
    }, pollMs);
    child.on("exit", (code) => {
      clearInterval(poll);
      done({ code, ms: performance.now() - started, cpuMs: cpu, peakMb: peak, stderr });
    });
  });
}
