// Runs one generated sequence on a fresh world, checking every invariant after
// every request, then boots a second mock on the same store and compares.
import fc from "fast-check";
import { createMock } from "#mock/core/create-mock.ts";
import { callSequence } from "./arbitraries";
import { showCall, toRequest, type Call, type Json, type Op, type Step } from "./call";
import { checkResponse, checkState, checkStore, checker, firstDifference, type Check, type Counts } from "./invariants";
import { bootWorld, type StoreKind, type World } from "./world";

export interface Stats {
  sequences: number;
  requests: number;
  /** Calls `new Request` itself refused (e.g. a forbidden method); they never reach the mock. */
  unsendable: number;
  invariants: Counts;
  statuses: Record<number, number>;
  /** 2xx answers per route template: proof the fuzzer gets past validation. */
  accepted: Record<string, number>;
  /** Refusals by status and the message's first words. */
  refusals: Record<string, number>;
  /** Requests sent with extra random headers, and with JSON nested 50 to 100,000 deep. */
  withHeaders: number;
  deepBodies: number;
}

export const newStats = (): Stats => ({
  sequences: 0,
  requests: 0,
  unsendable: 0,
  invariants: {},
  statuses: {},
  accepted: {},
  refusals: {},
  withHeaders: 0,
  deepBodies: 0,
});

/** Whether a body holds a deeply nested value anywhere. */
const hasDeep = (j: Json): boolean =>
  j.t === "deep" || (j.t === "a" && j.v.some(hasDeep)) || (j.t === "o" && j.v.some(([, v]) => hasDeep(v)));

const exportText = (world: World) => JSON.stringify(world.mock.exportData().data);

/** Tokens handed out during the run join the pool, so later calls can use them. */
function learnTokens(world: World, text: string) {
  const token = /"encodedToken":"([^"]+)"/.exec(text)?.[1];
  if (token && !world.tokens.includes(token)) world.tokens.push(token);
}

const count = (map: Record<string, number>, key: string | number) => (map[key] = (map[key] ?? 0) + 1);

async function send(world: World, call: Call, request: Request, stats: Stats) {
  const response = await world.mock.handle(request);
  const text = await response.text();
  stats.requests++;
  if (call.headers?.length) stats.withHeaders++;
  if (call.body.t === "json" && hasDeep(call.body.v)) stats.deepBodies++;
  count(stats.statuses, response.status);
  if (response.status < 300) count(stats.accepted, `${call.method} ${call.path}`);
  if (response.status >= 400) count(stats.refusals, `${response.status} ${/"errors":\["((?:\S+ ?){1,4})/.exec(text)?.[1] ?? ""}`);
  learnTokens(world, text);
  const { headers } = response;
  return {
    method: request.method.toUpperCase(),
    path: new URL(request.url).pathname,
    status: response.status,
    text,
    contentType: headers.get("content-type"),
    allow: headers.get("allow"),
  };
}

