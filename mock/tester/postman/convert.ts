// Postman Collection v2.1 <-> mockman collection, so a team's existing
// collections run under `mockman replay` (and the page), and ours open in
// Postman. What does not carry over is said in `notes`, never dropped silently.
//
// Into mockman: folders become name prefixes (`posts-create`), headers (the
// enabled ones), bearer/basic auth as an authorization header, raw bodies (JSON
// parsed when it is JSON), urlencoded bodies as text, `{{var}}` as variables
// (the collection's `variable` list becomes `variables`), and a test script's
// `pm.response.to.have.status(N)` as `expect.status`.
// Out to Postman: endpoints under `{{baseUrl}}`, each `{{name.path}}` as a
// collection variable that the named request's test script sets, and the whole
// `expect` kept in a `// mockman-expect:` line so a round trip loses nothing.
import { SERVE_URL } from "../../core/boundary";
import { isObject } from "../../core/types";
import type { Expectation } from "../collection/assert";
import type { CollectionFile, CollectionRequest } from "../collection/schema";
import { setOwn, typedValue, variableTypeOf, type VariableType } from "../engine/variable-types";
import { leadingVariable, mapStrings, replaceNames, templateRefs, toJsonText, variableNames } from "../engine/variables";
import { readBody, text, writeBody, type PostmanBody } from "./body";

export const POSTMAN_SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

export interface PostmanKeyValue {
  key?: string;
  value?: unknown;
  /** A variable's type (variable-types.ts); a header's or a field's "text" or "file". */
  type?: unknown;
  disabled?: boolean;
}

export interface PostmanRequest {
  method?: string;
  header?: PostmanKeyValue[] | string;
  url?:
    | string
    | {
        raw?: string;
        protocol?: string;
        host?: string[] | string;
        path?: string[] | string;
        query?: PostmanKeyValue[];
        /** Path variables: `/posts/:postId`'s value, by key. */
        variable?: PostmanKeyValue[];
      };
  body?: PostmanBody;
  auth?: PostmanAuth;
}

export interface PostmanAuth {
  type?: string;
  bearer?: PostmanKeyValue[];
  basic?: PostmanKeyValue[];
  apikey?: PostmanKeyValue[];
}

export interface PostmanItem {
  name?: string;
  item?: PostmanItem[];
  request?: PostmanRequest | string;
  event?: PostmanEvent[];
  auth?: PostmanAuth;
  id?: string;
  _postman_id?: string;
  /** Settings of how it is sent (Postman's request Settings tab), inherited by a folder's items. */
  protocolProfileBehavior?: { disableBodyPruning?: unknown };
}

export interface PostmanEvent {
  listen?: string;
  disabled?: boolean;
  script?: { exec?: string[] | string };
}

export interface PostmanCollection {
  info: { name?: string; schema?: string; _postman_id?: string };
  item?: PostmanItem[];
  variable?: PostmanKeyValue[];
  auth?: PostmanAuth;
  event?: PostmanEvent[];
  protocolProfileBehavior?: { disableBodyPruning?: unknown };
}

/** "v2.1", "v2.0", "v1" when the JSON is a Postman collection, else null. */
export function postmanVersion(json: unknown): "v2.1" | "v2.0" | "v1" | null {
  if (!isObject(json)) return null;
  const schema = isObject(json.info) ? json.info.schema : undefined;
  if (typeof schema === "string" && /getpostman\.com\/json\/collection\/v2\.1/.test(schema)) return "v2.1";
  if (typeof schema === "string" && /getpostman\.com\/json\/collection\/v2\.0/.test(schema)) return "v2.0";
  if (typeof schema === "string" && /getpostman\.com/.test(schema)) return "v1";
  if (Array.isArray(json.requests) && (Array.isArray(json.order) || typeof json.id === "string")) return "v1";
  return null;
}

export const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();

/**
 * A collection's variables (its `variable` list, the enabled ones) as a run reads them (pm.collectionVariables,
 * {{name}}): each value as postman-collection's Variable holds it, cast by its type (variable-types.ts: a
 * number-typed "10" is 10, a boolean-typed "false" is true), any other kept as written (an object stays an
 * object, null stays null); one with no value reads "". The types are kept for the values set later.
 */
