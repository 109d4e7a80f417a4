import type { ChangeSet, Snapshot, Store } from "#mock/core/types";
// Small timing helpers for the benchmarks (not tests: nothing here asserts).

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

export function table(headers: string[], rows: string[][]) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(line(headers));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
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
