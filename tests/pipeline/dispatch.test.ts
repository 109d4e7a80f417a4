// Dispatch alone: mock/core/mirage/interceptor.ts routes (404, 405 with Allow, OPTIONS, HEAD,
// static segments before parameters), mock/core/dispatch.ts decides the fate of a
// request's changes (commit on success, undo on a refusal or a failure, 507 when
// the store refuses) and shapes the answer; mock/core/mirage/mirage-server.ts turns what a
// route handler returns or throws into the answer. Each with stand-ins for the
// other parts.
import { describe, expect, it, vi } from "vitest";
import { MAX_BODY_BYTES, PHOTO_DATA_URL, type RawRequest, type RawResponse } from "#mock/core/boundary";
import { createDispatch } from "#mock/core/dispatch";
import { ApiError, MSG } from "#mock/core/errors";
import { DispatchInterceptor } from "#mock/core/mirage/interceptor";
import { startMirage, type RouteContext } from "#mock/core/mirage/mirage-server";
import type { RouteDef } from "#mock/routes/route-kit";
import type { Tables } from "#mock/data/tables";
import { PNG_URL } from "../fixtures/images";

const get = (url: string, method = "GET", body = ""): RawRequest => ({ method, url, headers: {}, body });
const answer = (status: number, body = "{}", headers: Record<string, string> = {}): RawResponse => ({
  status,
  statusText: "",
  headers: { "content-type": "application/json", ...headers },
  body,
});

/** An interceptor with routes filed the way Mirage files them (registerRouteHandler). */
function routed(paths: [verb: string, path: string][]) {
  const interceptor = new DispatchInterceptor();
  const seen: { verb: string; params: Record<string, string>; query: Record<string, string>; body: string }[] = [];
  const server: Record<string, unknown> = {
    registerRouteHandler:
      (verb: string) => async (request: { params: Record<string, string>; queryParams: Record<string, string>; requestBody: string }) => {
        seen.push({ verb, params: request.params, query: request.queryParams, body: request.requestBody });
        return [200, { "Content-Type": "application/json" }, JSON.stringify({ verb })];
      },
  };
  interceptor.create(server as never, { namespace: "api" });
  for (const [verb, path] of paths) (interceptor[verb] as (path: string, handler: unknown) => void)(path, () => undefined);
  return { interceptor, seen };
}

describe("routing (DispatchInterceptor)", () => {
  const { interceptor, seen } = routed([
    ["get", "/posts"],
    ["post", "/posts"],
    ["get", "/users/:userId"],
    ["get", "/users/bookmark"],
    ["delete", "/posts/:postId"],
  ]);

  it("finds the route, with its parameters decoded and its query read", async () => {
    const r = await interceptor.dispatch(get("/api/users/ada%20l?limit=5&limit=6"));
    expect(r.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ verb: "get", params: { userId: "ada l" }, query: { limit: "6" } });
    expect(r.headers["content-type"]).toBe("application/json");
  });

  it("a static segment wins over a parameter", async () => {
    await interceptor.dispatch(get("/api/users/bookmark"));
    expect(seen.at(-1)?.params).toEqual({});
  });

  it("an unknown path is 404 naming it; a known path with another method is 405 with Allow", async () => {
    const none = await interceptor.dispatch(get("/api/nothing/here"));
    expect(none.status).toBe(404);
    expect(JSON.parse(none.body).errors[0]).toBe(MSG.NO_ROUTE("GET", "/api/nothing/here"));
    const wrong = await interceptor.dispatch(get("/api/posts", "PUT"));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe("GET, POST, HEAD");
    expect(JSON.parse(wrong.body).errors[0]).toContain("use GET, POST, HEAD");
    const del = await interceptor.dispatch(get("/api/posts/1", "GET"));
    expect(del.status).toBe(405);
    expect(del.headers.allow).toBe("DELETE");
  });

  it("OPTIONS lists the methods (204, Allow); HEAD runs GET's route", async () => {
    const options = await interceptor.dispatch(get("/api/posts", "OPTIONS"));
    expect(options).toMatchObject({ status: 204, body: "", headers: { allow: "GET, POST, HEAD, OPTIONS" } });
    const head = await interceptor.dispatch(get("/api/posts", "HEAD"));
    expect(head.status).toBe(200);
    expect(seen.at(-1)?.verb).toBe("get");
  });

  it("a GET's body never reaches the handler; a path with broken percent-encoding is no route", async () => {
    await interceptor.dispatch(get("/api/posts", "GET", '{"x":1}'));
    expect(seen.at(-1)?.body).toBe("");
    expect((await interceptor.dispatch(get("/api/users/%E0%A4%A"))).status).toBe(404);
  });

  it("owns /api and what is under it, nothing else", () => {
    expect(interceptor.owns("/api")).toBe(true);
    expect(interceptor.owns("/api/posts")).toBe(true);
    expect(interceptor.owns("/apiary")).toBe(false);
    expect(interceptor.owns("/")).toBe(false);
  });
});

