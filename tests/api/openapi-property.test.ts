// The OpenAPI description against the server, by generated requests. From the
// document the mock itself serves (GET /api/openapi.json, what `mockman openapi`
// writes too), requests are generated per operation, valid and invalid by its
// own schemas (ajv confirms which each one is), and sent in-process through
// `mock.dispatch`:
//   - a schema-invalid request (one field broken: a wrong type, past a limit, off
//     its pattern, a required field or body missing) answers 400, never 500;
//   - a schema-valid one never gets a 400 for a field's shape or limit. Refusals of
//     state (already liked, not the owner, a stale cursor) are told apart by their
//     message; 404 for unknown ids, 401/403/422 are not 400s anyway. Its status is
//     one the operation documents, and never 500.
// Seeded (PROPERTY_SEED replays another run) and bounded (RUNS per operation and
// kind); a failure prints the request, the answer and the seed.
import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { RawRequest, RawResponse } from "#mock/core/boundary";
import type { Mock } from "#mock/core/create-mock";
import { MSG } from "#mock/core/errors";
import { GUEST_POST_ID, PASSWORDS, makeApi, type Api } from "./client";

const SEED = Number(process.env.PROPERTY_SEED ?? 2222);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 25);

/** 400s a valid request may get: what the data holds, not how the request is shaped. */
const STATE_REFUSALS: string[] = [
  MSG.ALREADY_LIKED,
  MSG.LIKES_AT_ZERO,
  MSG.ALREADY_DISLIKED,
  MSG.ALREADY_BOOKMARKED,
  MSG.NOT_BOOKMARKED,
  MSG.ALREADY_FOLLOWING,
  MSG.NOT_FOLLOWING,
  MSG.FOLLOW_SELF,
  MSG.EDIT_POST_NOT_OWNER,
  MSG.DELETE_POST_NOT_OWNER,
  MSG.EDIT_COMMENT_NOT_OWNER,
  MSG.DELETE_COMMENT_NOT_OWNER,
  MSG.ALREADY_UPVOTED,
  MSG.ALREADY_DOWNVOTED,
];
/** A cursor is opaque: the document can say it is a non-empty string, not that this server gave it out. */
const isStateRefusal = (message: string) => STATE_REFUSALS.includes(message) || message.startsWith("cursor is not valid:");

