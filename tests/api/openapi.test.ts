// The OpenAPI 3.1 description: generated from the route table, valid by an
// OpenAPI validator, served at GET /api/openapi.json, and true: every answer the
// API gives to a walk over every route (successes and refusals) is a documented
// status whose body matches the documented schema.
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument, openApiPath } from "#mock/openapi/document";
import { routes } from "#mock/routes/index";
import { SEED_POST, makeApi, type Api } from "./client";
import { bigPng } from "../fixtures/images";

type Doc = ReturnType<typeof buildOpenApiDocument>;
let doc: Doc;
beforeAll(() => {
  doc = buildOpenApiDocument(routes, "test");
});

describe("the document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("describes every route of the table and nothing else", () => {
    const documented = Object.values(doc.paths ?? {}).flatMap((item) => Object.keys(item ?? {}));
    expect(documented).toHaveLength(routes.length);
    for (const r of routes) expect(doc.paths?.[openApiPath(r.path).path]?.[r.method.toLowerCase() as "get"]).toBeTruthy();
  });

  it("names the paging parameters and the Prefer header where they apply", () => {
    const params = (path: string, method: "get" | "post") =>
      (doc.paths?.[path]?.[method]?.parameters ?? []).map((p) => ("name" in p ? p.name : ""));
    expect(params("/api/posts", "get")).toEqual(expect.arrayContaining(["limit", "cursor"]));
    expect(params("/api/posts/like/{postId}", "post")).toEqual(expect.arrayContaining(["postId", "Prefer"]));
  });
});

describe("response headers", () => {
  it("are described once each and referenced where they occur", () => {
    const headers = Object.keys(doc.components?.headers ?? {});
    expect(headers).toEqual(
      expect.arrayContaining([
        "ETag",
        "Preference-Applied",
        "Allow",
        "Retry-After",
        "x-mock-session-error",
        "x-mockman",
        "x-mock-store-error",
      ]),
    );
    const text = JSON.stringify(doc);
    for (const name of headers) expect(text, name).toContain(`"$ref":"#/components/headers/${name}"`);
    const photo = doc.paths?.["/api/photos/{owner}/{id}/{field}"]?.get?.responses?.["200"] as { headers?: object };
    expect(Object.keys(photo.headers ?? {})).toContain("ETag");
  });

  it("a 405 on every path answers Allow with exactly the path's documented methods (HEAD where GET is)", async () => {
    const api = await makeApi();
    const wrong = await api.mock.dispatch({ method: "PATCH", url: "/api/posts", headers: {}, body: "" });
    expect(wrong.status).toBe(405);
    const described = doc.components?.responses?.WrongMethod as { headers?: Record<string, { $ref: string }> };
    expect(described.headers?.Allow.$ref).toBe("#/components/headers/Allow");
    for (const [template, item] of Object.entries(doc.paths ?? {})) {
      const methods = Object.keys(item ?? {}).map((m) => m.toUpperCase());
      const path = template.replace(/\{\w+\}/g, "x");
      const r = await api.mock.dispatch({ method: "PATCH", url: path, headers: {}, body: "" });
      expect(r.status, `PATCH ${path}`).toBe(405);
      const allowed = r.headers.allow.split(", ");
      expect(allowed.sort(), path).toEqual([...methods, ...(methods.includes("GET") ? ["HEAD"] : [])].sort());
    }
  });
});

describe("GET /api/openapi.json", () => {
  it("serves the same document", async () => {
    const api = await makeApi();
    const r = await api.call("GET", "/api/openapi.json");
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe("3.1.0");
    expect(Object.keys(r.body.paths)).toEqual(Object.keys(doc.paths ?? {}));
  });
});

