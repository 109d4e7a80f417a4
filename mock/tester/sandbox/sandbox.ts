// Runs Postman pre-request and test scripts on Postman's own runtime
// (postman-sandbox's published bundle, the version Newman 6 runs) inside
// QuickJS compiled to WebAssembly: an engine of its own that shares no object,
// prototype, stack or error with the host, so no script can reach the process,
// a file or a socket. It runs the same in Node and in a browser worker (no
// node:* import here; the wasm is embedded in the module).
//
// The host drives the bundle as postman-runtime drives it in Newman, through
// uvm's bridge: a host function `__uvm_emit(text)` out, `__uvm_dispatch(text)`
// in, each text a Flatted-encoded event (`initialize`, `execute`,
// `execution.assertion`, `execution.request.ID` for pm.sendRequest,
// `execution.cookies.ID`, `execution.result.ID`...). What is ours is that
// bridge: timers (run in delay order without waiting, under the script's
// budget), pm.sendRequest through the run's sender, the jar's store calls
// answered by the run's tough-cookie jar (as postman-runtime answers them), the
// events into ScriptOutcome, the variables back into the scopes.
//
// The interface the engine calls:
//
//   const sandbox = await ScriptSandbox.create({ timeoutMs, memoryLimitBytes });
//   const outcome = await sandbox.run(input, where, host); // never throws for what a script does
//   sandbox.dispose();
//
// What holds:
// - One isolate per sandbox (a run), booted once (~1 s idle: the bundle is
//   2.4 MB), then its whole WebAssembly memory (29 MB) is copied. Before each
//   request's first script the memory is put back from that copy (~3 ms):
//   every request's scripts start from the same state, whatever an earlier
//   request's script did to the libraries, pm, the globals, the job queue or
//   the memory. The scripts of one request share the isolate, as in Newman
//   (a helper a collection-level script leaves is there for the request's own).
// - Data crosses as text both ways; host callbacks take and give strings,
//   never throw into the isolate.
// - One budget per script (timeoutMs, 5 s by default) for every moment its
//   code runs: the libraries it loads, its timers (their delays counted), its
//   promises, the collection of its result; the interrupt handler stops it.
//   A memory cap per script (64 MB by default) over what the isolate holds
//   after boot, so it counts all the request's scripts hold; the WebAssembly
//   memory cannot grow past the cap and the runtime's headroom. A breach fails
//   that script with a message naming the limit; the isolate is then thrown
//   away (a new one boots for the next script) and the run goes on. The wait
//   for a pm.sendRequest answer is the sender's (its own timeout), not the
//   budget's.
// - The host's bounds on what crosses the bridge are counted as it crosses,
//   while the script runs (ScriptHost.crossing): each assertion, each
//   pm.sendRequest's event by its size before it is parsed, the cookies the
//   jar would hold after a change (before it is made). Past a bound the
//   interrupt handler stops the script at once, as for time and memory; it
//   fails with the bound's message, its changes to the jar are undone, the
//   isolate is put back, and the run goes on.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from "quickjs-emscripten-core";
import { stringify as flatStringify } from "flatted";
// Its default export: the package is CommonJS under Node (tsx, the benches), which names no `parse` of its own.
import teleport from "teleport-javascript";
import { Cookie } from "@postman/tough-cookie";
import { cookiesFor, keepSetCookies, postmanCookieOf, runJar, splitSetCookie, type RunJar } from "../engine/cookies";
import { writeBody, type Body } from "../postman/body";
import { BOUNDS, UNREADABLE, cut } from "../engine/limits";
import { hostlessPath } from "../collection/urls";
import type { MultipartWriter } from "../engine/exchange";

export const SCRIPT_TIMEOUT_MS = 5_000;
export const SCRIPT_MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;
/** The budget of the isolate's own warm-up scripts (run once as it starts, never a collection's). */
const WARM_BUDGET_MS = 60_000;
/** The errors a script raised after it returned that its outcome keeps (ScriptOutcome.late). */
const KEPT_ERRORS = 3;
/** Promise jobs run between two looks at the budget (drainJobs). */
const JOB_BATCH = 256;

// The variable scopes a script reads and sets: the resolver's (engine/variables.ts), which fills them in.
export type { ScopeName, Scopes } from "../engine/variables";
import type { Scopes } from "../engine/variables";
import type { Mutation, TrackedScope } from "../engine/mutations";
import { castOut, setOwn, typedValue, variableTypeOf, type VariableType } from "../engine/variable-types";

export interface ScriptRequest {
  id: string;
  name: string;
  method: string;
  url: string;
  headers: Array<[string, string]>;
  /**
   * After a send: its header list as Newman's requester leaves it, what pm.request.headers lists (the rows the
   * requester added marked `system`); without it, `headers`.
   */
  listed?: Array<{ key: string; value: string; system?: true; disabled?: true }>;
  /** A raw body's text (null for any other mode). */
  body: string | null;
  /** A formdata or urlencoded body, unticked fields too: pm.request.body.formdata / .urlencoded. */
  form?: Extract<Body, { fields: unknown }>;
  /**
   * The request as postman-collection's Request JSON (url with its path variables, auth, body of any
   * mode), as the collection has it or an earlier script of the request left it: pm.request is made
   * from it, and the flat fields above are then only what the host reads. Without it, pm.request is
   * made from the flat fields.
   */
  definition?: Record<string, unknown>;
  /** With the flat fields: the auth it was sent with, its own or inherited (a test script's pm.request.auth, as Newman's). */
  auth?: Record<string, unknown>;
  /** With the flat fields: the body it was sent with as postman-collection's JSON, any mode (in place of `body` and `form`). */
  bodyJson?: unknown;
}

export interface ScriptResponse {
  code: number;
  status: string;
  headers: Array<[string, string]>;
  body: string;
  responseTime: number;
  /**
   * The body's bytes as they arrived: postman-runtime's Response JSON carries them as its `stream` (and no body),
   * which pm.response.text() decodes and responseSize and stream give. Without them, `body` as the text.
   */
  stream?: Uint8Array;
}

export interface ScriptInput {
  script: string;
  scopes: Scopes;
  request: ScriptRequest;
  response?: ScriptResponse;
  /**
   * pm.response.cookies and a pm.sendRequest answer's cookies: its Set-Cookie, as the Postman app lists them
   * (the default); false, none, as Newman's (postman-runtime's Node requester gives a response none: the jar's
   * cookies are pm.cookies).
   */
  responseCookies?: boolean;
  info: {
    eventName: "prerequest" | "test";
    iteration: number;
    iterationCount: number;
    /** None for a request without a name. */
    requestName?: string;
    requestId: string;
    /** pm.execution.location: the collection's name, its folders' and the request's (null for one without a name). */
    path?: Array<string | null>;
    /** pm.execution.location.current: the collection, folder or request whose script this is. */
    owner?: string;
  };
  /** The cookies the run's jar holds for the request's URL (pm.cookies), as postman-collection's Cookie JSON. */
  cookies?: Array<{ name: string; value: string } & Record<string, unknown>>;
  /** This script's budget, over the sandbox's. */
  timeoutMs?: number;
  memoryLimitBytes?: number;
  /**
   * Which run of a request this script belongs to (any number that changes from one request to the
   * next): scripts with the same number share the isolate's state, as a request's collection, folder
   * and own scripts do in Newman; a new number starts from the state after boot. Without it, every
   * script starts from that state.
   */
  requestRun?: number;
}

export interface Assertion {
  name: string;
  passed: boolean;
  skipped: boolean;
  error?: string;
  /** Its error's name when not AssertionError (a pm.test callback that threw a TypeError): the first line of its stack in a junit report. */
  errorName?: string;
  /** What failed it has no message (its callback threw a string, null, `{}`): Newman's reports give the test's name for one. */
  noMessage?: true;
  /** A failed one's index among its script's pm.test and tests[...] calls, as postman-sandbox counts them: Newman's junit writes it in its stack. */
  index?: number;
}

/**
 * What a script's error was: an Error, or an object with a message (`error` reads `Name: message`; `message`, what
 * Newman's reports read of it); any other value (a string, a number, `{}`, one whose reading throws: Newman's
 * reports read no message of it); or the sandbox's own stop (a budget or a bound, a runtime the script broke:
 * `message` is `error`).
 */
export type Thrown = { kind: "error" | "limit"; message: string } | { kind: "value" };

export interface SentRequest {
  request: { url: string; method: string };
  response?: ScriptResponse;
  error?: string;
}

/** One console.* call of a script: its level (log, info, warn, error, debug) and its arguments as postman-sandbox sends them. */
export interface ConsoleEntry {
  level: string;
  messages: unknown[];
}

export interface ScriptOutcome {
  scopes: Scopes;
  /** Its console.* calls, in order, within BOUNDS.consoleCallsPerScript and consoleCharsPerScript. */
  console?: ConsoleEntry[];
  /** The console.* calls past those bounds, dropped unread, and the characters the kept ones crossed as. */
  consoleDropped?: number;
  consoleChars?: number;
  /** The sets and unsets applied to `scopes` (engine/mutations.ts), in order. */
  mutations?: Record<TrackedScope, Mutation[]>;
  assertions: Assertion[];
  /** The script threw, or broke its time or memory budget: its message. */
  error: string | null;
  /** What `error` was, set with it. */
  thrown?: Thrown;
  /** postman.setNextRequest(name) was called: with a name, or null to stop the run. */
  nextSet: boolean;
  next: string | null;
  /** pm.execution.skipRequest() was called (pre-request only). */
  skip: boolean;
  /** Errors raised after the script returned (a timer's, a callback's): not the script's error, as Newman counts none. */
  late?: string[];
  /** The request's headers after the script (pm.request.headers.add/upsert/remove). */
  headers: Array<[string, string]>;
  /** What pm.sendRequest sent, in order, with its answer or error. */
  sent: SentRequest[];
  /** pm.cookies.jar() changes the jar refused (its bounds): how many, and why the first was. */
  cookiesRefused?: { count: number; why: string };
  /**
   * The request after the script: its URL (as written, templates kept; path variables as `:name`),
   * method and raw body, and the whole of it as postman-collection's Request JSON; null when it stopped.
   */
  request: { url: string; method: string; body: string | null; definition?: Record<string, unknown> } | null;
}

export interface OutgoingScriptRequest {
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body: string | null;
}

/** What crosses the bridge while a script runs, counted before the host reads it (ScriptHost.crossing). */
export type Crossing = "assertion" | "request" | "cookie";

