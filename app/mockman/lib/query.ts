// The endpoint's query string as rows, and back. Text is kept as typed (no
// decoding or re-encoding), so `{{cursor}}`, `%20` and `a=b=c` survive both ways.
import { splitReferences } from "#mock/tester/engine/variables";

export interface ParamRow {
  id: string;
  enabled: boolean;
  key: string;
  value: string;
}

let nextId = 0;
export const newParamId = () => `q${++nextId}`;

/** The endpoint without its query string, the query's text, and any #fragment. */
export function splitEndpoint(endpoint: string): { base: string; query: string; hash: string } {
  const hashAt = endpoint.indexOf("#");
  const hash = hashAt < 0 ? "" : endpoint.slice(hashAt);
  const rest = hashAt < 0 ? endpoint : endpoint.slice(0, hashAt);
  const q = rest.indexOf("?");
  return q < 0 ? { base: rest, query: "", hash } : { base: rest.slice(0, q), query: rest.slice(q + 1), hash };
}

/** The enabled rows the endpoint's query string holds. */
export function paramsOf(endpoint: string): Array<Pick<ParamRow, "key" | "value">> {
  const { query } = splitEndpoint(endpoint);
  if (!query) return [];
  return query
    .split("&")
    .filter((part) => part !== "")
    .map((part) => {
      const eq = part.indexOf("=");
      return eq < 0 ? { key: part, value: "" } : { key: part.slice(0, eq), value: part.slice(eq + 1) };
    });
}

/** The endpoint with its query string rebuilt from the enabled rows that have a name. */
export function endpointWith(endpoint: string, rows: ParamRow[]): string {
  const { base, hash } = splitEndpoint(endpoint);
  const query = rows
    .filter((row) => row.enabled && row.key !== "")
    .map((row) => (row.value === "" ? row.key : `${row.key}=${row.value}`))
    .join("&");
  return `${base}${query ? `?${query}` : ""}${hash}`;
}

/**
 * The rows after the endpoint was typed: its parameters, enabled, reusing the
 * ids of rows at the same place (so focus stays put), and the disabled rows,
 * which the endpoint cannot hold, kept after them.
 */
export function rowsAfterTyping(endpoint: string, rows: ParamRow[]): ParamRow[] {
  const enabled = rows.filter((row) => row.enabled && row.key !== "");
  const parsed = paramsOf(endpoint).map((p, i) => ({ id: enabled[i]?.id ?? newParamId(), enabled: true, ...p }));
  return [...parsed, ...rows.filter((row) => !row.enabled || row.key === "")];
}

/** Encodes a value for a query string, leaving `{{variables}}` as they are. */
export const encodeParam = (value: string) =>
  splitReferences(value)
    .map((part, i) => (i % 2 ? part : encodeURIComponent(part)))
    .join("");
