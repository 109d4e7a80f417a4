// Runs Postman pre-request and test scripts in QuickJS compiled to
// WebAssembly: an engine of its own that shares no object, prototype, stack
// or error with the host, so no script can reach the process, a file or a
// socket (node:vm could: `import()`, a host error's constructor). It runs the
// same in Node and in a browser worker (no node:* import here; the wasm is
// embedded in the module, so no file is fetched at run time). Bruno runs
// collections in it by default for the same reasons.
//
// The interface the engine calls:
//
//   const sandbox = await ScriptSandbox.create({ timeoutMs, memoryLimitBytes });
//   const outcome = await sandbox.run(input, where, host); // never throws for what a script does
//   sandbox.dispose();
//
//   ScriptInput:   { script, scopes, request, response?, info, cookies, timeoutMs?, memoryLimitBytes? }
//   ScriptHost:    { sendRequest(request) -> Promise<ScriptResponse>, dynamicVariable?(name) -> string | undefined }
//   ScriptOutcome: { scopes, assertions, error, nextSet, next, skip, headers, sent, cookieChanges, request }
//
// What holds:
// - One isolate per sandbox (a run), its built-ins and the runtime frozen
//   before any script (runtime/lockdown.js): a fresh isolate per script would
//   cost its boot (~10 ms with chai) each time; frozen, a script costs
//   microseconds and still cannot change Object, Array, JSON, Promise, chai or
//   the runtime for itself or a later script. Each script's state lives in a
//   closure of its own.
// - Data crosses as JSON text both ways; host callbacks take and give strings
//   and numbers, never throw into the isolate.
// - One budget per script (timeoutMs, 5 s by default) for its code, its
//   timers (run in order without waiting, their delays counted) and its
//   promises: the interrupt handler stops it. A memory cap per script
//   (64 MB by default above what the runtime and its libraries hold). A
//   breach fails that script with a message naming it; the isolate is then
//   thrown away and the next script gets a new one. The wait for a
//   pm.sendRequest answer is the sender's (its own timeout), not the budget's.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from "quickjs-emscripten-core";

export const SCRIPT_TIMEOUT_MS = 5_000;
export const SCRIPT_MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;

export type ScopeName = "environment" | "collectionVariables" | "globals" | "local" | "data";
export type Scopes = Record<ScopeName, Record<string, unknown>>;

export interface ScriptRequest {
  id: string;
  name: string;
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string | null;
  bodyMode: string;
  /** A formdata or urlencoded body's fields, unticked ones too: pm.request.body.formdata / .urlencoded. */
  bodyFields?: Array<{ key: string; value: string | null; type?: string; src?: string | string[]; disabled?: boolean }>;
}

export interface ScriptResponse {
  code: number;
  status: string;
  headers: Array<[string, string]>;
  body: string;
  responseTime: number;
}

export interface ScriptInput {
  script: string;
  scopes: Scopes;
  request: ScriptRequest;
  response?: ScriptResponse;
  info: { eventName: "prerequest" | "test"; iteration: number; iterationCount: number; requestName: string; requestId: string };
  /** The cookies the run's jar holds for the request's URL (pm.cookies). */
  cookies?: Array<{ name: string; value: string }>;
  /** This script's budget, over the sandbox's. */
  timeoutMs?: number;
  memoryLimitBytes?: number;
}

export interface Assertion {
  name: string;
  passed: boolean;
  skipped: boolean;
  error?: string;
}

export interface SentRequest {
  request: { url: string; method: string };
  response?: ScriptResponse;
  error?: string;
}

export interface CookieChange {
  url: string;
  name: string;
  /** null: unset. */
  value: string | null;
}

export interface ScriptOutcome {
  scopes: Scopes;
  assertions: Assertion[];
  /** The script threw, or broke its time or memory budget: its message. */
  error: string | null;
  /** postman.setNextRequest(name) was called: with a name, or null to stop the run. */
  nextSet: boolean;
  next: string | null;
  /** pm.execution.skipRequest() was called (pre-request only). */
  skip: boolean;
  /** The request's headers after the script (pm.request.headers.add/upsert/remove). */
  headers: Array<[string, string]>;
  /** What pm.sendRequest sent, in order, with its answer or error. */
  sent: SentRequest[];
  /** pm.cookies.jar() set/unset calls, for the host's jar to apply after the script. */
  cookieChanges: CookieChange[];
  /** The request's URL (as written, templates kept), method and raw body after the script; null when it stopped. */
  request: { url: string; method: string; body: string | null } | null;
}