type Schema = {
  $ref?: string;
  type?: string;
  anyOf?: Schema[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
};
interface Parameter {
  in: "path" | "query" | "header";
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  security: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: { "application/json": { schema: Schema } } };
  responses: Record<string, unknown>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** A request as generated: typed values, checked against the document before they are written out. */
interface Generated {
  path: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string | undefined>;
  /** undefined: no body at all. */
  body: unknown;
  /** What was broken, for an invalid one. */
  broken?: string;
}

let doc: Doc;
let ajv: Ajv2020;
let valid: Api;
let invalid: Api;
let tokens: string[];
/** Ids that name something in the data, for path parameters. */
let known: Record<string, () => string[]>;
/** The comments there are now, for a path naming a post and one of its comments. */
let comments: () => readonly { _id: string; postId: string }[];
/** One id per path parameter that names something in the invalid requests' mock, the post and comment the guest's own. */
let anchors: Record<string, string>;

beforeAll(async () => {
  // Valid requests change the data; invalid ones are all refused (and undone), so their mock stays as seeded.
  [valid, invalid] = await Promise.all([makeApi(), makeApi()]);
  const served = await valid.mock.dispatch({ method: "GET", url: "/api/openapi.json", headers: {}, body: "" });
  doc = JSON.parse(served.body) as Doc;
  ajv = new Ajv2020({ strict: false, allErrors: false });
  // The document's $refs point into the document: ajv gets its components under an id of their own.
  ajv.addSchema({ $id: "openapi", components: doc.components });
  tokens = await Promise.all((Object.keys(PASSWORDS) as (keyof typeof PASSWORDS)[]).map((u) => valid.login(u)));
  for (const api of [valid, invalid]) {
    const token = await api.login("guest");
    await api.call("POST", `/api/comments/add/${GUEST_POST_ID}`, { token, body: { commentData: { commentVal: "mine" } } });
    await api.call("POST", "/api/test-todos", { body: { title: "a todo" } });
  }
  const mine = invalid.mock.tables;
  anchors = {
    postId: GUEST_POST_ID,
    commentId: mine.comments.of(GUEST_POST_ID).at(-1)!._id,
    username: "guest",
    userId: "guest",
    followUserId: "adasterling",
    todoId: mine.todos.all()[0]._id,
    owner: "users",
    id: mine.users.all()[0]._id,
    field: "userPhoto",
    tag: "moments",
  };
  // Read when a request is generated: what earlier requests created or deleted counts.
  const tables = valid.mock.tables;
  const users = () => tables.users.all();
  const posts = () => tables.posts.all();
  known = {
    postId: () => posts().map((p) => p._id),
    commentId: () => tables.comments.all().map((c) => c._id),
    username: () => users().map((u) => u.username),
    userId: () => [...users().map((u) => u.username), ...users().map((u) => u._id)],
    followUserId: () => users().map((u) => u.username),
    todoId: () => tables.todos.all().map((t) => t._id),
    owner: () => ["users", "posts"],
    id: () => [...users().map((u) => u._id), ...posts().map((p) => p._id)],
    field: () => ["userPhoto", "coverPhoto", "postPic"],
    tag: () => ["moments", "#moments"],
  };
  comments = () => tables.comments.all();
}, 60_000);

const resolve = (schema: Schema): Schema =>
  schema.$ref ? resolve(doc.components.schemas[schema.$ref.replace("#/components/schemas/", "")]) : schema;
/** Compiled once per schema: the document's own objects, so identity names them. */
const validators = new WeakMap<Schema, (value: unknown) => boolean>();
function conforms(schema: Schema, value: unknown): boolean {
  let check = validators.get(schema);
  if (!check) {
    const wired = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as object;
    const compiled = ajv.compile(wired);
    check = (v) => compiled(v) as boolean;
    validators.set(schema, check);
  }
  return check(value);
}

// ---- values a schema accepts ----------------------------------------------------------

/** One code point: mostly ASCII, sometimes any other one (astral ones too), never a lone surrogate. */
const codePoint = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.constantFrom(0x09, 0x0a, 0xa0, 0xe9, 0x4e2d, 0x1f600, 0x1f468, 0x200d, 0x202e) },
    { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff) },
  )
  .map((c) => String.fromCodePoint(c));

/** A regex source without its lookaheads, which fast-check cannot generate from (the whole pattern filters after). */
const withoutLookaheads = (source: string) => source.replace(/\(\?!(?:[^()]|\((?:[^()])*\))*\)/g, "");

function validString(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  // JSON Schema counts code points; so do these bounds. Huge limits (images) are not walked to the end.
  const max = Math.min(s.maxLength ?? 40, 400);
  const length = (v: string) => [...v].length >= min && [...v].length <= (s.maxLength ?? Infinity);
  if (!s.pattern)
    return fc.oneof(
      fc.string({ unit: codePoint, minLength: min, maxLength: max }),
      fc.string({ unit: codePoint, minLength: max, maxLength: max }),
    );
  const re = new RegExp(s.pattern, "u");
  if (s.pattern.startsWith("^")) {
    try {
      return fc.stringMatching(new RegExp(withoutLookaheads(s.pattern))).filter((v) => re.test(v) && length(v));
    } catch {
      // Unicode property escapes: generate and keep what matches.
    }
  }
  const any = fc.oneof(
    fc.string({ unit: codePoint, minLength: Math.max(min, 1), maxLength: max }),
    fc.string({ unit: codePoint, minLength: max, maxLength: max }),
  );
  return any.filter((v) => re.test(v) && length(v));
}

/** Built once per schema: the invalid values of an object build its valid ones once per property. */
const validValues = new WeakMap<Schema, fc.Arbitrary<unknown>>();
function validValue(schema: Schema): fc.Arbitrary<unknown> {
  let arbitrary = validValues.get(schema);
  if (!arbitrary) validValues.set(schema, (arbitrary = buildValid(resolve(schema))));
  return arbitrary;
}

