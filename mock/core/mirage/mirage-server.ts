// Mirage, as the design names it: a Mirage server whose `interceptor` is ours
// (mock/core/mirage/interceptor.ts) and whose routes are the route table. Its db holds the
// live records (the tables read its arrays, mock/data/tables.ts). Each route's Mirage
// handler turns Mirage's request into the plain one our handlers take, checks the
// caller's token on routes that need one, and turns what the handler answers or
// throws into Mirage's answer.
import { Response as MirageResponse, createServer } from "miragejs";
import { tokenFromHeader, verifyToken } from "../auth";
import { SESSION_ERROR_HEADER, parseJsonBody, type SessionError } from "../boundary";
import { isTooLong } from "../dispatch";
import { ApiError, MSG } from "../errors";
import { DispatchInterceptor, type MirageRequest } from "./interceptor";
import type { ApiRequest, Ctx, RouteDef } from "../../routes/route-kit";
import type { Tables } from "../../data/tables";

/** What every handler is given besides its caller. */
export type RouteContext = Omit<Ctx, "user">;

export interface MirageServer {
  interceptor: DispatchInterceptor;
  /** Mirage's db: where the tables keep their records. */
  db: { createCollection(name: string): void };
  shutdown(): void;
}

/** Starts Mirage with the route table; `context` is read per request (the tables exist once Mirage's db does). */
export function startMirage(routes: readonly RouteDef[], context: () => RouteContext): MirageServer {
  const interceptor = new DispatchInterceptor();
  const server = createServer({
    environment: "development",
    interceptor,
    timing: 0,
    logging: false,
    routes(this: { namespace: string; timing: number } & Record<string, unknown>) {
      this.namespace = "api";
      this.timing = 0;
      for (const def of routes)
        (this[def.method.toLowerCase()] as (path: string, handler: unknown) => void)(def.path, mirageHandler(def, context));
    },
  } as never) as unknown as { db: MirageServer["db"]; shutdown(): void };
  return { interceptor, db: server.db, shutdown: () => server.shutdown() };
}

const mirageHandler = (def: RouteDef, context: () => RouteContext) => async (_schema: unknown, request: MirageRequest) => {
  try {
    const req: ApiRequest = {
      method: request.method,
      params: request.params,
      query: request.queryParams ?? {},
      headers: request.requestHeaders,
      body: parseJsonBody(request.requestBody, request.requestHeaders),
    };
    const base = context();
    const ctx: Ctx = { ...base, user: def.auth ? await authenticate(base.db, req.headers.authorization) : (undefined as never) };
    const result = await def.handler(ctx, req);
    return new MirageResponse(result.status, { ...result.headers }, result.body as object);
  } catch (error) {
    if (error instanceof ApiError) return new MirageResponse(error.status, { ...error.headers }, { errors: [error.message] });
    // The change would leave an answer no JavaScript engine can build: refused (and undone), not a crash.
    // An answer too large to build is the dispatcher's to answer (it may also fail later, in Mirage's serializer).
    if (isTooLong(error)) throw error;
    console.error(error);
    return new MirageResponse(500, {}, { errors: [error instanceof Error ? error.message : String(error)] });
  }
};

/** The caller a token names, or the refusal that ends their session (x-mock-session-error says why). */
async function authenticate(db: Tables, header: string | undefined) {
  const token = tokenFromHeader(header);
  const ended = (status: number, message: string, why: SessionError) => new ApiError(status, message, { [SESSION_ERROR_HEADER]: why });
  if (!token) throw ended(404, MSG.NOT_REGISTERED, "no-token");
  const claims = await verifyToken(token);
  if (!claims) throw ended(401, MSG.BAD_TOKEN, "bad-token");
  const user = db.users.get(claims._id);
  if (!user || user.username !== claims.username) throw ended(404, MSG.NOT_REGISTERED, "no-user");
  return user;
}