export interface ScriptHost {
  /** pm.sendRequest: sent by the run's own sender; resolves with the answer, or rejects with an Error whose message the script sees as err. */
  sendRequest(request: OutgoingScriptRequest): Promise<ScriptResponse>;
  /** {{$name}} dynamic variables; postman-sandbox has its own (faker), so this is unused and kept for the interface. */
  dynamicVariable?(name: string): string | undefined;
  /**
   * Asked at the bridge while the script runs, before the host reads what crossed: "assertion" (n: the
   * assertions the script has made, this one counted), "request" (n: the characters of a pm.sendRequest's
   * event, not parsed yet), "cookie" (n: the cookies the jar would hold after a change, asked before it is made). A message
   * (a bound passed) stops the script at once and fails it with that message; undefined lets it go on.
   */
  crossing?(what: Crossing, n: number): string | undefined;
  /**
   * The run's cookie jar, as postman-runtime keeps one: pm.cookies.jar()'s store calls are answered by
   * its store, and pm.sendRequest's history lists its cookies for the URL after the answer. The host
   * puts every answer's Set-Cookie in it, pm.sendRequest's too. Without one, each script has an empty
   * jar of its own, which its pm.sendRequest answers fill.
   */
  cookieJar?: RunJar;
  /** Writes a pm.sendRequest's formdata body (the run's writer: engine/exchange.ts MultipartWriter); without one, such a request fails. */
  multipart?: MultipartWriter;
}

export interface SandboxOptions {
  timeoutMs?: number;
  memoryLimitBytes?: number;
  /** performance.now() past which the boot create() makes is stopped (the run's --timeout). */
  deadline?: number;
}

type Parts = typeof import("./libraries");
let loading: Promise<Parts> | undefined;
/** The engine and the sources, loaded once per process (or worker), on first use. */
const partsOnce = () => (loading ??= import("./libraries"));

type Event = [string, ...unknown[]];

interface Isolate {
  wasm: QuickJSWASMModule;
  memory: WebAssembly.Memory;
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  /** uvm's dispatcher (events in), and our timers' and helpers' entry points. */
  entry: Record<"dispatch" | "nextDue" | "tick" | "clearTimers" | "until" | "describe", QuickJSHandle>;
  /** The whole WebAssembly memory after boot. */
  snapshot: Uint8Array;
  /** The heap's end now (libraries.ts loadEngine), and where it was when the snapshot was made. */
  heapBreak: () => number;
  snapshotBreak: number;
  /** Bytes QuickJS holds after boot: a script's cap is counted above it. */
  baseline: number;
  /** A script ran since the memory was last put back, and for which request run. */
  dirty: boolean;
  round?: number;
  /** Events the isolate emitted, not handled yet. */
  events: Event[];
}

/** The script stopped by a limit: why, in words for the report. */
class Breach extends Error {
  constructor(
    message: string,
    /** The isolate's state cannot be trusted or its memory is spent: boot a new one. */
    readonly drop: boolean,
    readonly kind: "value" | "limit" = "limit",
  ) {
    super(message);
  }
}

interface Running {
  id: string;
  deadline: number;
  timeoutMs: number;
  memoryLimit: number;
  host: ScriptHost;
  input: ScriptInput;
  sent: SentRequest[];
  inflight: Map<number, Promise<{ key: number; dispatch: unknown[] }>>;
  /** Dispatches waiting for the isolate to be free (cookie answers). */
  pending: unknown[][];
  assertions: Assertion[];
  errors: string[];
  /** Its console.* calls (within the bounds), the characters they crossed as, and those dropped past the bounds. */
  console: ConsoleEntry[];
  consoleChars: number;
  consoleDropped: number;
  skip: boolean;
  /** The jar the script's store calls reach; `ownJar`: the script's own (the host gave none). */
  jar: RunJar;
  ownJar: boolean;
  /** Each cookie the script changed in the jar, as the jar held it before (by domain, path and key): a stopped script's changes are undone. */
  undo: Map<string, Undo>;
  /** Changes the jar refused (its bounds), and why the first was. */
  refused: number;
  refusedWhy: string;
  result?: { error: unknown; execution: Record<string, unknown> };
  /** Its result crossed the bridge: no later assertion of it counts. */
  ended: boolean;
  /** A bound the host named at the bridge (ScriptHost.crossing): the script is stopped with this message. */
  stop?: string;
  outOfMemory: boolean;
  /** The heap's end past which the script is stopped as over its cap. */
  memoryStop: number;
}

let executions = 0;

export class ScriptSandbox {
  private isolate: Isolate | undefined;
  private running: Running | undefined;
  private sendSeq = 0;
  /** The largest cap a script asked for so far (ScriptInput.memoryLimitBytes). */
  private largestCap = 0;
  private readonly timeoutMs: number;
  private readonly memoryLimitBytes: number;
  /** performance.now() past which the boot of create() stops (SandboxOptions.deadline); each script has its own budget after. */
  private deadline: number;

  private constructor(
    private readonly parts: Parts,
    options: SandboxOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? SCRIPT_TIMEOUT_MS;
    this.memoryLimitBytes = options.memoryLimitBytes ?? SCRIPT_MEMORY_LIMIT_BYTES;
    this.deadline = options.deadline ?? Infinity;
  }

  static async create(options: SandboxOptions = {}): Promise<ScriptSandbox> {
    const sandbox = new ScriptSandbox(await partsOnce(), options);
    await sandbox.warm(await sandbox.boot());
    sandbox.deadline = Infinity;
    return sandbox;
  }

  private checkDeadline(): void {
    if (performance.now() > this.deadline) throw new Error("the script sandbox did not start: the run's --timeout passed");
  }

  dispose(): void {
    this.isolate = undefined;
  }

