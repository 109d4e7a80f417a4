// {{name}} in a Postman request, filled as Newman fills it: when the request goes
// out, from the scopes as the scripts left them (local, iteration data,
// environment, collection variables, globals, the first that has the name), then
// Postman's dynamic variables. A name nothing holds stays in the text as written,
// as Newman sends it, and the run names it in a warning for that request.
import type { Scopes } from "../sandbox/sandbox";
import type { DynamicVariables } from "./dynamic";

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
      // A variable a script set to null or undefined goes out as "null", as Newman 6 sends it.
      if (value === undefined || value === null) return "null";
      return typeof value === "object" ? JSON.stringify(value) : String(value);
    }
  }
  return name.startsWith("$") ? dynamic?.(name) : undefined;
}

/** Fills {{name}} from the scopes; each name left unfilled is added to `unresolved`. */
export function substitute(text: string, scopes: Scopes, dynamic?: DynamicVariables, unresolved?: Set<string>): string {
  if (!text.includes("{{")) return text;
  let out = text;
  for (let depth = 0; depth < DEPTH && out.includes("{{"); depth++) {
    let changed = false;
    out = out.replace(VARIABLE, (whole, name: string) => {
      const value = variableValue(scopes, name, dynamic);
      if (value === undefined) return whole;
      changed = true;
      return value;
    });
    if (!changed) break;
  }
  if (unresolved && out.includes("{{")) for (const m of out.matchAll(VARIABLE)) unresolved.add(m[1]);
  return out;
}