function buildValid(s: Schema): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map(validValue));
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case "object": {
      const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, validValue(v)]));
      const record = fc.record(props, { requiredKeys: s.required ?? [] });
      // Unknown fields are allowed (the document does not forbid them): sometimes one comes along.
      return fc
        .tuple(record, fc.option(fc.jsonValue({ maxDepth: 1 }), { freq: 4 }))
        .map(([r, extra]) => (extra === null ? r : { ...r, extraField: extra }));
    }
    case "string":
      return validString(s);
    case "integer": {
      // The limits themselves as often as anything between: an off-by-one at a limit is the likeliest drift.
      const min = s.minimum ?? -1e6;
      const max = s.maximum ?? 1e6;
      return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max }));
    }
    case "number":
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---- values a schema refuses (each breaks one thing; ajv confirms) ---------------------

const WRONG_TYPES: Record<string, unknown[]> = {
  string: [7, true, null, {}, ["x"]],
  integer: [1.5, "x", true, null],
  number: ["x", true, null],
  boolean: ["true", 1, null],
  object: ["x", 3, null, [], true],
};

/** Wrong types a parameter can carry: it travels as text, so only text that is no number can be one. */
const WRONG_ON_THE_WIRE: Record<string, unknown[]> = { integer: ["1.5", "x", "1e3x", ""], number: ["x", ""], boolean: ["yes"] };

/** `wire`: a parameter's value, which travels as text (`wireValue` reads it back). */
function invalidValue(schema: Schema, wire = false): fc.Arbitrary<{ value: unknown; broken: string }>[] {
  const s = resolve(schema);
  const out: fc.Arbitrary<{ value: unknown; broken: string }>[] = [];
  const of = (value: unknown, broken: string) => out.push(fc.constant({ value, broken }));
  const types = s.type ? [s.type] : (s.anyOf ?? []).map((b) => resolve(b).type ?? "");
  const wrongs = wire ? WRONG_ON_THE_WIRE : WRONG_TYPES;
  for (const wrong of wrongs[types[0] ?? ""] ?? []) if (types.every((t) => wrongs[t]?.includes(wrong))) of(wrong, "a wrong type");
  if (s.enum) of("not-one-of-them", "not in its enum");
  if (s.type === "string") {
    if (s.minLength) of("", "shorter than minLength");
    if (s.maxLength !== undefined && s.maxLength <= 1000) {
      const re = s.pattern ? new RegExp(s.pattern, "u") : null;
      out.push(
        fc
          // One past the limit: the boundary, where an off-by-one would let it through.
          .constantFrom("a", "é", "😀", "_")
          .map((c) => c.repeat(s.maxLength! + 1))
          .filter((v) => !re || re.test(v))
          .map((value) => ({ value, broken: "longer than maxLength" })),
      );
    }
    if (s.pattern) {
      const re = new RegExp(s.pattern, "u");
      const max = s.maxLength ?? 40;
      out.push(
        fc
          .oneof(
            fc.constantFrom(" ", "  \t", "\n", "\u00a0", "a b", "!", "bookmark", "..", "<x>", "x/y", "#"),
            fc.string({ unit: codePoint, minLength: 1, maxLength: Math.min(max, 20) }),
          )
          .filter((v) => !re.test(v) && [...v].length >= (s.minLength ?? 0) && [...v].length <= max)
          .map((value) => ({ value, broken: `off its pattern ${s.pattern!.slice(0, 40)}` })),
      );
    }
  }
  if (s.type === "integer") {
    if (s.minimum !== undefined) of(s.minimum - 1, "below minimum");
    if (s.maximum !== undefined) of(s.maximum + 1, "above maximum");
  }
  if (s.type === "object") {
    for (const key of s.required ?? []) {
      out.push(
        (validValue(s) as fc.Arbitrary<Record<string, unknown>>).map((v) => {
          const { [key]: _gone, ...rest } = v;
          return { value: rest, broken: `required ${key} missing` };
        }),
      );
    }
    for (const [key, sub] of Object.entries(s.properties ?? {})) {
      const broken = invalidValue(sub);
      if (!broken.length) continue;
      out.push(
        fc
          .tuple(validValue(s) as fc.Arbitrary<Record<string, unknown>>, fc.oneof(...broken))
          .map(([v, bad]) => ({ value: { ...v, [key]: bad.value }, broken: `${key}: ${bad.broken}` })),
      );
    }
  }
  if (s.anyOf && !s.type) {
    // Every branch's objects: break a property all branches share.
    const first = resolve(s.anyOf[0]);
    if (first.type === "object") out.push(...invalidValue(first).map((a) => a.filter(({ value }) => !conforms(s, value))));
  }
  return out;
}

