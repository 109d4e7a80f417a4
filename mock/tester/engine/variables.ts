// The one `{{...}}` resolver: every {{name}} mockman fills, on the page (Send, its preview, code snippets,
// cURL export) and in runs (the CLI's and the page's Run…), is filled here.
//
// Postman's dialect (what Send and Run fill): from the scopes (local, iteration data, environment,
// collection variables, globals, the first that has the name), then Postman's dynamic variables
// (dynamic.ts). A name nothing holds stays in the text as written, as Newman sends it; the run names it in
// a warning for that request, the page refuses to send it. Bounded: a variable that holds itself grows at
// each of the 19 levels of nesting, and past BOUNDS.expandedChars the request is not sent.
//
// mockman's own collection format adds answers of earlier requests (`{{login.body.token}}`, or by JSONPath
// through collection/templates.ts); a whole-string template there keeps the value's type.
import { BOUNDS, cut, NotSent } from "./limits";
import type { DynamicGenerators, DynamicVariables } from "./dynamic";
import { setOwn, type ScopeTypes } from "./variable-types";

/** Postman's variable scopes, as a script reads and sets them (sandbox.ts) and a request is filled from them. */
export type ScopeName = "environment" | "collectionVariables" | "globals" | "local" | "data";
export type Scopes = Record<ScopeName, Record<string, unknown>> & {
  /** The variables with a type (variable-types.ts): a value set on one is cast by it, as postman-collection's Variable casts. */
  types?: ScopeTypes;
  /**
   * The environment's and the globals' own id and name, as their files give them: postman-runtime hands a script
   * each scope with them (pm.environment.name, pm.globals.name).
   */
  labels?: ScopeLabels;
};
export type ScopeLabels = Partial<Record<"environment" | "globals", { id?: string; name?: string }>>;

/** Postman's precedence, first wins. */
const LOOKUP_ORDER = ["local", "data", "environment", "collectionVariables", "globals"] as const;
/** Postman's own pattern: anything but braces between {{ and }}. */
const VARIABLE = /\{\{([^{}]*?)\}\}/g;
/** Postman substitutes nested references ({{a}} whose value holds {{b}}) up to 19 times. */
const DEPTH = 19;

/** A value as `{{name}}` puts it in text; undefined when no scope holds it and it is no dynamic variable. */
export function variableValue(scopes: Scopes, name: string, dynamic?: DynamicVariables): string | undefined {
  for (const scope of LOOKUP_ORDER) {
    const values = scopes[scope];
    if (Object.prototype.hasOwnProperty.call(values, name)) {
      const value = values[name];
      // A null in the iteration data is no value to postman-collection's Substitutor (it fills only a string,
      // number or boolean): {{name}} stays as written, and the scopes after it are not read.
      if (scope === "data" && value === null) return undefined;
      // A variable a script set to null or undefined goes out as "null", as Newman 6 sends it; an object or
      // array as postman-collection's Substitutor writes it, by its toString ("[object Object]", "1,2").
      if (value === undefined || value === null) return "null";
      return textOf(value);
    }
  }
  return name.startsWith("$") ? dynamic?.(name) : undefined;
}

/** A value as text, as `String(value)` writes it; an object String cannot write (no prototype) as "[object Object]". */
function textOf(value: unknown): string {
  try {
    return String(value);
  } catch {
    return "[object Object]";
  }
}

/** Fills {{name}} from the scopes; each name left unfilled is added to `unresolved`. */
export function substitute(text: string, scopes: Scopes, dynamic?: DynamicVariables, unresolved?: Set<string>): string {
  if (!text.includes("{{")) return text;
  // Bounded in size as well as depth: a variable that holds itself twice doubles at each level
  // (19 levels of it took 2.6 GB). Each level's text, and all the levels' work together, stay
  // within a few times the bound; past it the request is not sent.
  const limit = Math.max(BOUNDS.expandedChars, text.length);
  let work = 0;
  let out = text;
  for (let depth = 0; depth < DEPTH && out.includes("{{"); depth++) {
    const next = expandOnce(out, scopes, dynamic, limit);
    if (next === undefined) break;
    work += next.length;
    if (work > 4 * limit) throw tooLarge();
    out = next;
  }
  // Each named once in a warning, and a few dozen at most: a script can write a URL of a million of them.
  if (unresolved && out.includes("{{"))
    for (const m of out.matchAll(VARIABLE)) {
      if (unresolved.size >= UNRESOLVED_NAMED) break;
      unresolved.add(cut(m[1], 200));
    }
  return out;
}

