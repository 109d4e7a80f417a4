// Runs Postman pre-request and test scripts in a node:vm context of their own.
//
// Why not postman-sandbox (what Newman runs): on this machine it took 0.9 s to
// load and 0.7 s to start, 11 ms per script and 11 MB with a 2.4 MB boot
// bundle; a replay of 200,000 requests would spend half an hour in it. This
// context starts in a few milliseconds and runs a script in microseconds.
//
// What a script can reach: the context is created from a null-prototype
// object and holds only what PM_RUNTIME and chai (both evaluated as source
// inside it) define, so no host object (and through it no `process`,
// `require`, file or socket) is within reach. Data crosses as JSON text both
// ways. A script that loops forever is stopped after SCRIPT_TIMEOUT_MS.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";
import { PM_RUNTIME } from "./runtime";

export const SCRIPT_TIMEOUT_MS = 5_000;

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
  /** The cookies the jar holds for the request's URL (pm.cookies). */
  cookies?: Array<{ name: string; value: string }>;
  timeoutMs?: number;
  memoryLimitBytes?: number;
  scopes: Scopes;
  request: ScriptRequest;
  response?: ScriptResponse;
  info: { eventName: "prerequest" | "test"; iteration: number; iterationCount: number; requestName: string; requestId: string };
}

export interface Assertion {
  name: string;
  passed: boolean;
  skipped: boolean;
  error?: string;
}

export interface ScriptOutcome {
  scopes: Scopes;
  assertions: Assertion[];
  /** The script threw (or timed out): its message. */
  error: string | null;
  /** postman.setNextRequest(name) was called: with a name, or null to stop the run. */
  nextSet: boolean;
  next: string | null;
  /** pm.execution.skipRequest() was called (pre-request only). */
  skip: boolean;
  /** The request's headers after the script (pm.request.headers.add/upsert/remove). */
  headers: Array<[string, string]>;
  /** What pm.sendRequest sent through the host, in order. */
  sent: Array<{ request: { url: string; method: string }; response?: ScriptResponse; error?: string }>;
  /** pm.cookies.jar() changes: a value, or null for a removed cookie. */
  cookieChanges: Array<{ url: string; name: string; value: string | null }>;
}

/** What a script may ask of the run: pm.sendRequest, and Postman's dynamic variables in replaceIn. */
export interface ScriptHost {
  sendRequest(request: { url: string; method: string; headers: Array<[string, string]>; body: string | null }): Promise<ScriptResponse>;
  dynamicVariable?(name: string): string | undefined;
}

let chaiSource: string | undefined;

/** The bin runs a CommonJS bundle, where __filename is set; tsx runs this file as a module. */
function whereThisRuns(): string {
  if (typeof __filename === "string") return __filename;
  try {
    return import.meta.url;
  } catch {
    return process.cwd() + "/";
  }
}

/** chai 5's one-file ESM build, as a script that leaves `__chai` on the global. */
function chaiScript(): string {
  if (chaiSource) return chaiSource;
  const file = createRequire(whereThisRuns()).resolve("chai");
  const source = readFileSync(file, "utf8");
  const exported = source.lastIndexOf("\nexport {");
  if (exported < 0) throw new Error(`${file} is not the chai build mockman knows (no export list)`);
  const names = source
    .slice(exported + "\nexport {".length, source.indexOf("}", exported))
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [local, as] = part.split(/\s+as\s+/);
      return `${JSON.stringify(as ?? local)}: ${local}`;
    });
  chaiSource = `globalThis.__chai = (function () {\n${source.slice(0, exported)}\nreturn { ${names.join(", ")} };\n})();`;
  return chaiSource;
}

/** Wraps a user script so the legacy globals (tests, responseBody, postman...) are in scope and `var` stays local. */
const wrap = (script: string) =>
  `(function () { with (globalThis.__mockmanLegacy) { return (function () {\n${script}\n}).call(undefined); } })()`;

export class ScriptSandbox {
  private readonly context: vm.Context;
  private readonly timeoutMs: number;

  /** The interface the isolate keeps (async, with a time budget per script). */
  static async create(options: { timeoutMs?: number; memoryLimitBytes?: number } = {}): Promise<ScriptSandbox> {
    return new ScriptSandbox(options);
  }

  dispose(): void {}

  constructor(options: { timeoutMs?: number } = {}) {
    this.timeoutMs = options.timeoutMs ?? SCRIPT_TIMEOUT_MS;
    this.context = vm.createContext(Object.create(null), {
      name: "mockman scripts",
      codeGeneration: { strings: true, wasm: false },
      microtaskMode: "afterEvaluate",
    });
    vm.runInContext(chaiScript(), this.context, { filename: "chai.js" });
    vm.runInContext(PM_RUNTIME, this.context, { filename: "mockman-pm.js" });
  }

  private readonly compiled = new Map<string, vm.Script>();

  /** Our own runtime's entry points: trusted, so no watchdog (each timeout costs a thread start). */
  private call(code: string): unknown {
    return vm.runInContext(code, this.context, { filename: "mockman-pm.js" });
  }

  private readonly ticker = new vm.Script("__mockman.tick()", { filename: "mockman-pm.js" });

  /** Runs the next timer a script set: user code, so under the watchdog. */
  private tick(): unknown {
    return this.ticker.runInContext(this.context, { timeout: this.timeoutMs, breakOnSigint: true });
  }

  /** A user script, compiled once however many requests run it, and stopped if it runs too long. */
  private runUser(script: string, where: string): void {
    let compiled = this.compiled.get(script);
    if (!compiled) {
      compiled = new vm.Script(wrap(script), { filename: where });
      if (this.compiled.size > 1_000) this.compiled.clear();
      this.compiled.set(script, compiled);
    }
    compiled.runInContext(this.context, { timeout: this.timeoutMs, breakOnSigint: true });
  }

  /** Runs one script against the given state; never throws for what the script does. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the host serves pm.sendRequest in the isolate that replaces this one
  async run(input: ScriptInput, where: string, host?: ScriptHost): Promise<ScriptOutcome> {
    const { script, ...rest } = input;
    this.context.__mockmanInput = JSON.stringify(rest);
    this.call("__mockman.start()");
    try {
      this.runUser(script, where);
      // Timers (setTimeout in a test) run in order of their delay, without waiting it out.
      if (this.call("__mockman.timers()")) for (let i = 0; i < 10_000 && this.tick() === "ran"; i++);
    } catch (error) {
      this.context.__mockmanFailure = describeError(error, this.timeoutMs);
      this.call("__mockman.fail(globalThis.__mockmanFailure)");
    }
    const outcome = JSON.parse(String(this.call("__mockman.finish()"))) as ScriptOutcome;
    return { ...outcome, sent: [], cookieChanges: [] };
  }
}

/** `TypeError: x is not a function`, as Newman shows a script's error. */
function describeError(error: unknown, timeoutMs: number): string {
  if (error && typeof error === "object" && "message" in error) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    if (typeof message === "string" && /Script execution timed out/.test(message))
      return `the script ran longer than ${timeoutMs / 1000} s and was stopped`;
    return `${typeof name === "string" && name ? name : "Error"}: ${String(message)}`;
  }
  return String(error);
}