export function typedCollectionVariablesOf(postman: Pick<PostmanCollection, "variable"> | undefined): {
  values: Record<string, unknown>;
  types: Record<string, VariableType>;
} {
  const values: Record<string, unknown> = {};
  const types: Record<string, VariableType> = {};
  for (const v of postman?.variable ?? []) {
    if (!v.key || v.disabled) continue;
    const type = variableTypeOf(v.type);
    if (type) setOwn(types, v.key, type);
    else delete types[v.key];
    setOwn(values, v.key, type ? typedValue(type, v.value) : v.value === undefined ? "" : v.value);
  }
  return { values, types };
}

/** A collection's variables (its `variable` list, the enabled ones) as text, as the page edits them. */
export function collectionVariablesOf(postman: Pick<PostmanCollection, "variable"> | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const v of postman?.variable ?? []) if (v.key && !v.disabled) setOwn(values, v.key, text(v.value));
  return values;
}

/** An item's request (one written as a string is a GET of that URL). */
export const requestOf = (item: PostmanItem): PostmanRequest =>
  typeof item.request === "string" ? { method: "GET", url: item.request } : (item.request ?? {});

/** A request's enabled headers. */
export const headersOf = (request: PostmanRequest): Array<[string, string]> =>
  (Array.isArray(request.header) ? request.header : []).filter((h) => h.key && !h.disabled).map((h) => [text(h.key), text(h.value)]);

export function urlOf(url: PostmanRequest["url"]): string {
  if (typeof url === "string") return url;
  if (!url) return "";
  if (url.raw) return url.raw;
  const host = Array.isArray(url.host) ? url.host.join(".") : text(url.host);
  const path = Array.isArray(url.path) ? url.path.join("/") : text(url.path);
  const query = (url.query ?? []).filter((q) => !q.disabled).map((q) => `${text(q.key)}=${text(q.value)}`);
  return `${url.protocol ? `${url.protocol}://` : ""}${host}${path ? `/${path}` : ""}${query.length ? `?${query.join("&")}` : ""}`;
}

/** `{{baseUrl}}/api/x`, `http://host/api/x` and `/api/x` stay; `host/api/x` (Postman keeps no scheme) gets http://. */
export function endpointOf(raw: string): string {
  const trimmed = raw.trim();
  if (/^(https?:\/\/|\/)/i.test(trimmed) || leadingVariable(trimmed) !== undefined) return trimmed;
  return `http://${trimmed}`;
}

/**
 * An auth that signs nothing: none, "noauth", or "inherit" written out (postman-runtime has no handler for
 * it, so Newman 6 sends the request unsigned).
 */
export const signsNothing = (type: string | undefined) => !type || type === "noauth" || type === "inherit";

export const authValue = (list: PostmanKeyValue[] | undefined, key: string) => text(list?.find((kv) => kv.key === key)?.value);

function authHeader(auth: PostmanAuth | undefined, notes: string[], where: string): string | undefined {
  if (!auth || signsNothing(auth.type)) return undefined;
  if (auth.type === "bearer") return `Bearer ${authValue(auth.bearer, "token")}`;
  if (auth.type === "basic") {
    const pair = `${authValue(auth.basic, "username")}:${authValue(auth.basic, "password")}`;
    // Templates stay readable: a pair with {{var}} cannot be encoded before the run.
    return variableNames(pair).length ? undefined : `Basic ${btoa(unescape(encodeURIComponent(pair)))}`;
  }
  notes.push(`${where}: ${auth.type} auth is not carried over; add the header by hand`);
  return undefined;
}

function bodyOf(request: PostmanRequest, headers: Record<string, string>, notes: string[], where: string): unknown {
  const body = readBody(request.body);
  if (body.mode === "none" || (body.mode === "raw" && !body.raw)) return undefined;
  if (body.mode === "raw") {
    try {
      return JSON.parse(body.raw);
    } catch {
      return body.raw; // not JSON (or JSON with {{var}} outside strings): sent as text, templates filled
    }
  }
  if (body.mode === "urlencoded") {
    if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    return body.fields
      .filter((f) => !f.disabled)
      .map((f) => `${encodeURIComponent(f.key)}=${encodeURIComponent(f.value)}`)
      .join("&");
  }
  notes.push(`${where}: a ${body.mode} body is not carried over (mockman sends JSON or text)`);
  return undefined;
}