describe("createDispatch", () => {
  const work = () => ({ commit: vi.fn(async (): Promise<unknown> => null), undo: vi.fn(async () => undefined) });

  it("commits what a success changed, and undoes what a refusal changed", async () => {
    const w = work();
    const ok = createDispatch({ dispatch: async () => answer(201) }, w);
    expect((await ok(get("/api/x", "POST"))).status).toBe(201);
    expect(w.commit).toHaveBeenCalledTimes(1);
    expect(w.undo).not.toHaveBeenCalled();
    const refused = createDispatch({ dispatch: async () => answer(400, '{"errors":["no"]}') }, w);
    expect((await refused(get("/api/x", "POST"))).status).toBe(400);
    expect(w.undo).toHaveBeenCalledTimes(1);
    expect(w.commit).toHaveBeenCalledTimes(1);
  });

  it("refuses a body over the limit before routing: 413, and nothing runs", async () => {
    const w = work();
    const route = vi.fn(async () => answer(200));
    const dispatch = createDispatch({ dispatch: route }, w);
    const r = await dispatch(get("/api/x", "POST", "x".repeat(MAX_BODY_BYTES + 1)));
    expect(r.status).toBe(413);
    expect(route).not.toHaveBeenCalled();
    expect(w.commit).not.toHaveBeenCalled();
  });

  it("a change the store refuses is a 507 naming why (a file by its name, never its path), and it was rolled back", async () => {
    const w = work();
    w.commit.mockResolvedValueOnce(new Error("ENOSPC: no space left on device, write '/home/me/secret/db.json'"));
    const r = await createDispatch({ dispatch: async () => answer(201) }, w)(get("/api/x", "POST"));
    expect(r.status).toBe(507);
    expect(r.headers["x-mock-store-error"]).toContain("db.json");
    expect(r.body).not.toContain("/home/me");
    expect(JSON.parse(r.body).errors[0]).toMatch(/^Your change was not saved/);
  });

  it("an answer too large to build is a 422 (undone), any other exception a 500 (undone): neither escapes", async () => {
    const w = work();
    const tooLong = createDispatch(
      {
        dispatch: async () => {
          throw new RangeError("Invalid string length");
        },
      },
      w,
    );
    const r = await tooLong(get("/api/posts"));
    expect(r.status).toBe(422);
    expect(JSON.parse(r.body).errors[0]).toBe(MSG.ANSWER_TOO_LARGE);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = createDispatch(
      {
        dispatch: async () => {
          throw new Error("a bug");
        },
      },
      w,
    );
    const b = await broken(get("/api/posts"));
    error.mockRestore();
    expect(b.status).toBe(500);
    expect(JSON.parse(b.body)).toEqual({ errors: ["a bug"] });
    expect(w.undo).toHaveBeenCalledTimes(2);
  });

  it("a photo answer's data URL becomes its bytes and type; a 304 carries neither type nor body", async () => {
    const png = PNG_URL;
    const photo = createDispatch({ dispatch: async () => answer(200, png, { [PHOTO_DATA_URL]: "1" }) }, work());
    const r = await photo(get("/api/photos/users/u/userPhoto"));
    expect(r.headers["content-type"]).toBe("image/png");
    expect(r.headers[PHOTO_DATA_URL]).toBeUndefined();
    expect([...(r.bytes ?? [])].slice(0, 4)).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(r.body).toBe("");
    const notModified = createDispatch({ dispatch: async () => answer(304, "{}", { [PHOTO_DATA_URL]: "1" }) }, work());
    const n = await notModified(get("/api/photos/users/u/userPhoto"));
    expect(n.headers["content-type"]).toBeUndefined();
    expect(n.body).toBe("");
  });
});

