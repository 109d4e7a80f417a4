// A request's `expect`: what its answer must be for the request to pass, in the
// spirit of Bruno's `assert` block. Each check that fails says what it read,
// what it expected and what it got.
//
//   "expect": {
//     "status": 201,                               // or [200, 201]
//     "headers": { "content-type": { "matches": "json" } },
//     "body": { "post.content": "Hi", "posts": { "length": { "gt": 0 } }, "$.posts[0]._id": { "exists": true } },
//     "maxMs": 500
//   }
//
// A value is compared for deep equality; an object whose keys are all
// operators (eq ne exists contains matches gt lt length type) is a matcher.
// Without `status`, a request passes when the status is below 400. Either way
// the answer must be JSON (or empty) unless `headers` checks content-type: an
// HTML page is what a static server sends, not the API.
import { SERVE_URL } from "../../core/boundary";
import { RE2JS } from "re2js";
import { queryJsonPath, walkDotted, type RecordedResponse } from "./templates";

export const OPERATORS = ["eq", "ne", "exists", "contains", "matches", "gt", "lt", "length", "type"] as const;
export type Operator = (typeof OPERATORS)[number];
export type Matcher = Partial<Record<Operator, unknown>>;

export interface Expectation {
  status?: number | number[];
  headers?: Record<string, unknown>;
  body?: Record<string, unknown>;
  maxMs?: number;
}

export interface CheckFailure {
  /** What was read: `status`, `headers.content-type`, `body.posts.0._id`, `time`. */
  check: string;
  expected: string;
  actual: string;
}

export const isMatcher = (value: unknown): value is Matcher =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((key) => (OPERATORS as readonly string[]).includes(key));

const compiled = new Map<string, RE2JS>();

/**
 * `matches` in an engine without backtracking (RE2's, in plain JS): a collection
 * someone hands you cannot make a check run for ever (`^(a+)+$` against "aaa…!").
 */
function linearRegex(pattern: string): RE2JS {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = RE2JS.compile(pattern);
    if (compiled.size >= 256) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex;
}

/** Why a matcher cannot be used (a bad regex, gt on a string), or null. Checked when the collection loads. */
export function matcherProblem(value: unknown): string | null {
  if (!isMatcher(value)) return null;
  if ("matches" in value) {
    if (typeof value.matches !== "string") return "matches takes a regular expression as a string";
    try {
      linearRegex(value.matches);
    } catch (error) {
      const why = (error as Error).message.replace(/^error parsing regexp: /, "");
      return `matches: Invalid regular expression /${value.matches}/: ${why} (matches runs in linear time: no lookarounds or backreferences)`;
    }
  }
  for (const op of ["gt", "lt"] as const) if (op in value && typeof value[op] !== "number") return `${op} takes a number`;
  if ("exists" in value && typeof value.exists !== "boolean") return "exists takes true or false";
  if ("type" in value && !TYPES.includes(value.type as string)) return `type is one of ${TYPES.join(", ")}`;
  if ("length" in value) {
    if (isMatcher(value.length)) return matcherProblem(value.length);
    if (typeof value.length !== "number") return 'length takes a number or a matcher such as {"gt": 0}';
  }
  return null;
}

const TYPES = ["string", "number", "boolean", "null", "array", "object"];

export const show = (value: unknown): string => {
  if (value === undefined) return "nothing";
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

const typeOf = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as never)[k], (b as never)[k]));
}