function scriptLines(item: PostmanItem): string[] {
  return (item.event ?? [])
    .filter((e) => e.listen === "test")
    .flatMap((e) => {
      const exec = e.script?.exec ?? [];
      return Array.isArray(exec) ? exec : exec.split("\n");
    });
}

function expectOf(item: PostmanItem, notes: string[], where: string): Expectation | undefined {
  const lines = scriptLines(item);
  const kept = lines.find((line) => line.trim().startsWith("// mockman-expect:"));
  if (kept) {
    try {
      // `{}`: a request with no expect of its own (the status below 400 is checked).
      const expect = JSON.parse(kept.trim().slice("// mockman-expect:".length)) as Expectation;
      return Object.keys(expect).length ? expect : undefined;
    } catch {
      notes.push(`${where}: its // mockman-expect: line is not JSON; ignored`);
    }
  }
  const status = lines.join("\n").match(/pm\.response\.to\.have\.status\(\s*(\d{3})\s*\)/);
  const plumbing =
    /^(pm\.test\(|pm\.response\.to\.have\.status|pm\.(collectionVariables|environment|globals|variables)\.set\(|(var|let|const)\s+\w+\s*=\s*pm\.response\.json\(\)|\}\);?$)/;
  const scripted = lines.some((line) => line.trim() && !line.trim().startsWith("//") && !plumbing.test(line.trim()));
  if (scripted)
    notes.push(`${where}: its test script is not run${status ? ` beyond the status check` : ""} (mockman checks "expect" instead)`);
  return status ? { status: Number(status[1]) } : undefined;
}