// ---- requests --------------------------------------------------------------------------

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

/** "." and ".." are no path parameters: URLs collapse them (RFC 3986), whatever the schema says. */
const isDotSegment = (v: string) => v === "." || v === "..";

/** A path parameter: usually something the data holds, sometimes any string (never a dot segment). */
function pathValue(p: Parameter): fc.Arbitrary<string> {
  const base = resolve(p.schema);
  const any = validString({ ...base, minLength: Math.max(base.minLength ?? 0, 1) }).filter((v) => !isDotSegment(v));
  const ids = known[p.name];
  if (!ids) return any;
  const existing = fc.nat().map((i) => {
    const now = ids();
    return now.length ? now[i % now.length] : "none-left";
  });
  return fc.oneof({ weight: 3, arbitrary: existing }, { weight: 1, arbitrary: any });
}

/** A post and one of its comments, for paths that name both. */
const postAndComment = fc.nat().map((i) => {
  const now = comments();
  const c = now.length ? now[i % now.length] : { _id: "none-left", postId: "none-left" };
  return { postId: c.postId, commentId: c._id };
});

/** A header's value: its example sometimes, else what a header can carry (visible ASCII), matching its schema. */
function headerValue(p: Parameter): fc.Arbitrary<string> {
  const example = (p.schema as { example?: string }).example;
  const ascii = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 30 });
  const any = ascii.filter((v) => conforms(p.schema, v));
  return example === undefined ? any : fc.oneof(fc.constant(example), any);
}

function validRequest(op: Operation): fc.Arbitrary<Generated> {
  const params = op.parameters ?? [];
  const group = (where: Parameter["in"]) => params.filter((p) => p.in === where);
  const named = fc.record(Object.fromEntries(group("path").map((p) => [p.name, pathValue(p)])));
  const both = group("path").some((p) => p.name === "commentId");
  const path = both
    ? fc.oneof(
        named,
        fc.tuple(named, postAndComment).map(([p, pc]) => ({ ...p, ...pc })),
      )
    : named;
  const query = fc.record(Object.fromEntries(group("query").map((p) => [p.name, validValue(p.schema)])), {
    requiredKeys: group("query")
      .filter((p) => p.required)
      .map((p) => p.name),
  });
  const headers = fc.record(Object.fromEntries(group("header").map((p) => [p.name, headerValue(p)])), {
    requiredKeys: [],
  });
  const schema = op.requestBody?.content["application/json"].schema;
  const body = schema ? validValue(schema) : fc.constant(undefined);
  return fc.record({ path: path as fc.Arbitrary<Record<string, string>>, query, headers, body });
}