/** Checks one value against a literal or a matcher; returns what was expected when it does not hold. */
export function mismatch(actual: unknown, expected: unknown): string | null {
  if (!isMatcher(expected)) return deepEqual(actual, expected) ? null : show(expected);
  const m = expected;
  if ("exists" in m && (actual !== undefined) !== m.exists) return m.exists ? "a value" : "nothing";
  if ("eq" in m && !deepEqual(actual, m.eq)) return show(m.eq);
  if ("ne" in m && deepEqual(actual, m.ne)) return `anything but ${show(m.ne)}`;
  if ("type" in m && typeOf(actual) !== m.type) return `a value of type ${String(m.type)}`;
  if ("contains" in m) {
    const holds =
      typeof actual === "string"
        ? typeof m.contains === "string" && actual.includes(m.contains)
        : Array.isArray(actual) && actual.some((item) => deepEqual(item, m.contains));
    if (!holds) return `something containing ${show(m.contains)}`;
  }
  if ("matches" in m) {
    const text = typeof actual === "string" ? actual : JSON.stringify(actual);
    if (text === undefined || !linearRegex(String(m.matches)).matcher(text).find()) return `a match for /${String(m.matches)}/`;
  }
  if ("gt" in m && !(typeof actual === "number" && actual > (m.gt as number))) return `a number greater than ${String(m.gt)}`;
  if ("lt" in m && !(typeof actual === "number" && actual < (m.lt as number))) return `a number less than ${String(m.lt)}`;
  if ("length" in m) {
    const length = typeof actual === "string" || Array.isArray(actual) ? actual.length : undefined;
    if (length === undefined) return `something with a length (${describeLength(m.length)})`;
    const wrong = mismatch(length, m.length);
    if (wrong) return `length ${wrong}`;
  }
  return null;
}

const describeLength = (length: unknown) => (isMatcher(length) ? JSON.stringify(length) : String(length));

/** Reads a body path: `post.content` (dotted), `$.posts[0]._id` (JSONPath), or `$`/"" for the whole body. */
export function readBodyPath(body: unknown, path: string): unknown {
  if (path === "" || path === "$") return body;
  if (path.startsWith("$")) return queryJsonPath(body, path, `body path ${path}`);
  return walkDotted(body, path.split("."));
}

const isJsonType = (type: string | undefined) => !type || /[/+]json\b/i.test(type);

/** Every check of `expect` that the answer fails; empty when it passes. */
export function checkAnswer(answer: RecordedResponse & { ms: number }, expect: Expectation | undefined): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const fail = (check: string, expected: string, actual: unknown) => failures.push({ check, expected, actual: show(actual) });

  const status = expect?.status;
  if (status === undefined) {
    if (answer.status >= 400) fail("status", "below 400", answer.status);
  } else {
    const allowed = Array.isArray(status) ? status : [status];
    if (!allowed.includes(answer.status)) fail("status", allowed.join(" or "), answer.status);
  }

  const headers = expect?.headers ?? {};
  const checksType = Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
  const type = answer.headers["content-type"];
  const empty = answer.body === null || answer.body === "";
  if (!checksType && !empty && !isJsonType(type)) {
    const html = /html/i.test(type ?? "") || (typeof answer.body === "string" && /^\s*<(!doctype|html)/i.test(answer.body));
    failures.push({
      check: "content-type",
      expected: "a JSON answer",
      actual: html ? `HTML (${type ?? "no content-type"}): is --base-url pointing at mockman serve (e.g. ${SERVE_URL})?` : show(type),
    });
  }
  for (const [name, want] of Object.entries(headers)) {
    const key = name.toLowerCase();
    const actual = Object.hasOwn(answer.headers, key) ? answer.headers[key] : undefined;
    const wrong = mismatch(actual, want);
    if (wrong) failures.push({ check: `headers.${key}`, expected: wrong, actual: show(actual) });
  }
  for (const [path, want] of Object.entries(expect?.body ?? {})) {
    const actual = readBodyPath(answer.body, path);
    const wrong = mismatch(actual, want);
    if (wrong)
      failures.push({ check: path.startsWith("$") ? path : `body${path ? "." + path : ""}`, expected: wrong, actual: show(actual) });
  }
  if (expect?.maxMs !== undefined && answer.ms > expect.maxMs)
    failures.push({ check: "time", expected: `at most ${expect.maxMs} ms`, actual: `${answer.ms} ms` });
  return failures;
}

/** `status: expected 201, got 400`; a failure with nothing expected (a Postman assertion or script error) is its name and message. */
export const describeFailure = (f: CheckFailure) =>
  f.expected ? `${f.check}: expected ${f.expected}, got ${f.actual}` : `${f.check}: ${f.actual}`;