  /**
   * A new isolate: our timers and helpers, then uvm's bridge with postman-sandbox's bundle, initialized
   * as postman-runtime initializes it; then its memory is copied. Dropping an isolate is forgetting it
   * (the garbage collector takes the instance), never JS_FreeRuntime: after a stop mid-way QuickJS may
   * still count live objects and abort on free.
   */
  private async boot(): Promise<Isolate> {
    this.checkDeadline();
    const { wasm, memory, heapBreak } = await this.parts.loadEngine(
      RUNTIME_HEADROOM_BYTES + Math.max(this.memoryLimitBytes, this.largestCap),
    );
    this.checkDeadline();
    const runtime = wasm.newRuntime();
    // The bundle's parser recurses deeper than a script may: no stack limit while it is read, one after.
    runtime.setMaxStackSize(0);
    runtime.setInterruptHandler(() => {
      // Only while create() boots: after it the deadline is Infinity and scripts pay no clock read for it.
      if (this.deadline !== Infinity && performance.now() > this.deadline) return true;
      const running = this.running;
      if (running === undefined) return false;
      if (running.stop !== undefined) return true;
      // QuickJS's own limit counts 8 bytes an allocation in this build (no malloc_usable_size under Emscripten),
      // and a failed allocation throws null, which a script or the runtime may swallow: what a script holds is
      // how far the heap's end moved since boot, read here (one word) to stop it with its cap named. Not the
      // memory's size: that grows in steps from the size earlier scripts left, so the same script would pass
      // or not by what ran before it.
      if (heapBreak() > running.memoryStop) {
        running.outOfMemory = true;
        return true;
      }
      return Date.now() > running.deadline;
    });
    const context = runtime.newContext();
    const events: Event[] = [];
    const fail = (what: string, error: QuickJSHandle | undefined) => {
      const detail = error ? context.dump(error) : undefined;
      error?.dispose();
      throw new Error(`the script sandbox did not start: ${what}: ${JSON.stringify(detail)}`);
    };
    const value = (result: { value?: QuickJSHandle; error?: QuickJSHandle }, what: string): QuickJSHandle => {
      if (result.error) fail(what, result.error);
      return result.value!;
    };
    const hostFunction = (name: string, impl: (...args: QuickJSHandle[]) => QuickJSHandle | undefined) =>
      context.newFunction(name, (...args) => {
        try {
          return impl(...args);
        } catch {
          return undefined; // never a host error inside: its constructor is the host's Function
        }
      });
    // Events out: parsed here, handled by the host once the isolate returns (never re-entered). What the host
    // bounds is counted here, as it crosses, and a bound passed stops the script through the interrupt handler.
    const emit = hostFunction("__uvm_emit", (text) => {
      if (context.typeof(text) !== "string") return undefined;
      const running = this.running;
      // Stopped, or its result is in: nothing more of it is read.
      if (running?.stop !== undefined || running?.ended) return undefined;
      try {
        const raw = context.getString(text);
        // Flatted writes [name, ...args] as [[refs], "name", ...]: the run-wide copy of each assertion is not parsed at all,
        // nor is a console call past the bounds on a script's output (counted by its size before it is read).
        const name = /^\[\[[^\]]*\],"([^"\\]*)"/.exec(raw)?.[1];
        if (name === "execution.assertion") return undefined;
        if (name === "execution.console") {
          if (running) this.consoleOf(running, raw);
          return undefined;
        }
        if (running && name === `execution.request.${running.id}`) {
          // A pm.sendRequest is judged by its size before it is parsed: an 8 MB body past the bound is never read.
          running.stop = running.host.crossing?.("request", raw.length);
          if (running.stop !== undefined) return undefined;
        }
        const event = flatTreeOf(raw);
        if (!Array.isArray(event) || typeof event[0] !== "string") return undefined;
        if (running && name === `execution.assertion.${running.id}`) this.assertionsOf(running, event[2]);
        else {
          if (running && name === `execution.result.${running.id}`) running.ended = true;
          events.push(event as Event);
        }
      } catch {
        // not an event
      }
      return undefined;
    });
    // The isolate's Math.random is seeded from the host before each script: after the memory is put back,
    // QuickJS's own generator would repeat the same numbers in every request.
    const random = hostFunction("random", () => context.newNumber(Math.floor(Math.random() * 4294967296) | 0));
    const preludeFn = value(context.evalCode(PRELUDE, "mockman-prelude.js"), "prelude");
    const prelude = value(context.callFunction(preludeFn, context.undefined, context.global, random), "prelude");
    preludeFn.dispose();
    random.dispose();
    context.setProp(context.global, "__uvm_emit", emit);
    emit.dispose();
    value(context.evalCode(this.parts.bootSource(), "postman-sandbox-bootcode.js"), "postman-sandbox's bundle").dispose();
    const dispatch = context.getProp(context.global, "__uvm_dispatch");
    // As uvm does: the raw interface leaves the global scope, only the host keeps the dispatcher.
    value(
      context.evalCode("__uvm_emit = null; delete __uvm_emit; __uvm_dispatch = null; delete __uvm_dispatch;", "mockman-seal.js"),
      "seal",
    ).dispose();
    const helpersFn = value(context.evalCode(HELPERS, "mockman-helpers.js"), "helpers");
    const helpers = value(context.callFunction(helpersFn, context.undefined, context.global), "helpers");
    helpersFn.dispose();
    const entry: Isolate["entry"] = {
      dispatch,
      nextDue: context.getProp(prelude, "nextDue"),
      tick: context.getProp(prelude, "tick"),
      clearTimers: context.getProp(prelude, "clear"),
      until: context.getProp(prelude, "until"),
      describe: context.getProp(helpers, "describe"),
    };
    prelude.dispose();
    helpers.dispose();
    const isolate: Isolate = {
      wasm,
      memory,
      heapBreak,
      runtime,
      context,
      entry,
      snapshot: new Uint8Array(0),
      snapshotBreak: 0,
      baseline: 0,
      dirty: false,
      events,
    };
    this.dispatch(isolate, "initialize", {});
    runtime.executePendingJobs(-1);
    for (let due = this.number(isolate, "nextDue"); due >= 0; due = this.number(isolate, "nextDue")) {
      this.call(isolate, "tick").dispose();
      runtime.executePendingJobs(-1);
    }
    const ready = events.splice(0).find((event) => event[0] === "initialize");
    if (!ready || ready[1]) throw new Error(`the script sandbox did not start: initialize: ${JSON.stringify(ready?.[1] ?? "no answer")}`);
    runtime.setMaxStackSize(STACK_BYTES);
    isolate.baseline = memoryUsed(runtime, context);
    // Every handle the host keeps (the global object's among them) exists before the copy, so the copy holds them.
    void context.global;
    void context.undefined;
    return isolate;
  }

  /**
   * Runs a test and a pre-request script once, so what the bundle builds on first use (chai-postman's
   * assertions, the legacy globals, the libraries most scripts load) is in the copy every request starts
   * from; then copies the memory.
   */
  private async warm(isolate: Isolate): Promise<Isolate> {
    this.isolate = isolate;
    const scopes: Scopes = { environment: { e: "1" }, collectionVariables: {}, globals: {}, local: {}, data: {} };
    const request: ScriptRequest = {
      id: "warm",
      name: "warm",
      method: "GET",
      url: "http://localhost/?a=1",
      headers: [["Accept", "*/*"]],
      body: null,
    };
    const response: ScriptResponse = {
      code: 200,
      status: "OK",
      headers: [["Content-Type", "application/json"]],
      body: '{"a":[1]}',
      responseTime: 1,
    };
    const info = { iteration: 0, iterationCount: 1, requestName: "warm", requestId: "warm" };
    const noNetwork: ScriptHost = { sendRequest: () => Promise.reject(new Error("no network")) };
    // Our own scripts, part of starting: a user's short budget (--timeout-script 200) on a busy machine must not fail them.
    const timeoutMs = Math.max(this.timeoutMs, WARM_BUDGET_MS);
    const pre = await this.run(
      { script: WARM_PRE, scopes, request, timeoutMs, info: { ...info, eventName: "prerequest" }, requestRun: -1 },
      "warm",
      noNetwork,
    );
    const test = await this.run(
      { script: WARM_TEST, scopes, request, response, timeoutMs, info: { ...info, eventName: "test" }, requestRun: -1 },
      "warm",
      noNetwork,
    );
    this.checkDeadline();
    if (this.isolate !== isolate)
      throw new Error(`the script sandbox did not start: its first scripts failed (${pre.error ?? test.error ?? "no error given"})`);
    isolate.baseline = memoryUsed(isolate.runtime, isolate.context);
    isolate.snapshot = new Uint8Array(isolate.memory.buffer.byteLength);
    isolate.snapshot.set(new Uint8Array(isolate.memory.buffer));
    isolate.snapshotBreak = isolate.heapBreak();
    isolate.dirty = false;
    return isolate;
  }

  /** The isolate as it was after boot: its whole memory put back, what grew since zeroed. */
  private restore(isolate: Isolate): void {
    const now = new Uint8Array(isolate.memory.buffer);
    now.set(isolate.snapshot);
    if (now.length > isolate.snapshot.length) now.fill(0, isolate.snapshot.length);
    isolate.events.length = 0;
    isolate.dirty = false;
  }

  private dispatch(isolate: Isolate, ...args: unknown[]): void {
    this.call(isolate, "dispatch", flatStringify(args)).dispose();
  }

  private number(isolate: Isolate, name: keyof Isolate["entry"]): number {
    const handle = this.call(isolate, name);
    const n = isolate.context.getNumber(handle);
    handle.dispose();
    return n;
  }

  /** Calls an entry point; a breach (time, memory, the engine's stack) comes out as Breach. */
  private call(isolate: Isolate, name: keyof Isolate["entry"], ...args: string[]): QuickJSHandle {
    const { context } = isolate;
    const handles = args.map((arg) => context.newString(arg));
    let result;
    try {
      result = context.callFunction(isolate.entry[name], context.undefined, ...handles);
    } catch (error) {
      throw this.engineFault(error);
    } finally {
      for (const handle of handles) if (handle.alive) handle.dispose();
    }
    if (result.error) {
      const what = this.running ? safeDump(context, result.error) : undefined;
      result.error.dispose();
      if (!this.running) throw new Error(`the script sandbox failed: ${JSON.stringify(what)}`);
      this.checkThrown(isolate, what);
      // A value the runtime could not read as it reported the script's error (a getter of it threw null, or a
      // value that cannot become text): the script's error, not a fault of the runtime.
      if (what === null || what === UNREADABLE) throw new Breach(UNREADABLE, false, "value");
      // The script broke Postman's runtime for itself (it replaced what the runtime calls): the copy after boot repairs it.
      throw new Breach(`the script broke the script runtime (${String(what)}) and was stopped`, false);
    }
    this.checkBudget();
    return result.value;
  }

  /**
   * The engine threw into the host: the host's stack ran out under the isolate's frames (a RangeError of V8's
   * own), or the engine aborted (WebAssembly memory spent). The instance cannot be trusted after either.
   */
  private engineFault(error: unknown): Breach {
    if (error instanceof RangeError && !/memory/i.test(error.message))
      return new Breach("the script recursed too deep and was stopped", true);
    return this.breachOfMemory();
  }

  /**
   * What the isolate threw out of a call or a job: an allocation that failed (QuickJS throws null, which a script
   * may throw too: the memory it holds tells them apart), or a limit.
   */
  private checkThrown(isolate: Isolate, what: unknown): void {
    if (/out of memory/i.test(String(what)) || (what === null && this.nearCap(isolate))) throw this.breachOfMemory();
    this.checkBudget();
  }

  /** Whether the running script holds nearly all its memory cap (a walk of the heap, ~5 ms). */
  private nearCap(isolate: Isolate): boolean {
    const running = this.running!;
    return running.outOfMemory || memoryUsed(isolate.runtime, isolate.context) > isolate.baseline + running.memoryLimit * 0.9;
  }

  /**
   * An interrupt inside an async function only rejects its promise: the clock says whether the budget ran out.
   * The heap's end is read at the script's end, not here: a script that reached QuickJS's own
   * allocation limit gets a catchable "out of memory" that postman-sandbox reports as the script's error, and
   * its heap may have grown past its stop in one allocation with no interrupt between; it is named for its
   * time if the clock ran out too, and for its memory at its end otherwise.
   */
  private checkBudget(): void {
    const running = this.running;
    if (running?.outOfMemory) throw this.breachOfMemory();
    if (running?.stop !== undefined) throw this.breachOfBound();
    if (running && Date.now() > running.deadline) throw this.breachOfTime();
  }

  /** A bound the host named at the bridge: its message as it is; the isolate is put back, not dropped. */
  private breachOfBound(): Breach {
    return new Breach(this.running!.stop!, false);
  }

  /**
   * A console.* call as postman-sandbox sends it (execution.console, cursor, level, its arguments as
   * teleport-javascript's text), kept while the script's output is within its bounds; past them dropped unread.
   */
  private consoleOf(running: Running, raw: string): void {
    if (
      running.console.length >= BOUNDS.consoleCallsPerScript ||
      running.consoleDropped ||
      running.consoleChars + raw.length > BOUNDS.consoleCharsPerScript
    ) {
      running.consoleDropped++;
      return;
    }
    const event = flatTreeOf(raw) as unknown[];
    const [level, text] = [event[2], event[3]];
    if (typeof level !== "string" || typeof text !== "string") return;
    const messages = treeOf(teleport.parse(text), raw.length);
    running.consoleChars += raw.length;
    running.console.push({ level, messages: Array.isArray(messages) ? messages : [messages] });
  }

  /**
   * A script's assertions (pm.test sends one an event, the legacy tests object all at the end), taken as they
   * cross, each counted with the host (ScriptHost.crossing): the one past its bound stops the script, and only
   * those before it are kept.
   */
  private assertionsOf(running: Running, made: unknown): void {
    if (running.ended || !Array.isArray(made)) return;
    const { host, assertions } = running;
    // Asked once for the event's whole count (the bound's message names it), then one by one for where to cut.
    const stop = host.crossing?.("assertion", assertions.length + made.length);
    for (const a of made as Array<Record<string, unknown>>) {
      if (stop !== undefined && host.crossing?.("assertion", assertions.length + 1) !== undefined) break;
      assertions.push(assertionOf(a));
    }
    running.stop = stop;
  }

  private breachOfTime(): Breach {
    return new Breach(`the script ran past its ${formatBudget(this.running!)} time budget and was stopped`, false);
  }

  /** A memory breach always drops the isolate: what it grew goes back to the host (a WebAssembly memory never shrinks). */
  private breachOfMemory(): Breach {
    const cap = this.running?.memoryLimit ?? this.memoryLimitBytes;
    return new Breach(`the script used more than its ${Math.round(cap / 1024 / 1024)} MB memory cap and was stopped`, true);
  }

  /**
   * Runs the isolate's promise jobs, JOB_BATCH at a time, the budget checked between batches. QuickJS turns the
   * interrupt inside a promise handler or an async function into a rejection, which ends that job, not the queue:
   * a handler that queues the next before it loops (`then(function h() { then(h); for (;;) {} })`) met the
   * interrupt in each job and queued another, and a drain of the whole queue at once never returned (the process
   * hung past every budget). Between batches the clock says whether the budget ran out.
   */
  private drainJobs(isolate: Isolate): void {
    for (;;) {
      let done;
      try {
        done = isolate.runtime.executePendingJobs(JOB_BATCH);
      } catch (error) {
        throw this.engineFault(error);
      }
      if (done.error) {
        const what = safeDump(isolate.context, done.error);
        done.error.dispose();
        // Unless it was a limit, an uncaught rejection in a job: postman-sandbox reports its own errors through events.
        this.checkThrown(isolate, what);
        continue;
      }
      this.checkBudget();
      if (done.value < JOB_BATCH) return;
    }
  }

  /** Runs one script against the given state; never throws for what the script does. */
  async run(input: ScriptInput, where: string, host: ScriptHost): Promise<ScriptOutcome> {
    void where; // the report names the script; the isolate's messages need no file name
    const timeoutMs = input.timeoutMs ?? this.timeoutMs;
    const memoryLimit = input.memoryLimitBytes ?? this.memoryLimitBytes;
    if (memoryLimit > Math.max(this.memoryLimitBytes, this.largestCap)) {
      this.largestCap = memoryLimit;
      this.isolate = undefined; // its memory could not hold this cap
    }
    const isolate = (this.isolate ??= await this.warm(await this.boot()));
    if (isolate.snapshot.length && isolate.dirty && (input.requestRun === undefined || input.requestRun !== isolate.round))
      this.restore(isolate);
    isolate.dirty = true;
    isolate.round = input.requestRun;
    isolate.events.length = 0;
    const running: Running = {
      id: `mockman-${++executions}`,
      deadline: Date.now() + timeoutMs,
      timeoutMs,
      memoryLimit,
      host,
      input,
      sent: [],
      inflight: new Map(),
      pending: [],
      assertions: [],
      errors: [],
      console: [],
      consoleChars: 0,
      consoleDropped: 0,
      skip: false,
      jar: host.cookieJar ?? runJar(),
      ownJar: !host.cookieJar,
      undo: new Map(),
      refused: 0,
      refusedWhy: "",
      ended: false,
      outOfMemory: false,
      memoryStop: isolate.snapshot.length ? isolate.snapshotBreak + memoryLimit : Infinity,
    };
    this.running = running;
    isolate.runtime.setMemoryLimit(isolate.baseline + memoryLimit);
    try {
      this.call(isolate, "clearTimers").dispose();
      this.call(isolate, "until", String(running.deadline)).dispose();
      this.dispatch(isolate, "execute", running.id, { listen: input.info.eventName, script: { exec: input.script } }, contextOf(input), {
        cursor: { iteration: input.info.iteration, cycles: input.info.iterationCount, execution: running.id },
        legacy: {
          _itemId: input.info.requestId,
          _itemName: input.info.requestName,
          ...(input.info.path ? { _itemPath: input.info.path } : {}),
          ...(input.info.owner !== undefined ? { _eventItemName: input.info.owner } : {}),
        },
      });
      for (;;) {
        this.drainJobs(isolate);
        await this.handleEvents(isolate, running);
        if (running.result) break;
        const next = running.pending.shift();
        if (next) {
          this.dispatch(isolate, ...next);
          continue;
        }
        if (running.inflight.size) {
          // An answer's wait is the sender's business: the budget pauses meanwhile.
          const waitStarted = Date.now();
          const { key, dispatch } = await Promise.race(running.inflight.values());
          running.inflight.delete(key);
          running.deadline += Date.now() - waitStarted;
          this.call(isolate, "until", String(running.deadline)).dispose();
          this.dispatch(isolate, ...dispatch);
          continue;
        }
        const due = this.number(isolate, "nextDue");
        if (due < 0) throw new Breach("the script ended without a result from the script engine", true);
        if (due > timeoutMs)
          throw new Breach(
            `the script's timers ran past its ${formatBudget(running)} time budget (one is due at ${due} ms) and it was stopped`,
            false,
          );
        this.call(isolate, "tick").dispose();
      }
      // What the script left behind runs now, in its own budget, and its timers go: nothing of it reaches the next script.
      this.drainJobs(isolate);
      this.call(isolate, "clearTimers").dispose();
      this.drainJobs(isolate);
      if (running.outOfMemory || isolate.heapBreak() > running.memoryStop) throw this.breachOfMemory();
      const outcome = this.outcome(isolate, running);
      // A value thrown that cannot be read may be an allocation that failed (QuickJS then throws null).
      if (outcome.error === UNREADABLE && this.nearCap(isolate)) throw this.breachOfMemory();
      return outcome;
    } catch (error) {
      if (!(error instanceof Breach)) throw error;
      undoCookies(running);
      // Stopped mid-way: its state cannot be trusted. A memory breach or an engine fault drops the
      // isolate (the memory it grew goes with it); otherwise the next script starts from the copy made
      // after boot (its cap counted from the heap's end there, whatever size the memory grew to).
      if (error.drop) this.isolate = undefined;
      else this.restore(isolate);
      return {
        scopes: input.scopes,
        ...consoleOutcome(running),
        assertions: running.assertions,
        error: error.message,
        thrown: error.kind === "value" ? { kind: "value" } : { kind: "limit", message: error.message },
        nextSet: false,
        next: null,
        skip: false,
        headers: input.request.headers,
        sent: running.sent,
        request: null,
      };
    } finally {
      this.running = undefined;
      if (this.isolate) this.isolate.runtime.setMemoryLimit(-1);
    }
  }

  /** The isolate's events since the last look: results, assertions, errors, requests and cookies to answer. */
  private async handleEvents(isolate: Isolate, running: Running): Promise<void> {
    const id = running.id;
    for (const [name, ...args] of isolate.events.splice(0)) {
      if (running.result) continue; // after the result, nothing of this script counts
      if (name === `execution.result.${id}`) {
        running.result = { error: args[0], execution: (args[1] ?? {}) as Record<string, unknown> };
      } else if (name === `execution.error.${id}`) {
        if (isOutOfMemory(args[1])) running.outOfMemory = true;
        // A few kept, each cut to a message's bound: a script's timers can raise thousands of errors of millions of
        // characters, which the isolate's memory cap does not count once they have crossed to the host.
        if (running.errors.length < KEPT_ERRORS) running.errors.push(cut(errorOf(args[1]).text, BOUNDS.messageChars));
      } else if (name === `execution.skipRequest.${id}`) {
        running.skip = true;
      } else if (name === `execution.request.${id}`) {
        const [, , requestId, request] = args as [unknown, string, string, Record<string, unknown>];
        this.send(isolate, running, requestId, request);
      } else if (name === `execution.cookies.${id}`) {
        const [eventId, action, method, params] = args as [number, string, string, unknown[]];
        const answer =
          action === "store" ? this.cookieCall(running, method, Array.isArray(params) ? params : []) : { error: "unknown action" };
        running.pending.push([`execution.cookies.${id}`, eventId, answer.error ?? null, answer.value]);
      }
      // execution.console and execution.assertion (the run-wide copy): nothing to do; this script's assertions were taken as they crossed.
    }
  }

  /**
   * One of the jar's store calls, answered by the jar's store as postman-runtime answers it
   * (event.command.js): the cookies given as JSON made tough-cookie Cookies, the store's method
   * called, its error's message or its cookies as JSON back. Ours: only the Store's own methods are
   * called; a cookie the jar would hold past the host's bound stops the script before it goes in;
   * what undoes each change is kept; a change the store refused (its bounds) is counted.
   */
  private cookieCall(running: Running, method: string, args: unknown[]): { error?: string; value?: unknown } {
    const store = running.jar.store;
    if (!STORE_METHODS.has(method)) return { error: `CookieStore: invalid method name '${method}'` };
    if (method === "putCookie" && args[0]) args[0] = Cookie.fromJSON(args[0]);
    if (method === "updateCookie" && args[0] && args[1]) [args[0], args[1]] = [Cookie.fromJSON(args[0]), Cookie.fromJSON(args[1])];
    const put = method === "putCookie" ? args[0] : method === "updateCookie" ? args[1] : undefined;
    if (put instanceof Cookie) {
      running.stop = running.host.crossing?.("cookie", store.sizeWith(put));
      if (running.stop !== undefined) throw this.breachOfBound();
    }
    const undo = undoOf(store, method, args);
    let answered: { error: unknown; result: unknown } | undefined;
    try {
      (store[method as keyof typeof store] as (...a: unknown[]) => void)(...args, (error: unknown, result: unknown) => {
        answered = { error, result };
      });
    } catch {
      return { error: `runtime~CookieStore: error executing "${method}"` };
    }
    // The jar's store is tough-cookie's memory store: it answers at once.
    if (!answered) return { error: `runtime~CookieStore: error executing "${method}"` };
    if (answered.error) {
      const why = answered.error instanceof Error ? answered.error.message : String(answered.error);
      if (put) {
        running.refused++;
        running.refusedWhy ||= why;
      }
      return { error: why };
    }
    for (const u of undo) {
      const id = `${u.domain}\n${u.path}\n${u.key}`;
      if (!running.undo.has(id)) running.undo.set(id, u);
    }
    const json = (c: unknown) => (c instanceof Cookie ? c.toJSON() : c);
    return { value: Array.isArray(answered.result) ? answered.result.map(json) : (json(answered.result) ?? undefined) };
  }

  /**
   * pm.sendRequest: built, signed and encoded as the run's own requests are (engine/wire.ts: postman-collection's
   * URL, postman-url-encoder, postman-runtime's body builder and authorizers), and sent by the host. Its
   * {{variables}} stay as written: postman-runtime gives a script's request a context with no variables
   * (lib/runner/extensions/event.command.js), and Newman 6 sends them so.
   */
  private send(isolate: Isolate, running: Running, requestId: string, request: Record<string, unknown>): void {
    const key = ++this.sendSeq;
    const responseEvent = `execution.response.${running.id}`;
    let filled: { definition: Record<string, unknown>; url: string; method: string } | undefined;
    try {
      const text = this.call(isolate, "describe", JSON.stringify({ request, toSend: true }));
      filled = JSON.parse(isolate.context.getString(text)) as typeof filled;
      text.dispose();
    } catch (error) {
      if (error instanceof Breach) throw error;
    }
    const record: SentRequest = { request: { url: filled?.url ?? "", method: filled?.method ?? "GET" } };
    running.sent.push(record);
    if (!filled) {
      record.error = "pm.sendRequest: the request could not be read";
      running.pending.push([responseEvent, requestId, { name: "Error", message: record.error }]);
      return;
    }
    const definition = filled.definition;
    const answer = (async () => {
      try {
        const request = await scriptWire(definition, running.host.multipart);
        // postman-runtime's requester sends no request whose URL is empty: the script gets its Error (no own fields).
        if (request.urlText === "") throw new Error("request url is empty");
        // As postman-runtime's requester: each answer's cookies are in the jar (the host's puts them there),
        // and the history lists the jar's cookies for the URL.
        const sendOnce = async () => {
          const toSend = await wireRequest(request);
          record.request = { url: toSend.url, method: toSend.method };
          const response = await running.host.sendRequest(toSend);
          if (running.ownJar) keepSetCookies(running.jar, toSend.url, setCookiesOf(response));
          return { toSend, response };
        };
        let { toSend, response } = await sendOnce();
        // An auth that learns from the answer (digest's 401 challenge) asks for the request again, signed anew: a
        // script's request goes through postman-runtime's httprequest command, whose replays answer it as the run's
        // own; the callback gets the last answer.
        while (await request.answered(response.code, response.headers)) ({ toSend, response } = await sendOnce());
        record.response = response;
        const history = { cookies: cookiesFor(running.jar, toSend.url) };
        return {
          key,
          dispatch: [responseEvent, requestId, null, responseJsonOf(response, running.input.responseCookies !== false), history],
        };
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
        return { key, dispatch: [responseEvent, requestId, errorAsRuntimeHandsIt(error)] };
      }
    })();
    running.inflight.set(key, answer);
  }

  private outcome(isolate: Isolate, running: Running): ScriptOutcome {
    const { input } = running;
    const execution = running.result!.execution;
    const resultError = running.result!.error;
    const types = input.scopes.types ?? {};
    const tracked = (name: TrackedScope) => mutatedScope(execution[name], input.scopes[name], types[name]);
    const environment = tracked("environment");
    const collectionVariables = tracked("collectionVariables");
    const globals = tracked("globals");
    const scopes: Scopes = {
      environment: environment.values,
      collectionVariables: collectionVariables.values,
      globals: globals.values,
      local: scopeOf(execution._variables, input.scopes.local),
      data: input.scopes.data,
      ...(input.scopes.types && {
        types: { environment: environment.types, collectionVariables: collectionVariables.types, globals: globals.types },
      }),
      ...(input.scopes.labels && { labels: input.scopes.labels }),
    };
    const back = (execution.return ?? {}) as Record<string, unknown>;
    const nextSet = Object.prototype.hasOwnProperty.call(back, "nextRequest");
    const next = nextSet && back.nextRequest !== null && back.nextRequest !== undefined ? textOf(back.nextRequest) : null;
    const definition = (execution.request ?? undefined) as Record<string, unknown> | undefined;
    let request: ScriptOutcome["request"] = null;
    let headers = input.request.headers;
    // Only a pre-request script's changes to the request go out: a test script's are not read (a call saved).
    if (definition && input.info.eventName === "prerequest") {
      const text = this.call(isolate, "describe", JSON.stringify({ request: definition, asWritten: true }));
      const described = JSON.parse(isolate.context.getString(text)) as OutgoingScriptRequest & { raw: string | null };
      text.dispose();
      headers = described.headers;
      request = { url: described.url, method: described.method, body: described.raw, definition };
    }
    // An error raised after the script returned (a timer's, a pm.sendRequest callback's) arrives as execution.error:
    // postman-runtime counts it only under --bail folder (abortOnError), so a Newman run passes such a script.
    const error = resultError ? errorOf(resultError) : null;
    if (resultError && isOutOfMemory(resultError)) throw this.breachOfMemory();
    return {
      scopes,
      mutations: { environment: environment.mutations, collectionVariables: collectionVariables.mutations, globals: globals.mutations },
      ...consoleOutcome(running),
      assertions: running.assertions,
      error: error && error.text,
      ...(error && { thrown: error.thrown }),
      nextSet,
      next,
      skip: running.skip,
      ...(running.errors.length && !resultError ? { late: running.errors } : {}),
      headers,
      sent: running.sent,
      ...(running.refused ? { cookiesRefused: { count: running.refused, why: running.refusedWhy } } : {}),
      request,
    };
  }
}