const UNRESOLVED_NAMED = 50;

const tooLarge = () =>
  new NotSent(
    `its {{variables}} expand to more than ${BOUNDS.expandedChars.toLocaleString("en-US")} characters (the bound on a filled-in text; a variable that holds itself grows at each of the 19 levels)`,
  );

/** One level: each {{name}} that has a value replaced; undefined when none has. Throws past `limit` characters. */
function expandOnce(text: string, scopes: Scopes, dynamic: DynamicVariables | undefined, limit: number): string | undefined {
  let out = "";
  let last = 0;
  let changed = false;
  for (const m of text.matchAll(VARIABLE)) {
    const value = variableValue(scopes, m[1], dynamic);
    if (value === undefined) continue;
    if (out.length + (m.index - last) + value.length > limit) throw tooLarge();
    out += text.slice(last, m.index) + value;
    last = m.index + m[0].length;
    changed = true;
  }
  if (!changed) return undefined;
  if (out.length + (text.length - last) > limit) throw tooLarge();
  return out + text.slice(last);
}

/** Some of the scopes, as the page holds them (a Send has no local or data scope). */
export type SomeScopes = Partial<Record<(typeof LOOKUP_ORDER)[number], Record<string, unknown>>>;

const EMPTY_SCOPES = { local: {}, data: {}, environment: {}, collectionVariables: {}, globals: {} };

/** The scopes with the missing ones empty. */
export const fullScopes = (scopes: SomeScopes): Scopes => ({ ...EMPTY_SCOPES, ...scopes }) as Scopes;

/** One record of every name the scopes hold, each with the value Postman's precedence gives it. */
export function flattenScopes(scopes: SomeScopes): Record<string, string> {
  const all = fullScopes(scopes);
  const flat: Record<string, string> = {};
  for (const scope of LOOKUP_ORDER)
    for (const name of Object.keys(all[scope])) if (!Object.hasOwn(flat, name)) setOwn(flat, name, variableValue(all, name)!);
  return flat;
}

/** The {{name}} references in a text, each name once, in the order written. */
export function variableNames(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VARIABLE), (m) => m[1]))];
}

/** The text split around its references: even parts are text, odd parts `{{name}}` as written. */
export const splitReferences = (text: string): string[] => text.split(/(\{\{[^{}]*?\}\})/);

/** The variable a text starts with (`APIURL` in `{{APIURL}}/users`), or undefined. */
export const leadingVariable = (text: string): string | undefined => text.match(/^\{\{([^{}]+)\}\}/)?.[1];

