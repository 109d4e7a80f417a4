// Mirage's `config.interceptor` contract without Pretender: Mirage calls our
// verb methods while it runs `routes()`, we ask Mirage for each route's handler
// through its public `registerRouteHandler` (what its own Pretender config
// calls) and file it in a router; `dispatch` is the one way in for every door.
import { noRoute, statusText, wrongMethod, type RawRequest, type RawResponse } from "../boundary";
import { Router } from "../router";

type RackResponse = [number, Record<string, string>, string];
type MirageHandle = (request: MirageRequest) => Promise<RackResponse>;

export interface MirageRequest {
  method: string;
  url: string;
  params: Record<string, string>;
  queryParams: Record<string, string>;
  requestBody: string;
  requestHeaders: Record<string, string>;
}

interface MirageServerLike {
  /** Mirage's handler for one route: runs it (middleware, serializers) and serializes the answer. */
  registerRouteHandler(verb: string, path: string, rawHandler: unknown, customizedCode: number | undefined, options: object): MirageHandle;
  [verb: string]: unknown;
}

const VERBS = ["get", "post", "put", "delete", "patch", "head", "options"] as const;

export class DispatchInterceptor {
  namespace = "";
  urlPrefix = "";
  timing = 0;
  passthroughChecks: unknown[] = [];
  private server!: MirageServerLike;
  private router = new Router<MirageHandle>();
  [verb: string]: unknown;

  create(server: MirageServerLike, config: { namespace?: string }) {
    this.server = server;
    this.config(config);
    for (const verb of VERBS) {
      const register = (path: string, rawHandler: unknown, code?: number) => this.register(verb, path, rawHandler, code);
      this[verb] = register;
      server[verb] = register;
    }
    this.del = this.delete;
    server.del = this.delete;
  }

  config(config: { namespace?: string }) {
    if (config.namespace !== undefined) this.namespace = config.namespace;
  }

  passthrough() {
    // Nothing passes through: only /api reaches handle(), the browser's fetch patch sends the rest on.
  }

  start() {}

  shutdown() {
    this.router = new Router();
  }

  private register(verb: string, path: string, rawHandler: unknown, code?: number) {
    const fullPath =
      "/" +
      [this.namespace, path]
        .map((p) => p.replace(/^\/+|\/+$/g, ""))
        .filter(Boolean)
        .join("/");
    const handle = this.server.registerRouteHandler(verb, path, rawHandler, code, { coalesce: false, timing: 0 });
    this.router.add(verb, fullPath, handle);
  }

  /** Whether a URL path belongs to the mock (the namespace, `/api`). */
  owns(pathname: string): boolean {
    const prefix = "/" + this.namespace.replace(/^\/+|\/+$/g, "");
    return pathname === prefix || pathname.startsWith(prefix + "/");
  }

  /** Routes one request. Everything here is plain data: the Web Request/Response live at the doors. */
  async dispatch(raw: RawRequest): Promise<RawResponse> {
    const url = splitUrl(raw.url);
    const method = raw.method.toUpperCase();
    const match = this.router.match(method, url.pathname);
    if (match.kind === "none") return noRoute(method, url.pathname);
    if (match.kind === "method") return wrongMethod(method, url.pathname, match.allowed);
    const [status, headers, body] = await match.handler({
      method,
      url: url.pathname + url.search,
      params: match.params,
      queryParams: url.search ? Object.fromEntries(new URLSearchParams(url.search)) : {},
      requestBody: method === "GET" || method === "HEAD" ? "" : raw.body,
      requestHeaders: raw.headers,
    });
    const lower: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
    // Bodies HTTP forbids (HEAD, 204, 304) are dropped by the dispatcher for every answer, this one included.
    return { status, statusText: statusText(status), headers: lower, body };
  }
}

/** Path and query of a path or absolute URL; a full URL parse only when there is a scheme. */
function splitUrl(url: string): { pathname: string; search: string } {
  if (!url.startsWith("/")) {
    const parsed = new URL(url, "http://mock.local");
    return { pathname: parsed.pathname, search: parsed.search };
  }
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  // URL normalizes `.`/`..` segments and percent-encoding; keep that for any path that needs it.
  if (/\/\.|%2e|[^!-~]/i.test(pathname)) {
    const parsed = new URL(url, "http://mock.local");
    return { pathname: parsed.pathname, search: parsed.search };
  }
  return { pathname, search: q < 0 ? "" : url.slice(q) };
}
