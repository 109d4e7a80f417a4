// Paging in the tester: the route's `limit`/`cursor` parameters from the OpenAPI
// description, the answer's `next` cursor, and the hint when a paged route
// answered a whole list.
import { DEFAULT_LIMIT } from "#mock/data/paging";
import { newParamId, type ParamRow } from "./query";
import { listLength } from "./response-file";
import type { Outcome } from "./send";
import type { RouteSuggestion } from "./suggestions";

const PAGING = ["limit", "cursor"];

/** A paged answer's `next` cursor ({posts, next, total}), or null on the last page or any other answer. */
export function nextCursorIn(body: unknown): string | null {
  const next = body && typeof body === "object" ? (body as { next?: unknown }).next : undefined;
  return typeof next === "string" && next !== "" ? next : null;
}

/** The answer's `next` cursor, when there is an answer. */
export const nextCursorOf = (outcome: Outcome | null) => (outcome?.kind === "response" ? nextCursorIn(outcome.response.body) : null);

/** The paging parameters the route takes that the form does not have yet, offered as one-click rows. */
export function suggestedPagingParams(route: RouteSuggestion | undefined, rows: ParamRow[]): string[] {
  return (route?.query ?? []).filter((name) => PAGING.includes(name) && !rows.some((row) => row.key === name));
}

/** The rows with `name` set to `value` (and enabled), added at the end when missing. */
export function withParam(rows: ParamRow[], name: string, value: string): ParamRow[] {
  return rows.some((row) => row.key === name)
    ? rows.map((row) => (row.key === name ? { ...row, enabled: true, value } : row))
    : [...rows, { id: newParamId(), enabled: true, key: name, value }];
}

/** A list route called without paging that answered a long list: the hint to use ?limit=, or null. */
export function pagingHintFor(route: RouteSuggestion | undefined, rows: ParamRow[], outcome: Outcome | null): string | null {
  const answeredList =
    outcome?.kind === "response" && outcome.response.isJson ? (outcome.response.tree?.longestList ?? listLength(outcome.response.body)) : 0;
  return route?.query.includes("limit") && !rows.some((row) => row.enabled && row.key === "limit") && answeredList > DEFAULT_LIMIT
    ? `This list came back whole (${answeredList.toLocaleString("en-US")} items); this route pages with ?limit=N&cursor=….`
    : null;
}
