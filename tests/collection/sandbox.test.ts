// The script sandbox fails closed: nothing of the host is reachable from a
// script (the node:vm escapes of the old sandbox each have a case here), no
// script can change the runtime or the built-ins for a later one, and every
// budget breach (time over code, timers and promises; memory) fails that one
// script with a message while the next one runs. Then Postman's script API as
// Newman 6 has it, and the modules require() gives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptSandbox, type ScriptHost, type ScriptInput, type ScriptOutcome, type ScriptResponse } from "#mock/tester/sandbox/sandbox";
import { cookieHeader, keepSetCookies, runJar } from "#mock/tester/engine/cookies";
import { unsupportedUses } from "#mock/tester/postman/script-uses";
import { executeRun, prepareRun } from "#mock/tester/engine/run";
import type { Sender } from "#mock/tester/engine/exchange";
import type { PostmanCollection } from "#mock/tester/postman/convert";
import { Url } from "postman-collection";
import { formDataBody } from "#cli/form-data";

const json = (body: unknown, code = 200): ScriptResponse => ({
  code,
  status: code === 200 ? "OK" : "Not Found",
  headers: [
    ["Content-Type", "application/json"],
    ["Set-Cookie", "session=abc; Path=/"],
  ],
  body: JSON.stringify(body),
  responseTime: 5,
});

function input(script: string, extra: Partial<ScriptInput> = {}): ScriptInput {
  return {
    script,
    scopes: { environment: {}, collectionVariables: {}, globals: {}, local: {}, data: {} },
    request: {
      id: "r1",
      name: "Posts",
      method: "GET",
      url: "{{baseUrl}}/api/posts",
      headers: [["Accept", "application/json"]],
      body: null,
    },
    response: json({ posts: [{ id: 1 }] }),
    info: { eventName: "test", iteration: 0, iterationCount: 1, requestName: "Posts", requestId: "r1" },
    cookies: [],
    ...extra,
  };
}

const noNetwork: ScriptHost = {
  sendRequest: () => Promise.reject(new Error("no network in this test")),
};

let sandbox: ScriptSandbox;
beforeAll(async () => {
  sandbox = await ScriptSandbox.create();
});
afterAll(() => sandbox.dispose());

const run = (script: string, extra: Partial<ScriptInput> = {}, host: ScriptHost = noNetwork): Promise<ScriptOutcome> =>
  sandbox.run(input(script, extra), "test script", host);
const results = (outcome: ScriptOutcome) => Object.fromEntries(outcome.assertions.map((a) => [a.name, a.passed ? "pass" : a.error]));

/** A later script's judgement is intact: a failing pm.test fails, a throw is an error, a passing test passes. */
async function judgedAsBefore() {
  const later = await run(
    'pm.test("fails", () => pm.expect(1).to.equal(2)); pm.test("passes", () => pm.response.to.have.status(200)); throw new Error("boom");',
  );
  expect(later.assertions).toEqual([
    { name: "fails", passed: false, skipped: false, error: "expected 1 to equal 2", index: 0 },
    { name: "passes", passed: true, skipped: false },
  ]);
  expect(later.error).toBe("Error: boom");
}