export interface OutgoingScriptRequest {
  url: string;
  method: string;
  headers: Array<[string, string]>;
  body: string | null;
}

export interface ScriptHost {
  /** pm.sendRequest: sent by the run's own sender; resolves with the answer, or rejects with an Error whose message the script sees as err. */
  sendRequest(request: OutgoingScriptRequest): Promise<ScriptResponse>;
  /** {{$name}} dynamic variables for pm.variables.replaceIn; undefined when unknown. */
  dynamicVariable?(name: string): string | undefined;
}

export interface SandboxOptions {
  timeoutMs?: number;
  memoryLimitBytes?: number;
}

type Parts = typeof import("./libraries");
let loading: Promise<Parts> | undefined;
/** The engine and the sources, loaded once per process (or worker), on first use. */
const partsOnce = () => (loading ??= import("./libraries"));

interface Isolate {
  /** A WebAssembly instance of QuickJS of its own: a stopped isolate is dropped whole, never freed piecemeal. */
  wasm: QuickJSWASMModule;
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  entry: Record<"start" | "run" | "nextDue" | "tick" | "deliver" | "fail" | "finish", QuickJSHandle>;
  entryObject: QuickJSHandle;
  /** Bytes the isolate holds between scripts: the limit is this plus the script's cap. */
  baseline: number;
}

/** The script stopped by its budget: why, in words for the report. */
class Breach extends Error {}

interface Running {
  /** Libraries loading (the budget is paused meanwhile), and since when. */
  loading: number;
  loadStarted: number;
  deadline: number;
  timeoutMs: number;
  host: ScriptHost;
  sent: SentRequest[];
  inflight: Map<number, Promise<{ id: number; answer: string }>>;
  memoryLimit: number;
}

export class ScriptSandbox {
  private isolate: Isolate | undefined;
  private running: Running | undefined;
  private sendSeq = 0;
  /** The largest cap a script asked for so far (ScriptInput.memoryLimitBytes). */
  private largestCap = 0;
  private readonly timeoutMs: number;
  private readonly memoryLimitBytes: number;

  private constructor(
    private readonly parts: Parts,
    options: SandboxOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? SCRIPT_TIMEOUT_MS;
    this.memoryLimitBytes = options.memoryLimitBytes ?? SCRIPT_MEMORY_LIMIT_BYTES;
  }

  static async create(options: SandboxOptions = {}): Promise<ScriptSandbox> {
    const sandbox = new ScriptSandbox(await partsOnce(), options);
    sandbox.isolate = sandbox.boot(await sandbox.newEngine());
    return sandbox;
  }

  /** An instance whose memory holds the runtime, the libraries and one script's cap (a script's own larger cap too). */
  private newEngine(): Promise<QuickJSWASMModule> {
    return this.parts.loadEngine(RUNTIME_HEADROOM_BYTES + Math.max(this.memoryLimitBytes, this.largestCap));
  }

  dispose(): void {
    this.drop();
  }

  /**
   * Forgets the isolate, its WebAssembly memory with it (the garbage collector takes the instance). Not
   * JS_FreeRuntime: after a stop mid-way (an interrupt, out of memory, a stack overflow) QuickJS may
   * still count live objects and abort on free, and an abort would take the whole instance down.
   */
  private drop(): void {
    this.isolate = undefined;
  }

