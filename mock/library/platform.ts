// The Node side of `moments/mock` (dist/mock/node.js): the interceptors of every Node
// client (fetch, node:http/https, XMLHttpRequest where a test environment has one),
// from @mswjs/interceptors as MSW uses them, and startServe, the mock over HTTP in this
// process. The browser build swaps this module for platform-browser.ts
// (mock/library/build.mjs), which has no node:http and so no server.
import type { Server } from "node:http";
import { syncBuiltinESMExports } from "node:module";
import { ClientRequestInterceptor } from "@mswjs/interceptors/ClientRequest";
import { FetchInterceptor } from "@mswjs/interceptors/fetch";
import { XMLHttpRequestInterceptor } from "@mswjs/interceptors/XMLHttpRequest";
import type { Interceptor, HttpRequestEventMap } from "@mswjs/interceptors";
import { createMock, type Mock } from "../core/create-mock";
import { FaultControl } from "../core/faults";
import { MemoryStore } from "../store/memory";
import { createAdmin } from "../node/admin";
import { LockedError, openFileMock } from "../node/door";
import { DEFAULT_TIMEOUTS, createDoorServer } from "../node/http-door";
import { answerIdentity, newIdentity } from "../node/serve-identity";
import { Journal, journaled, type JournalEntry, type JournalFilter } from "../features/journal";
import { routes } from "../routes/index";

export const PLATFORM = "node";

/** The interceptors of every client Node has. */
export const interceptors = (): Interceptor<HttpRequestEventMap>[] => [
  new ClientRequestInterceptor(),
  new XMLHttpRequestInterceptor(),
  new FetchInterceptor(),
];

/**
 * A scenario's network error as the client meets a dropped connection: node:http (axios, got,
 * supertest) with ECONNRESET, which their retries look for, rather than the interceptors' bare
 * TypeError; fetch and XMLHttpRequest keep theirs (a TypeError, status 0), as MSW's are.
 */
export const droppedConnection = (interceptor: Interceptor<HttpRequestEventMap>): Error | null =>
  interceptor instanceof ClientRequestInterceptor ? Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) : null;

/**
 * After the interceptors are applied or disposed: `import { request } from "node:http"` binds
 * the module's function of when it was first imported, so the named exports are brought in line
 * with what the interceptors put on (or took off) the module.
 */
export const syncClients = () => syncBuiltinESMExports();

export interface ServeOptions {
  port?: number;
  db?: string;
  passwordIterations?: number;
  allowOrigins?: string[];
}

export interface Served {
  url: string;
  port: number;
  requests(filter?: JournalFilter): JournalEntry[];
  close(): Promise<void>;
}

const HOST = "127.0.0.1";

/** `mockman serve --port P --db D` in this process: the API and the admin API (no seed generator: POST seed answers 501). */
export async function startServe(options: ServeOptions): Promise<Served> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new RangeError(`startServe: port must be a whole number from 0 to 65535 (0 picks a free one), got ${String(options.port)}`);
  const db = options.db ?? ":memory:";
  if (typeof db !== "string" || db === "")
    throw new TypeError(`startServe: db must be ":memory:" or a file path, got ${JSON.stringify(db)}`);
  let mock: Mock;
  let release: () => Promise<void>;
  let record: (port: number, identity: string) => Promise<void> = async () => undefined;
  if (db === ":memory:") {
    mock = await createMock({ store: new MemoryStore(), passwordIterations: options.passwordIterations, faults: new FaultControl() });
    release = () => mock.shutdown();
  } else {
    const opened = await openFileMock(db, {
      label: db,
      passwordIterations: options.passwordIterations,
      lock: { waitMs: 0, info: { command: "moments/mock startServe" } },
    }).catch((error: Error) => {
      if (error instanceof LockedError)
        throw new Error(
          `startServe: ${db} is held by another process (${error.message}); give each server a store of its own, or ":memory:"`,
          {
            cause: error,
          },
        );
      throw new Error(`startServe: ${error.message}`, { cause: error });
    });
    mock = opened.mock;
    release = opened.release;
    record = (port, identity) => opened.lock.update({ port, identity });
  }
  const journal = new Journal(routes);
  const admin = createAdmin(mock, { journal });
  const api = journaled(journal, mock.dispatch);
  const server: Server = createDoorServer(
    { faults: mock.faults, dispatch: (request) => (admin.owns(request.url) ? admin.dispatch(request) : api(request)) },
    { policy: { hosts: [], origins: options.allowOrigins ?? [] }, timeouts: DEFAULT_TIMEOUTS },
  );
  const identity = newIdentity();
  answerIdentity(server, identity);
  let bound: number;
  try {
    bound = await new Promise<number>((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            error.code === "EADDRINUSE"
              ? `startServe: port ${port} is already in use on ${HOST}: pick another (0 picks a free one)`
              : `startServe: cannot listen on ${HOST}:${port}: ${error.message}`,
            { cause: error },
          ),
        ),
      );
      server.listen(port, HOST, () => resolve((server.address() as { port: number }).port));
    });
    await record(bound, identity);
  } catch (error) {
    server.close();
    await release();
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    url: `http://${HOST}:${bound}`,
    port: bound,
    requests: (filter) => journal.list(filter),
    close: () =>
      (closing ??= (async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await release();
      })()),
  };
}