/** A user who just signed up can be found by username, as profile URLs do (GET /api/users/:username). */
async function checkProfileReachable(check: Check, world: World, text: string) {
  const created = /^\{"createdUser":\{"_id":"([^"]+)","username":"((?:[^"\\]|\\.)*)"/.exec(text);
  if (!created) return;
  const [, id, username] = created;
  const response = await world.mock.handle(new Request(`http://mock.local/api/users/${encodeURIComponent(JSON.parse(`"${username}"`))}`));
  const found = ((await response.json()) as { user?: { _id: string } }).user?._id;
  check("a new user's profile is reachable by username", found === id, () => `GET /api/users/${username} gave ${response.status}`);
}

async function runOp(world: World, step: Op) {
  if (step.op === "reset") await world.mock.reset();
  if (step.op === "reload") await world.mock.reload();
  if (step.op === "reimport") await world.mock.importData(world.mock.exportData());
}

async function loadFresh(world: World) {
  const store = world.reopen();
  try {
    return await store.load();
  } finally {
    await store.close();
  }
}

/** A second mock on a fresh handle of the same store must hold exactly what the first one holds. */
async function checkReopened(check: Check, world: World, memory: string, when: string) {
  const second = await createMock({ store: world.reopen(), passwordIterations: 1000 });
  const reloaded = JSON.stringify(second.exportData().data);
  if (world.kind !== "memory") await second.shutdown();
  check(`a mock booted on the store equals the one that wrote it${when}`, reloaded === memory, () => firstDifference(reloaded, memory));
}

export async function runSequence(
  steps: Step[],
  stats: Stats,
  kind: StoreKind = "memory",
  prepare?: (world: World) => void,
): Promise<void> {
  const world = await bootWorld(kind);
  prepare?.(world);
  let open = true;
  const check = checker(stats.invariants);
  const identities = new Map<string, string>();
  const trace: string[] = [];
  stats.sequences++;
  // The data as the last request left it. With two tabs, the serving tab's own copy may be stale until it catches up.
  let truth = exportText(world);
  try {
    for (const step of steps) {
      if ("op" in step) {
        await runOp(world, step);
        trace.push(`<${step.op}>`);
        if (step.op === "reset") identities.clear(); // the seed is hashed again, with new salts
        if (step.op !== "reset")
          check("reload and re-import keep the data", exportText(world) === truth, () => firstDifference(exportText(world), truth));
      } else {
        const serving = world.mock;
        world.mock = world.tabs[step.tab % world.tabs.length];
        const requests = Array.from({ length: step.burst }, () => toRequest(world, step));
        if (requests.some((r) => !r)) {
          stats.unsendable++;
          trace.push(`${showCall(step)}  -> not a valid Request, skipped`);
          // Nothing reached that tab, so it has not caught up: the checks stay with the tab that served last.
          world.mock = serving;
          continue;
        }
        const before = truth;
        // A burst goes out at once; the dispatcher must still run them one at a time.
        const answers = await Promise.all(requests.map((r) => send(world, step, r!, stats)));
        const after = exportText(world);
        for (const x of answers) {
          trace.push(`${showCall(step)}  -> ${x.method} ${x.path.slice(0, 120)} ${x.status} ${x.text.slice(0, 160)}`);
          checkResponse(check, world, { ...x, before, after, concurrent: answers.length > 1 });
        }
        for (const x of answers) await checkProfileReachable(check, world, x.text);
        // A double-clicked like, bookmark or follow (or their undo) takes effect once; the rest are refused.
        const toggles = answers.filter(
          (x) =>
            x.method === "POST" &&
            x.status < 300 &&
            /^\/api\/(posts\/(dis)?like|users\/(remove-)?bookmark|users\/(un)?follow)\//.test(x.path),
        );
        if (answers.length > 1)
          check("a double click takes effect once", toggles.length <= 1, () => answers.map((x) => x.status).join(","));
      }
      truth = exportText(world);
      checkState(check, world, identities);
      if (world.kind === "memory") checkStore(check, await world.store.load(), truth);
      if (world.kind === "tabs") checkStore(check, await loadFresh(world), truth);
    }
    const memory = exportText(world);
    await checkReopened(check, world, memory, "");
    if (world.kind !== "memory") {
      open = false;
      for (const tab of world.tabs) await tab.shutdown(); // the file store folds its journal on close
      await checkReopened(check, world, memory, ", after it closed");
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\nrequests of this run, in order (the last one broke it):\n  ${trace.join("\n  ")}`);
  } finally {
    if (open) for (const tab of world.tabs) await tab.shutdown();
    world.cleanup();
  }
}

export const fuzzProperty = (stats: Stats, kind: StoreKind = "memory", maxLength?: number) =>
  fc.asyncProperty(callSequence(maxLength), (steps) => runSequence(steps, stats, kind));

export interface FuzzResult {
  stats: Stats;
  seed: number;
  batches: number;
  /** fast-check's report with the shrunk sequence, and the broken invariant with the run's requests; null when all held. */
  failure: string | null;
}

/** Batches of sequences until `target` requests went through; each batch's seed is firstSeed + its number. */
export async function fuzzUntil(target: number, firstSeed: number, kind: StoreKind = "memory", maxLength?: number): Promise<FuzzResult> {
  const stats = newStats();
  let batch = 0;
  while (stats.requests < target) {
    const seed = firstSeed + batch++;
    const runs = Math.min(100, Math.max(1, Math.ceil((target - stats.requests) / 25)));
    const result = await fc.check(fuzzProperty(stats, kind, maxLength), { numRuns: runs, seed });
    if (result.failed) {
      const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      return { stats, seed: firstSeed, batches: batch, failure: `${fc.defaultReportMessage(result)}\n${error}` };
    }
  }
  return { stats, seed: firstSeed, batches: batch, failure: null };
}

export function totalChecks(stats: Stats): number {
  return Object.values(stats.invariants).reduce((a, b) => a + b, 0);
}
