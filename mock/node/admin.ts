// The admin API of `mockman serve`, under /__mockman/ (a prefix no route of the spec
// uses): a test suite resets, seeds, loads, snapshots and restores the data, and sets
// faults, while the server runs, instead of restarting it between tests. The node:http
// door (mock/node/http-door.ts) routes here before the API, after its host and origin
// checks, so an admin call from a foreign page or host is refused as any API call is.
// Scenarios are the mock's own (mock/features/scenarios.ts): listed, added and cleared here.
// Its own OpenAPI description is mock/node/admin-openapi.ts. A bad call changes nothing.
// POST|PUT|PATCH|DELETE echo answers what arrived, byte for byte (a client's bodies, checked).
import { createHash } from "node:crypto";
import { z } from "zod";
import { errorAnswer, json, noRoute, wrongMethod, type RawRequest, type RawResponse } from "../core/boundary";
import type { Mock } from "../core/create-mock";
import { ApiError } from "../core/errors";
import { FAIL_STATUSES, NO_FAULTS, delaySchema, failRateSchema, formatDelay, type FaultSettings } from "../core/faults";
import type { DataSnapshot } from "../core/snapshots";
import { COLLECTIONS, type Snapshot } from "../core/types";
import { FormatError, checkExportJson, exportPieces, type ExportFile } from "../data/export-file";
import { ScenarioError } from "../features/scenarios";
import { journalQuerySchema, type Journal } from "../features/journal";
import { adminOpenApi } from "./admin-openapi";

export const ADMIN_PREFIX = "/__mockman/";

/** The largest admin body (an export for PUT data): the door's budget for all bodies at once. */
export const ADMIN_MAX_BODY_BYTES = 64 * 1024 * 1024;

const pathOf = (url: string) => {
  try {
    return new URL(url, "http://mockman.local").pathname;
  } catch {
    return url;
  }
};

/** Whether a URL (path with its query) is the echo's: its bodies have the API's limit, not the admin one. */
export const isEchoPath = (url: string) => /^echo\/?$/.test(pathOf(url).slice(ADMIN_PREFIX.length));

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** POST|PUT|PATCH|DELETE /__mockman/echo: the request as it arrived, its body byte for byte. */
export function echoOf(request: RawRequest) {
  const url = new URL(request.url, "http://mockman.local");
  const bytes = request.bytes ?? new TextEncoder().encode(request.body);
  let text: string | null;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = null;
  }
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    method: request.method.toUpperCase(),
    path: url.pathname,
    query: url.search.replace(/^\?/, ""),
    headers,
    contentType: headers["content-type"] ?? null,
    bytes: bytes.byteLength,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    text,
    base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64"),
  };
}

/** How many records of each kind: what reset, seed, load and restore answer. */
export type Counts = Record<(typeof COLLECTIONS)[number], number>;
export const countsOf = (data: Snapshot): Counts => Object.fromEntries(COLLECTIONS.map((name) => [name, data[name].length])) as Counts;

/** POST /__mockman/seed: `mockman seed`'s options. */
export const seedOptionsSchema = z
  .object({
    users: z.number().int().min(0).max(100_000).default(10),
    posts: z.number().int().min(0).max(1_000_000).default(100),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .default(1),
    replace: z.boolean().default(false),
  })
  .strict();
export type SeedOptions = z.infer<typeof seedOptionsSchema>;

/** What the seed generator made: the whole new data, and what it added. */
export interface Seeded {
  data: Snapshot;
  generated: Snapshot;
  /** A generated user to log in as, if any. */
  example?: string;
}

/** A refusal of the seed generator (a clash with the data): its message is the 400's. */
export class SeedRefusal extends Error {}

export interface AdminOptions {
  /** The `seed` command's generator (CLI code: faker); without it POST seed answers 501. */
  seed?: (current: Snapshot, options: SeedOptions) => Promise<Seeded>;
  /** The request journal of the door (GET /__mockman/requests); without it those routes answer 501. */
  journal?: Journal;
}

/** The most named snapshots kept at once: each holds a frozen copy of the data (at 10k posts, ~4 MB apiece). */
export const MAX_SNAPSHOTS = 20;

/** POST /__mockman/reset: what a reset keeps besides nothing. */
const resetSchema = z.object({ keepScenarios: z.boolean().default(false) }).strict();

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** A name as a message quotes it: a long one cut, so a 5,000-character name does not come back whole. */
const quoted = (name: string) => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
const badName = (name: string) =>
  new ApiError(400, `snapshot name ${quoted(name)} is not valid: 1 to 64 letters, digits, _ . or -, starting with a letter or digit`);

