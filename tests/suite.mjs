// `npm test`: every suite, each phase timed. On two cores the single-threaded checks (tsc, ESLint,
// Prettier) run side by side; vitest's projects and the app's build then run one after another (each
// uses both cores). A phase's output is printed whole when it ends, except the slow vitest project's
// and Playwright's, which stream. The first failure stops the run with its exit code.
//
// With CI set (`CI=true bash .ci/run` on a clean clone), a green run writes its figures to
// tests/suite-time.json (date, machine, commit, phases, the runners' own counts) and into the
// marked sentence of README.md and tests/README.md, and the hardening suites' measured attacks into
// tests/benchmarks.md, so the manuals show the last run's figures.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters as plain } from "node:util";
import { commit, machine, runLine, writeSection } from "./figures.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = (name) => `${ROOT}node_modules/.bin/${name}`;
const started = Date.now();
const load = loadavg()[0];
// The machine's speed today, before any phase loads it: the same suite on a slower day is not a slower suite.
// A figure, not a check: when the probe cannot run, the run says so and goes on.
let speed = null;
let speedText = "not measured";
try {
  speed = JSON.parse(
    execFileSync(BIN("tsx"), ["tests/calibrate.ts", "--json"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }).toString(),
  );
  speedText =
    `fixed work ${speed.node} CPU-s in Node, a fresh page of memory ${speed.pageUs} µs, a page's layout ${speed.layout} s in Chromium, ` +
    `a context ${speed.contextMs} ms, a round trip ${speed.roundTripMs} ms`;
} catch (error) {
  speedText = `not measured (${
    String(error.stderr || error.message)
      .trim()
      .split("\n")[0]
  })`;
}
console.log(`── the machine (tests/calibrate.ts): ${speedText} ──`);
const seconds = (ms) => Math.round(ms / 1000);
/** The sum of a count over both vitest runs' summaries. */
const sum = (pattern, text) => [...text.matchAll(pattern)].reduce((total, [, n]) => total + Number(n), 0);
/** What runs now: a failure or a signal stops it all (the checks run side by side). */
const running = new Set();
/**
 * Each command runs in a process group of its own, and a stop ends the whole group: vitest's forks, the
 * servers and Chromiums the tests started. SIGTERM to vitest alone left its forks running the slow project
 * after the quick one failed (two clean clones here: the second ran beside the first's orphans and timed out).
 */
function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // The group has ended already.
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    stopAll();
    process.exit(128 + (signal === "SIGINT" ? 2 : 15));
  });

/** Runs a command; resolves with its output. `stream` prints as it comes, otherwise all at the end. */
function run(label, command, args, { stream = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: process.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.add(child);
    let output = "";
    const take = (to) => (chunk) => {
      output += chunk;
      if (stream) to.write(chunk);
    };
    child.stdout.on("data", take(process.stdout));
    child.stderr.on("data", take(process.stderr));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      running.delete(child);
      if (!stream) process.stdout.write(`\n── ${label} ──\n${output}`);
      if (code === 0) resolve(output);
      else reject(Object.assign(new Error(`${label} failed (${signal ?? `exit ${code}`})`), { code: code ?? 1 }));
    });
  });
}

async function phase(name, work) {
  const from = Date.now();
  const result = await work();
  const took = seconds(Date.now() - from);
  console.log(`\n── ${name}: ${took} s ──`);
  return [took, result];
}

