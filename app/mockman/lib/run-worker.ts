// The worker that runs scripts and collections for the page, through the
// tester's engine (prepareRun, executeRun; the scripts in its QuickJS sandbox),
// so a long or endless script never blocks the page: the sandbox's budget
// stops it here. Each request goes back to the page to be sent (run-protocol.ts):
// the in-browser mock answers the page's fetch, which a worker does not have.
import { executeRun, prepareRun } from "#mock/tester/engine/run";
import type { Exchange, FileSource, Sender } from "#mock/tester/engine/exchange";
import type { FromWorker, RunRequest, ToWorker } from "./run-protocol";

/** A worker's global scope, as much of it as this file uses (the app compiles against the DOM library). */
interface Scope {
  addEventListener(type: "message", listener: (event: MessageEvent<ToWorker>) => void): void;
  postMessage(message: FromWorker): void;
}
const scope = self as unknown as Scope;
const post = (message: FromWorker) => scope.postMessage(message);

let calls = 0;
const waiting = new Map<number, { resolve(exchange: Exchange): void; reject(error: Error): void }>();

async function run(ask: RunRequest) {
  const prepared = prepareRun(
    { kind: "postman", collection: ask.collection },
    {
      environment: ask.environment,
      globals: ask.globals,
      data: ask.data,
      iterationCount: ask.iterationCount,
      folders: ask.folders,
      baseUrl: ask.baseUrl,
    },
  );
  post({ type: "ready", base: prepared.base, names: prepared.names, iterations: prepared.iterations, notes: prepared.notes });
  const sender: Sender = {
    where: prepared.base ?? "the page's mock",
    close: async () => {},
    send(request) {
      const call = ++calls;
      return new Promise<Exchange>((resolve, reject) => {
        waiting.set(call, { resolve, reject });
        post({ type: "send", call, base: prepared.base, request });
      });
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
    bail: false,
    keep: true,
    file: ask.file,
    delayMs: ask.delayMs,
    timeoutScriptMs: ask.timeoutScriptMs,
    onResult: (result) => post({ type: "result", result }),
  });
  post({ type: "done", report, scopes });
}

scope.addEventListener("message", (event) => {
  const message = event.data;
  if (message.type === "answer") {
    const wait = waiting.get(message.call);
    waiting.delete(message.call);
    if (message.exchange) wait?.resolve(message.exchange);
    else wait?.reject(new Error(message.error ?? "not sent"));
    return;
  }
  run(message).catch((error: unknown) => post({ type: "error", error: error instanceof Error ? error.message : String(error) }));
});