/** PUT /__mockman/faults: what changes; left out keeps what is set. */
const faultsBodySchema = z
  .object({
    delay: z.union([z.null(), z.number().transform(String).pipe(delaySchema), delaySchema]).optional(),
    failRate: failRateSchema.optional(),
    failStatus: z
      .number()
      .refine((n): n is (typeof FAIL_STATUSES)[number] => (FAIL_STATUSES as readonly number[]).includes(n), "expected 500 or 503")
      .optional(),
  })
  .strict();

/** The fault setting as the admin API shows it: the delay as `mockman serve --delay` takes it. */
const faultsJson = (settings: FaultSettings) => ({
  delay: settings.delay ? formatDelay(settings.delay) : null,
  failRate: settings.failRate,
  failStatus: settings.failStatus,
});

/** The zod issue as one message naming its field: `failRate: must be a number from 0 to 1`. */
function issueText(error: z.ZodError, what: string): string {
  const issue = error.issues[0];
  const where = issue.path.length ? issue.path.join(".") : what;
  if (issue.code === "unrecognized_keys") return `${what}: unknown field ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`;
  return `${where}: ${issue.message}`;
}

function bodyOf(request: RawRequest): unknown {
  if (!request.body.trim()) return undefined;
  try {
    return JSON.parse(request.body);
  } catch (error) {
    throw new ApiError(400, `the body is not JSON: ${(error as Error).message}; nothing was changed`);
  }
}

export interface Admin {
  /** Whether a URL (path or absolute) is the admin API's. */
  owns(url: string): boolean;
  dispatch(request: RawRequest): Promise<RawResponse>;
  /** The snapshots kept, by name (in memory, for this server's life; mock/core/snapshots.ts). */
  readonly snapshots: Map<string, DataSnapshot>;
}