try {
  const [checks] = await phase("typecheck, ESLint and Prettier, side by side", () =>
    Promise.all([
      run("typecheck (tsc --noEmit)", BIN("tsc"), ["--noEmit"]),
      run("ESLint", BIN("eslint"), ["."]),
      run("Prettier", BIN("prettier"), ["--check", "."]),
    ]),
  );
  // vitest's three projects and the app's build, one after another. Each is CPU-bound; run side by side, as
  // they were before, they kept six busy processes on two cores and a test ran up to 8x slower than alone,
  // so tests with a time budget or a hang detector went red in clean clones (d5, d6, d7, e1, e2), and the
  // phase was no shorter: 429 and 433 s one after another in clean clones e3 and e4, 433-488 s side by side.
  // quick and slow run without isolation: a worker's files share its modules (the mock, zod, Mirage, Dexie,
  // the bin's helpers) instead of importing them per file (measured in a
  // cgroup: quick 167 -> 62 CPU-s, slow 580 -> 435 CPU-s; isolate set in a project's config is not applied,
  // the flag is). The component tests run in vitest's browser mode (one Chromium, each file in a frame).
  const [unitAndBuild, [quickOut, slowOut, componentsOut]] = await phase(
    "vitest's quick, components and slow projects and the app's build, one after another",
    async () => {
      const quick = await run("vitest --project quick --no-isolate", BIN("vitest"), ["run", "--project", "quick", "--no-isolate"]);
      const components = await run("vitest --project components", BIN("vitest"), ["run", "--project", "components"]);
      await run("build (remix vite:build)", BIN("remix"), ["vite:build"]);
      const slow = await run("vitest --project slow --no-isolate", BIN("vitest"), ["run", "--project", "slow", "--no-isolate"], {
        stream: true,
      });
      return [quick, slow, components];
    },
  );
  const vitestOut = `${quickOut}\n${slowOut}\n${componentsOut}`;
  // vitest's global setup has built the CLI bundle already; this is the build's own last step.
  await run("build:cli", process.execPath, ["cli/build.mjs"]);
  const [e2e, e2eOut] = await phase("Playwright", () =>
    run("Playwright", BIN("playwright"), ["test", "-c", "tests/e2e"], { stream: true }),
  );
  const total = seconds(Date.now() - started);
  console.log(`\nnpm test: ${total} s (checks ${checks} s, vitest and build ${unitAndBuild} s, Playwright ${e2e} s)`);

  if (process.env.CI) {
    const v = plain(vitestOut);
    const p = plain(e2eOut);
    const figures = {
      date: new Date().toISOString().slice(0, 10),
      commit: commit(),
      machine: machine(),
      loadAverageAtStart: Math.round(load * 10) / 10,
      calibration: speed,
      seconds: { total, checks, vitestAndBuild: unitAndBuild, playwright: e2e },
      vitest: { files: sum(/Test Files\s+(\d+) passed/g, v), tests: sum(/Tests\s+(\d+) passed/g, v) },
      playwright: {
        tests: Number(/Running (\d+) tests?/.exec(p)?.[1]),
        workers: Number(/Running \d+ tests? using (\d+) workers?/.exec(p)?.[1]),
      },
    };
    writeFileSync(`${ROOT}tests/suite-time.json`, `${JSON.stringify(figures, null, 2)}\n`);
    const sentence =
      `${figures.seconds.total} s on ${figures.date} at ${figures.commit} (${figures.machine}, load ${figures.loadAverageAtStart} at the start, ` +
      `tests/calibrate.ts: ${speedText}): ` +
      `checks ${checks} s, vitest ${figures.vitest.files} files / ${figures.vitest.tests} tests and the build, one after another, ${unitAndBuild} s, ` +
      `Playwright ${figures.playwright.tests} tests on ${figures.playwright.workers} workers ${e2e} s`;
    for (const manual of ["README.md", "tests/README.md"]) {
      const path = `${ROOT}${manual}`;
      const text = readFileSync(path, "utf8");
      const next = text.replace(/(<!-- suite-time -->)[\s\S]*?(<!-- \/suite-time -->)/, `$1${sentence}$2`);
      if (next !== text) writeFileSync(path, next);
    }
    // The hostile collections' figures: what the hardening suites logged of each attack's run of the bin
    // (tests/hardening/measured.ts), as a section of tests/benchmarks.md.
    const attacks = [...v.matchAll(/^\[(host-bounds|isolation)\] (.+): exit (\d+), peak RSS (\S+) MB, (\S+) s$/gm)];
    if (attacks.length) {
      const rows = attacks.map(
        ([, suite, what, exit, rss, s]) => `| ${suite} | ${what.replace(/\|/g, "\\|")} | ${exit} | ${rss} MB | ${s} s |`,
      );
      const head = runLine("CI=true npm test", load).replace(
        /\.$/,
        ", each attack a run of the bin under `/usr/bin/time -v` beside the rest of vitest:",
      );
      await writeSection(
        "hardening",
        `${head}\n\n| suite | attack | exit | peak RSS | time |\n| --- | --- | --: | --: | --: |\n${rows.join("\n")}`,
      );
    }
    console.log(`figures written to tests/suite-time.json, README.md, tests/README.md and tests/benchmarks.md`);
  }
} catch (error) {
  stopAll();
  console.error(`\nnpm test: ${error.message} after ${seconds(Date.now() - started)} s`);
  process.exit(error.code ?? 1);
}
