// `{{...}}` in a collection's endpoints, headers and bodies. One syntax for
// every kind of value a request can take from elsewhere:
//
//   {{login.body.encodedToken}}   an earlier answer, by a dotted path
//                                 (`status`, `headers.<name>`, `body...`;
//                                 `-1` or `last` is the last element)
//   {{create $.body.post._id}}    an earlier answer, by JSONPath (jsonpath-plus):
//                                 filters such as `$.body.posts[?(@.content=='Hi')]`
//   {{baseUrl}}                   a variable (--env FILE, --env-var, the collection's `variables`)
//   {{$uuid}} {{$timestamp}}      built-ins: a fresh v4 uuid, Unix seconds,
//   {{$isoTimestamp}} {{$randomInt}}  an ISO date, an integer 0-1000
//
// A whole-string template keeps the value's type (a number stays a number);
// inside text, a value that is not a string is written as JSON.
//
// This module reads no JSONPath, so the page can fill variables without loading
// jsonpath-plus; ./templates.ts is the same with JSONPath, what runs use.
import { v4 as uuid } from "uuid";

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
}

export const BUILT_INS: Record<string, () => string | number> = {
  $uuid: () => uuid(),
  $timestamp: () => Math.floor(Date.now() / 1000),
  $isoTimestamp: () => new Date().toISOString(),
  $randomInt: () => Math.floor(Math.random() * 1001),
};
export const BUILT_IN_NAMES = Object.keys(BUILT_INS);

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
  const builtIn = BUILT_INS[ref.name];
  if (builtIn) {
    if (ref.path) throw new TemplateError(`${describeRef(ref)}: ${ref.name} takes no path`);
    return builtIn();
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
        copy[key] = undefined; // keeps the keys in their order; the value comes when its turn on the stack does
        stack.push([x, (c) => (copy[key] = c)]);
      }
    } else put(v);
  }
  return root.v;
}

const CLOSE_MARK = Symbol("json-punctuation");

/**
 * JSON.stringify, except that a value nested deeper than V8's stack allows
 * (a few thousand levels) is written without recursion instead of throwing.
 */
export function toJsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
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