export function createAdmin(mock: Mock, options: AdminOptions = {}): Admin {
  const snapshots = new Map<string, DataSnapshot>();
  /** The data now, read between requests. */
  const current = () => mock.serial(() => mock.exportData());

  type Handler = (request: RawRequest, params: string[]) => Promise<RawResponse>;
  const routes: { method: string; path: RegExp; handler: Handler }[] = [];
  const route = (method: string, path: RegExp, handler: Handler) => routes.push({ method, path, handler });

  route("GET", /^openapi\.json$/, async () => json(200, adminOpenApi()));
  // One reset in every door: the seed, no faults, an empty journal, and no scenarios unless {"keepScenarios": true}.
  route("POST", /^reset$/, async (request) => {
    const parsed = resetSchema.safeParse(bodyOf(request) ?? {});
    if (!parsed.success) return errorAnswer(400, issueText(parsed.error, "reset options"));
    if (!parsed.data.keepScenarios) mock.scenarios.clear();
    mock.faults.set({ ...NO_FAULTS });
    options.journal?.clear();
    await mock.reset();
    return json(200, { counts: countsOf((await current()).data), scenarios: mock.scenarios.size });
  });
  route("GET", /^requests$/, async (request) => {
    if (!options.journal) return errorAnswer(501, "this server keeps no request journal");
    const params = new URL(request.url, "http://mockman.local").searchParams;
    const parsed = journalQuerySchema.safeParse(Object.fromEntries(params));
    if (!parsed.success) return errorAnswer(400, issueText(parsed.error, "the query"));
    const twice = [...params.keys()].find((name, at, names) => names.indexOf(name) !== at);
    if (twice) return errorAnswer(400, `${twice}: given more than once; give each filter once`);
    return json(200, { requests: options.journal.select(parsed.data) });
  });
  route("DELETE", /^requests$/, async () => {
    if (!options.journal) return errorAnswer(501, "this server keeps no request journal");
    options.journal.clear();
    return json(200, { requests: [] });
  });
  route("POST", /^seed$/, async (request) => {
    const parsed = seedOptionsSchema.safeParse(bodyOf(request) ?? {});
    if (!parsed.success) return errorAnswer(400, issueText(parsed.error, "seed options"));
    if (!options.seed)
      return errorAnswer(
        501,
        "this server has no seed generator (startServe from moments/mock has none): generate data with `mockman serve`, or load an export with PUT /__mockman/data",
      );
    let seeded: Seeded;
    try {
      const now = await current();
      seeded = await options.seed(
        parsed.data.replace ? { users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] } : now.data,
        parsed.data,
      );
    } catch (error) {
      if (error instanceof SeedRefusal) return errorAnswer(400, error.message);
      throw error;
    }
    await mock.importData({ ...(await current()), data: seeded.data }, undefined, { owned: true });
    return json(200, { generated: countsOf(seeded.generated), counts: countsOf(seeded.data), example: seeded.example ?? null });
  });
  route("GET", /^data$/, async () => ({
    ...json(200, null),
    body: exportPieces(await current()).join(""),
  }));
  route("PUT", /^data$/, async (request) => {
    let file: ExportFile;
    try {
      file = checkExportJson(bodyOf(request));
    } catch (error) {
      if (error instanceof FormatError) return errorAnswer(400, `the export file is not valid: ${error.message}; nothing was changed`);
      throw error;
    }
    await mock.importData(file, undefined, { owned: true });
    return json(200, { counts: countsOf(file.data) });
  });
  route("GET", /^snapshots$/, async () =>
    json(200, { snapshots: [...snapshots].map(([name, kept]) => ({ name, takenAt: kept.takenAt, counts: countsOf(kept.data) })) }),
  );
  route("POST", /^snapshots\/([^/]+)$/, async (_request, [name]) => {
    if (!NAME.test(name)) throw badName(name);
    if (!snapshots.has(name) && snapshots.size >= MAX_SNAPSHOTS)
      return errorAnswer(
        409,
        `${MAX_SNAPSHOTS} snapshots are kept already, the most there may be: delete one first (DELETE ${ADMIN_PREFIX}snapshots/NAME), or take this one under a name in use to replace it`,
      );
    const kept = await mock.snapshot();
    snapshots.set(name, kept);
    return json(201, { name, takenAt: kept.takenAt, counts: countsOf(kept.data) });
  });
  route("DELETE", /^snapshots\/([^/]+)$/, async (_request, [name]) => {
    if (!NAME.test(name)) throw badName(name);
    if (!snapshots.delete(name)) return unknownSnapshot(name, snapshots);
    return json(200, { deleted: name });
  });
  route("POST", /^snapshots\/([^/]+)\/restore$/, async (_request, [name]) => {
    if (!NAME.test(name)) throw badName(name);
    const kept = snapshots.get(name);
    if (!kept) return unknownSnapshot(name, snapshots);
    // The snapshot stays as it was (the tables get working copies): it can be restored again.
    await mock.restore(kept);
    return json(200, { restored: name, counts: countsOf(kept.data) });
  });
  route("GET", /^faults$/, async () => json(200, faultsJson(mock.faults.settings)));
  route("PUT", /^faults$/, async (request) => {
    const parsed = faultsBodySchema.safeParse(bodyOf(request) ?? {});
    if (!parsed.success) return errorAnswer(400, issueText(parsed.error, "faults"));
    const { delay, failRate, failStatus } = parsed.data;
    mock.faults.set({
      ...(delay !== undefined ? { delay } : {}),
      ...(failRate !== undefined ? { failRate } : {}),
      ...(failStatus !== undefined ? { failStatus } : {}),
    });
    return json(200, faultsJson(mock.faults.settings));
  });
  route("DELETE", /^faults$/, async () => {
    mock.faults.set({ ...NO_FAULTS });
    return json(200, faultsJson(mock.faults.settings));
  });

  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) route(method, /^echo$/, async (request) => json(200, echoOf(request)));

  route("GET", /^scenarios$/, async () => json(200, mock.scenarios.list()));
  route("POST", /^scenarios$/, async (request) => json(201, mock.scenarios.add(bodyOf(request))));
  route("DELETE", /^scenarios$/, async () => json(200, mock.scenarios.clear()));
  route("DELETE", /^scenarios\/([^/]+)$/, async (_request, [name]) => json(200, mock.scenarios.remove(name)));

  const owns = (url: string) => pathOf(url).startsWith(ADMIN_PREFIX);
  return {
    owns,
    snapshots,
    async dispatch(request) {
      const path = pathOf(request.url);
      const rest = path.slice(ADMIN_PREFIX.length).replace(/\/$/, "");
      const method = request.method.toUpperCase();
      const matching = routes.filter((r) => r.path.test(rest));
      if (!matching.length) return noRoute(method, path);
      const found = matching.find((r) => r.method === method || (method === "HEAD" && r.method === "GET"));
      if (!found) return wrongMethod(method, path, [...new Set(matching.map((r) => r.method))]);
      const params = (found.path.exec(rest) ?? []).slice(1).map((p) => {
        try {
          return decodeURIComponent(p);
        } catch {
          return p;
        }
      });
      try {
        const response = await found.handler(request, params);
        return method === "HEAD" ? { ...response, body: "" } : response;
      } catch (error) {
        if (error instanceof ApiError || error instanceof ScenarioError) return errorAnswer(error.status, error.message);
        throw error;
      }
    },
  };
}

function unknownSnapshot(name: string, snapshots: Map<string, DataSnapshot>): RawResponse {
  const known = [...snapshots.keys()];
  return errorAnswer(
    404,
    `no snapshot named ${quoted(name)}: ${known.length ? `the snapshots are ${known.join(", ")}` : "none was taken yet"} (take one with POST ${ADMIN_PREFIX}snapshots/${name})`,
  );
}
