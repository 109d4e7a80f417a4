// `mockman serve --port P`: the mock over real HTTP on 127.0.0.1, on the same
// dispatcher and store file. It holds the store's lock, with its port in it,
// for as long as it runs, so `mockman request` on that file comes here.
import { SERVE_PORT, SERVE_URL } from "#mock/boundary";
import { createServer, type Server } from "node:http";
import { Command } from "commander";
import { z } from "zod";
import { dbLabelOf, dbPathOf, openStore, serverUrl } from "../stores";
import { CliError, oneLine } from "../errors";
import { addFaultOptions, faultsFrom } from "../fault-options";
import { BodyBudget, serveRequest } from "../http-door";
import type { CliIo } from "../io";
import { addDbOption, addExamples, count, parseOptions } from "../options";
import { formatMs } from "../render";

export const DEFAULT_PORT = SERVE_PORT;
const HOST = "127.0.0.1";

const optionsSchema = z.object({
  port: count(65_535).default(DEFAULT_PORT),
  db: z.string().optional(),
  quiet: z.boolean().default(false),
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
    .description(`serve the mock API over HTTP on ${HOST} (CORS open), logging one line per request to stderr`)
    .option("-p, --port <port>", "port to listen on (0 picks a free one)", String(DEFAULT_PORT))
    .option("-q, --quiet", "no request log");
  addDbOption(command);
  addFaultOptions(command);
  addExamples(command, [
    "mockman serve --port 3001",
    "mockman serve --delay 100-800 --fail-rate 0.1 --fail-status 503",
    "mockman serve --port 0 --db /tmp/demo.json",
    `curl ${SERVE_URL}/api/posts`,
  ]);
  return command.action(async (raw: unknown) => {
    const options = parseOptions(optionsSchema, raw);
    const faults = faultsFrom(raw);
    const dbPath = dbPathOf(io, options.db);
    const log = requestLog(io);
    // The store opens first: a busy or unreadable store means we never take the port.
    const session = await openStore(io, dbPath, "serve", dbLabelOf(io, options.db));
    session.mock.faults.set(faults);
    // Shared by every connection: the bytes of request bodies held at once stay bounded.
    const budget = new BodyBudget();
    const server = createServer(async (req, res) => {
      const started = performance.now();
      let status = 500;
      let note = "";
      try {
        ({ status, note } = await serveRequest(session.mock, req, res, budget));
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json", "access-control-allow-origin": "*" });
        res.end(JSON.stringify({ errors: [oneLine(error)] }));
      }
      if (!options.quiet) log.line(`${clock()} ${req.method} ${req.url} ${status} ${formatMs(performance.now() - started)}${note}`);
    });
    let port: number;
    try {
      port = await listen(server, options.port);
      // Recorded in the lock, so `mockman request` on this store comes here.
      await session.lock.update({ port });
    } catch (error) {
      server.close();
      await session.release();
      throw error;
    }
    io.stdout.write(`Serving the mock API on ${serverUrl(port)} (store: ${session.label}). Press Ctrl+C to stop.\n`);

    await stopped(io);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    log.flush();
    await session.release();
  });
}