  /** A new isolate: the frozen built-ins, then the runtime, whose entry points only the host holds. */
  private boot(wasm: QuickJSWASMModule): Isolate {
    const runtime = wasm.newRuntime();
    // Below the host's own stack (V8's ~1 MB holds fewer wasm frames than QuickJS counts): deep recursion is the script's RangeError.
    runtime.setMaxStackSize(STACK_BYTES);
    runtime.setInterruptHandler(() => {
      const running = this.running;
      return running !== undefined && running.loading === 0 && Date.now() > running.deadline;
    });
    const context = runtime.newContext();
    const fail = (what: string, result: { error?: QuickJSHandle }) => {
      const detail = result.error ? context.dump(result.error) : undefined;
      result.error?.dispose();
      throw new Error(`the script sandbox did not start: ${what}: ${JSON.stringify(detail)}`);
    };
    const lockdownFn = context.evalCode(this.parts.LOCKDOWN_SOURCE, "mockman-lockdown.js");
    if (lockdownFn.error) fail("lockdown", lockdownFn);
    const lockdown = context.callFunction((lockdownFn as { value: QuickJSHandle }).value, context.undefined, context.global);
    (lockdownFn as { value: QuickJSHandle }).value.dispose();
    if (lockdown.error) fail("lockdown", lockdown);
    const bootFn = context.evalCode(this.parts.RUNTIME_SOURCE, "mockman-pm.js");
    if (bootFn.error) fail("runtime", bootFn);
    const host = context.newObject();
    const fn = (name: string, impl: (...args: QuickJSHandle[]) => QuickJSHandle | undefined) => {
      const handle = context.newFunction(name, (...args) => {
        try {
          return impl(...args);
        } catch {
          return undefined; // never a host error inside: its constructor is the host's Function
        }
      });
      context.setProp(host, name, handle);
      handle.dispose();
    };
    // Loading a library is the runtime's work, not the script's: the budget pauses meanwhile.
    fn("library", (name) => {
      const source = this.parts.librarySource(context.getString(name));
      if (source === undefined) return undefined;
      if (this.running) {
        this.running.loading++;
        this.running.loadStarted = Date.now();
      }
      return context.newString(source);
    });
    fn("loaded", () => {
      // A library now lives in the isolate for good: it is part of the baseline, not of this script's cap.
      const isolate = this.isolate;
      const running = this.running;
      if (!isolate || !running) return undefined;
      running.loading = Math.max(0, running.loading - 1);
      running.deadline += Date.now() - running.loadStarted;
      isolate.baseline = memoryUsed(runtime, context);
      runtime.setMemoryLimit(isolate.baseline + running.memoryLimit);
      return undefined;
    });
    fn("send", (json) => this.send(context.getString(json), context));
    fn("dynamic", (name) => {
      const value = this.running?.host.dynamicVariable?.(context.getString(name));
      return typeof value === "string" ? context.newString(value) : undefined;
    });
    const made = context.callFunction(
      (bootFn as { value: QuickJSHandle }).value,
      context.undefined,
      context.global,
      host,
      (lockdown as { value: QuickJSHandle }).value,
    );
    host.dispose();
    (bootFn as { value: QuickJSHandle }).value.dispose();
    (lockdown as { value: QuickJSHandle }).value.dispose();
    if (made.error) fail("runtime boot", made);
    const entryObject = (made as { value: QuickJSHandle }).value;
    const names = ["start", "run", "nextDue", "tick", "deliver", "fail", "finish"] as const;
    const entry = Object.fromEntries(names.map((name) => [name, context.getProp(entryObject, name)])) as Isolate["entry"];
    return { wasm, runtime, context, entry, entryObject, baseline: memoryUsed(runtime, context) };
  }

  /** pm.sendRequest: starts the host's request and gives the isolate its number. */
  private send(json: string, context: QuickJSContext): QuickJSHandle {
    const running = this.running;
    if (!running) return context.undefined;
    const request = JSON.parse(json) as OutgoingScriptRequest;
    const id = ++this.sendSeq;
    const record: SentRequest = { request: { url: request.url, method: request.method } };
    running.sent.push(record);
    const answer = (async () => {
      try {
        const response = await running.host.sendRequest(request);
        record.response = response;
        return { id, answer: JSON.stringify({ response }) };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        record.error = message;
        return { id, answer: JSON.stringify({ error: message }) };
      }
    })();
    running.inflight.set(id, answer);
    return context.newNumber(id);
  }

  /** Calls an entry point; a breach (time, memory) comes out as Breach. */
  private call(isolate: Isolate, name: keyof Isolate["entry"], ...args: Array<string | number>): QuickJSHandle {
    const { context } = isolate;
    const handles = args.map((arg) => (typeof arg === "string" ? context.newString(arg) : context.newNumber(arg)));
    let result;
    try {
      result = context.callFunction(isolate.entry[name], context.undefined, ...handles);
    } catch (error) {
      // The host's stack ran out under the isolate's frames (a RangeError of V8's own), or the engine aborted.
      throw new Breach(
        error instanceof RangeError ? "the script recursed too deep and was stopped" : "the script stopped the script engine",
      );
    }
    for (const handle of handles) handle.dispose();
    if (result.error) {
      result.error.dispose();
      throw this.breach();
    }
    this.checkBudget();
    return result.value;
  }

  /** An interrupt inside an async function only rejects its promise: the clock says whether the budget ran out. */
  private checkBudget(): void {
    const running = this.running!;
    if (running.loading === 0 && Date.now() > running.deadline) throw this.breach();
  }

  /** Why the isolate stopped: the budget ran out, or the memory cap was reached (or the stack, in our own code). */
  private breach(): Breach {
    const running = this.running!;
    if (Date.now() > running.deadline) return new Breach(`the script ran past its ${formatBudget(running)} time budget and was stopped`);
    return new Breach(`the script used more than its ${Math.round(running.memoryLimit / 1024 / 1024)} MB memory cap and was stopped`);
  }

