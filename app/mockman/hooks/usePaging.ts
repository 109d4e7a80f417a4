// Paging from the tester: the route's `limit`/`cursor` offered as parameters,
// "Next page" when the answer carries `next`, and the ?limit= hint when a paged
// route answered a whole list. Next page and Add ?limit= are stable callbacks:
// the response panel is memoized, and a big tree must not re-render as the form is typed in.
import { useMemo } from "react";
import { DEFAULT_LIMIT } from "#mock/data/paging";
import { useStableActions } from "#app/lib/use-latest";
import { nextCursorOf, pagingHintFor, suggestedPagingParams, withParam } from "../lib/paging";
import { encodeParam, endpointWith } from "../lib/query";
import { routeOf, type RouteSuggestion } from "../lib/suggestions";
import type { RequestTabs } from "./useRequestTabs";

export function usePaging(tabs: RequestTabs, suggestions: RouteSuggestion[], submit: (endpointNow?: string) => Promise<void>) {
  const { method, endpoint, params, outcome } = tabs.tab;
  const route = useMemo(() => routeOf(suggestions, method, endpoint), [suggestions, method, endpoint]);
  const next = nextCursorOf(outcome);
  /** Sets a parameter and returns the endpoint it makes (the form shows it only on the next render). */
  const setParam = (name: string, value: string) => {
    const rows = withParam(params, name, value);
    tabs.changeParams(rows);
    return endpointWith(endpoint, rows);
  };
  const { followNext, addLimit, suggest } = useStableActions({
    followNext() {
      if (next) void submit(setParam("cursor", encodeParam(next)));
    },
    addLimit() {
      setParam("limit", String(DEFAULT_LIMIT));
    },
    /** A suggested parameter's row: limit at its default, cursor at the answer's `next`. */
    suggest: (name: string) => setParam(name, name === "limit" ? String(DEFAULT_LIMIT) : (next ?? "")),
  });
  const pages = next !== null && method === "GET";
  return useMemo(
    () => ({
      suggested: suggestedPagingParams(route, params),
      suggest,
      onNextPage: pages ? followNext : null,
      hint: pagingHintFor(route, params, outcome),
      addLimit,
    }),
    [route, params, outcome, pages, suggest, followNext, addLimit],
  );
}