describe("every answer matches the document (contract)", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const seen = new Set<string>();
  // The document's $refs point into the document: ajv gets its components under an id of their own.
  type Wired = {
    paths: Record<string, Record<string, { responses: unknown }>>;
    components: { responses: Record<string, unknown>; schemas: object };
  };
  let rewired: Wired | undefined;
  const wired = (): Wired => {
    if (rewired) return rewired;
    rewired = JSON.parse(JSON.stringify(doc).replaceAll('"#/components/', '"openapi#/components/')) as Wired;
    ajv.addSchema({ $id: "openapi", components: rewired.components });
    return rewired;
  };
  const operations = routes.map((r) => ({
    route: r,
    ...openApiPath(r.path),
    pattern: new RegExp(`^${openApiPath(r.path).path.replace(/\{\w+\}/g, "[^/]+")}$`),
  }));

  async function checked(api: Api, method: string, path: string, options: Parameters<Api["call"]>[2] = {}) {
    const reply = await api.call(method, path, options);
    const bare = path.split("?")[0];
    const candidates = operations.filter((o) => o.route.method === method && o.pattern.test(bare));
    // Static segments win, as in the router: the most specific template is the route.
    const op = candidates.sort((a, b) => b.path.replace(/\{\w+\}/g, "").length - a.path.replace(/\{\w+\}/g, "").length)[0];
    expect(op, `${method} ${path} has an operation`).toBeTruthy();
    type Documented = { $ref?: string; content?: Record<string, { schema: object }> };
    const documented = wired().paths[op.path][method.toLowerCase()].responses as Record<string, Documented>;
    expect(Object.keys(documented), `${method} ${path} answered ${reply.status}`).toContain(String(reply.status));
    let answer = documented[String(reply.status)];
    // Shared refusals are response components.
    if (answer.$ref) answer = wired().components.responses[answer.$ref.split("/").pop()!] as Documented;
    const schema = answer.content?.["application/json"]?.schema;
    if (schema) {
      const valid = ajv.validate(schema, reply.body);
      expect(valid, `${method} ${op.path} ${reply.status}: ${ajv.errorsText(ajv.errors)}\n${reply.text.slice(0, 300)}`).toBe(true);
    }
    seen.add(`${method} ${op.route.path} ${reply.status}`);
    return reply;
  }

  it("over every route, with success and refusal answers", async () => {
    const api = await makeApi();
    const guest = await api.login("guest");
    const auth = { token: guest };
    const min = { token: guest, headers: { prefer: "return=minimal" } };
    await checked(api, "POST", "/api/auth/login", { body: { username: "guest", password: "guest1234" } });
    await checked(api, "POST", "/api/auth/login", { body: { username: "guest", password: "wrong" } });
    await checked(api, "POST", "/api/auth/login", { body: { username: "nobody", password: "x" } });
    await checked(api, "POST", "/api/auth/signup", { body: { username: "contract", password: "secret-pw", firstName: "Con" } });
    await checked(api, "POST", "/api/auth/signup", { body: { username: "contract", password: "secret-pw", firstName: "Con" } });
    await checked(api, "POST", "/api/auth/signup", { body: {} });
    await checked(api, "GET", "/api/posts");
    const page = await checked(api, "GET", "/api/posts?limit=2");
    await checked(api, "GET", `/api/posts?limit=2&cursor=${page.body.next}`);
    await checked(api, "GET", "/api/posts?limit=0");
    await checked(api, "GET", `/api/posts/${SEED_POST}`);
    await checked(api, "GET", "/api/posts/nope");
    await checked(api, "GET", "/api/posts/user/guest");
    await checked(api, "GET", "/api/posts/user/guest?limit=1");
    await checked(api, "GET", "/api/posts/user/nobody");
    await checked(api, "GET", "/api/posts/user/adasterling?filter=media");
    await checked(api, "GET", "/api/posts/user/guest?filter=likes&limit=1");
    await checked(api, "GET", "/api/posts/user/guest?filter=photos");
    await checked(api, "GET", "/api/posts/tag/sunrise");
    await checked(api, "GET", "/api/posts/tag/sunrise?limit=1");
    await checked(api, "GET", "/api/posts/tag/a-b");
    await checked(api, "GET", "/api/search?q=the&limit=1");
    await checked(api, "GET", "/api/search?q=ada&type=users");
    await checked(api, "GET", "/api/search?q=s&type=tags");
    await checked(api, "GET", "/api/search?q=");
    const created = await checked(api, "POST", "/api/posts", {
      ...min,
      body: { postData: { content: "contract", postPic: "/seed/post-sea.svg", postPicAlt: "sea" } },
    });
    const id = created.body.post._id;
    await checked(api, "POST", "/api/posts", { ...auth, body: { postData: { content: "every post" } } });
    await checked(api, "POST", "/api/posts", { ...auth, body: { postData: {} } });
    await checked(api, "POST", "/api/posts", { body: { postData: { content: "no token" } } });
    await checked(api, "POST", "/api/posts", { token: "not-a-token", body: { postData: { content: "bad token" } } });
    await checked(api, "POST", `/api/posts/edit/${id}`, { ...min, body: { postData: { content: "edited" } } });
    await checked(api, "POST", `/api/posts/edit/${id}`, { ...auth, body: { postData: { content: "edited again" } } });
    await checked(api, "POST", `/api/posts/edit/${SEED_POST}`, { ...auth, body: { postData: { content: "not mine" } } });
    await checked(api, "POST", `/api/posts/like/${id}`, min);
    await checked(api, "POST", `/api/posts/like/${id}`, auth);
    await checked(api, "POST", `/api/posts/dislike/${id}`, auth);
    await checked(api, "POST", `/api/posts/like/${SEED_POST}`, auth);
    await checked(api, "POST", `/api/posts/dislike/${SEED_POST}`, min);
    const commented = await checked(api, "POST", `/api/comments/add/${id}`, { ...min, body: { commentData: { commentVal: "first" } } });
    const commentId = commented.body.post.comments[0]._id;
    await checked(api, "POST", `/api/comments/add/${id}`, { ...auth, body: { commentData: { comment: { commentVal: "second" } } } });
    await checked(api, "POST", `/api/comments/add/${id}`, { ...auth, body: { commentData: {} } });
    await checked(api, "GET", `/api/comments/${id}`);
    await checked(api, "GET", `/api/comments/${id}?limit=1`);
    await checked(api, "POST", `/api/comments/edit/${id}/${commentId}`, { ...auth, body: { commentData: { commentVal: "edited" } } });
    await checked(api, "POST", `/api/comments/upvote/${id}/${commentId}`, auth);
    await checked(api, "POST", `/api/comments/upvote/${id}/${commentId}`, auth);
    await checked(api, "POST", `/api/comments/downvote/${id}/${commentId}`, auth);
    await checked(api, "POST", `/api/comments/delete/${id}/${commentId}`, min);
    await checked(api, "POST", `/api/comments/delete/${id}/nope`, auth);
    const second = (await api.call("GET", `/api/comments/${id}`)).body.comments[0]._id;
    await checked(api, "POST", `/api/comments/delete/${id}/${second}`, auth);
    await checked(api, "GET", "/api/users");
    await checked(api, "GET", "/api/users?limit=2");
    await checked(api, "GET", "/api/users/guest");
    await checked(api, "GET", "/api/users/nobody");
    await checked(api, "POST", "/api/users/edit", { ...auth, body: { userData: { bio: "contract", userPhotoAlt: "me" } } });
    await checked(api, "POST", "/api/users/edit", { ...auth, body: { userData: { firstName: "" } } });
    await checked(api, "POST", `/api/users/bookmark/${SEED_POST}`, auth);
    await checked(api, "POST", `/api/users/bookmark/${SEED_POST}`, auth);
    await checked(api, "GET", "/api/users/bookmark", auth);
    await checked(api, "GET", "/api/users/bookmark?limit=1", auth);
    await checked(api, "GET", "/api/users/bookmark");
    await checked(api, "POST", `/api/users/remove-bookmark/${SEED_POST}`, auth);
    await checked(api, "POST", `/api/users/remove-bookmark/${SEED_POST}`, auth);
    await checked(api, "POST", "/api/users/follow/adasterling", auth);
    await checked(api, "POST", "/api/users/follow/adasterling", auth);
    await checked(api, "GET", "/api/users/following/guest", auth);
    await checked(api, "GET", "/api/users/following/guest?limit=1");
    await checked(api, "GET", "/api/users/followers/adasterling");
    await checked(api, "GET", "/api/users/followers/adasterling?limit=1");
    await checked(api, "GET", "/api/users/followers/nobody?limit=1");
    await checked(api, "GET", "/api/posts/following", auth);
    await checked(api, "GET", "/api/posts/following?limit=1", auth);
    await checked(api, "GET", "/api/posts/following?limit=0", auth);
    await checked(api, "GET", "/api/posts/following");
    await checked(api, "POST", "/api/users/unfollow/adasterling", auth);
    await checked(api, "POST", "/api/users/unfollow/adasterling", auth);
    await checked(api, "DELETE", `/api/posts/${id}`, min);
    const another = (await api.call("POST", "/api/posts", { ...min, body: { postData: { content: "to delete" } } })).body.post._id;
    await checked(api, "DELETE", `/api/posts/${another}`, auth);
    await checked(api, "DELETE", `/api/posts/${SEED_POST}`, auth);
    await checked(api, "GET", "/api/test-todos");
    const todo = await checked(api, "POST", "/api/test-todos", { body: { title: "contract" } });
    await checked(api, "POST", "/api/test-todos", { body: { title: "" } });
    await checked(api, "DELETE", `/api/test-todos/${todo.body.todo._id}`);
    await checked(api, "DELETE", "/api/test-todos/nope");
    const photo = bigPng(8000);
    const me = (await checked(api, "POST", "/api/users/edit", { ...auth, body: { userData: { userPhoto: photo } } })).body.user;
    await checked(api, "GET", me.userPhoto);
    await checked(api, "GET", `/api/photos/users/${me._id}/coverPhoto`);
    await checked(api, "GET", `/api/photos/users/${me._id}/passwordHash`);
    await checked(api, "POST", "/api/users/edit", { ...auth, body: { userData: { userPhoto: "/api/photos/users/nobody/userPhoto" } } });
    await checked(api, "GET", "/api/openapi.json");
    const ada = await api.login("adasterling");
    await checked(api, "POST", "/api/users/follow/guest", { token: ada });
    const told = await checked(api, "GET", "/api/notifications?limit=1", auth);
    await checked(api, "GET", `/api/notifications?cursor=${told.body.next ?? "x"}`, auth);
    await checked(api, "GET", "/api/notifications");
    await checked(api, "POST", "/api/notifications/read", { ...auth, body: { ids: [told.body.notifications[0]._id] } });
    await checked(api, "POST", "/api/notifications/read", { ...auth, body: { ids: ["nope"] } });
    await checked(api, "POST", "/api/notifications/read", { ...auth, body: {} });

    // Every route was answered at least once, successfully.
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const okStatuses = Object.keys(route.facts.answers);
      expect(
        okStatuses.some((status) => seen.has(`${key} ${status}`)),
        `${key} answered successfully in the walk`,
      ).toBe(true);
    }
  });
});