describe("nothing of the host is reachable", () => {
  it("no process, require of Node's modules or module, however a script asks (Buffer is the bundle's own, as in Newman)", async () => {
    const outcome = await run(`
      pm.test("globals", () => pm.expect([typeof process, typeof Buffer, typeof module, typeof exports, typeof __dirname]).to.eql(["undefined", "function", "undefined", "undefined", "undefined"]));
      pm.test("through Function", () => pm.expect(Function("return typeof process")()).to.equal("undefined"));
      pm.test("through a runtime object's constructor", () => pm.expect(pm.expect.constructor.constructor("return typeof process")()).to.equal("undefined"));
      pm.test("the global object has no host", () => pm.expect(Object.getOwnPropertyNames(Function("return this")()).filter((k) => /process|^Buffer|fetch|XMLHttpRequest|WebAssembly|__uvm|bridge/.test(k))).to.eql([]));
      pm.test("require('fs')", () => require("fs"));
      pm.test("require('child_process')", () => require("child_process"));
    `);
    expect(results(outcome)).toEqual({
      globals: "pass",
      "through Function": "pass",
      "through a runtime object's constructor": "pass",
      "the global object has no host": "pass",
      // postman-sandbox's require gives an empty stand-in for Node's built-ins, as in Newman.
      "require('fs')": "pass",
      "require('child_process')": "Cannot find module 'child_process'",
    });
  });

  it("the import() route: its rejection's constructor leads to no process", async () => {
    const outcome = await run(`
      import("fs").then(
        () => pm.environment.set("loaded", "fs"),
        (e) => {
          let reached;
          try { reached = e.constructor.constructor("return process")(); } catch (x) { reached = x.name + ": " + x.message; }
          pm.environment.set("reached", typeof reached === "object" ? "a process object" : String(reached));
        },
      );
    `);
    expect(outcome.error).toBeNull();
    expect(outcome.scopes.environment).toEqual({ reached: "ReferenceError: 'process' is not defined" });
  });

  it("errors the host makes (a failed pm.sendRequest, a refused require) are the isolate's own", async () => {
    const outcome = await run(`
      pm.sendRequest("http://x/", (err) => {
        pm.environment.set("message", String(err.message));
        pm.environment.set("through", err.constructor.constructor("return typeof process")());
        pm.environment.set("stack", String(err.stack));
      });
      try { require("net") } catch (e) { pm.environment.set("require", e.constructor.constructor("return typeof process")()); }
    `);
    // As in Newman: an Error crosses as JSON (its own fields; this one has none), never as the host's object.
    expect(outcome.scopes.environment.message).toBe("undefined");
    expect(outcome.scopes.environment.through).toBe("undefined");
    expect(outcome.scopes.environment.require).toBe("undefined");
    expect(outcome.scopes.environment.stack).not.toMatch(/node:|\/work\/|\.ts\b|node_modules/);
  });

  it("prepareStackTrace and stack frames give no host frame", async () => {
    const outcome = await run(`
      Error.prepareStackTrace = (e, frames) => frames;
      const stack = new Error("x").stack;
      pm.environment.set("kind", typeof stack);
      pm.environment.set("stack", String(stack));
      pm.environment.set("capture", typeof Error.captureStackTrace);
    `);
    expect(outcome.scopes.environment.kind).toBe("string");
    expect(String(outcome.scopes.environment.stack)).not.toMatch(/node:|\/work\/|\.ts\b|node_modules/);
    expect(outcome.scopes.environment.capture).toBe("undefined");
  });

  it("an Error's stack starts as in Newman (postman-sandbox's Error.prepareStackTrace, which no script replaces), the constructors intact", async () => {
    const outcome = await run(`
      Error.prepareStackTrace = () => "mine";
      class Mine extends Error {}
      function make() { return new TypeError("bad"); }
      const first = (e) => e.stack.split("\\n")[0];
      const e = make(), m = new Mine("m"), plain = Error("called");
      pm.environment.set("got", [first(new Error("Test")), first(e), first(m), first(plain)].join("|"));
      pm.environment.set("frame", e.stack.split("\\n")[1]);
      pm.environment.set("kinds", [e instanceof TypeError, e instanceof Error, m instanceof Mine, m instanceof Error,
        plain instanceof Error, e.constructor === TypeError, Object.getPrototypeOf(TypeError) === Error,
        Error.prototype.constructor === Error, TypeError.name, Error.length].join(","));
      let trap; try { new (class extends Error { get message() { throw new Error("inner"); } })(); trap = "made"; } catch (x) { trap = "threw"; }
      pm.environment.set("trap", trap);
    `);
    expect(outcome.error).toBeNull();
    // postman-sandbox's prepareStackTrace writes "Error: message" for every kind, as V8 runs it in Newman.
    expect(outcome.scopes.environment.got).toBe("Error: Test|Error: bad|Error: m|Error: called");
    expect(outcome.scopes.environment.frame).toMatch(/^ {4}at make \(/);
    expect(outcome.scopes.environment.kinds).toBe("true,true,true,true,true,true,true,true,TypeError,1");
    expect(outcome.scopes.environment.trap).toBe("made");
  });

  it("caller and arguments.callee lead only to the isolate", async () => {
    const outcome = await run(`
      function who() { return who.caller; }
      let caller; try { caller = who(); } catch (e) { caller = null; }
      const up = caller && caller.constructor ? caller.constructor("return typeof process")() : "none";
      pm.environment.set("up", up);
    `);
    expect(["undefined", "none"]).toContain(outcome.scopes.environment.up);
  });

  it("a thrown object whose message getter loops is stopped by the budget; the next script runs", async () => {
    const small = await ScriptSandbox.create({ timeoutMs: 300 });
    try {
      const outcome = await small.run(input('throw { get message() { for (;;) {} }, name: "Trap" };'), "t", noNetwork);
      expect(outcome.error).toBe("the script ran past its 300 ms time budget and was stopped");
      const thrice = await small.run(input("throw { get message() { throw { get message() { throw 1; } }; } };"), "t", noNetwork);
      expect(thrice.error).toMatch(/^the script (threw a value that cannot be read|broke the script runtime)/);
      const next = await small.run(input('pm.test("after", () => pm.response.to.be.ok)'), "t", noNetwork);
      expect(results(next)).toEqual({ after: "pass" });
    } finally {
      small.dispose();
    }
  });

  it("a thrown value that cannot be read is the script's error, never its memory cap nor the host's crash", async () => {
    // The runtime reads the error's name as it reports it: a getter that throws null (what QuickJS throws for a failed
    // allocation), or a value whose name or message is no text, once reported the 64 MB cap or ended the run.
    for (const script of [
      "throw { get name() { throw null; } };",
      "throw { message: { toString: 1 } };",
      'throw { name: "InternalError", message: { toString: 1 } };',
    ]) {
      expect((await run(script)).error, script).toBe("the script threw a value that cannot be read");
      await judgedAsBefore();
    }
  });

  it("a value whose reading throws as the runtime reports it is the script's error, not a runtime it broke; the next script runs", async () => {
    // Flatted's walk of the value threw out of postman-sandbox's report (Newman's process dies there): each read
    // "the script broke the script runtime (1) and was stopped", the words of a runtime a script really broke.
    for (const script of [
      "throw { get name() { throw 1; } };",
      'throw { get message() { throw "m"; } };',
      'throw { get name() { throw { name: { toString: 1 }, message: "m" }; } };',
      'throw new Proxy({}, { get() { throw "trap"; } });',
      "const r = Proxy.revocable({}, {}); r.revoke(); throw r.proxy;",
    ]) {
      const outcome = await run(script);
      expect([outcome.error, outcome.thrown], script).toEqual(["the script threw a value that cannot be read", { kind: "value" }]);
      await judgedAsBefore();
    }
    // A BigInt, in its own words; thrown by a timer after the script returned, a warning as any late error.
    expect([(await run("throw 12n;")).error, (await run("setTimeout(() => { throw 3n; });")).late]).toEqual(["12", ["3"]]);
    // A runtime the script did break still reads so, the run's own failure.
    const broken = await run("Object.prototype.toJSON = () => { throw 1; }; throw 2;");
    expect(broken.thrown).toEqual({ kind: "limit", message: "the script broke the script runtime (1) and was stopped" });
    await judgedAsBefore();
  });

  it("a variable set to a BigInt: the script runs on, then fails with what the runtime's report threw, its changes dropped", async () => {
    // Newman's set keeps it and the script reads it back; the report of the script's end then ends Newman's process.
    const scopes = { environment: { kept: "1" }, collectionVariables: {}, globals: { g: "2" }, local: {}, data: {} };
    for (const scope of ["environment", "collectionVariables", "globals", "variables"]) {
      const script = `pm.${scope}.set("x", 1n); pm.test(typeof pm.${scope}.get("x"), () => {}); pm.globals.set("g", "3");`;
      const outcome = await run(script, { scopes });
      expect([outcome.thrown, outcome.assertions[0]?.name], scope).toEqual([
        { kind: "error", message: "Do not know how to serialize a BigInt" },
        "bigint",
      ]);
      expect([outcome.scopes.environment, outcome.scopes.globals, outcome.scopes.collectionVariables]).toEqual([
        { kept: "1" },
        { g: "2" },
        {},
      ]);
      await judgedAsBefore();
    }
    // The script's own error, when it threw one too.
    expect((await run('pm.environment.set("x", 1n); throw new TypeError("own");')).error).toBe("TypeError: own");
  });

  it("says what a script's error was: an Error and its message, a value (a string that reads like one too), the sandbox's stop", async () => {
    expect((await run("throw new TypeError('x');")).thrown).toEqual({ kind: "error", message: "x" });
    expect((await run("throw { name: 'Custom', message: 5 };")).thrown).toEqual({ kind: "error", message: "5" });
    expect((await run("null.x;")).thrown).toEqual({ kind: "error", message: "Cannot read properties of null (reading 'x')" });
    for (const script of ["throw 'TypeError: x';", "throw 7;", "throw {};"])
      expect((await run(script)).thrown, script).toEqual({ kind: "value" });
    const small = await ScriptSandbox.create({ timeoutMs: 200 });
    try {
      const stopped = await small.run(input("for (;;) {}"), "t", noNetwork);
      expect(stopped.thrown).toEqual({ kind: "limit", message: "the script ran past its 200 ms time budget and was stopped" });
    } finally {
      small.dispose();
    }
  });

  it("a pm.test callback that throws no Error is marked so (Newman's reports give the test's name for its message)", async () => {
    const outcome = await run(
      "pm.test('string', () => { throw 'boom'; }); pm.test('null', () => { throw null; }); pm.test('object', () => { throw {}; }); pm.test('error', () => { throw new Error('e'); });",
    );
    expect(outcome.assertions.map((a) => [a.name, a.error, a.noMessage])).toEqual([
      ["string", "boom", true],
      ["null", undefined, true],
      ["object", "the script threw a value that cannot be read", true],
      ["error", "e", undefined],
    ]);
  });
});

describe("no script changes the runtime or the built-ins for a later one", () => {
  it("overwriting pm, tests, the runtime's globals and the prototypes of Object, Array, JSON, Promise, chai", async () => {
    const tamper = await run(`
      const attempts = {
        objectProto: () => { Object.prototype.passed = true; },
        arrayPush: () => { Array.prototype.push = function () { return 0; }; },
        arrayMap: () => { Object.defineProperty(Array.prototype, "map", { value: () => [] }); },
        json: () => { JSON.stringify = () => "{}"; },
        jsonParse: () => { JSON.parse = () => ({}); },
        promiseThen: () => { Promise.prototype.then = function () {}; },
        functionCall: () => { Function.prototype.call = function () {}; },
        mockman: () => { globalThis.__mockman = { finish: () => "{}" }; },
        mockmanLegacy: () => { globalThis.__mockmanLegacy = {}; },
        chaiAssert: () => { Object.getPrototypeOf(pm.expect(1)).assert = function () {}; },
        chaiConfig: () => { require("chai").config.includeStack = "yes"; },
        pmTest: () => { pm.test = () => {}; },
        errorProto: () => { Error.prototype.toString = () => "no error"; },
        mathRandom: () => { Math.random = () => 0.5; },
        iterator: () => { Object.getPrototypeOf([][Symbol.iterator]()).next = () => ({ done: true }); },
      };
      for (const [name, attempt] of Object.entries(attempts)) {
        "use strict";
        try { attempt(); } catch (e) { /* refused: frozen */ }
      }
      pm.test = () => {};
      tests = {};
    `);
    // Postman's runtime is not frozen (sugar and the libraries extend the built-ins): a script may break it for
    // itself, and fails then; the next request starts from the isolate as it was after boot.
    expect(tamper.error === null || /broke the script runtime/.test(tamper.error)).toBe(true);
    await judgedAsBefore();
    const after = await run(`
      pm.test("built-ins intact", () => {
        pm.expect(({}).passed).to.equal(undefined);
        const list = []; list.push(1); pm.expect(list.length).to.equal(1);
        pm.expect([1, 2].map((x) => x * 2)).to.eql([2, 4]);
        pm.expect(JSON.stringify({ a: 1 })).to.equal('{"a":1}');
        pm.expect(Math.random()).to.not.equal(0.5);
        pm.expect([...[1, 2]]).to.eql([1, 2]);
        pm.expect(String(new Error("x"))).to.equal("Error: x");
      });
    `);
    expect(results(after)).toEqual({ "built-ins intact": "pass" });
  });

  it("a global a script leaves stays for the later scripts of its request (as in Newman), never for another request's", async () => {
    await run("helpers = { twice: (x) => x * 2 }; JSON = null;", { requestRun: 1 });
    const same = await run('pm.test("helper", () => pm.expect(helpers.twice(2)).to.equal(4));', { requestRun: 1 });
    expect(results(same)).toEqual({ helper: "pass" });
    const next = await run(
      'pm.test("helper", () => pm.expect(typeof helpers).to.equal("undefined")); pm.test("JSON", () => pm.expect(typeof JSON.parse).to.equal("function"));',
      { requestRun: 2 },
    );
    expect(results(next)).toEqual({ helper: "pass", JSON: "pass" });
  });

  it("assignments that shadow a frozen prototype's method still work on the object assigned to (crypto-js, lodash, moment make them)", async () => {
    const outcome = await run(`
      const o = {}; o.toString = () => "mine";
      function E() {} E.prototype = Object.create(Error.prototype); const e = new E(); e.name = "Mine"; e.message = "m";
      pm.test("shadowed", () => { pm.expect(String(o)).to.equal("mine"); pm.expect(e.name + e.message).to.equal("Minem"); });
    `);
    expect(results(outcome)).toEqual({ shadowed: "pass" });
  });

  it("a test's done() called after its script ended does not write into a later script's result", async () => {
    await run('pm.test("late", (done) => { lateDone = done; });', { requestRun: 3 });
    const later = await run('lateDone(new Error("stale")); pm.test("own", () => {});', { requestRun: 3 });
    expect(later.assertions).toEqual([{ name: "own", passed: true, skipped: false }]);
  });
});

describe("one budget per script, a memory cap; a breach fails that script and the run goes on", () => {
  it("timers count against one budget: chained 4.5 s timers breach the 5 s budget, six at once do not", async () => {
    const chained = await run(
      'let n = 0; const next = () => { n++; pm.environment.set("ran", n); if (n < 6) setTimeout(next, 4500); }; setTimeout(next, 4500);',
    );
    expect(chained.error).toBe("the script's timers ran past its 5 s time budget (one is due at 9000 ms) and it was stopped");
    const together = await run(
      'for (let i = 0; i < 6; i++) setTimeout(() => pm.environment.set("t" + i, i), 4500); pm.test("set", () => {});',
    );
    expect(together.error).toBeNull();
    expect(Object.keys(together.scopes.environment)).toHaveLength(6);
  });

  it("six timer callbacks that each run long share the script's one budget", async () => {
    const small = await ScriptSandbox.create({ timeoutMs: 300 });
    try {
      const outcome = await small.run(
        input("for (let i = 0; i < 6; i++) setTimeout(() => { const t = Date.now(); while (Date.now() - t < 100); }, 10);"),
        "t",
        noNetwork,
      );
      expect(outcome.error).toBe("the script ran past its 300 ms time budget and was stopped");
    } finally {
      small.dispose();
    }
  });

  it("a setInterval never cleared runs the budget out; one cleared ends", async () => {
    const forever = await run("setInterval(() => {}, 1000);");
    expect(forever.error).toMatch(/^the script's timers ran past its 5 s time budget/);
    const cleared = await run(
      'let n = 0; const id = setInterval(() => { if (++n === 3) { clearInterval(id); pm.environment.set("n", n); } }, 100);',
    );
    expect(cleared.error).toBeNull();
    expect(cleared.scopes.environment).toEqual({ n: 3 });
  });

  it("the isolate's own warm-up is not held to a collection's budget: a 1 ms budget starts, and a stop of it starts again", async () => {
    // Its warm-up scripts take tens of ms (seconds on a busy machine): held to 1 ms they failed "did not start".
    const tiny = await ScriptSandbox.create({ timeoutMs: 1 });
    try {
      const loop = await tiny.run(input("for (;;) {}"), "t", noNetwork);
      expect(loop.error).toBe("the script ran past its 1 ms time budget and was stopped");
      // A memory breach drops the isolate: the next script boots and warms a new one, under the same 1 ms budget.
      const bomb = await tiny.run(
        input("const a = []; for (;;) a.push('x'.repeat(1e5) + a.length);", { timeoutMs: 30_000 }),
        "t",
        noNetwork,
      );
      expect(bomb.error).toMatch(/memory/);
      const after = await tiny.run(input("pm.environment.set('ok', 1);", { timeoutMs: 30_000 }), "t", noNetwork);
      expect(after.error).toBeNull();
      expect(after.scopes.environment).toEqual({ ok: 1 });
    } finally {
      tiny.dispose();
    }
  });

  it("promise loops and endless loops are stopped by the budget", async () => {
    const small = await ScriptSandbox.create({ timeoutMs: 200 });
    try {
      for (const script of [
        "const loop = () => Promise.resolve().then(loop); loop();",
        "(async () => { for (;;) await null; })();",
        "for (;;) {}",
        "pm.test('never', async () => { for (;;) await 1; });",
      ]) {
        const outcome = await small.run(input(script), "t", noNetwork);
        expect(outcome.error, script).toBe("the script ran past its 200 ms time budget and was stopped");
      }
      const next = await small.run(input('pm.test("after", () => {})'), "t", noNetwork);
      expect(results(next)).toEqual({ after: "pass" });
    } finally {
      small.dispose();
    }
  });

  it("a memory bomb fails its script with the cap named; the next script runs; a script's own timeout wins", async () => {
    const bomb = await run("const a = []; for (;;) a.push(new Uint8Array(1 << 20));");
    expect(bomb.error).toBe("the script used more than its 64 MB memory cap and was stopped");
    // A minute's budget: the cap, not the clock, must stop it (~1.3 s alone; a clean clone beside the other
    // suites took past 5 s).
    const strings = await run("const a = []; for (;;) a.push(new Array(1e5).fill(a.length));", {
      memoryLimitBytes: 16 * 1024 * 1024,
      timeoutMs: 60_000,
    });
    expect(strings.error).toBe("the script used more than its 16 MB memory cap and was stopped");
    const next = await run('pm.test("after", () => pm.response.to.have.status(200))');
    expect(results(next)).toEqual({ after: "pass" });
    const quick = await run("for (;;) {}", { timeoutMs: 50 });
    expect(quick.error).toBe("the script ran past its 50 ms time budget and was stopped");
  });

  it("a memory-hungry script stopped by its time budget or its memory cap leaves nothing to the next script", async () => {
    // Which limit it meets first depends on the machine: on a quiet one QuickJS's allocation limit ends it
    // with a catchable "out of memory" once its 40 ms have passed, and it is named for its memory (the
    // WebAssembly memory grew past its stop in one step, with no interrupt between to see it); on a busy
    // one the clock's interrupt stops it before the memory grows. Either way the memory has grown, and the
    // next script must not pay for it.
    const hungry = await run("const a = []; for (;;) a.push(new Array(1e5).fill(a.length));", {
      memoryLimitBytes: 16 * 1024 * 1024,
      timeoutMs: 40,
    });
    expect(hungry.error).toMatch(/^the script (ran past its 40 ms time budget|used more than its 16 MB memory cap) and was stopped$/);
    const next = await run('pm.test("after", () => pm.response.to.have.status(200))');
    expect(next.error).toBeNull();
    expect(results(next)).toEqual({ after: "pass" });
  });

  it("a script's memory cap does not depend on what ran before it", async () => {
    // The cap counts how far the heap's end moved, not the WebAssembly memory's size: a memory never
    // shrinks, and one grown by an earlier script (here to ~70 MB) had stopped a 16 MB script at once.
    const hold = (strings: number) =>
      `const a = []; for (let i = 0; i < ${strings}; i++) a.push("x".repeat(1000) + i); pm.test("held", () => pm.expect(a.length).to.equal(${strings}));`;
    const small = { memoryLimitBytes: 16 * 1024 * 1024, timeoutMs: 60_000 };
    const outcomes = [];
    for (const before of ["", hold(40_000)]) {
      if (before) expect(results(await run(before, { timeoutMs: 60_000 }))).toEqual({ held: "pass" });
      outcomes.push(results(await run(hold(12_000), small)), (await run(hold(20_000), small)).error);
    }
    const [fits, over] = [{ held: "pass" }, "the script used more than its 16 MB memory cap and was stopped"];
    expect(outcomes).toEqual([fits, over, fits, over]);
  });

  it("deep recursion is a script error, not a crash", async () => {
    const outcome = await run("const f = () => f(); f();");
    expect(outcome.error).toBe("RangeError: Maximum call stack size exceeded");
  });
});

describe("bounds the host names at the bridge stop a script while it runs", () => {
  /** A host whose bounds are small: what crosses is counted, and the bound passed is named. */
  const bounded = (limits: { assertion?: number; request?: number; cookie?: number }) => {
    const seen: string[] = [];
    const host: ScriptHost = {
      sendRequest: (request) => {
        seen.push(request.url);
        return Promise.resolve({ code: 200, status: "OK", headers: [], body: "", responseTime: 1 });
      },
      crossing: (what, n) => (n > (limits[what] ?? Infinity) ? `${what} ${n} past its bound` : undefined),
    };
    return { host, seen };
  };

  it("the assertion past the bound stops an endless pm.test loop; those before it are kept; the next script runs as before", async () => {
    const { host } = bounded({ assertion: 3 });
    const flood = await run("for (;;) pm.test('t', () => {});", {}, host);
    expect(flood.error).toBe("assertion 4 past its bound");
    expect(flood.assertions).toHaveLength(3);
    // The legacy tests object crosses once, at the end: the first ones are kept.
    const legacy = await run("for (let i = 0; i < 10; i++) tests['t' + i] = true;", {}, host);
    expect([legacy.error, legacy.assertions.map((a) => a.name)]).toEqual(["assertion 10 past its bound", ["t0", "t1", "t2"]]);
    await judgedAsBefore();
  });

  it("a pm.sendRequest past the bound by its size is never read nor sent, and an endless loop of them stops", async () => {
    const { host, seen } = bounded({ request: 100_000 });
    const big = await run(
      "pm.sendRequest({ url: 'http://h/big', method: 'POST', body: { mode: 'raw', raw: 'B'.repeat(200000) } }, () => {});",
      {},
      host,
    );
    expect(big.error).toMatch(/^request \d+ past its bound$/);
    expect([big.sent, seen]).toEqual([[], []]);
    const endless = await run("for (;;) pm.sendRequest('http://h/small', () => {});", {}, bounded({ request: 0 }).host);
    expect(endless.error).toMatch(/^request \d+ past its bound$/);
    await judgedAsBefore();
  });

  it("a cookie past the jar's bound stops the script; its changes are dropped", async () => {
    const { host } = bounded({ cookie: 3 });
    const jar = runJar();
    jar.setCookieSync("held=1; Path=/", "http://h/");
    const flood = await run(
      "const jar = pm.cookies.jar(); let i = 0; jar.unset('http://h/', 'held', function next() { jar.set('http://h/', 'c' + i++, 'v', next); });",
      {},
      { ...host, cookieJar: jar },
    );
    // held removed, c0 c1 c2 in, c3 would be a 4th: stopped, and the jar is as it was.
    expect([flood.error, flood.cookiesRefused, jar.store.size, cookieHeader(jar, "http://h/")]).toEqual([
      "cookie 4 past its bound",
      undefined,
      1,
      "held=1",
    ]);
    await judgedAsBefore();
  });

  it("a change the jar's store refuses (its bounds) is counted, and the script hears why", async () => {
    const jar = runJar();
    const outcome = await run(
      "pm.cookies.jar().set('http://h/', 'big', 'x'.repeat(5000), (err) => pm.environment.set('err', String(err)));",
      {},
      { ...noNetwork, cookieJar: jar },
    );
    expect(outcome.cookiesRefused).toEqual({ count: 1, why: "a cookie's name and value may hold 4,096 characters (the bound)" });
    expect(outcome.scopes.environment.err).toContain("may hold 4,096 characters");
    expect(jar.store.size).toBe(0);
  });
});

describe("Postman's script API", () => {
  it("pm.sendRequest with a formdata body sends its text fields as multipart and drops file fields, as postman-runtime does", async () => {
    const seen: Array<{ headers: Array<[string, string]>; body: string | null }> = [];
    const host: ScriptHost = {
      sendRequest: async (request) => {
        seen.push(request);
        return json({}, 200);
      },
      // The CLI's writer: postman-request's form-data.
      multipart: formDataBody,
    };
    // Newman 6's sandbox has no top-level await: an async function, whose pending request the runtime waits for.
    const outcome = await run(
      `
      (async () => { await pm.sendRequest({
        url: "http://h/api/upload", method: "POST",
        header: [{ key: "Content-Type", value: "text/plain" }],
        body: { mode: "formdata", formdata: [
          { key: "title", value: "{{word}}" },
          { key: "off", value: "x", disabled: true },
          { key: "file", type: "file", src: "/etc/passwd" },
        ] },
      }); })();
    `,
      { scopes: { environment: { word: "héllo" }, collectionVariables: {}, globals: {}, local: {}, data: {} } },
      host,
    );
    expect(outcome.error).toBeNull();
    const type = seen[0].headers.find(([k]) => k === "Content-Type")?.[1] ?? "";
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(type)?.[1];
    expect(boundary).toBeTruthy();
    expect(seen[0].headers.filter(([k]) => k.toLowerCase() === "content-type")).toHaveLength(1);
    // Its {{variables}} as written: Newman 6 gives a script's request no variables to fill them with.
    expect(seen[0].body).toBe(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n{{word}}\r\n--${boundary}--\r\n`);
  });

  it("pm.sendRequest: callback and promise forms, a URL or a request object, through the host", async () => {
    const seen: unknown[] = [];
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), {
      errno: -111,
      code: "ECONNREFUSED",
      syscall: "connect",
      address: "127.0.0.1",
      port: 9,
    });
    const host: ScriptHost = {
      sendRequest: async (request) => {
        seen.push(request);
        // As undici fails: "fetch failed", Node's own error as its cause.
        if (request.url.endsWith("/down")) throw new TypeError("fetch failed", { cause: refused });
        return json({ token: "t-1", echo: request.body }, 200);
      },
    };
    const outcome = await run(
      `
      pm.sendRequest("http://h/api/token", (err, res) => {
        pm.environment.set("token", res.json().token);
        pm.test("callback", () => pm.expect(res).to.have.status(200));
      });
      // Newman 6's pm.sendRequest takes a callback only (no promise).
      pm.sendRequest({
        url: "http://h/api/login", method: "POST",
        header: [{ key: "Content-Type", value: "application/json" }, "X-Trace: {{trace}}"],
        body: { mode: "raw", raw: JSON.stringify({ user: "ada" }) },
      }, (err, res) => {
        pm.environment.set("echo", res.json().echo);
        // As Newman's: the Error crossed the bridge as JSON, its own fields without its message.
        pm.sendRequest("http://h/down", (e) => pm.environment.set("down", JSON.stringify(e)));
      });
    `,
      { scopes: { environment: { baseUrl: "http://h", trace: "abc" }, collectionVariables: {}, globals: {}, local: {}, data: {} } },
      host,
    );
    expect(outcome.error).toBeNull();
    expect(results(outcome)).toEqual({ callback: "pass" });
    expect(outcome.scopes.environment).toMatchObject({
      token: "t-1",
      echo: '{"user":"ada"}',
      down: '{"errno":-111,"code":"ECONNREFUSED","syscall":"connect","address":"127.0.0.1","port":9}',
    });
    expect(seen).toEqual([
      { url: "http://h/api/token", method: "GET", headers: [], body: null },
      {
        url: "http://h/api/login",
        method: "POST",
        headers: [
          ["Content-Type", "application/json"],
          // As written: Newman 6 fills no {{variable}} of a script's request.
          ["X-Trace", "{{trace}}"],
        ],
        body: '{"user":"ada"}',
      },
      { url: "http://h/down", method: "GET", headers: [], body: null },
    ]);
    expect(outcome.sent.map((s) => [s.request.url, s.response?.code ?? s.error])).toEqual([
      ["http://h/api/token", 200],
      ["http://h/api/login", 200],
      ["http://h/down", "fetch failed"],
    ]);
  });

  it("pm.sendRequest's history lists the run's jar's cookies for its URL after the answer, as postman-runtime's does", async () => {
    const jar = runJar();
    jar.setCookieSync("held=1; Path=/", "http://h/");
    const host: ScriptHost = {
      cookieJar: jar,
      // As the engine's host: the answer's Set-Cookie goes in the run's jar.
      sendRequest: async (request) => {
        keepSetCookies(jar, request.url, ["fresh=2; Path=/"]);
        return { code: 200, status: "OK", headers: [["Set-Cookie", "fresh=2; Path=/"]], body: "", responseTime: 1 };
      },
    };
    const outcome = await run(
      "pm.sendRequest('http://h/x', (err, res, history) => pm.environment.set('history', history.cookies.map((c) => c.name + '=' + c.value).join('; ')));",
      {},
      host,
    );
    expect(outcome.error).toBeNull();
    expect(outcome.scopes.environment).toEqual({ history: "held=1; fresh=2" });
  });

  it("pm.cookies reads the request's cookies; the jar's set and unset reach the run's jar", async () => {
    const jar = runJar();
    jar.setCookieSync("session=s1; Path=/", "http://h/");
    jar.setCookieSync("theme=dark; Path=/", "http://h/");
    const outcome = await run(
      `
      pm.test("read", () => {
        pm.expect(pm.cookies.get("session")).to.equal("s1");
        pm.expect(pm.cookies.has("nope")).to.equal(false);
        pm.expect(pm.cookies.toObject()).to.eql({ session: "s1", theme: "dark" });
      });
      const jar = pm.cookies.jar();
      // The jar's calls are asynchronous (as in Newman): a get waits for the set it reads.
      jar.set("http://h/", "csrf", "c1", (err, cookie) => {
        pm.environment.set("set", cookie.value);
        jar.unset("http://h/", "theme", () => jar.get("http://h/", "csrf", (err, value) => pm.environment.set("got", value)));
      });
      pm.test("response cookies", () => pm.expect(pm.response.cookies.get("session")).to.equal("abc"));
      // The legacy call reads the jar's cookies for the request (after the answer's Set-Cookie in a run), as in Newman.
      pm.test("legacy", () => pm.expect(postman.getResponseCookie("session").value).to.equal("s1"));
    `,
      {
        cookies: [
          { name: "session", value: "s1" },
          { name: "theme", value: "dark" },
        ],
      },
      { ...noNetwork, cookieJar: jar },
    );
    expect(outcome.error).toBeNull();
    expect(results(outcome)).toEqual({ read: "pass", "response cookies": "pass", legacy: "pass" });
    expect(outcome.scopes.environment).toEqual({ set: "c1", got: "c1" });
    expect(cookieHeader(jar, "http://h/")).toBe("session=s1; csrf=c1");
  });

  it("iteration data, pm.info, setNextRequest, skipRequest", async () => {
    const outcome = await run(
      `
      pm.test("data", () => {
        pm.expect(pm.iterationData.get("user")).to.equal("ada");
        pm.expect(pm.iterationData.toObject()).to.eql({ user: "ada" });
        pm.expect(data.user).to.equal("ada");
        pm.expect(pm.variables.get("user")).to.equal("ada");
        pm.expect([pm.info.iteration, pm.info.iterationCount, pm.info.eventName, pm.info.requestName]).to.eql([2, 3, "prerequest", "Posts"]);
        pm.expect(iteration).to.equal(2);
      });
      pm.execution.setNextRequest("Login");
      pm.execution.skipRequest();
    `,
      {
        scopes: { environment: {}, collectionVariables: {}, globals: {}, local: {}, data: { user: "ada" } },
        info: { eventName: "prerequest", iteration: 2, iterationCount: 3, requestName: "Posts", requestId: "r1" },
        response: undefined,
      },
    );
    expect(results(outcome)).toEqual({ data: "pass" });
    expect([outcome.nextSet, outcome.next, outcome.skip]).toEqual([true, "Login", true]);
    const stop = await run("postman.setNextRequest(null);");
    expect([stop.nextSet, stop.next]).toEqual([true, null]);
  });

  it("pm.variables.replaceIn fills scopes, nested values and {{$dynamic}} variables (postman-collection's own)", async () => {
    const host: ScriptHost = noNetwork;
    const outcome = await run(
      'pm.environment.set("out", pm.variables.replaceIn("{{url}}/{{$guid}}/{{$unknown}}/{{missing}}"));',
      { scopes: { environment: { url: "{{base}}/v1", base: "http://h" }, collectionVariables: {}, globals: {}, local: {}, data: {} } },
      host,
    );
    expect(outcome.scopes.environment.out).toMatch(
      /^http:\/\/h\/v1\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/\{\{\$unknown\}\}\/\{\{missing\}\}$/,
    );
  });

  it("to.have.jsonSchema (ajv) and tv4", async () => {
    const outcome = await run(`
      const schema = { type: "object", required: ["posts"], properties: { posts: { type: "array", items: { type: "object", required: ["id"] } } } };
      pm.test("matches", () => pm.response.to.have.jsonSchema(schema));
      pm.test("does not match", () => pm.response.to.have.jsonSchema({ type: "object", required: ["users"] }));
      pm.test("tv4", () => pm.expect(tv4.validate(pm.response.json(), schema)).to.be.true);
      pm.test("tv4 fails", () => pm.expect(tv4.validate({ posts: 1 }, schema), tv4.error && tv4.error.message).to.be.true);
      pm.test("expect jsonSchema", () => pm.expect({ a: 1 }).to.have.jsonSchema({ properties: { a: { type: "string" } } }));
    `);
    expect(results(outcome)).toEqual({
      matches: "pass",
      // Newman 6's chai-postman validates with ajv 6, whose words these are.
      "does not match": expect.stringContaining("should have required property 'users'"),
      tv4: "pass",
      "tv4 fails": expect.stringContaining("Invalid type: number (expected array)"),
      "expect jsonSchema": expect.stringContaining("data.a should be string"),
    });
  });

  it("require() gives the modules Postman's sandbox offers; _, CryptoJS, tv4, xml2Json, cheerio, atob, btoa are globals", async () => {
    const sdkUrl = new Url("https://api.example.com:8443/v1/users?limit=10&q=a%20b#top");
    const hostUrl = [sdkUrl.getHost(), sdkUrl.port, sdkUrl.getPath(), sdkUrl.getQueryString(), sdkUrl.toString()];
    const outcome = await run(`
      const eq = (name, got, want) => pm.test(name, () => pm.expect(got).to.eql(want));
      eq("lodash", require("lodash").chunk([1, 2, 3], 2), [[1, 2], [3]]);
      eq("_", _.get({ a: { b: [5] } }, "a.b[0]"), 5);
      // Postman's _ is lodash 3 (pluck, contains), as its sandbox's legacy interface has it.
      eq("_ is lodash 3", [_.VERSION, _.pluck([{ id: 1 }, { id: 2 }], "id"), _.contains([1, 2], 2)], ["3.10.2", [1, 2], true]);
      eq("require('lodash') is lodash 4", [require("lodash").VERSION.split(".")[0], typeof require("lodash").pluck], ["4", "undefined"]);
      const CJ = require("crypto-js");
      eq("crypto-js hmac", CJ.HmacSHA256("The quick brown fox jumps over the lazy dog", "key").toString(), "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8");
      eq("CryptoJS md5 base64", CryptoJS.MD5("abc").toString(CryptoJS.enc.Base64), "kAFQmDzST7DWlj99KOF/cg==");
      eq("CryptoJS utf8", CryptoJS.enc.Base64.stringify(CryptoJS.enc.Utf8.parse("hé")), "aMOp");
      eq("CryptoJS AES round trip", CryptoJS.AES.decrypt(CryptoJS.AES.encrypt("secret", "pw").toString(), "pw").toString(CryptoJS.enc.Utf8), "secret");
      const Ajv = require("ajv");
      eq("ajv", new Ajv().compile({ type: "integer" })(3), true);
      eq("tv4", require("tv4").validate(1, { type: "string" }), false);
      eq("uuid", /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(require("uuid").v4()), true);
      eq("uuid()", require("uuid")().length, 36);
      const moment = require("moment");
      eq("moment", moment.utc("2020-01-02T03:04:05Z").add(1, "day").format("YYYY-MM-DD HH:mm"), "2020-01-03 03:04");
      eq("chai", typeof require("chai").expect, "function");
      eq("atob/btoa", [btoa("hello"), atob("aGVsbG8="), require("btoa")("a"), require("atob")("YQ==")], ["aGVsbG8=", "hello", "YQ==", "a"]);
      const sdk = require("postman-collection");
      const url = new sdk.Url("https://api.example.com:8443/v1/users?limit=10&q=a%20b#top");
      eq("Url", [url.getHost(), url.port, url.getPath(), url.getQueryString(), url.toString()], ${JSON.stringify(hostUrl)});
      eq("Header", [new sdk.Header("X-A: 1").toString(), new sdk.Header({ key: "k", value: "v" }).value], ["X-A: 1", "v"]);
      eq("QueryParam", [new sdk.QueryParam("a=1").value, sdk.QueryParam.unparse([{ key: "a", value: "1" }, { key: "b", value: null }])], ["1", "a=1&b"]);
      eq("Variable", new sdk.Variable({ key: "k", value: 2 }).get(), 2);
      eq("xml2Json", xml2Json('<?xml version="1.0"?><r a="1"><item>x</item><item>y &amp; z</item><e/></r>'), { r: { $: { a: "1" }, item: ["x", "y & z"], e: "" } });
      require("xml2js").parseString("<r><n>1</n></r>", (err, result) => eq("xml2js", [err, result], [null, { r: { n: ["1"] } }]));
      // cheerio 0.22, as Postman ships it: the values are what that version gives in Node.
      const $ = require("cheerio").load('<ul id="l"><li class="a">one</li><li>two &amp; three</li></ul>');
      eq("cheerio", [$("li").length, $("li.a").text(), $("li").last().text(), $("#l").html()], [2, "one", "two & three", '<li class="a">one</li><li>two &amp; three</li>']);
      eq("cheerio global", cheerio.load("<title>T</title>")("title").text(), "T");
      eq("cheerio xmlMode", cheerio.load('<r><item id="1"/></r>', { xmlMode: true })("item").attr("id"), "1");
    `);
    expect(outcome.error).toBeNull();
    const got = results(outcome);
    expect(Object.entries(got).filter(([, r]) => r !== "pass")).toEqual([]);
    expect(Object.keys(got)).toHaveLength(24);
  });

  it("legacy globals: tests, responseBody, responseCode, postman.*, request", async () => {
    const outcome = await run(
      `
      tests["status"] = responseCode.code === 200;
      tests["body"] = JSON.parse(responseBody).posts.length === 1;
      tests["header"] = postman.getResponseHeader("content-type") === "application/json";
      tests["request"] = request.url === "http://h/api/posts" && request.method === "GET";
      tests["false"] = false;
      postman.setEnvironmentVariable("e", "1");
    `,
      {
        scopes: { environment: { baseUrl: "http://h" }, collectionVariables: {}, globals: {}, local: {}, data: {} },
        // A test script sees the request as it was sent, its variables filled (postman-runtime's).
        request: {
          id: "r1",
          name: "Posts",
          method: "GET",
          url: "http://h/api/posts",
          headers: [["Accept", "application/json"]],
          body: null,
        },
      },
    );
    expect(results(outcome)).toEqual({
      status: "pass",
      body: "pass",
      header: "pass",
      request: "pass",
      false: "expected false to be truthy",
    });
    expect(outcome.scopes.environment).toEqual({ baseUrl: "http://h", e: "1" });
  });

  it("a request sent by path alone (in-process, the page's mock) reads its path as written, not its first segment as a host", async () => {
    // The encoder writes the path as http:///api/test-todos?a=1; postman-collection's Url would read host "api", path "/test-todos".
    const outcome = await run(
      `pm.test("url", () => pm.expect([pm.request.url.toString(), pm.request.url.getPath(), pm.request.url.getHost()]).to.eql(["/api/test-todos?a=1", "/api/test-todos", ""]));`,
      { request: { id: "r1", name: "Todos", method: "GET", url: "http:///api/test-todos?a=1", headers: [], body: null } },
    );
    expect(results(outcome)).toEqual({ url: "pass" });
  });

  it("pm.request.url reads as postman-collection's Url (query a list, path, host), and what a script changes of it, its headers, the method or the raw body comes back", async () => {
    const outcome = await run(
      `
      const url = pm.request.url;
      pm.test("query", () => pm.expect(url.query.all().map((q) => q.key + "=" + q.value)).to.eql(["zeta=last", "alpha=first", "empty="]));
      pm.test("sorted with lodash", () => pm.expect(_.sortBy(url.query.all().filter((q) => q.value), "key").map((q) => q.key)).to.eql(["alpha", "zeta"]));
      pm.test("path and host", () => pm.expect([url.getPath(), url.getHost(), url.query.get("alpha"), url.query.has("nope")]).to.eql(["/api/posts", "{{baseUrl}}", "first", false]));
      pm.test("unchanged, as written", () => pm.expect(url.toString()).to.eql("{{baseUrl}}/api/posts?zeta=last&alpha=first&empty="));
      url.query.remove("empty");
      url.query.upsert({ key: "zeta", value: "{{z}}" });
      url.query.add({ key: "sig", value: "abc" });
      pm.request.method = "post";
      pm.request.body.update('{"a":1}');
      pm.request.headers.upsert({ key: "Authorization", value: "Bearer x" });
      pm.request.headers.remove("Accept");
    `,
      {
        scopes: { environment: { baseUrl: "http://h" }, collectionVariables: {}, globals: {}, local: {}, data: {} },
        request: {
          id: "r1",
          name: "Posts",
          method: "GET",
          url: "{{baseUrl}}/api/posts?zeta=last&alpha=first&empty=",
          headers: [["Accept", "application/json"]],
          body: "{}",
        },
        info: { eventName: "prerequest", iteration: 0, iterationCount: 1, requestName: "Posts", requestId: "r1" },
        response: undefined,
      },
    );
    expect(results(outcome)).toEqual({
      query: "pass",
      "sorted with lodash": "pass",
      "path and host": "pass",
      "unchanged, as written": "pass",
    });
    expect(outcome.request).toMatchObject({ url: "{{baseUrl}}/api/posts?zeta={{z}}&alpha=first&sig=abc", method: "POST", body: '{"a":1}' });
    expect(outcome.headers).toEqual([["Authorization", "Bearer x"]]);
  });

  it("error messages read as Newman's (V8's) do", async () => {
    expect((await run("const d = pm.response.json().nothing.deeper;")).error).toBe(
      "TypeError: Cannot read properties of undefined (reading 'deeper')",
    );
    expect((await run("notDefined + 1;")).error).toBe("ReferenceError: notDefined is not defined");
    expect((await run("pm.test(")).error).toMatch(/^SyntaxError: /);
    expect((await run("var a = ;")).error).toBe("SyntaxError: Unexpected token ';'");
  });
});

describe("the scripts' sets and unsets, for replay's exports (engine/mutations.ts)", () => {
  it("come back from a run in the order postman-runtime applies them: a script's last change of each name", async () => {
    const sender: Sender = {
      where: "test",
      close: async () => {},
      send: async () => ({ status: 200, statusText: "OK", headers: {}, body: null, ms: 1 }),
    };
    const script = (listen: string, ...exec: string[]) => ({ listen, script: { exec } });
    const get = (name: string, path: string, event: unknown[]) => ({ name, request: { method: "GET", url: path }, event });
    const collection = {
      info: { name: "c", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
      variable: [{ key: "c", value: "before" }],
      item: [
        get("A", "/api/a", [
          // One script's unset then set of a name is its set (the sandbox's MutationTracker keeps each name's last change).
          script("prerequest", "pm.environment.unset('kept'); pm.environment.set('kept', 'again'); pm.environment.unset('moved');"),
          script("test", "pm.environment.set('temporary', 1); pm.globals.set('g', true); pm.collectionVariables.set('c', 'x');"),
        ]),
        get("B", "/api/b", [script("prerequest", "pm.environment.unset('temporary'); pm.environment.set('moved', 'back');")]),
      ],
    } as PostmanCollection;
    const prepared = prepareRun(
      { kind: "postman", collection },
      { environment: { kept: "1", moved: "2" }, globals: {}, data: [], folders: [] },
    );
    // The file's sandbox, lent to the run (which would dispose of its own).
    const lent = async () => ({ run: sandbox.run.bind(sandbox) });
    const { mutations } = await executeRun(prepared, sender, { file: "c.json", bail: false, sandbox: lent });
    expect(mutations).toEqual({
      environment: [["kept", "again"], ["moved"], ["moved", "back"]],
      globals: [["g", true]],
      collectionVariables: [["c", "x"]],
    });
  });
});

describe("errors raised after the script returned", () => {
  it("fail nothing, as in a Newman run; three are kept, each cut to a message's bound, however many and large", async () => {
    const outcome = await run(
      "pm.test('judged', () => {}); for (let i = 0; i < 50; i++) setTimeout(() => { throw new Error('x'.repeat(100000) + i); }, i);",
    );
    expect(outcome.error).toBeNull();
    expect(outcome.assertions).toMatchObject([{ name: "judged", passed: true }]);
    expect(outcome.late).toHaveLength(3);
    for (const late of outcome.late!) expect(late).toMatch(/^Error: x{3993}… \(96,0\d\d more characters\)$/);
  });
});

describe("timers run at once, on a clock Date moves with", () => {
  it("a script polling until 2 s have passed ends after 20 polls, not at the budget", async () => {
    const outcome = await run(`
      const start = Date.now(); let polls = 0;
      (function poll() { polls++; if (Date.now() - start < 2000) setTimeout(poll, 100); else pm.environment.set("polls", polls); })();`);
    expect(outcome.error).toBeNull();
    expect(outcome.scopes.environment.polls).toBeGreaterThanOrEqual(20);
    expect(outcome.scopes.environment.polls).toBeLessThanOrEqual(21);
  });

  it("Date stays Date: new Date() agrees with Date.now(), dates from values, Date() as text, instanceof and tags", async () => {
    const outcome = await run(`
      setTimeout(() => {
        const now = Date.now(), d = new Date();
        pm.environment.set("agree", Math.abs(d.getTime() - now) < 1000);
        pm.environment.set("later", now - Date.parse(new Date(0).toISOString()) > 0);
      }, 3000);
      pm.environment.set("fromValue", new Date(Date.UTC(2020, 0, 2)).toISOString());
      pm.environment.set("fromParts", new Date(2020, 0).getMonth());
      pm.environment.set("text", typeof Date());
      pm.environment.set("instance", new Date() instanceof Date && Object.prototype.toString.call(new Date()) === "[object Date]");
      pm.environment.set("sameConstructor", new Date(5).constructor === Date && Date.name === "Date" && Date.length === 7);
      pm.environment.set("moment", require("moment")(0).utc().format("YYYY"));`);
    expect(outcome.error).toBeNull();
    expect(outcome.scopes.environment).toEqual({
      agree: true,
      later: true,
      fromValue: "2020-01-02T00:00:00.000Z",
      fromParts: 0,
      text: "string",
      instance: true,
      sameConstructor: true,
      moment: "1970",
    });
  });
});

describe("what the sandbox cannot run is named before the run", () => {
  it("require of a module it does not offer, pm.require, pm.vault; not what it runs", () => {
    expect(unsupportedUses('const fs = require("net"); const _l = require("lodash");')).toEqual([
      "require('net') (the sandbox offers ajv, assert, atob, backbone, btoa, buffer, chai, cheerio, crypto-js, csv-parse/lib/sync, events, fs, json, lodash, moment, os, path, postman-collection, punycode, querystring, stream, string_decoder, timers, tv4, url, util, uuid, xml2js)",
    ]);
    expect(unsupportedUses("pm.require('@team/lib'); const $ = cheerio.load(x); pm.vault.get('k')")).toEqual([
      "pm.require (Newman 6's sandbox has no package library)",
      "pm.vault",
    ]);
    expect(
      unsupportedUses(
        "pm.sendRequest(u, cb); CryptoJS.MD5('a'); _.get(a, 'b'); tv4.validate(a, s); xml2Json(t); pm.response.to.have.jsonSchema(s); pm.cookies.get('a'); setInterval(f, 1); require('moment'); require('postman-collection'); cheerio.load(t); require('cheerio')",
      ),
    ).toEqual([]);
  });
});
