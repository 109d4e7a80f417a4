// Shorthands for the corpus modules: a case is a script and its context (cases.ts).
import type { Case } from "./cases";

/**
 * `look(name, () => expression)`: records what the expression gave, as JSON text in
 * pm.variables (local scope, compared after the script): `undefined`, `function`, or
 * `threw TypeError` (only the error's name: the engines word their own messages). One
 * variable an observation, so a difference names the one that differs. Never a name
 * Object.prototype has (toString, valueOf...): postman-collection's lists index by a plain object.
 */
export const LOOK = [
  "function look(name, get) {",
  "  var v;",
  "  try {",
  "    v = get();",
  "    v = v === undefined ? 'undefined' : typeof v === 'function' ? 'function' : JSON.stringify(v);",
  "  } catch (e) {",
  "    v = 'threw ' + (e && e.name);",
  "  }",
  "  pm.variables.set(name, v);",
  "}",
];

/** A test script: `script` as lines (or one string), with `look` defined before it. */
export function test(name: string, script: string | string[], extra: Partial<Case> = {}): Case {
  const lines = Array.isArray(script) ? script : script.split("\n");
  return { name, listen: "test", script: [...LOOK, ...lines], ...extra };
}

/** A pre-request script, likewise. */
export function pre(name: string, script: string | string[], extra: Partial<Case> = {}): Case {
  return { ...test(name, script, extra), listen: "prerequest" };
}

/** postman-collection's Response JSON. */
export function response(code: number, body: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  return {
    code,
    header: Object.entries(headers).map(([key, value]) => ({ key, value })),
    body,
    responseTime: 42,
    ...extra,
  };
}

/** A JSON response. */
export const json = (code: number, body: unknown, headers: Record<string, string> = {}) =>
  response(code, JSON.stringify(body), { "Content-Type": "application/json; charset=utf-8", ...headers });

/** Variables as postman-collection lists them, from an object (a number stays a number, as typed). */
export const vars = (values: Record<string, unknown>) =>
  Object.entries(values).map(([key, value]) => ({
    key,
    value,
    ...(typeof value === "number" ? { type: "number" } : typeof value === "boolean" ? { type: "boolean" } : {}),
  }));