/** Each way one part of a request can break the document's rules, with the rest valid. */
function invalidRequests(op: Operation): fc.Arbitrary<Generated>[] {
  const out: fc.Arbitrary<Generated>[] = [];
  const params = op.parameters ?? [];
  const base = validRequest(op);
  // Path parameters name what exists, so a refusal of the request's shape is not hidden behind a 404.
  const knownPath = fc.record(
    Object.fromEntries(
      params.filter((p) => p.in === "path").map((p) => [p.name, anchors[p.name] ? fc.constant(anchors[p.name]) : pathValue(p)]),
    ),
  );
  const valid = fc.tuple(base, knownPath).map(([r, path]) => ({ ...r, path }));
  const schema = op.requestBody?.content["application/json"].schema;
  if (schema) {
    if (op.requestBody?.required) out.push(valid.map((r) => ({ ...r, body: undefined, broken: "the required body missing" })));
    for (const bad of invalidValue(schema))
      out.push(fc.tuple(valid, bad).map(([r, b]) => ({ ...r, body: b.value, broken: `body ${b.broken}` })));
  }
  for (const p of params) {
    if (p.in === "query") {
      if (p.required) out.push(valid.map((r) => ({ ...r, query: omit(r.query, p.name), broken: `required ${p.name} missing` })));
      for (const bad of invalidValue(p.schema, true))
        out.push(
          fc.tuple(valid, bad).map(([r, b]) => ({ ...r, query: { ...r.query, [p.name]: b.value }, broken: `${p.name} ${b.broken}` })),
        );
    }
    if (p.in === "path")
      for (const bad of invalidValue(p.schema, true).filter(() => p.schema.pattern))
        out.push(
          fc
            .tuple(
              valid,
              bad.filter((b) => !isDotSegment(text(b.value))),
            )
            .map(([r, b]) => ({ ...r, path: { ...r.path, [p.name]: text(b.value) }, broken: `${p.name} ${b.broken}` })),
        );
  }
  return out;
}

const omit = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

/** Whether a generated request satisfies every schema of its operation. */
function satisfies(op: Operation, r: Generated): boolean {
  for (const p of op.parameters ?? []) {
    const value = p.in === "path" ? r.path[p.name] : p.in === "query" ? r.query[p.name] : r.headers[p.name];
    if (value === undefined) {
      if (p.required) return false;
      continue;
    }
    if (!conforms(p.schema, wireValue(p.schema, value))) return false;
  }
  const body = op.requestBody;
  if (!body) return true;
  if (r.body === undefined) return !body.required;
  return conforms(body.content["application/json"].schema, r.body);
}

/** A parameter as it travels (text)… */
const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
/** …and as a server reads it back against its schema: a number where the schema wants one and the text is one. */
function wireValue(schema: Schema, value: unknown): unknown {
  const t = text(value);
  const type = resolve(schema).type;
  if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (type === "boolean" && (t === "true" || t === "false")) return t === "true";
  return t;
}

function toRaw(template: string, method: string, op: Operation, r: Generated, token: string): RawRequest {
  const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(text(r.path[name])));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(r.query)) if (v !== undefined) search.set(k, text(v));
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) headers[k.toLowerCase()] = v;
  if (op.security.length) headers.authorization = token;
  let body = "";
  if (r.body !== undefined) {
    body = JSON.stringify(r.body);
    headers["content-type"] = "application/json";
  }
  return { method, url: search.size ? `${path}?${search}` : path, headers, body };
}

const show = (request: RawRequest, response: RawResponse, broken?: string) =>
  [
    broken ? `broken: ${broken}` : "valid per the document",
    `${request.method} ${request.url}`,
    ...Object.entries(request.headers).map(([k, v]) => `${k}: ${k === "authorization" ? "<token>" : v}`),
    request.body.length > 600 ? `${request.body.slice(0, 600)}… (${request.body.length} chars)` : request.body,
    `→ ${response.status} ${response.body.slice(0, 300)}`,
    `(PROPERTY_SEED=${SEED} replays this run)`,
  ].join("\n");

const messageOf = (response: RawResponse) => {
  try {
    return (JSON.parse(response.body) as { errors?: string[] }).errors?.[0] ?? "";
  } catch {
    return "";
  }
};

/** "<operationId> <status class>" of every answer a valid request got. */
const seen = new Set<string>();

async function send(mock: Mock, request: RawRequest) {
  return mock.dispatch(request);
}