/** A reference's opening in a URL: as written, or percent-encoded as the wire encoder may leave it. */
const OPENING = /\{\{|%7B%7B/i;

/**
 * The hostname of a URL whose host still holds a {{reference}} (`{{host}}/x`, `http://{{Host}}:8080/x`,
 * `http://%7B%7Bhost%7D%7D/x`), as the DNS lookup that fails on it names it (`{{host}}`: decoded, in lower case,
 * without credentials or port); undefined when its host holds none (a reference in its path or credentials).
 */
export function unfilledHostname(url: string): string | undefined {
  if (!OPENING.test(url)) return undefined;
  const absolute = /^[a-z][\w+.-]*:\/\//i.test(url) ? url : `http://${url}`;
  let hostname: string;
  try {
    hostname = new URL(absolute).hostname;
  } catch {
    // A host WHATWG's parser refuses (a space in it): its text between `//` (and any credentials) and the path.
    const host = (/^[a-z][\w+.-]*:\/\/([^/?#]*)/i.exec(absolute)?.[1] ?? "").replace(/^.*@/, "").replace(/:\d*$/, "");
    hostname = decodeURIComponent(host.replace(/%(?![0-9a-f]{2})/gi, "%25")).toLowerCase();
  }
  return OPENING.test(hostname) ? hostname : undefined;
}

/** Replaces each {{name}} `values` holds (no nesting, no dynamic variables), keeping the rest as written. */
export const replaceNames = (text: string, values: (name: string) => string | undefined): string =>
  text.replace(VARIABLE, (whole, name: string) => values(name.trim()) ?? whole);

// mockman's own format: answers of earlier requests.

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TemplateError";
  }
}

/** What an earlier request got back, as templates and assertions read it. */
export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export type Variables = Record<string, string>;

/** The answers of the requests that have run, by name, and the variables. */
export interface TemplateScope {
  responses: Map<string, RecordedResponse>;
  variables: Variables;
  /** Requests that ran but were not sent, with why, so a template reading one says so. */
  notSent?: Map<string, string>;
  /** Postman's dynamic variables (dynamic.ts): `{{$uuid}}`, `{{$randomInt}}` keep their generator's type. */
  dynamic?: DynamicGenerators;
}

// `{{` name, then nothing, a dotted path, or whitespace and a JSONPath, then `}}`.
const TEMPLATE = /\{\{\s*(\$?[A-Za-z0-9_-]+)(\.[^\s{}]+|\s+\$[^{}]*?)?\s*\}\}/g;
const WHOLE = new RegExp(`^${TEMPLATE.source}$`);

export interface TemplateRef {
  /** A request's name, a variable's name or a built-in (`$uuid`). */
  name: string;
  /** `.body.x` for a dotted path, `$...` for JSONPath, "" for none. */
  path: string;
  text: string;
}

const refOf = (m: RegExpMatchArray): TemplateRef => ({ name: m[1], path: (m[2] ?? "").trim(), text: m[0] });

/** The `{{...}}` references in a value (strings anywhere inside it). */
export function templateRefs(value: unknown): TemplateRef[] {
  const refs: TemplateRef[] = [];
  forEachString(value, (text) => {
    for (const m of text.matchAll(TEMPLATE)) refs.push(refOf(m));
  });
  return refs;
}

/** Visits every string in a JSON value without recursion, so a body nested 100,000 levels deep is fine. */
function forEachString(value: unknown, visit: (text: string) => void): void {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") visit(v);
    else if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) stack.push(k, x);
  }
}

const describeRef = (ref: TemplateRef) => ref.text.replace(/\s+/g, " ");

/**
 * Reads a dotted path (`body.posts.0._id`, `headers.content-type`, `status`)
 * from an answer. `-1` counts from the end; `last` and `first` name the ends.
 */
export function lookupPath(response: RecordedResponse, path: string): unknown {
  const [head, ...rest] = path.split(".");
  if (head === "status") return rest.length ? undefined : response.status;
  if (head === "headers") return rest.length ? response.headers[rest.join(".").toLowerCase()] : response.headers;
  if (head !== "body") return undefined;
  return walkDotted(response.body, rest);
}

/** Follows keys into a value; array keys may be an index, a negative index, `first` or `last`. */
export function walkDotted(value: unknown, keys: string[]): unknown {
  for (const key of keys) {
    if (value === null || typeof value !== "object") return undefined;
    if (Array.isArray(value)) {
      const index = key === "first" ? 0 : key === "last" ? -1 : /^-?\d+$/.test(key) ? Number(key) : NaN;
      if (Number.isNaN(index)) {
        if (key === "length") value = value.length;
        else return undefined;
        continue;
      }
      value = value.at(index);
    } else {
      if (!Object.prototype.hasOwnProperty.call(value, key)) return undefined;
      value = (value as Record<string, unknown>)[key];
    }
  }
  return value;
}

/** Reads a JSONPath (`$.body.posts[0]`) in an answer: the first value found, or undefined. */
export type JsonPathQuery = (root: unknown, path: string, what: string) => unknown;

const noJsonPath: JsonPathQuery = (_root, _path, what) => {
  throw new TemplateError(`${what}: JSONPath is read in collection runs only`);
};

function resolve(ref: TemplateRef, scope: TemplateScope, query: JsonPathQuery): unknown {
  // A variable of the same name wins, as in Postman.
  if (ref.name.startsWith("$") && !Object.prototype.hasOwnProperty.call(scope.variables, ref.name)) {
    const generator = scope.dynamic?.(ref.name);
    if (!generator) throw new TemplateError(`${describeRef(ref)}: Postman has no dynamic variable named ${ref.name}`);
    if (ref.path) throw new TemplateError(`${describeRef(ref)}: ${ref.name} takes no path`);
    return generator();
  }
  const response = scope.responses.get(ref.name);
  if (response) {
    const root = { status: response.status, headers: response.headers, body: response.body };
    const found = ref.path.startsWith("$")
      ? query(root, ref.path, describeRef(ref))
      : ref.path
        ? lookupPath(response, ref.path.slice(1))
        : response.body;
    if (found === undefined) throw new TemplateError(`${describeRef(ref)}: nothing at that path in ${ref.name}'s answer`);
    return found;
  }
  const unsent = scope.notSent?.get(ref.name);
  if (unsent !== undefined) throw new TemplateError(`${describeRef(ref)}: ${ref.name} was not sent (${unsent})`);
  // Postman allows dots in variable names: {{api.host}} is a variable when no request is named api.
  const dotted = ref.name + ref.path;
  if (ref.path.startsWith(".") && Object.prototype.hasOwnProperty.call(scope.variables, dotted)) return scope.variables[dotted];
  if (Object.prototype.hasOwnProperty.call(scope.variables, ref.name)) {
    if (ref.path) throw new TemplateError(`${describeRef(ref)}: ${ref.name} is a variable, which has no path`);
    return scope.variables[ref.name];
  }
  throw new TemplateError(`${describeRef(ref)}: no variable or earlier request is named ${ref.name}`);
}

/** Fills every template in a value (strings anywhere inside it) from the scope; JSONPath through `query`. */
export function fillTemplatesWith<T>(value: T, scope: TemplateScope, query: JsonPathQuery = noJsonPath): T {
  const fill = (text: string): unknown => {
    if (!text.includes("{{")) return text;
    const whole = text.match(WHOLE);
    if (whole) return resolve(refOf(whole), scope, query);
    return text.replace(TEMPLATE, (...m) => {
      const found = resolve(refOf(m as unknown as RegExpMatchArray), scope, query);
      return typeof found === "string" ? found : JSON.stringify(found);
    });
  };
  return mapStrings(value, fill) as T;
}

/** A copy of a JSON value with every string (keys too) passed through `fill`, without recursion. */
export function mapStrings(value: unknown, fill: (text: string) => unknown): unknown {
  if (typeof value === "string") return fill(value);
  if (value === null || typeof value !== "object") return value;
  const root: { v: unknown } = { v: undefined };
  const stack: Array<[unknown, (copy: unknown) => void]> = [[value, (copy) => (root.v = copy)]];
  while (stack.length) {
    const [v, put] = stack.pop()!;
    if (typeof v === "string") put(fill(v));
    else if (Array.isArray(v)) {
      const copy: unknown[] = new Array(v.length);
      put(copy);
      v.forEach((x, i) => stack.push([x, (c) => (copy[i] = c)]));
    } else if (v && typeof v === "object") {
      const copy: Record<string, unknown> = {};
      put(copy);
      for (const [k, x] of Object.entries(v)) {
        const filled = fill(k);
        const key = typeof filled === "string" ? filled : JSON.stringify(filled);
        // Keeps the keys in their order (the value comes when its turn on the stack does), `__proto__` as a key.
        setOwn(copy, key, undefined);
        stack.push([x, (c) => setOwn(copy, key, c)]);
      }
    } else put(v);
  }
  return root.v;
}

const CLOSE_MARK = Symbol("json-punctuation");

/**
 * JSON.stringify (indented by `space` when given), except that a value nested deeper than V8's
 * stack allows (a few thousand levels) is written without recursion, on one line, instead of throwing.
 */
export function toJsonText(value: unknown, space?: number): string {
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return jsonTextWithoutRecursion(value);
  }
}

/** What JSON.stringify writes (for JSON values), with a stack of its own instead of the call stack. */
export function jsonTextWithoutRecursion(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "object" && v !== null && CLOSE_MARK in v) {
      out.push((v as unknown as { close: string }).close);
      continue;
    }
    if (v === null || typeof v === "number" || typeof v === "boolean" || typeof v === "string") {
      out.push(JSON.stringify(v) ?? "null");
    } else if (Array.isArray(v)) {
      out.push("[");
      stack.push({ [CLOSE_MARK]: true, close: "]" });
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i] === undefined || typeof v[i] === "function" ? null : v[i]);
        if (i > 0) stack.push({ [CLOSE_MARK]: true, close: "," });
      }
    } else if (typeof v === "object") {
      const entries = Object.entries(v).filter(([, x]) => x !== undefined && typeof x !== "function");
      out.push("{");
      stack.push({ [CLOSE_MARK]: true, close: "}" });
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push(entries[i][1]);
        stack.push({ [CLOSE_MARK]: true, close: `${i > 0 ? "," : ""}${JSON.stringify(entries[i][0])}:` });
      }
    } else out.push("null");
  }
  return out.join("");
}