/** The script's console output for its outcome: none when it made no console call. */
const consoleOutcome = (running: Running): Pick<ScriptOutcome, "console" | "consoleDropped" | "consoleChars"> =>
  running.console.length || running.consoleDropped
    ? {
        console: running.console,
        consoleChars: running.consoleChars,
        ...(running.consoleDropped ? { consoleDropped: running.consoleDropped } : {}),
      }
    : {};

/**
 * A pm.sendRequest as engine/wire.ts builds it (loaded on first use), its files taken out as postman-runtime's
 * sanitizeFiles takes them (lib/runner/extensions/event.command.js: "uploading files from scripts is not
 * allowed"): a file body goes as none, and a formdata field of type file, a base64 value too, is left out.
 */
async function scriptWire(definition: Record<string, unknown>, multipart: MultipartWriter | undefined) {
  const { wire } = await import("../engine/wire");
  const body = definition.body as { mode?: unknown; formdata?: unknown } | null | undefined;
  let sanitized = definition;
  if (body?.mode === "file") sanitized = { ...definition, body: null };
  else if (body?.mode === "formdata" && Array.isArray(body.formdata))
    sanitized = {
      ...definition,
      body: { ...body, formdata: body.formdata.filter((p) => !p || (p as { type?: unknown }).type !== "file") },
    };
  return wire({ definition: sanitized, fill: (text) => text, keepBody: true, ...(multipart ? { multipart } : {}) });
}