describe("generated from the OpenAPI document, sent through dispatch", () => {
  it("every operation with inputs can be given broken ones (the test generates something)", { timeout: 60_000 }, () => {
    const constrained = (p: Parameter) => {
      const s = resolve(p.schema);
      return p.required || s.type !== "string" || s.pattern || s.enum || s.minLength || s.maxLength !== undefined;
    };
    const withInputs = operations().filter(
      ({ op }) =>
        op.requestBody ||
        op.parameters?.some((p) => (p.in === "query" && constrained(p)) || (p.in === "path" && resolve(p.schema).pattern)),
    );
    expect(withInputs.length).toBeGreaterThan(10);
    for (const { path, method, op } of withInputs) expect(invalidRequests(op).length, `${method} ${path}`).toBeGreaterThan(0);
  });

  it("a request the document's schemas refuse answers 400, never 500", { timeout: 120_000 }, async () => {
    // Every way of breaking every operation gets its own runs: none is left to chance.
    const runs = Math.max(3, Math.ceil(RUNS / 5));
    for (const { path, method, op } of operations())
      for (const kind of invalidRequests(op)) {
        const property = fc.asyncProperty(
          kind.filter((r) => !satisfies(op, r)),
          async (r) => {
            const request = toRaw(path, method, op, r, tokens[0]);
            const response = await send(invalid.mock, request);
            if (response.status !== 400) throw new Error(`${op.operationId}: expected 400\n${show(request, response, r.broken)}`);
          },
        );
        await fc.assert(property, { seed: SEED, numRuns: runs, endOnFailure: true });
      }
  });

  it(
    "a request the document's schemas accept is never refused for its shape, and gets a documented status",
    { timeout: 120_000 },
    async () => {
      // Deletions last, so the operations before them find something to act on.
      const deletes = (o: { op: Operation }) => Number(/^delete/.test(o.op.operationId));
      for (const { path, method, op } of operations().sort((a, b) => deletes(a) - deletes(b))) {
        const property = fc.asyncProperty(
          validRequest(op).filter((r) => satisfies(op, r)),
          fc.constantFrom(...tokens),
          async (r, token) => {
            const request = toRaw(path, method, op, r, token);
            const response = await send(valid.mock, request);
            seen.add(`${op.operationId} ${Math.floor(response.status / 100)}xx`);
            const message = messageOf(response);
            const shapeRefusal = response.status === 400 && !isStateRefusal(message);
            if (shapeRefusal || response.status >= 500 || !(String(response.status) in op.responses))
              throw new Error(`${op.operationId}: a valid request got ${response.status}\n${show(request, response)}`);
          },
        );
        await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
      }
      // Not vacuous: most operations were carried out at least once, not only refused.
      const succeeded = operations().filter(({ op }) => seen.has(`${op.operationId} 2xx`));
      expect(succeeded.length / operations().length, [...seen].sort().join(", ")).toBeGreaterThan(0.8);
    },
  );
});

// What the generated requests found, pinned as plain examples.
describe("drift the generated requests found, fixed", () => {
  it("limits count characters as the document's maxLength does (an emoji is one), and an import agrees", async () => {
    const api = await makeApi();
    const token = await api.signup("emoji", { firstName: "😀".repeat(12) });
    const r = await api.call("POST", "/api/posts", { token, body: { postData: { content: "👨".repeat(210) } } });
    expect(r.status, r.text).toBe(201);
    expect((await api.call("POST", "/api/posts", { token, body: { postData: { content: "👨".repeat(211) } } })).status).toBe(400);
    // What the API accepted, an import of its own export takes back.
    await expect(api.mock.importData(api.mock.exportData())).resolves.toBeUndefined();
  });

  it("a data URL whose base64 is out of order is a 400, not a 500 from the decoder", async () => {
    const api = await makeApi();
    const token = await api.login("guest");
    const r = await api.call("POST", "/api/users/edit", { token, body: { userData: { coverPhoto: "data:image/png;base64,12X/=+=0" } } });
    expect(r.status, r.text).toBe(400);
  });

  it("a tag no post can hold finds nothing instead of a 400 (the path takes any text)", async () => {
    const api = await makeApi();
    for (const tag of ["%C2%BD", "a-b", "%25%7DbUr", "e%CC%81t%C3%A9", "%23caf%C3%A9"]) {
      const r = await api.call("GET", `/api/posts/tag/${tag}?limit=3`);
      expect(r.status, `${tag}: ${r.text}`).toBe(200);
    }
  });
});
