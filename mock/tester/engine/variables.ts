// {{name}} in a Postman request, filled as Newman fills it: when the request goes
// out, from the scopes as the scripts left them (local, iteration data,
// environment, collection variables, globals, the first that has the name), then
// Postman's dynamic variables. A name nothing holds stays in the text as written,
// as Newman sends it, and the run names it in a warning for that request.
import type { Scopes } from "../sandbox/sandbox";
import { BOUNDS, cut, NotSent } from "./limits";
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
