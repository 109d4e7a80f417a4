#!/usr/bin/env node
// Writes corpus/postman-sandbox/*.json from postman-sandbox's own unit tests: every script
// its test/unit suite hands to `context.execute`, with the context (request, response,
// variables, cookies), the event (prerequest or test) and the cursor it was run with.
// Run it on a checkout of the version Newman 6 runs (v4.7.1; its test/ is Apache-2.0):
//
//   git clone --branch v4.7.1 https://github.com/postmanlabs/postman-sandbox /tmp/ps
//   node tests/postman-diff/extract.mjs /tmp/ps && npx prettier --write tests/postman-diff/corpus
//
// Nothing is run here: each test file is loaded with stand-ins for mocha, chai, sinon and
// the sandbox, whose `execute` records its arguments and answers with an object that takes
// any question. What a test then expected of the answer is not kept: the differential
// test (diff.test.ts) asks postman-sandbox itself, at test time.
//
// A test's timeout is kept where it stops the script's timers (stopsTimers); other scripts
// get the differential test's default budget.
//
// Left out, each said so on stderr: scripts that never end on their own (`while(1)`: a
// script budget's business, tested in tests/collection/sandbox.test.ts), and one that keeps
// a timer's milliseconds (WALL_CLOCK).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

const root = process.argv[2];
if (!root || !fs.existsSync(path.join(root, "test", "unit"))) {
  console.error("usage: node tests/postman-diff/extract.mjs <postman-sandbox checkout>");
  process.exit(2);
}
/**
 * Whether a test's timeout is what its script is about: an interval never cleared, or a timer
 * due after it. Otherwise it only guarded the test's wall time, which on a loaded machine
 * would become a verdict; the script then gets the differential test's default budget.
 */
function stopsTimers(script, timeout) {
  if (/\bsetInterval\b/.test(script) && !/\bclearInterval\b/.test(script)) return true;
  const delays = [...script.matchAll(/\},\s*(\d+)\s*\)/g)].map((m) => Number(m[1]));
  return delays.some((delay) => delay >= timeout);
}
/**
 * Scripts that keep how many milliseconds a timer took (Date.now() - start): Node gives 100 or
 * 101 from one run to the next, so no exact comparison holds. pm-api.ts asks the same question
 * in a way with one answer ("timers: Date.now() moves with them").
 */
const WALL_CLOCK = new Set(["timers inside sandbox > should work with setTimeout inside sandbox"]);
const REAL = new Set(["postman-collection", "lodash", "uuid"]);
const OUT = path.join(import.meta.dirname, "corpus", "postman-sandbox");

/** A value any chain of property reads and calls can be made on (chai's expect, sinon's spies, an answer). */
function anything() {
  const fn = function () {};
  const proxy = new Proxy(fn, {
    get: (_t, key) => (key === Symbol.toPrimitive ? () => "" : key === "then" ? undefined : proxy),
    apply: () => proxy,
    construct: () => proxy,
  });
  return proxy;
}

/** A context whose scopes are VariableScope objects, as JSON, without their random ids (a case's scope is its values). */
function withoutScopeIds(context) {
  const json = JSON.parse(JSON.stringify(context));
  for (const scope of ["globals", "environment", "collectionVariables", "_variables"])
    if (json[scope] && !Array.isArray(json[scope]) && typeof json[scope] === "object") delete json[scope].id;
  return json;
}

function linesOf(script) {
  if (Array.isArray(script)) script = script.join("\n");
  if (script && typeof script === "object") script = Array.isArray(script.exec) ? script.exec.join("\n") : String(script.exec ?? "");
  const lines = String(script).split("\n");
  // The tests indent their template literals to the code around them: take the common indent away.
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.match(/^ */)[0].length));
  const out = lines.map((l) => l.slice(Math.min(indent, l.match(/^ */)[0].length)).replace(/\s+$/, ""));
  while (out.length && !out[0]) out.shift();
  while (out.length && !out[out.length - 1]) out.pop();
  return out;
}

