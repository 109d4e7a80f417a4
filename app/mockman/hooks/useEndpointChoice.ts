// The endpoint field's suggestions from the OpenAPI description: picking one
// ("POST /api/posts") sets the method and the path, and a body template when
// the body is still untouched. Anything else typed is the endpoint as it is.
import { useMemo } from "react";
import { useStableActions } from "#app/lib/use-latest";
import { INITIAL_BODY } from "../lib/body";
import { useRouteSuggestions } from "../lib/suggestions";
import type { RequestTabs } from "./useRequestTabs";

export function useEndpointChoice(tabs: RequestTabs) {
  const suggestions = useRouteSuggestions();
  const choose = (value: string) => {
    const picked = suggestions.find((s) => s.value === value);
    if (!picked) return tabs.typeEndpoint(value);
    tabs.setMethod(picked.method);
    tabs.loadEndpoint(picked.path);
    const body = tabs.tab.bodyText.trim();
    if (picked.body && (body === "" || body === INITIAL_BODY.trim())) tabs.setBodyText(picked.body);
  };
  const actions = useStableActions({ choose });
  return useMemo(() => ({ suggestions, ...actions }), [suggestions, actions]);
}