describe("startMirage: a route handler's answers and exceptions", () => {
  const route = (path: string, handler: RouteDef["handler"], auth = false): RouteDef => ({
    method: "POST",
    path,
    auth,
    handler,
    facts: { operationId: path.slice(1), summary: "", description: "", tag: "meta", answers: {} },
  });
  const seenBodies: unknown[] = [];
  const mirage = startMirage(
    [
      route("/echo", (_ctx, req) => {
        seenBodies.push(req.body);
        return { status: 201, body: { params: req.params, query: req.query }, headers: { "X-Thing": "1" } };
      }),
      route("/refuse", () => {
        throw new ApiError(409, "taken", { "x-why": "because" });
      }),
      route("/bug", () => {
        throw new TypeError("cannot read x of undefined");
      }),
      route("/mine", () => ({ status: 200, body: {} }), true),
    ],
    () =>
      ({
        db: { users: { get: () => undefined } } as unknown as Tables,
        passwordIterations: 1,
        now: () => new Date(),
        unqueued: (w) => w(),
      }) as RouteContext,
  );
  const send = (path: string, body = "", headers: Record<string, string> = {}) =>
    mirage.interceptor.dispatch({ method: "POST", url: `/api${path}`, headers, body });

  it("hands the handler the parsed body and query, and answers what it returns", async () => {
    const r = await send("/echo?a=1", '{"x":[1,2]}');
    expect(r.status).toBe(201);
    expect(JSON.parse(r.body)).toEqual({ params: {}, query: { a: "1" } });
    expect(r.headers["x-thing"]).toBe("1");
    expect(seenBodies.at(-1)).toEqual({ x: [1, 2] });
    await send("/echo");
    expect(seenBodies.at(-1)).toBeUndefined();
  });

  it("a body that is not JSON is the client's mistake: 400 naming it, the handler never runs", async () => {
    const before = seenBodies.length;
    const r = await send("/echo", '{"x":');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).errors[0]).toMatch(/^The request body is not valid JSON/);
    expect(seenBodies.length).toBe(before);
  });

  it("a refusal the handler throws is its status, message and headers", async () => {
    const r = await send("/refuse");
    expect(r.status).toBe(409);
    expect(JSON.parse(r.body)).toEqual({ errors: ["taken"] });
    expect(r.headers["x-why"]).toBe("because");
  });

  it("a route that needs a caller refuses none (404, no-token) and a forged token (401, bad-token) before its handler", async () => {
    const none = await send("/mine");
    expect(none.status).toBe(404);
    expect(none.headers["x-mock-session-error"]).toBe("no-token");
    const forged = await send("/mine", "", { authorization: "Bearer not.a.token" });
    expect(forged.status).toBe(401);
    expect(forged.headers["x-mock-session-error"]).toBe("bad-token");
  });

  it("a bug in a handler is a 500 with the error's message, not a crash", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const r = await send("/bug");
    error.mockRestore();
    expect(r.status).toBe(500);
    expect(JSON.parse(r.body)).toEqual({ errors: ["cannot read x of undefined"] });
  });
});
