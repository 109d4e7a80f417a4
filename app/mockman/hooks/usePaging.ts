// Paging from the tester: the route's `limit`/`cursor` offered as parameters,
// "Next page" when the answer carries `next`, and the ?limit= hint when a paged
// route answered a whole list. Next page and Add ?limit= are stable callbacks:
// the response panel is memoized, and a big tree must not re-render as the form is typed in.
import { useMemo, useState } from "react";
import { DEFAULT_LIMIT } from "#mock/data/paging";
import { useLatest } from "#app/lib/use-latest";
import { nextCursorOf, pagingHintFor, suggestedPagingParams, withParam } from "../lib/paging";
import { encodeParam, endpointWith } from "../lib/query";
import { routeOf, type RouteSuggestion } from "../lib/suggestions";
import type { RequestTabs } from "./useRequestTabs";

interface Options {
  tabs: RequestTabs;
  suggestions: RouteSuggestion[];
  submit(endpointNow?: string): Promise<void>;
}

export function usePaging({ tabs, suggestions, submit }: Options) {
  const { method, endpoint, params, outcome } = tabs.tab;
  const route = useMemo(() => routeOf(suggestions, method, endpoint), [suggestions, method, endpoint]);
  const next = nextCursorOf(outcome);
  /** Sets a parameter and returns the endpoint it makes (the form shows it only on the next render). */
  const setParam = (name: string, value: string) => {
    const rows = withParam(params, name, value);
    tabs.changeParams(rows);
    return endpointWith(endpoint, rows);
  };
  const latest = useLatest({ next, setParam, submit });
  const [{ followNext, addLimit }] = useState(() => ({
    followNext() {
      const { next, setParam, submit } = latest.current;
      if (next) void submit(setParam("cursor", encodeParam(next)));
    },
    addLimit() {
      latest.current.setParam("limit", String(DEFAULT_LIMIT));
    },
  }));
  return {
    suggested: suggestedPagingParams(route, params),
    /** A suggested parameter's row: limit at its default, cursor at the answer's `next`. */
    suggest: (name: string) => setParam(name, name === "limit" ? String(DEFAULT_LIMIT) : (next ?? "")),
    onNextPage: next !== null && method === "GET" ? followNext : null,
    hint: pagingHintFor(route, params, outcome),
    addLimit,
  };
}