// `pm.collectionVariables.set("token", pm.response.json().encodedToken)`, or the same
// from `var jsonData = pm.response.json()`: the usual way a Postman collection
// carries a value from one answer to the next requests.
const SET_FROM_ANSWER =
  /pm\.(?:collectionVariables|environment|globals|variables)\.set\(\s*["'`]([^"'`]+)["'`]\s*,\s*(?:pm\.response\.json\(\)|([A-Za-z_$][\w$]*))((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\[["'][^"']+["']\])*)\s*\)/g;
const JSON_ALIAS = /(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*pm\.response\.json\(\)/g;

/** The variables an item's test script sets from its answer, as templates reading that answer. */
function capturesOf(item: PostmanItem, requestName: string): Map<string, string> {
  const script = scriptLines(item).join("\n");
  const aliases = new Set([...script.matchAll(JSON_ALIAS)].map((m) => m[1]));
  const captures = new Map<string, string>();
  for (const m of script.matchAll(SET_FROM_ANSWER)) {
    if (m[2] && !aliases.has(m[2])) continue;
    const keys = [...m[3].matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[["']([^"']+)["']\]/g)].map((k) => k[1] ?? k[2] ?? k[3]);
    if (keys.some((k) => !/^[^\s{}.]+$/.test(k))) continue;
    captures.set(m[1], `{{${requestName}.${["body", ...keys].join(".")}}}`);
  }
  return captures;
}

/** Replaces `{{var}}` with the template of the answer that set it, in every string of a value. */
function useCaptures<T>(value: T, captures: Map<string, string>): T {
  if (!captures.size) return value;
  // Without recursion (mapStrings), so a Postman body nested thousands of levels deep imports too.
  return mapStrings(value, (text) => replaceNames(text, (name) => captures.get(name))) as T;
}

/** A request's name from its folders and its own: `posts-create-post`, unique, and never a variable's name ({{name}} would then mean its answer). */
export function uniqueName(path: string[], taken: Set<string>, variables: Record<string, unknown>): string {
  const base = slug(path.join("-")) || "request";
  let name = base;
  for (let n = 2; taken.has(name) || Object.hasOwn(variables, name); n++) name = `${base}-${n}`;
  taken.add(name);
  return name;
}

/** A Postman v2.0/v2.1 collection as a mockman collection, and what did not carry over. */
export function fromPostman(json: PostmanCollection): { file: CollectionFile; notes: string[] } {
  const notes: string[] = [];
  const taken = new Set<string>();
  const variables = collectionVariablesOf(json);
  const requests: CollectionRequest[] = [];
  const captures = new Map<string, string>();

  const visit = (items: PostmanItem[], prefix: string[], inherited: PostmanAuth | undefined) => {
    for (const item of items) {
      const label = text(item.name) || "request";
      if (Array.isArray(item.item)) {
        visit(item.item, [...prefix, label], item.auth ?? inherited);
        continue;
      }
      const where = [...prefix, label].join(" / ");
      const request = requestOf(item);
      const name = uniqueName([...prefix, label], taken, variables);

      const headers = Object.fromEntries(headersOf(request));
      const auth = authHeader(request.auth ?? inherited, notes, where);
      if (auth && !Object.keys(headers).some((h) => h.toLowerCase() === "authorization")) headers.Authorization = auth;

      const method = text(request.method || "GET").toUpperCase();
      const out: CollectionRequest = {
        name,
        method: method as CollectionRequest["method"],
        endpoint: useCaptures(endpointOf(urlOf(request.url)), captures),
        headers: useCaptures(headers, captures),
      };
      const body = useCaptures(bodyOf(request, out.headers, notes, where), captures);
      if (body !== undefined) out.body = body;
      for (const [variable, template] of capturesOf(item, name)) captures.set(variable, template);
      const expect = expectOf(item, notes, where);
      if (expect) out.expect = expect as CollectionRequest["expect"];
      requests.push(out);
    }
  };
  visit(json.item ?? [], [], json.auth);
  const file: CollectionFile = { mockman: 1, requests };
  if (Object.keys(variables).length) file.variables = variables;
  return { file, notes };
}

/** JavaScript that reads a dotted path of ours from `pm.response`. */
function readerFor(path: string): string {
  const [head, ...rest] = path.split(".");
  if (head === "status") return "pm.response.code";
  if (head === "headers") return `pm.response.headers.get(${JSON.stringify(rest.join("."))})`;
  let js = "pm.response.json()";
  for (const key of rest) {
    if (/^-?\d+$/.test(key) || key === "last" || key === "first") js += `.at(${key === "last" ? -1 : key === "first" ? 0 : key})`;
    else js += `[${JSON.stringify(key)}]`;
  }
  return js;
}

const EXPECT_MARK = "// mockman-expect: ";

/**
 * The test script a request's `expect` becomes: the `expect` itself on a `// mockman-expect:` line, which
 * mockman's runner checks on the host (collection/assert.ts: its failure texts, `matches` in RE2's linear
 * time), a pm.test of its status for Postman and Newman, and the values later requests read set as
 * collection variables, as a Postman user would.
 */
function expectScript(name: string, expect: Expectation | undefined, reads: string[]): string[] {
  const exec = [EXPECT_MARK + JSON.stringify(expect ?? {})];
  if (expect?.status !== undefined) {
    const statuses = Array.isArray(expect.status) ? expect.status : [expect.status];
    exec.push(
      statuses.length === 1
        ? `pm.test("status is ${statuses[0]}", () => pm.response.to.have.status(${statuses[0]}));`
        : `pm.test("status is ${statuses.join(" or ")}", () => pm.expect(pm.response.code).to.be.oneOf(${JSON.stringify(statuses)}));`,
    );
  }
  for (const path of reads) exec.push(`pm.collectionVariables.set(${JSON.stringify(`${name}.${path}`)}, ${readerFor(path)});`);
  return exec;
}

const SET_LINE = /^pm\.collectionVariables\.set\(("(?:[^"\\]|\\.)*"), /;

/**
 * The `expect` of a test script toPostman wrote, exactly as it wrote it (nothing added or changed), or
 * undefined: such a request runs with mockman's rules (postman-run.ts), any other script in the sandbox.
 */
export function writtenExpect(name: string, source: string): Expectation | undefined {
  if (!source.startsWith(EXPECT_MARK)) return undefined;
  const lines = source.split("\n");
  let expect: Expectation;
  try {
    expect = JSON.parse(lines[0].slice(EXPECT_MARK.length)) as Expectation;
  } catch {
    return undefined;
  }
  if (!expect || typeof expect !== "object" || Array.isArray(expect)) return undefined;
  const reads: string[] = [];
  for (const line of lines) {
    const set = line.match(SET_LINE);
    const variable = set && (JSON.parse(set[1]) as string);
    if (variable?.startsWith(`${name}.`)) reads.push(variable.slice(name.length + 1));
  }
  return expectScript(name, expect, reads).join("\n") === source ? expect : undefined;
}

/** A mockman collection as Postman v2.1, and what did not carry over. */
export function toPostman(file: CollectionFile, name = "mockman collection"): { json: PostmanCollection; notes: string[] } {
  const notes: string[] = [];
  // Which values of which answers later requests use: each becomes a collection variable its request sets.
  const wanted = new Map<string, Set<string>>();
  for (const r of file.requests) {
    let jsonPath = false;
    for (const ref of templateRefs([r.endpoint, r.headers, r.body ?? null])) {
      if (ref.path.startsWith("$")) jsonPath = true;
      // A dotted path into an earlier answer: `.status`, `.headers.x`, `.body.post._id`.
      else if (/^\.(status|headers|body)(\.|$)/.test(ref.path)) {
        if (!wanted.has(ref.name)) wanted.set(ref.name, new Set());
        wanted.get(ref.name)!.add(ref.path.slice(1));
      }
    }
    if (jsonPath) notes.push(`${r.name}: a JSONPath template has no Postman equivalent; set that variable in a script by hand`);
  }

  const item = file.requests.map((r): PostmanItem => {
    // A path goes under {{baseUrl}} (empty in-process); a full URL or one that starts with a {{variable}} stays.
    const endpoint =
      /^https?:\/\//i.test(r.endpoint) || leadingVariable(r.endpoint) !== undefined
        ? r.endpoint
        : `{{baseUrl}}${r.endpoint.startsWith("/") ? "" : "/"}${r.endpoint}`;
    const [path, query] = (endpoint.startsWith("{{baseUrl}}") ? endpoint.slice("{{baseUrl}}".length) : endpoint).split("?");
    const request: PostmanRequest = {
      method: r.method,
      header: Object.entries(r.headers ?? {}).map(([key, value]) => ({ key, value })),
      url: {
        raw: endpoint,
        ...(endpoint.startsWith("{{baseUrl}}") ? { host: ["{{baseUrl}}"], path: path.split("/").filter(Boolean) } : {}),
        ...(query
          ? { query: query.split("&").map((pair) => ({ key: pair.split("=")[0], value: pair.split("=").slice(1).join("=") })) }
          : {}),
      },
    };
    if (r.body !== undefined && r.body !== null) {
      // An object goes as JSON (Content-Type from its language); a string as written, under mockman's application/json.
      request.body = writeBody(
        typeof r.body === "string" ? { mode: "raw", raw: r.body } : { mode: "raw", raw: toJsonText(r.body, 2), language: "json" },
      );
      if (typeof r.body === "string" && !Object.keys(r.headers ?? {}).some((h) => h.toLowerCase() === "content-type"))
        (request.header as PostmanKeyValue[]).push({ key: "Content-Type", value: "application/json" });
    }
    const exec = expectScript(r.name, r.expect, [...(wanted.get(r.name) ?? [])]);
    return { name: r.name, request, event: [{ listen: "test", script: { exec, type: "text/javascript" } as { exec: string[] } }] };
  });
  const variable: PostmanKeyValue[] = [{ key: "baseUrl", value: SERVE_URL }];
  for (const [key, value] of Object.entries(file.variables ?? {})) {
    if (key === "baseUrl") variable[0].value = value;
    else variable.push({ key, value });
  }
  return { json: { info: { name, schema: POSTMAN_SCHEMA }, item, variable }, notes };
}
