// `mockman serve --port P`: the mock over real HTTP on 127.0.0.1, on the same
// dispatcher and store file. It holds the store's lock, with its port in it,
// for as long as it runs, so `mockman request` on that file comes here
// (once serve has proven there that it is the lock's owner).
import { LOOPBACK_HOSTS, SERVE_PORT, SERVE_URL } from "#mock/core/boundary";
import type { Server } from "node:http";
import { Command } from "commander";
import { z } from "zod";
import { dbLabelOf, dbPathOf, openStore, serverUrl, type Session } from "../stores";
import { CliError, oneLine, usageError } from "../errors";
import { createMock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";
import { FormatError, parseExportFile, type ExportFile } from "#mock/data/export-file";
import { createAdmin } from "#mock/node/admin";
import { seedInto } from "../seeding";
import { readSource } from "../inputs";
import { ScenarioError, Scenarios } from "#mock/features/scenarios";
import { Journal, journaled } from "#mock/features/journal";
import { routes } from "#mock/routes/index";
import { addFaultOptions, faultsFrom } from "../fault-options";
import { DEFAULT_TIMEOUTS, createDoorServer, type DoorPolicy } from "../../mock/node/http-door";
import type { CliIo } from "../io";
import { addDbOption, addExamples, collect, count, parseOptions } from "../options";
import { formatMs } from "#mock/tester/engine/reporters";
import { answerIdentity, isProbe, newIdentity } from "#mock/node/serve-identity";

export const DEFAULT_PORT = SERVE_PORT;
/** `--db :memory:`: the data lives in this process only; nothing is written, and it is gone on exit. */
export const MEMORY_DB = ":memory:";

/** A session on a memory store: no file, so no lock, and no other command can find it (the admin API can). */
async function memorySession(io: CliIo): Promise<Session> {
  const mock = await createMock({ store: new MemoryStore(), passwordIterations: io.passwordIterations });
  return {
    mock,
    dbPath: MEMORY_DB,
    label: MEMORY_DB,
    lock: {
      lockPath: "",
      holder: { pid: process.pid, command: "mockman serve", since: new Date().toISOString() },
      update: async () => undefined,
      release: async () => undefined,
    },
    release: () => mock.shutdown(),
  };
}
const HOST = "127.0.0.1";

/** A host name as a Host header carries it without its port: `dev.example`, `192.168.1.5`, `[fe80::1]`. */
const hostName = z
  .string()
  .transform((v) => v.toLowerCase())
  .refine((v) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(v), "expected a host name without scheme or port, such as dev.example");

/** An http(s) origin; a URL is cut to its origin. */
const origin = z.string().transform((v, ctx) => {
  try {
    const url = new URL(v);
    if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
  } catch {
    // said below
  }
  ctx.addIssue({ code: "custom", message: `expected an http(s) origin such as http://dev.example:8080, got ${JSON.stringify(v)}` });
  return z.NEVER;
});

const optionsSchema = z.object({
  port: count(65_535).default(DEFAULT_PORT),
  db: z.string().optional(),
  seedFrom: z.string().optional(),
  scenario: z.array(z.string()).default([]),
  quiet: z.boolean().default(false),
  allowedHost: z.array(hostName).default([]),
  allowOrigin: z.array(origin).default([]),
  cors: z
    .literal("*", { errorMap: () => ({ message: "only '*' (any origin) is accepted; allow one origin with --allow-origin URL" }) })
    .optional(),
});

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      reject(
        new CliError(
          error.code === "EADDRINUSE"
            ? `port ${port} is already in use on ${HOST}: pick another with --port (0 picks a free one)`
            : `cannot listen on ${HOST}:${port}: ${oneLine(error)}`,
        ),
      );
    };
    server.once("error", failed);
    server.listen(port, HOST, () => {
      server.off("error", failed);
      resolve((server.address() as { port: number }).port);
    });
  });
}

/** One line per request, written in batches: a syscall per line would cost more than the request. */
function requestLog(io: CliIo) {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length) io.stderr.write(pending.join(""));
    pending = [];
  };
  return {
    line(text: string) {
      if (!pending.length) setImmediate(flush);
      pending.push(text + "\n");
    },
    flush,
  };
}

/** HH:MM:SS, formatted once a second rather than once a request. */
const clock = (() => {
  let second = -1;
  let text = "";
  return () => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) [second, text] = [now, new Date(now * 1000).toTimeString().slice(0, 8)];
    return text;
  };
})();

/** Resolves when the server has stopped: on SIGINT/SIGTERM, or when `io.signal` aborts (tests). */
function stopped(io: CliIo): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      io.signal?.removeEventListener("abort", stop);
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    if (io.signal?.aborted) stop();
    else io.signal?.addEventListener("abort", stop);
  });
}

