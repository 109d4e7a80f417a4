// The long fuzz run: `npm run fuzz -- --requests 20000 --seed 42 --store file`
// (or FUZZ_REQUESTS / FUZZ_SEED / FUZZ_STORE; stores: memory, file, dexie, tabs).
// Prints requests tried, failures and the invariant checks made; a failure
// prints the shrunk request sequence and exits 1.
import { fuzzUntil, totalChecks } from "./fuzz/run";
import type { StoreKind } from "./fuzz/world";

function option(name: string, env: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const raw = at >= 0 ? process.argv[at + 1] : process.env[env];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} (or ${env}) must be a whole number, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return value;
}

const target = option("requests", "FUZZ_REQUESTS", 10_000);
const storeAt = process.argv.indexOf("--store");
const kind = (storeAt >= 0 ? process.argv[storeAt + 1] : (process.env.FUZZ_STORE ?? "memory")) as StoreKind;
if (!["memory", "file", "dexie", "tabs"].includes(kind)) {
  console.error(`--store (or FUZZ_STORE) must be memory, file, dexie or tabs, got ${JSON.stringify(kind)}`);
  process.exit(2);
}
const seed = option("seed", "FUZZ_SEED", Date.now() % 2 ** 31);
const started = performance.now();
const { stats, batches, failure } = await fuzzUntil(target, seed, kind);
const seconds = (performance.now() - started) / 1000;

if (failure) console.error(`\nFAILED (replay: npm run fuzz -- --store ${kind} --seed ${seed} --requests ${target})\n${failure}\n`);
console.log(
  `fuzz on the ${kind} store, seed ${seed} (${batches} batch${batches === 1 ? "" : "es"}), ${seconds.toFixed(1)} s, ${Math.round(stats.requests / seconds)} requests/s`,
);
console.log(`requests tried: ${stats.requests} in ${stats.sequences} sequences (+${stats.unsendable} that new Request refused)`);
console.log(`with random headers: ${stats.withHeaders}; with JSON nested 50 to 100,000 deep: ${stats.deepBodies}`);
console.log(`failures: ${failure ? 1 : 0}`);
console.log(`invariant checks: ${totalChecks(stats)}`);
for (const [name, n] of Object.entries(stats.invariants).sort()) console.log(`  ${String(n).padStart(9)}  ${name}`);
console.log(
  `statuses: ${Object.entries(stats.statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(" ")}`,
);
console.log(`refusals by message (first words):`);
for (const [message, n] of Object.entries(stats.refusals).sort((a, b) => b[1] - a[1]))
  console.log(`  ${String(n).padStart(7)}  ${message}`);
console.log(`accepted (2xx) per route:`);
for (const [route, n] of Object.entries(stats.accepted).sort()) console.log(`  ${String(n).padStart(7)}  ${route}`);
process.exit(failure ? 1 : 0);