/** What a script's request sends now. Its body as text: with its files left out, even a multipart body is. */
async function wireRequest(request: Awaited<ReturnType<typeof scriptWire>>): Promise<OutgoingScriptRequest> {
  const built = await request.build();
  const body = built.body === undefined ? null : typeof built.body === "string" ? built.body : new TextDecoder().decode(built.body);
  return { url: built.url, method: built.method, headers: built.headers, body };
}

/** What postman-runtime passes as an execution's context: the scopes as VariableScope JSON, the request, the response, the cookies. */
function contextOf(input: ScriptInput): Record<string, unknown> {
  // Each variable with its type (variable-types.ts), as postman-runtime's VariableScope JSON has it: the
  // sandbox's Variable casts what a script sets on it.
  // The environment and the globals with their files' id and name (pm.environment.name), as Newman's VariableScopes have them.
  const scope = (values: Record<string, unknown>, types: Record<string, VariableType> = {}, label: Record<string, unknown> = {}) => ({
    ...label,
    values: Object.entries(values).map(([key, value]) => ({ key, value, type: Object.hasOwn(types, key) ? types[key] : "any" })),
  });
  const types = input.scopes.types ?? {};
  const labels = input.scopes.labels ?? {};
  const context: Record<string, unknown> = {
    globals: scope(input.scopes.globals, types.globals, labels.globals),
    environment: scope(input.scopes.environment, types.environment, labels.environment),
    collectionVariables: scope(input.scopes.collectionVariables, types.collectionVariables),
    _variables: scope(input.scopes.local),
    data: input.scopes.data,
    request: input.request.definition ?? requestJsonOf(input.request),
    cookies: input.cookies ?? [],
  };
  if (input.response) context.response = responseJsonOf(input.response, input.responseCookies !== false);
  return context;
}

/** The flat request as postman-collection's Request JSON. */
function requestJsonOf(request: ScriptRequest): Record<string, unknown> {
  const json: Record<string, unknown> = {
    // A path run (in-process, the page's mock): the path as written, not `http:///api/x` read as the host `api`.
    url: hostlessPath(request.url) ?? request.url,
    method: request.method,
    header: request.listed ?? request.headers.map(([key, value]) => ({ key, value })),
  };
  if (request.bodyJson) json.body = request.bodyJson;
  else if (request.body !== null) json.body = { mode: "raw", raw: request.body };
  else if (request.form) json.body = writeBody(request.form);
  if (request.auth) json.auth = request.auth;
  return json;
}

/** Each Set-Cookie of a response (a header may join several, by newlines or commas). */
const setCookiesOf = (response: ScriptResponse) =>
  response.headers.filter(([k]) => k.toLowerCase() === "set-cookie").flatMap(([, v]) => v.split("\n").flatMap(splitSetCookie));

/**
 * A failed pm.sendRequest's error as a Newman script gets it: postman-runtime dispatches the sender's
 * Error across uvm's bridge as JSON, so only its own fields arrive (Node's system error: errno, code,
 * syscall, hostname or address and port), never its message. Our senders keep that Node error as
 * the `cause` of the error they throw (undici's fetch does too); the message stays in the report.
 */
function errorAsRuntimeHandsIt(error: unknown): Record<string, unknown> {
  let source: unknown = error;
  // The deepest cause is the sender's own error (ours wrap it in a message for the report).
  for (let depth = 0; source instanceof Error && source.cause !== undefined && depth < 8; depth++) source = source.cause;
  const fields: Record<string, unknown> = {};
  if (source && typeof source === "object")
    for (const [key, value] of Object.entries(source))
      if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") fields[key] = value;
  return fields;
}

/** Bytes in base64, in chunks (a page's worker has no Buffer; String.fromCharCode takes so many arguments). */
function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** A response as postman-collection's Response JSON, its cookies (when listed) read from Set-Cookie by tough-cookie. */
function responseJsonOf(response: ScriptResponse, listCookies: boolean): Record<string, unknown> {
  const cookie = listCookies
    ? setCookiesOf(response)
        .map((text) => Cookie.parse(text, { loose: true }))
        .filter((c): c is Cookie => c instanceof Cookie)
        .map(postmanCookieOf)
    : [];
  return {
    code: response.code,
    status: response.status,
    header: response.headers.map(([key, value]) => ({ key, value })),
    ...(response.stream ? { stream: { type: "Base64", data: base64Of(response.stream) } } : { body: response.body }),
    responseTime: response.responseTime,
    cookie,
  };
}

/**
 * A tracked scope after a script, as postman-runtime keeps it (event.command.js, `trackContext`): the
 * script's mutations (postman-collection's MutationTracker JSON, compacted then streamed: `[key, value]`
 * sets, `[key]` unsets) applied to the scope it had. They crossed as JSON, so a value set to `undefined`
 * reads `null` from then on, as in Newman. Without mutations, the scope as the result lists it. And the
 * mutations applied, in order (engine/mutations.ts: what the CLI's exports replay).
 */
function mutatedScope(
  json: unknown,
  before: Record<string, unknown>,
  typesBefore: Record<string, VariableType> = {},
): { values: Record<string, unknown>; types: Record<string, VariableType>; mutations: Mutation[] } {
  const mutations = (json as { mutations?: { compacted?: unknown; stream?: unknown } } | undefined)?.mutations;
  if (!mutations || typeof mutations !== "object") return { ...typedScopeOf(json, before, typesBefore), mutations: [] };
  const out = { ...before };
  const types = { ...typesBefore };
  const applied: Mutation[] = [];
  const compacted = mutations.compacted && typeof mutations.compacted === "object" ? Object.values(mutations.compacted) : [];
  for (const mutation of [...compacted, ...(Array.isArray(mutations.stream) ? mutations.stream : [])]) {
    if (!Array.isArray(mutation) || typeof mutation[0] !== "string" || mutation.length > 2) continue;
    const key = mutation[0];
    // postman-runtime applies a set as VariableScope#set(key, value), without the type a script gave: a variable
    // that has a type casts the value by it, a new one is "any".
    if (mutation.length === 2) {
      const value = mutation[1] === undefined ? null : mutation[1];
      setOwn(out, key, typedValue(Object.hasOwn(types, key) ? types[key] : undefined, value));
      applied.push([key, value]);
    } else {
      delete out[key];
      delete types[key];
      applied.push([key]);
    }
  }
  return { values: out, types, mutations: applied };
}