export function serveCommand(io: CliIo): Command {
  const command = new Command("serve")
    .description(`serve the mock API over HTTP on ${HOST} (for this machine's own pages and tools), logging one line per request to stderr`)
    .option("-p, --port <port>", "port to listen on (0 picks a free one)", String(DEFAULT_PORT))
    .option("-q, --quiet", "no request log")
    .option("--seed-from <file>", "start from this export file (replacing the store's data, as import does)")
    .option("--scenario <file>", "per-route overrides to start with, a JSON file (repeatable; see cli/README.md, Scenarios)", collect)
    .option("--allowed-host <name>", `answer requests for this Host too, besides ${LOOPBACK_HOSTS.join(", ")} (repeatable)`, collect)
    .option("--allow-origin <url>", "let pages of this origin use the API, besides loopback origins (repeatable)", collect)
    .option("--cors <origins>", "'*' lets pages of any origin use the API (any website you visit, too)");
  addDbOption(command);
  addFaultOptions(command);
  addExamples(command, [
    "mockman serve --port 3001",
    "mockman serve --delay 100-800 --fail-rate 0.1 --fail-status 503",
    "mockman serve --port 0 --db /tmp/demo.json",
    "mockman serve --port 0 --db :memory: --seed-from backup.json",
    "mockman serve --allow-origin http://192.168.1.20:5173 --allowed-host devbox.local",
    `curl ${SERVE_URL}/api/posts`,
  ]);
  return command.action(async (raw: unknown) => {
    const options = parseOptions(optionsSchema, raw);
    const faults = faultsFrom(raw);
    const log = requestLog(io);
    // The start file is read and checked before anything else: a bad one changes nothing.
    let start: ExportFile | undefined;
    if (options.seedFrom !== undefined) {
      try {
        start = parseExportFile(await readSource(io, options.seedFrom, "--seed-from"));
      } catch (error) {
        if (error instanceof FormatError) throw usageError(`--seed-from ${options.seedFrom}: ${error.message}. Nothing was started`);
        throw error;
      }
    }
    // So are the scenario files: checked whole against the route table before the store is opened.
    const scenarios = new Scenarios(routes);
    for (const file of options.scenario) {
      const text = await readSource(io, file, "--scenario");
      try {
        scenarios.add(JSON.parse(text));
      } catch (error) {
        if (error instanceof SyntaxError) throw usageError(`--scenario ${file}: not JSON: ${error.message}. Nothing was started`);
        if (error instanceof ScenarioError) throw usageError(`--scenario ${file}: ${error.message}. Nothing was started`);
        throw error;
      }
    }
    // The store opens first: a busy or unreadable store means we never take the port.
    const session =
      options.db === MEMORY_DB
        ? await memorySession(io)
        : await openStore(io, dbPathOf(io, options.db), "serve", dbLabelOf(io, options.db));
    if (start) await session.mock.importData(start, undefined, { owned: true });
    session.mock.faults.set(faults);
    if (scenarios.size) session.mock.scenarios.add(scenarios.toSet());
    // State control for test suites, under /__mockman/ (mock/node/admin.ts); the seed generator is the seed command's.
    // Every API request is kept in the journal (GET /__mockman/requests); admin calls are not.
    const journal = new Journal(routes);
    const admin = createAdmin(session.mock, {
      seed: (current, seedOptions) => seedInto(current, seedOptions, io.passwordIterations),
      journal,
    });
    const api = journaled(journal, session.mock.dispatch);
    const doors = {
      faults: session.mock.faults,
      dispatch: (request: Parameters<typeof admin.dispatch>[0]) => (admin.owns(request.url) ? admin.dispatch(request) : api(request)),
    };
    const policy: DoorPolicy = { hosts: options.allowedHost, origins: options.cors ?? options.allowOrigin };
    const server = createDoorServer(doors, { policy, timeouts: DEFAULT_TIMEOUTS }, (req, status, note, ms) => {
      if (!options.quiet && !isProbe(req.headers)) log.line(`${clock()} ${req.method} ${req.url} ${status} ${formatMs(ms)}${note}`);
    });
    // What `mockman request` checks before it sends here (a stale lock's port may be anyone's).
    const identity = newIdentity();
    answerIdentity(server, identity);
    let port: number;
    try {
      port = await listen(server, options.port);
      // Recorded in the lock, so `mockman request` on this store comes here.
      await session.lock.update({ port, identity });
    } catch (error) {
      server.close();
      await session.release();
      throw error;
    }
    // The URL alone on the first line, for scripts and test fixtures to read (`--port 0`).
    io.stdout.write(`${serverUrl(port)}\n`);
    io.stdout.write(`Serving the mock API on ${serverUrl(port)} (store: ${session.label}). Press Ctrl+C to stop.\n`);
    if (policy.origins === "*")
      io.stderr.write(
        "mockman: warning: --cors '*' lets any website you visit use this API, as any of its users: use it only on a machine you trust.\n",
      );

    await stopped(io);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    log.flush();
    await session.release();
  });
}
