// postman-collection's typed variables (lib/collection/variable.js), as Newman reads and keeps them: a
// variable of type "number", "boolean", "string", "object" or "array" holds its value cast by that type
// (`Number`, `Boolean` — so "false" is true —, `String`, JSON for objects and arrays), as written and on
// every later set, while one of type "any" (or none, or a type Postman does not know such as "default" or
// "secret") holds what it is given.
//
// A scope holds each variable's value as `Variable#get` reads it (cast out); its type, when it has one, is
// kept beside it (Scopes.types, variables.ts), so a script's `set` casts by it, the sandbox is given it, and
// the exports write it.
//
// Why not postman-collection's Variable itself: it brings Property, the Substitutor and the dynamic-variable
// tables into the page's first load, for three casts. tests/collection/variable-types.test.ts holds these
// to the library's Variable for every type and kind of value instead.

export type VariableType = "string" | "boolean" | "number" | "array" | "object";

/** The variables of each scope that have a type, by name. */
export type ScopeTypes = Partial<Record<"environment" | "collectionVariables" | "globals", Record<string, VariableType>>>;

/**
 * Sets a variable on a record of variables (a scope's values, or its types) as an own data property of that name.
 * `record[name] = value` would not: for `__proto__` it sets the record's prototype (a string is ignored) and the
 * variable is lost, where Newman keeps it as any other. Read such a record with `Object.hasOwn`, never `in` or a
 * bare `record[name]`, so `constructor` or `toString` that no scope defines stays undefined.
 */
export function setOwn<T>(record: Record<string, T>, name: string, value: T): void {
  Object.defineProperty(record, name, { value, writable: true, enumerable: true, configurable: true });
}

const TYPES = new Set<string>(["string", "boolean", "number", "array", "object"]);

/** A definition's `type` as Variable#valueType takes it (lowercased); undefined for "any" and any type it does not know. */
export function variableTypeOf(type: unknown): VariableType | undefined {
  if (type === undefined || type === null) return undefined;
  const name = String(type).toLowerCase();
  return TYPES.has(name) ? (name as VariableType) : undefined;
}

const json = (value: unknown): unknown => {
  try {
    return typeof value === "string" ? value : JSON.stringify(value);
  } catch {
    return "null";
  }
};

const parsed = (value: unknown): unknown => {
  try {
    return JSON.parse(value as string);
  } catch {
    return undefined;
  }
};

/** Variable#castIn: the value as the variable stores it (and as an export writes it). */
export function castIn(type: VariableType, value: unknown): unknown {
  switch (type) {
    case "string":
      return String(value);
    case "boolean":
      return Boolean(value);
    case "number":
      return Number(value);
    default:
      return json(value);
  }
}

/** Variable#castOut: the stored value as `get` reads it. */
export function castOut(type: VariableType, stored: unknown): unknown {
  switch (type) {
    case "string":
    case "boolean":
    case "number":
      return castIn(type, stored);
    case "array": {
      const value = parsed(stored);
      return Array.isArray(value) ? value : undefined;
    }
    default: {
      const value = parsed(stored);
      return value instanceof Object && !Array.isArray(value) ? value : undefined;
    }
  }
}

/** A value set on a variable of this type, as `get` then reads it; as it is for none. */
export const typedValue = (type: VariableType | undefined, value: unknown): unknown => (type ? castOut(type, castIn(type, value)) : value);