/** A scope as the result lists it (VariableScope JSON): each value as its Variable reads it, and the types. */
function typedScopeOf(
  json: unknown,
  before: Record<string, unknown>,
  typesBefore: Record<string, VariableType>,
): { values: Record<string, unknown>; types: Record<string, VariableType> } {
  const values = (json as { values?: unknown } | undefined)?.values;
  if (!Array.isArray(values)) return { values: before, types: typesBefore };
  // Kept in Maps, then made records by Object.fromEntries: every name an own property, `__proto__` too (assigned
  // to a record, it would set the prototype and the variable would be lost).
  const out = new Map<string, unknown>();
  const types = new Map<string, VariableType>();
  for (const v of values as Array<Record<string, unknown>>) {
    if (!v || typeof v.key !== "string" || v.disabled) continue;
    const type = variableTypeOf(v.type);
    out.set(v.key, type ? castOut(type, v.value) : v.value);
    if (type) types.set(v.key, type);
    else types.delete(v.key);
  }
  return { values: Object.fromEntries(out), types: Object.fromEntries(types) };
}

/** What stands for a reference back to an object that holds it, as util.inspect names one. */
export const CIRCULAR = "[Circular]";

/** Where treeOf wrote CIRCULAR in an array or object it made: the key, and the copy of the ancestor it stood for. */
const backReferences = new WeakMap<object, Map<string | number, object>>();
/** A reference back to an ancestor on the path, while treeOf copies: its container writes CIRCULAR and notes where. */
class BackReference {
  constructor(readonly to: object) {}
}
/** A Map's or a Set's reference back stays CIRCULAR alone (withCycles relinks arrays and objects). */
const plain = (inner: unknown) => (inner instanceof BackReference ? CIRCULAR : inner);

/**
 * A tree treeOf made, its CIRCULARs made references back to their ancestors again (a new graph; the tree is left
 * as it is): util.inspect then prints `<ref *1>` and `[Circular *1]` as for the value the script logged, as
 * Newman's cli reporter shows it. Only in the process that read the tree (the marks are kept beside it, not in it).
 */
export function withCycles(tree: unknown): unknown {
  const made = new Map<object, unknown>();
  const relink = (node: unknown): unknown => {
    if (node === null || typeof node !== "object") return node;
    const isArray = Array.isArray(node);
    if (!isArray && Object.getPrototypeOf(node) !== Object.prototype) return node;
    const back = backReferences.get(node);
    const out: Record<string | number, unknown> = isArray ? ([] as unknown as Record<number, unknown>) : {};
    made.set(node, out);
    for (const key of isArray ? (node as unknown[]).keys() : Object.keys(node)) {
      const to = back?.get(key);
      const value = to !== undefined && made.has(to) ? made.get(to) : relink((node as Record<string | number, unknown>)[key]);
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return relink(tree);
}
/** Levels of an event's value the host walks; deeper ones are cut. */
const TREE_DEPTH = 1_000;

/**
 * A value that crossed the bridge as a tree the host can walk. Flatted and teleport-javascript carry shared and
 * cyclic references, so a few KB of text can be a cycle (JSON.stringify throws as a report or an export is
 * written) or a graph with 2^40 paths (util.inspect, JSON.stringify and String() walk every path: the process
 * hangs, then runs out of memory). Each path is copied: a reference back to an object on its own path is
 * CIRCULAR, and what the paths come to is bounded by the text's size and 1,024 more (a value counts one, and
 * the characters of its keys and strings: a text without shared references never passes it); past that, and
 * past TREE_DEPTH levels, a value is a note saying so. Little past the text: a later script's environment
 * carries what a variable holds, and a larger tree made it run past its budget as it was read. A key `__proto__` stays an own key, as
 * JSON.parse leaves it. `entry` reads a member of an object as the value it stands for (flatTreeOf's indexes).
 */
export function treeOf(value: unknown, textChars: number, entry: (member: unknown) => unknown = (member) => member): unknown {
  let left = textChars + 1024;
  /** The objects on the path, each with its copy once made (an array's or an object's: what a reference back stands for, withCycles). */
  const path = new Map<object, object | undefined>();
  /** A member as its container keeps it: a reference back is CIRCULAR, noted under its key. */
  const member = (out: object, key: string | number, inner: unknown): unknown => {
    if (!(inner instanceof BackReference)) return inner;
    let noted = backReferences.get(out);
    if (!noted) backReferences.set(out, (noted = new Map()));
    noted.set(key, inner.to);
    return CIRCULAR;
  };
  const seen = new Set<string>();
  let repeated: number = BOUNDS.reportChars;
  const cutNote = "[cut: past what the text it crossed as may expand to]";
  const copy = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") {
      // Flatted writes a string once however often it is used (a response's text kept in three variables): a
      // string seen before costs one, its characters counted apart, up to a report's bound.
      if (v.length > 64 && seen.has(v)) {
        left--;
        repeated -= v.length;
        return left < 0 || repeated < 0 ? cutNote : v;
      }
      if (v.length > 64) seen.add(v);
      left -= v.length + 1;
      return left < 0 ? cutNote : v;
    }
    if (v === null || typeof v !== "object") {
      left--;
      return v;
    }
    if (path.has(v)) {
      const to = path.get(v);
      return to ? new BackReference(to) : CIRCULAR;
    }
    if (--left < 0 || depth > TREE_DEPTH) return cutNote;
    const proto = Object.getPrototypeOf(v) as unknown;
    // teleport-javascript's Date, RegExp and typed arrays hold no reference: each is a leaf, charged its bytes.
    if (!Array.isArray(v) && !(v instanceof Map) && !(v instanceof Set) && proto !== Object.prototype && proto !== null) {
      left -= ArrayBuffer.isView(v) ? v.byteLength : 0;
      return left < 0 ? cutNote : v;
    }
    path.set(v, undefined);
    try {
      if (v instanceof Map) {
        const out = new Map<unknown, unknown>();
        for (const [key, inner] of v) if (left >= 0) out.set(plain(copy(entry(key), depth + 1)), plain(copy(entry(inner), depth + 1)));
        return out;
      }
      if (v instanceof Set) {
        const out = new Set<unknown>();
        for (const inner of v) if (left >= 0) out.add(plain(copy(entry(inner), depth + 1)));
        return out;
      }
      if (Array.isArray(v)) {
        const out: unknown[] = [];
        path.set(v, out);
        for (let i = 0; i < v.length && left >= 0; i++) out.push(member(out, i, copy(entry(v[i]), depth + 1)));
        if (out.length < v.length) out.push(cutNote);
        return out;
      }
      const out: Record<string, unknown> = {};
      path.set(v, out);
      for (const key of Object.keys(v)) {
        left -= key.length;
        if (left < 0) {
          Object.defineProperty(out, "…", { value: cutNote, enumerable: true, writable: true, configurable: true });
          break;
        }
        const inner = member(out, key, copy(entry((v as Record<string, unknown>)[key]), depth + 1));
        Object.defineProperty(out, key, { value: inner, enumerable: true, writable: true, configurable: true });
      }
      return out;
    } finally {
      path.delete(v);
    }
  };
  return copy(value, 0);
}

/**
 * Flatted's text read straight to the tree treeOf makes of what flatted's parse gives: the same bounds, the same
 * CIRCULAR, each value built once. Flatted writes a value as a JSON array of entries, the value itself first; an
 * object or array is an entry whose strings are the indexes of other entries (its strings and objects, each written
 * once however often it is used: a shared or cyclic reference is one index), a string entry the string itself. The
 * walk follows the indexes as it copies, so the graph flatted's parse would have built first, only to be copied
 * again, is never made; nor is what lies past the bounds.
 */
export function flatTreeOf(text: string): unknown {
  const entries: unknown = JSON.parse(text);
  // Not flatted's text: flatted's parse throws on it.
  if (!Array.isArray(entries)) throw new TypeError("not a flatted text");
  return treeOf(entries[0], text.length, (member) => (typeof member === "string" ? entries[+member] : member));
}

function scopeOf(json: unknown, before: Record<string, unknown>): Record<string, unknown> {
  const values = (json as { values?: unknown } | undefined)?.values;
  if (!Array.isArray(values)) return before;
  const out: Record<string, unknown> = {};
  for (const v of values as Array<Record<string, unknown>>) if (v && typeof v.key === "string" && !v.disabled) setOwn(out, v.key, v.value);
  return out;
}

/**
 * A value from the isolate as text, as String() makes it; an object whose toString and valueOf are no functions
 * (`{ toString: 'x' }`, which crosses as it is) makes String() throw, which ended the run with no report: it
 * reads as Object.prototype.toString reads it.
 */
function textOf(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function assertionOf(a: Record<string, unknown>): Assertion {
  const out: Assertion = { name: textOf(a.name ?? ""), passed: a.passed === true, skipped: a.skipped === true };
  if (!out.passed && !out.skipped && a.error) {
    const error = a.error as Record<string, unknown>;
    out.error = typeof error.message === "string" ? wordAsV8(error.message) : errorOf(error).text;
    if (typeof error.name === "string" && error.name !== "AssertionError") out.errorName = error.name;
  }
  if (!out.passed && !out.skipped && typeof a.index === "number") out.index = a.index;
  // postman-sandbox hands what the callback threw as it is: Newman reads its message, else the test's name.
  if (
    !out.passed &&
    !out.skipped &&
    (typeof a.error !== "object" || a.error === null || (a.error as { message?: unknown }).message === undefined)
  )
    out.noMessage = true;
  return out;
}

function isOutOfMemory(error: unknown): boolean {
  const e = error as Record<string, unknown> | null | undefined;
  return /out of memory/i.test(textOf(e?.message ?? "")) || (e?.name === "InternalError" && /memory/i.test(textOf(e.message)));
}

/** An error from the isolate as Newman prints it (`TypeError: message`), and what it was. */
function errorOf(error: unknown): { text: string; thrown: Thrown } {
  const value = (text: string) => ({ text, thrown: { kind: "value" } as const });
  if (error === null || error === undefined) return value(UNREADABLE);
  if (typeof error !== "object") return value(String(error));
  const e = error as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : undefined);
  let message = text(e.message);
  let name = text(e.name) ?? "Error";
  if (message === undefined) return value(UNREADABLE);
  if (name === "InternalError" && message === "stack overflow") [name, message] = ["RangeError", "Maximum call stack size exceeded"];
  message = wordAsV8(message);
  return { text: `${name}: ${message}`, thrown: { kind: "error", message } };
}

/**
 * QuickJS's wording of the common errors as V8's (Newman's engine): a report reads the same from either. Only
 * a wording that stands for one of V8's: QuickJS's `cannot convert bigint to number` is V8's "Cannot mix BigInt
 * and other types" (1n + 1) or "Cannot convert a BigInt value to a number" (Math.max(1n)), its `'c' is read-only`
 * "Assignment to constant variable." or "Cannot assign to read only property 'c' of object …" (strict code), and
 * those stay as QuickJS says them (tests/postman-diff/corpus/errors.ts measures each).
 */