function extract(file) {
  const relative = path.relative(root, file);
  const cases = [];
  const tests = [];
  const stack = [];
  const hooks = [];
  let current; // the test whose body is running
  const suite = (title, fn) => {
    stack.push(title);
    hooks.push({ beforeEach: [] });
    fn.call({ timeout() {}, slow() {}, retries() {} });
    hooks.pop();
    stack.pop();
  };
  suite.skip = () => {};
  suite.only = suite;
  const test = (title, fn) => tests.push({ title: [...stack, title], fn, beforeEach: hooks.flatMap((h) => h.beforeEach) });
  test.skip = () => {};
  test.only = test;
  const hook = (fn) => hooks[hooks.length - 1].beforeEach.push(fn);

  const fakeContext = (contextOptions) => ({
    on() {},
    once() {},
    off() {},
    removeAllListeners() {},
    dispatch() {},
    ping(cb) {
      if (cb) cb(null, 0, "");
    },
    dispose() {},
    execute(target, options, callback) {
      if (typeof options === "function") [options, callback] = [undefined, options];
      options = options || {};
      const isEvent = target && typeof target === "object" && !Array.isArray(target);
      const script = isEvent ? target.script : target;
      const record = {
        name: current.title.join(" > "),
        from: relative,
        listen: isEvent && target.listen ? target.listen : undefined,
        script: linesOf(script),
      };
      if (options.context && Object.keys(options.context).length) record.context = withoutScopeIds(options.context);
      if (options.cursor) record.cursor = options.cursor;
      if (options.legacy) record.legacy = options.legacy;
      const timeout = options.timeout ?? contextOptions?.timeout;
      if (/while\s*\(\s*(1|true)\s*\)/.test(record.script.join("\n"))) {
        console.error(`left out (never ends): ${record.name}`);
      } else if (WALL_CLOCK.has(record.name)) {
        console.error(`left out (keeps the milliseconds a timer took): ${record.name}`);
      } else {
        // A test's timeout bounds its timers (the interval a timeout stops); without timers it
        // only guards the test's wall time, which a loaded machine should not turn into a verdict.
        if (timeout !== undefined && stopsTimers(record.script.join("\n"), timeout)) record.timeout = timeout;
        // An interval never cleared, which its test stopped by disposing of the context: a second
        // is as good a budget as five to stop it, and the oracle waits it out in real time.
        else if (timeout === undefined && stopsTimers(record.script.join("\n"), Infinity)) record.timeout = 1000;
        cases.push(record);
      }
      try {
        if (callback) callback(null, anything());
      } catch {
        // what the test expected of the answer: not ours to know
      }
    },
  });
  const Sandbox = {
    createContext(options, callback) {
      if (typeof options === "function") [options, callback] = [undefined, options];
      callback(null, fakeContext(options));
    },
  };
  const fakeRequire = (name) => {
    if (/^(\.\.\/)+(lib)?\/?$/.test(name)) return Sandbox;
    // The tests build some contexts with the SDK: its objects are kept as their JSON.
    if (REAL.has(name)) return require(name);
    return anything();
  };
  const source = fs.readFileSync(file, "utf8");
  globalThis.expect = anything();
  globalThis.sinon = anything();
  new Function("require", "describe", "it", "before", "after", "beforeEach", "afterEach", "window", source)(
    fakeRequire,
    suite,
    test,
    hook,
    () => {},
    hook,
    () => {},
    undefined,
  );
  for (const t of tests) {
    current = t;
    const before = cases.length;
    for (const fn of t.beforeEach) fn.call(anything(), () => {});
    try {
      fn(t);
    } catch (error) {
      console.error(`the test threw while being read: ${t.title.join(" > ")}: ${error.message}`);
    }
    // Several scripts in one test: number them.
    if (cases.length - before > 1) cases.slice(before).forEach((c, i) => (c.name += ` #${i + 1}`));
  }
  function fn(t) {
    t.fn.call(anything(), () => {});
  }
  return cases;
}

const files = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith(".test.js")) files.push(full);
  }
};
walk(path.join(root, "test", "unit"));
fs.mkdirSync(OUT, { recursive: true });
let total = 0;
for (const file of files.sort()) {
  const cases = extract(file);
  if (!cases.length) continue;
  total += cases.length;
  const name = path
    .relative(path.join(root, "test", "unit"), file)
    .replace(/\//g, "-")
    .replace(/\.test\.js$/, ".json");
  fs.writeFileSync(path.join(OUT, name), JSON.stringify(cases, null, 2) + "\n");
  console.error(`${cases.length} from ${path.relative(root, file)}`);
}
console.error(`${total} scripts`);
// A test's own timers (its waits on the answer) have nothing left to say.
process.exit(0);