  private drainJobs(isolate: Isolate): void {
    let done;
    try {
      done = isolate.runtime.executePendingJobs(-1);
    } catch (error) {
      throw new Breach(
        error instanceof RangeError ? "the script recursed too deep and was stopped" : "the script stopped the script engine",
      );
    }
    if (done.error) {
      done.error.dispose();
      throw this.breach();
    }
    this.checkBudget();
  }

  /** Runs one script against the given state; never throws for what the script does. */
  async run(input: ScriptInput, where: string, host: ScriptHost): Promise<ScriptOutcome> {
    void where; // the report names the script; the isolate's messages need no file name
    const timeoutMs = input.timeoutMs ?? this.timeoutMs;
    const memoryLimit = input.memoryLimitBytes ?? this.memoryLimitBytes;
    if (memoryLimit > Math.max(this.memoryLimitBytes, this.largestCap)) {
      this.largestCap = memoryLimit;
      this.drop(); // its memory could not hold this cap
    }
    const isolate = (this.isolate ??= this.boot(await this.newEngine()));
    const running: Running = {
      deadline: Date.now() + timeoutMs,
      timeoutMs,
      host,
      sent: [],
      inflight: new Map(),
      memoryLimit,
      loading: 0,
      loadStarted: 0,
    };
    this.running = running;
    isolate.runtime.setMemoryLimit(isolate.baseline + memoryLimit);
    const { script, timeoutMs: _t, memoryLimitBytes: _m, ...rest } = input;
    try {
      this.call(isolate, "start", JSON.stringify({ ...rest, cookies: input.cookies ?? [] }), script).dispose();
      this.call(isolate, "run").dispose();
      for (;;) {
        this.drainJobs(isolate);
        if (running.inflight.size) {
          // An answer's wait is the sender's business: the budget pauses meanwhile.
          const waitStarted = Date.now();
          const { id, answer } = await Promise.race(running.inflight.values());
          running.inflight.delete(id);
          running.deadline += Date.now() - waitStarted;
          this.call(isolate, "deliver", id, answer).dispose();
          continue;
        }
        const dueHandle = this.call(isolate, "nextDue");
        const due = isolate.context.getNumber(dueHandle);
        dueHandle.dispose();
        if (due < 0) break;
        if (due > timeoutMs)
          throw new Breach(
            `the script's timers ran past its ${formatBudget(running)} time budget (one is due at ${due} ms) and it was stopped`,
          );
        this.call(isolate, "tick").dispose();
      }
      const text = this.call(isolate, "finish");
      const json = isolate.context.getString(text);
      text.dispose();
      const outcome = JSON.parse(json) as Omit<ScriptOutcome, "sent"> & { scopes: Scopes | null };
      if (outcome.error && /out of memory/i.test(outcome.error)) throw this.breachOfMemory(running);
      return { ...outcome, scopes: outcome.scopes ?? input.scopes, sent: running.sent };
    } catch (error) {
      if (!(error instanceof Breach)) throw error;
      // The isolate stopped mid-way: its state cannot be trusted, so the next script gets a new one.
      this.drop();
      return {
        scopes: input.scopes,
        assertions: [],
        error: error.message,
        nextSet: false,
        next: null,
        skip: false,
        headers: input.request.headers,
        sent: running.sent,
        cookieChanges: [],
        request: null,
      };
    } finally {
      this.running = undefined;
      if (this.isolate) this.isolate.runtime.setMemoryLimit(-1);
    }
  }

  private breachOfMemory(running: Running): Breach {
    return new Breach(`the script used more than its ${Math.round(running.memoryLimit / 1024 / 1024)} MB memory cap and was stopped`);
  }
}

const formatBudget = (running: Running) => (running.timeoutMs % 1000 === 0 ? `${running.timeoutMs / 1000} s` : `${running.timeoutMs} ms`);

/** Bytes the runtime holds now (QuickJS's own count, as its memory limit counts). */
function memoryUsed(runtime: QuickJSRuntime, context: QuickJSContext): number {
  const handle = runtime.computeMemoryUsage();
  const usage = (runtime.context ?? context).dump(handle) as { memory_used_size?: number };
  handle.dispose();
  return usage.memory_used_size ?? 0;
}

const STACK_BYTES = 256 * 1024;
/** What the runtime, chai, ajv, lodash, moment... and the allocator's slack take besides a script's cap. */
const RUNTIME_HEADROOM_BYTES = 48 * 1024 * 1024;
