// The worker that runs scripts and collections for the page, through the
// tester's engine (prepareRun, executeRun; the scripts in its QuickJS sandbox),
// so a long or endless script never blocks the page: the sandbox's budget
// stops it here. Each request goes back to the page to be sent (run-protocol.ts):
// the in-browser mock answers the page's fetch, which a worker does not have.
// The worker outlives a run that ends (run-client.ts keeps it for the next
// Send or Run), and so does its isolate, booted once (about a second): every
// request's scripts still start from the isolate's state after boot.
import { executeRun, prepareRun } from "#mock/tester/engine/run";
import type { SandboxFactory } from "#mock/tester/engine/postman-run";
import { ScriptSandbox } from "#mock/tester/sandbox/sandbox";
import { type Exchange, type FileSource, type OutgoingRequest, type Sender } from "#mock/tester/engine/exchange";
import type { ReplayResult } from "#mock/tester/engine/reporters";
import { connect, type CallContext, type Endpoint } from "#mock/browser/channel-calls";
import { dynamicVariables } from "#mock/tester/engine/dynamic";
import { fullScopes, substitute } from "#mock/tester/engine/variables";
import { browserFormBody } from "./form-body";
import { postmanPlan } from "#mock/tester/postman/steps";
import type { JunitRequest, ResultDetail, RunNote, RunPageCalls, RunRequest, RunWorkerCalls, SignRequest } from "./run-protocol";

/** A body as the page shows it, cut at 64 KB so a run of many large answers stays light to pass and keep. */
const BODY_SHOWN = 64 * 1024;
const shownBody = (body: unknown): string => {
  const text = body === null || body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body, null, 2);
  return text.length > BODY_SHOWN ? `${text.slice(0, BODY_SHOWN)}\n… (${text.length - BODY_SHOWN} more characters not shown)` : text;
};
const shownRequestBody = (body: OutgoingRequest["body"]) =>
  body === undefined ? undefined : typeof body === "string" ? shownBody(body) : `(${body.byteLength} bytes)`;

/** The exchanges sent since the last result (the request itself, and any pm.sendRequest of its scripts). */
type Sent = { request: OutgoingRequest; exchange?: Exchange };

/** The request a result is about: the last exchange sent since the previous result with its method and path. */
function detailOf(result: ReplayResult, sent: Sent[], steps: Map<string, { label: string; where: string }>): ResultDetail {
  const step = steps.get(result.name);
  const pathOnly = (p: string) => p.split("?")[0];
  const own =
    [...sent].reverse().find((s) => s.request.method === result.method && pathOnly(s.request.path) === pathOnly(result.path)) ??
    sent.findLast((s) => s.request.method === result.method);
  return {
    label: step?.label ?? result.name,
    where: step?.where ?? result.name,
    ...(own && {
      request: {
        method: own.request.method,
        path: own.request.path,
        headers: own.request.headers,
        body: shownRequestBody(own.request.body),
      },
    }),
    ...(own?.exchange && {
      response: {
        status: own.exchange.status,
        statusText: own.exchange.statusText,
        headers: own.exchange.headers,
        body: shownBody(own.exchange.body),
        ms: own.exchange.ms,
      },
    }),
  };
}

/** The isolate every run of this worker uses, booted on the page's "warm" or on the first run with scripts. */
let booted: Promise<ScriptSandbox> | undefined;
// A failed boot is forgotten, so the next run tries again.
const bootOnce = () =>
  (booted ??= ScriptSandbox.create().catch((error: unknown) => {
    booted = undefined;
    throw error;
  }));
/** Runs share the isolate: a run's end does not dispose of it (each script's time budget is passed per script). */
const keptSandbox: SandboxFactory = async () => {
  const sandbox = await bootOnce();
  return { run: (input, where, host) => sandbox.run(input, where, host) };
};

async function run(ask: RunRequest, call: CallContext) {
  const note = (value: RunNote) => call.note(value);
  const prepared = prepareRun(
    { kind: "postman", collection: ask.collection },
    {
      environment: ask.environment,
      globals: ask.globals,
      data: ask.data,
      iterationCount: ask.iterationCount,
      folders: ask.folders,
      baseUrl: ask.baseUrl,
      // Its user runs what they imported and sees where it goes: the collection's own baseUrl names the server, as in
      // Postman; its messages point to the page's Environment dialog, not to the CLI's flags.
      asker: "page",
    },
  );
  note({ type: "ready", base: prepared.base, names: prepared.names, iterations: prepared.iterations, notes: prepared.notes });
  const steps = new Map((prepared.plan?.steps ?? []).map((step) => [step.name, { label: step.label, where: step.where }]));
  let sent: Sent[] = [];
  const sender: Sender = {
    where: prepared.base ?? "the page's mock",
    close: async () => {},
    // The page's fetch follows redirects itself: the send options' redirect rules stay here. The jar's Cookie row
    // is in the request (SendOptions.jarCookie), listed as the requester's.
    async send(request, options) {
      const entry: Sent = { request };
      sent.push(entry);
      const exchange = await page.call("send", [prepared.base, request]);
      const listed = options?.jarCookie && request.headers[options.jarCookie.at];
      entry.exchange = options?.systemHeaders && listed ? { ...exchange, systemHeaders: [listed] } : exchange;
      return entry.exchange;
    },
  };
  // The files chosen in the form, by the src the body names; without them a file part is left out with a warning, as Newman does.
  const chosen = ask.files;
  const files: FileSource | undefined = chosen && {
    async read(path) {
      const file = chosen[path];
      if (!file) throw new Error("no file chosen in the form");
      return new Uint8Array(await file.arrayBuffer());
    },
  };
  const { report, scopes } = await executeRun(prepared, sender, {
    files,
    // Formdata bodies written by the browser's FormData: its boundary and bytes.
    multipart: browserFormBody,
    bail: false,
    keep: true,
    file: ask.file,
    delayMs: ask.delayMs,
    timeoutScriptMs: ask.timeoutScriptMs,
    sandbox: keptSandbox,
    onResult: (result) => {
      note({ type: "result", result, detail: detailOf(result, sent, steps) });
      sent = [];
    },
  });
  return { report, scopes };
}

/** Signs the request as its Send would, without sending it: its `{{ }}` kept, or filled as the page fills them. */
async function sign(ask: SignRequest) {
  const [{ authAdditions }, dynamic] = await Promise.all([
    import("#mock/tester/engine/wire"),
    ask.variables ? dynamicVariables() : undefined,
  ]);
  const variables = ask.variables;
  const fill = variables ? (text: string) => substitute(text, fullScopes({ environment: variables }), dynamic) : (text: string) => text;
  return authAdditions({
    definition: ask.definition,
    ...(ask.inherited ? { inherited: ask.inherited as Record<string, unknown> } : {}),
    fill,
  });
}

/**
 * Newman's junit XML for a report, by Newman's own reporter (engine/newman-junit.ts): loaded on first use, here
 * where postman-collection is (the wire chunk's), so it adds only the reporter, lodash and xmlbuilder.
 */
async function junit(ask: JunitRequest) {
  const { newmanJunit } = await import("#mock/tester/engine/newman-junit");
  return newmanJunit(ask.report, ask.collection, postmanPlan(ask.collection), ask.started);
}

const page = connect<RunPageCalls, RunWorkerCalls>(self as unknown as Endpoint, {
  serve: { run, sign, junit },
  // The run that needs the isolate reports a failed boot.
  on: { warm: () => void bootOnce().catch(() => {}), "warm-wire": () => void import("#mock/tester/engine/wire").catch(() => {}) },
});