const WORDING: Array<[RegExp, string]> = [
  [/^cannot read property '(.*)' of (undefined|null)$/, "Cannot read properties of $2 (reading '$1')"],
  [/^cannot set property '(.*)' of (undefined|null)$/, "Cannot set properties of $2 (setting '$1')"],
  [/^'(.*)' is not defined$/, "$1 is not defined"],
  [/^unexpected token in expression: ''$/, "Unexpected end of input"],
  [/^unexpected token in expression: '(.+)'$/, "Unexpected token '$1'"],
  // A let or const read before its declaration (`this` before super() is another of V8's).
  [/^(?!this )([^\s']+) is not initialized$/, "Cannot access '$1' before initialization"],
  [/^cannot convert symbol to (string|number)$/, "Cannot convert a Symbol value to a $1"],
  [/^bigint argument with unary \+$/, "Cannot convert a BigInt value to a number"],
  [/^bigint operands are forbidden for >>>$/, "BigInts have no unsigned right shift, use >> instead"],
  [/^BigInt division by zero$/, "Division by zero"],
  [/^empty array$/, "Reduce of empty array with no initial value"],
  [/^invalid array length$/, "Invalid array length"],
  [/^Date value is NaN$/, "Invalid time value"],
];
const wordAsV8 = (message: string) => {
  for (const [pattern, words] of WORDING) if (pattern.test(message)) return message.replace(pattern, words);
  return message;
};

/** A value the isolate threw, as text; UNREADABLE when it cannot be read, null only when it is null. */
function safeDump(context: QuickJSContext, handle: QuickJSHandle): unknown {
  try {
    const dumped = context.dump(handle) as unknown;
    if (dumped && typeof dumped === "object") {
      const d = dumped as Record<string, unknown>;
      return `${textOf(d.name ?? "Error")}: ${textOf(d.message ?? "")}`;
    }
    return dumped;
  } catch {
    return UNREADABLE;
  }
}

/** The methods of tough-cookie's Store: the calls postman-sandbox's cookie store makes across the bridge. */
const STORE_METHODS: ReadonlySet<string> = new Set([
  "findCookie",
  "findCookies",
  "putCookie",
  "updateCookie",
  "removeCookie",
  "removeCookies",
  "removeAllCookies",
  "getAllCookies",
]);

/** A cookie as the jar held it before a change (null: it held none), by its domain, path and key. */
type Undo = { domain: string; path: string; key: string; before: Cookie | null };

/** What undoes a store call, read before it is made: the cookies it would replace or remove. */
function undoOf(store: RunJar["store"], method: string, args: unknown[]): Undo[] {
  const held = (domain: unknown, path: unknown, key: unknown): Undo => {
    const [d, p, k] = [String(domain), String(path), String(key)];
    return { domain: d, path: p, key: k, before: store.idx[d]?.[p]?.[k] ?? null };
  };
  const of = (c: Cookie) => ({ domain: String(c.domain), path: String(c.path), key: String(c.key), before: c });
  switch (method) {
    case "putCookie":
    case "updateCookie": {
      const cookie = args[method === "putCookie" ? 0 : 1];
      return cookie instanceof Cookie ? [held(cookie.domain, cookie.path, cookie.key)] : [];
    }
    case "removeCookie": {
      const undo = held(args[0], args[1], args[2]);
      return undo.before ? [undo] : [];
    }
    case "removeCookies": {
      const paths = store.idx[String(args[0])] ?? {};
      return (args[1] ? [String(args[1])] : Object.keys(paths)).flatMap((path) => Object.values(paths[path] ?? {}).map(of));
    }
    case "removeAllCookies":
      return Object.values(store.idx).flatMap((paths) => Object.values(paths).flatMap((keys) => Object.values(keys).map(of)));
    default:
      return [];
  }
}

/** A stopped script's changes to the jar, undone: the cookies it added go, then those it changed or removed come back. */
function undoCookies(running: Running): void {
  const store = running.jar.store;
  const ignore = () => {};
  const undo = [...running.undo.values()];
  running.undo.clear();
  for (const { domain, path, key, before } of undo) if (!before) store.removeCookie(domain, path, key, ignore);
  for (const { before } of undo) if (before) store.putCookie(before, ignore);
}

const formatBudget = (running: Running) => (running.timeoutMs % 1000 === 0 ? `${running.timeoutMs / 1000} s` : `${running.timeoutMs} ms`);

/** Bytes the runtime holds now (QuickJS's own count, as its memory limit counts). */
function memoryUsed(runtime: QuickJSRuntime, context: QuickJSContext): number {
  const handle = runtime.computeMemoryUsage();
  const usage = (runtime.context ?? context).dump(handle) as { memory_used_size?: number };
  handle.dispose();
  return usage.memory_used_size ?? 0;
}

/**
 * Ours, evaluated before the bundle: the timers uvm gives a context (setTimeout, setInterval,
 * setImmediate and their clears), over a queue the host runs in delay order without waiting, the
 * delays counted on a clock of the script's own that Date and Date.now() move with; and Math.random,
 * seeded by the host before each script.
 */
const PRELUDE = `(function (global, hostRandom) {
  var queue = [], seq = 0, now = 0;
  function add(fn, ms, every) {
    if (typeof fn !== "function") return undefined;
    var delay = Math.max(0, Number(ms) || 0), id = ++seq;
    queue.push({ id: id, fn: fn, at: now + delay, every: every ? Math.max(1, delay) : 0 });
    return id;
  }
  function remove(id) {
    for (var i = 0; i < queue.length; i++) if (queue[i].id === id) { queue.splice(i, 1); return; }
  }
  function first() {
    var best = -1;
    for (var i = 0; i < queue.length; i++) if (best < 0 || queue[i].at < queue[best].at) best = i;
    return best;
  }
  global.setTimeout = function (fn, ms) { return add(fn, ms, false); };
  global.setInterval = function (fn, ms) { return add(fn, ms, true); };
  global.setImmediate = function (fn) { return add(fn, 0, false); };
  global.clearTimeout = global.clearInterval = global.clearImmediate = function (id) { remove(id); };
  // The clock moves with the timers: a timer run 100 ms on finds Date.now() 100 ms on, as after
  // Newman's real wait (a script that polls "until 2 s have passed" ends, not at the budget).
  var RealDate = global.Date, realNow = RealDate.now;
  function clock() { return realNow() + now; }
  var VirtualDate = function Date() {
    if (!new.target) return new RealDate(clock()).toString();
    var args = arguments.length ? Array.prototype.slice.call(arguments) : [clock()];
    return Reflect.construct(RealDate, args, new.target === VirtualDate ? RealDate : new.target);
  };
  Object.defineProperty(VirtualDate, "length", { value: 7 });
  VirtualDate.prototype = RealDate.prototype;
  VirtualDate.UTC = RealDate.UTC;
  VirtualDate.parse = RealDate.parse;
  VirtualDate.now = function now() { return clock(); };
  Object.defineProperty(RealDate.prototype, "constructor", { value: VirtualDate, writable: true, configurable: true });
  global.Date = VirtualDate;
  // A Node vm context (Newman's) has a console whose output goes nowhere; ajv's default logger is it.
  var quiet = function () {};
  global.console = { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet, dir: quiet, table: quiet, time: quiet, timeEnd: quiet, group: quiet, groupEnd: quiet, assert: quiet, count: quiet };
  // An Error's stack starts as V8's does: its first line, then the frames. QuickJS writes only the frames, as
  // an own property, when an error is made; each Error constructor is wrapped to put the first line in front,
  // as V8 makes it: by Error.prepareStackTrace when it is a function (postman-sandbox's bundle defines one, not
  // writable, as in Newman), else "name: message". The wrappers keep the prototypes (instanceof, subclasses),
  // run in the isolate and hold nothing of the host's. An error the engine itself makes (null.x) keeps QuickJS's.
  var formatting = false, construct = Reflect.construct, define = Object.defineProperty;
  function wrapError(Real, Parent) {
    var Wrapped = function () {
      var error = construct(Real, arguments, new.target && new.target !== Wrapped ? new.target : Real);
      var frames = typeof error.stack === "string" ? error.stack.split("\\n") : [];
      // The wrapper's own frames (its Reflect.construct's too) are not the script's.
      while (frames.length && (frames[0].indexOf("mockman-prelude.js") >= 0 || frames[0] === "    at construct (native)")) frames.shift();
      if (frames.length && frames[frames.length - 1] === "") frames.pop();
      if (formatting) return error;
      formatting = true;
      try {
        var prepare = WrappedError.prepareStackTrace, stack;
        if (typeof prepare === "function")
          stack = prepare(error, frames.map(function (line) { return line.replace(/^\\s*at /, ""); }));
        else {
          var name = error.name === undefined ? "Error" : String(error.name), message = error.message === undefined ? "" : String(error.message);
          stack = (name && message ? name + ": " + message : name || message) + (frames.length ? "\\n" + frames.join("\\n") : "");
        }
        define(error, "stack", { value: stack, writable: true, enumerable: false, configurable: true });
      } catch (e) {
        // A name or message that throws as it is read: the stack stays QuickJS's.
      } finally {
        formatting = false;
      }
      return error;
    };
    Object.defineProperty(Wrapped, "name", { value: Real.name });
    Object.defineProperty(Wrapped, "length", { value: Real.length });
    Wrapped.prototype = Real.prototype;
    Object.defineProperty(Real.prototype, "constructor", { value: Wrapped, writable: true, configurable: true });
    if (Parent) Object.setPrototypeOf(Wrapped, Parent);
    return Wrapped;
  }
  var WrappedError = wrapError(global.Error);
  ["EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError", "AggregateError"].forEach(function (name) {
    if (typeof global[name] === "function") global[name] = wrapError(global[name], WrappedError);
  });
  global.Error = WrappedError;
  // QuickJS's Array methods walk their receiver's indexes in C and look at the interrupt only when they call a
  // function of the script's: a hole is looked up and skipped without one, so [].includes.call({ length: 2 ** 53 - 1 }, 1),
  // new Array(2 ** 32 - 1).join("") or [new Array(2 ** 32 - 1)].flat() held the host's thread for hours, past every
  // budget. Past HUGE (more elements than the memory cap could hold in an array), a receiver (or what concat spreads,
  // or what flat and flatMap flatten) is walked through a Proxy whose traps are functions, so each index read looks at
  // the interrupt. The result, a callback's arguments and a method that returns its receiver give the script's own
  // object, never the Proxy; up to HUGE the method is QuickJS's own, called as it was (one length read more).
  // QuickJS asks the interrupt handler once every 10,000 of its polls (a call, a backward jump), so a loop of
  // natives that each take a while (for (i < 3000) s.split(""), JSON.stringify of a large array, a typed array's
  // sort) ran thousands of them past the budget: minutes, hours, the host's thread held. Those natives are called
  // through a wrapper that reads the clock first; past the script's end (stopAt, set by the host) it spins through
  // enough polls for QuickJS to ask the handler, which stops the script as it stops any other.
  var stopAt = Infinity;
  function late() { if (realNow() > stopAt) for (var spin = 0; spin < 20000; spin++); }
  // Both wrappers (timed, guard) are made as methods (\`({ [name]() {} })[name]\`), so each has its native's name, no
  // prototype and no [[Construct]] (\`new [].join()\` throws, as in V8), then take its length and its property's attributes.
  function nativeOf(holder, name) {
    var d = holder && Object.getOwnPropertyDescriptor(holder, name);
    return d && typeof d.value === "function" ? d : undefined;
  }
  function install(holder, name, d, wrapped) {
    define(wrapped, "length", { value: d.value.length });
    define(holder, name, { value: wrapped, writable: d.writable, enumerable: d.enumerable, configurable: d.configurable });
  }
  function timed(holder, name) {
    var d = nativeOf(holder, name);
    if (!d) return;
    var native = d.value;
    install(holder, name, d, ({ [name]() { "use strict"; late(); return rapply(native, this, arguments); } })[name]);
  }
  var HUGE = 16777216, Shield = global.Proxy, rget = Reflect.get, rhas = Reflect.has, rset = Reflect.set, rapply = Reflect.apply;
  var isArray = Array.isArray, shielded = new WeakMap(), wmGet = WeakMap.prototype.get, wmSet = WeakMap.prototype.set;
  var deep = false, made = 0;
  function huge(v) {
    if (v === null || (typeof v !== "object" && typeof v !== "function")) return false;
    var n = v.length;
    // A length that is an object is read by its valueOf: the Proxy's path, which is right for any length.
    return typeof n === "number" || typeof n === "string" ? Number(n) > HUGE : typeof n === "object" && n !== null;
  }
  function isObject(v) { return v !== null && (typeof v === "object" || typeof v === "function"); }
  var traps = {
    get: function (t, k) { var v = rget(t, k); return deep && isArray(v) && huge(v) ? shield(v) : v; },
    has: function (t, k) { return rhas(t, k); },
    set: function (t, k, v) { return rset(t, k, v); }
  };
  function shield(o) { var p = new Shield(o, traps); rapply(wmSet, shielded, [p, o]); made++; return p; }
  function unshield(v) { var t = isObject(v) ? rapply(wmGet, shielded, [v]) : undefined; return t === undefined ? v : t; }
  var CALLS_BACK = { every: 1, filter: 1, find: 1, findIndex: 1, findLast: 1, findLastIndex: 1, forEach: 1, map: 1, reduce: 1,
    reduceRight: 1, some: 1, sort: 1, toSorted: 1, flatMap: 1 };
  function walked(native, self, args, concat, flattens, callsBack) {
    var copy = [], i, n = args.length;
    for (i = 0; i < n; i++) copy.push(concat && huge(args[i]) ? shield(args[i]) : args[i]);
    // flat and flatMap read every element through the Proxy: an element past HUGE is flattened through one too.
    var receiver = huge(self) || (flattens && isObject(self)) ? shield(self) : self;
    if (callsBack && typeof copy[0] === "function") {
      var callback = copy[0];
      copy[0] = function () {
        "use strict";
        var given = [];
        for (var j = 0; j < arguments.length; j++) given.push(unshield(arguments[j]));
        var back = rapply(callback, this, given);
        return flattens && isArray(back) && huge(back) ? shield(back) : back;
      };
    }
    var was = deep, before = made, result;
    deep = flattens;
    try {
      result = rapply(native, receiver, copy);
    } finally {
      deep = was;
    }
    if (result === receiver) return self;
    // What flat left unflattened (past its depth) is the script's own array.
    if (flattens && made > before + 1 && isArray(result)) for (i = 0; i < result.length; i++) result[i] = unshield(result[i]);
    return result;
  }
  function guard(name, flattens) {
    var d = nativeOf(Array.prototype, name);
    if (!d) return;
    var native = d.value, concat = name === "concat", callsBack = CALLS_BACK[name] === 1;
    install(Array.prototype, name, d, ({ [name]() {
      "use strict";
      late();
      if (!flattens && !huge(this)) {
        if (!concat) return rapply(native, this, arguments);
        for (var i = 0; i < arguments.length && !huge(arguments[i]); i++);
        if (i === arguments.length) return rapply(native, this, arguments);
      }
      return walked(native, this, arguments, concat, flattens, callsBack);
    } })[name]);
  }
  // The methods that walk their receiver; at, pop and push touch one index whatever the length, and are the bundle's
  // hottest calls (chai, lodash, postman-collection), so they stay QuickJS's own.
  ["concat", "copyWithin", "every", "fill", "filter", "find", "findIndex", "findLast", "findLastIndex", "forEach", "includes",
   "indexOf", "join", "lastIndexOf", "map", "reduce", "reduceRight", "reverse", "shift", "slice", "some", "sort",
   "splice", "toLocaleString", "toReversed", "toSorted", "toSpliced", "unshift", "with"].forEach(function (name) { guard(name, false); });
  guard("flat", true);
  guard("flatMap", true);
  ["parse", "stringify"].forEach(function (name) { timed(JSON, name); });
  ["split", "replace", "replaceAll", "repeat", "padStart", "padEnd", "normalize", "localeCompare", "toLowerCase", "toUpperCase",
   "toLocaleLowerCase", "toLocaleUpperCase", "match", "matchAll", "search", "concat", "indexOf", "lastIndexOf", "includes"].forEach(function (name) { timed(String.prototype, name); });
  var TypedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
  ["sort", "fill", "set", "slice", "map", "filter", "join", "reverse", "copyWithin", "indexOf", "lastIndexOf", "includes", "every",
   "some", "forEach", "find", "findIndex", "findLast", "findLastIndex", "reduce", "reduceRight", "toSorted", "toReversed"].forEach(function (name) { timed(TypedArrayProto, name); });
  ["keys", "values", "entries", "assign", "getOwnPropertyNames", "fromEntries"].forEach(function (name) { timed(Object, name); });
  timed(Array, "from");
  timed(String, "fromCharCode");
  // xoshiro128** over a state the host seeds before each script: a call to the host per number costs more
  // than the numbers are worth (a uuid takes sixteen).
  var s0 = 1, s1 = 2, s2 = 3, s3 = 4;
  function rotl(x, k) { return (x << k) | (x >>> (32 - k)); }
  Object.defineProperty(Math, "random", {
    value: function random() {
      var r = Math.imul(rotl(Math.imul(s1, 5), 7), 9), t = s1 << 9;
      s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
      return (r >>> 0) / 4294967296;
    },
    writable: true,
    configurable: true
  });
  // A thrown value that cannot be written out (a getter or a Proxy trap that throws, a revoked Proxy, a BigInt) made
  // Flatted's walk throw out of postman-sandbox's report of the script's error (Newman's process dies there): the
  // report goes again with the value as one that cannot be read, a BigInt as its digits. A result whose execution
  // cannot be written (a variable set to a BigInt) goes with none, its error the script's, else what the walk threw (a
  // failed allocation throws null: then one that cannot be read, which the host checks against the memory cap).
  // What every try throws (the script broke the runtime) is thrown as the first was. uvm's bridge is a global until
  // the bundle deletes it: its dispatch is wrapped as it is set.
  function retries(name, args, first) {
    var at = name === "execution.error" || name.indexOf("execution.error.") === 0 ? 2 : name.indexOf("execution.result.") === 0 ? 1 : 0;
    if (!at || args.length <= at) return [];
    var again = [], value = args[at];
    for (var i = 0; i < args.length; i++) again[i] = args[i];
    again[at] = typeof value === "bigint" ? String(value) : {};
    return at === 2 ? [again] : [again, [name, value || first || {}, {}], [name, again[1], {}]];
  }
  function reporting(dispatch) {
    return function (name) {
      try {
        return rapply(dispatch, this, arguments);
      } catch (first) {
        var tries = typeof name === "string" ? retries(name, arguments, first) : [];
        for (var i = 0; i < tries.length; i++) try { return rapply(dispatch, this, tries[i]); } catch (e) {}
        throw first;
      }
    };
  }
  var bridge;
  define(global, "bridge", {
    get: function () { return bridge; },
    set: function (value) {
      if (value && typeof value.dispatch === "function") value.dispatch = reporting(value.dispatch);
      bridge = value;
    },
    configurable: true
  });
  return {
    nextDue: function () { var i = first(); return i < 0 ? -1 : queue[i].at; },
    tick: function () {
      var i = first();
      if (i < 0) return;
      var timer = queue[i];
      if (timer.every) timer.at += timer.every; else queue.splice(i, 1);
      now = Math.max(now, timer.at - timer.every);
      timer.fn();
    },
    until: function (ms) { stopAt = Number(ms); },
    clear: function () {
      queue.length = 0; now = 0;
      s0 = hostRandom() | 1; s1 = hostRandom(); s2 = hostRandom(); s3 = hostRandom();
    }
  };
})`;

/**
 * Ours, evaluated after the bundle, with the bundle's own postman-collection: a pm.sendRequest's request as
 * its JSON (which the host builds and encodes as the run's requests: engine/wire.ts), or what a pre-request
 * script left of pm.request.
 */
const HELPERS = `(function (global) {
  var sdk = global.require("postman-collection");
  function pairs(list) {
    return list.filter(function (h) { return h && !h.disabled; }).map(function (h) { return [String(h.key), h.value === undefined || h.value === null ? "" : String(h.value)]; });
  }
  function describe(text) {
    var input = JSON.parse(text), request = new sdk.Request(input.request);
    if (input.toSend) return JSON.stringify({ definition: request.toJSON(), url: request.url.toString(), method: String(request.method || "GET").toUpperCase() });
    var b = request.body, raw = b && b.mode === "raw" ? (b.raw === undefined || b.raw === null ? "" : String(b.raw)) : null;
    var headers = pairs(request.headers.all().map(function (h) { return h.toJSON ? h.toJSON() : h; }));
    return JSON.stringify({ url: request.url.toString(), method: String(request.method || "GET").toUpperCase(), headers: headers, raw: raw });
  }
  return { describe: describe };
})`;

const WARM_PRE =
  'pm.variables.set("v", pm.environment.get("e")); pm.request.headers.upsert({ key: "X", value: "{{v}}" }); pm.request.url.query.get("a");';
const WARM_TEST = [
  'pm.test("status", function () { pm.response.to.have.status(200); pm.response.to.be.ok; });',
  "var json = pm.response.json();",
  'pm.test("body", function () { pm.expect(json.a).to.be.an("array").that.includes(1); pm.expect(json).to.have.property("a"); });',
  'pm.environment.set("n", json.a.length); tests["legacy"] = responseCode.code === 200;',
].join("\n");

const STACK_BYTES = 256 * 1024;
/** What QuickJS, postman-sandbox's bundle (its libraries loaded) and the allocator's slack take besides a script's cap. */
const RUNTIME_HEADROOM_BYTES = 80 * 1024 * 1024;
