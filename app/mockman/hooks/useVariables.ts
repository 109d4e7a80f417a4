// The active environment's variables applied to the form: the endpoint's
// preview (secrets masked) and the body checked as it will be sent.
import { useMemo } from "react";
import { checkBody } from "../lib/body";
import { maskedVariablesOf, variablesOf } from "../lib/environments";
import { fillText, unresolvedRefs } from "../lib/variables";
import type { Environments } from "./useEnvironments";

export function useVariables(environments: Environments, endpoint: string, bodyText: string) {
  const variables = useMemo(() => variablesOf(environments.active), [environments.active]);
  const environmentName = environments.active?.name ?? null;
  const endpointPreview = useMemo(() => {
    if (!endpoint.includes("{{")) return { url: null, unresolved: [] };
    const unresolved = unresolvedRefs([endpoint], variables);
    return { url: unresolved.length ? null : fillText(endpoint.trim(), maskedVariablesOf(environments.active)), unresolved };
  }, [endpoint, variables, environments.active]);
  // The body is checked as it will be sent: with its variables filled, when they all are.
  const bodyCheck = useMemo(
    () => checkBody(unresolvedRefs([bodyText], variables).length ? bodyText : fillText(bodyText, variables)),
    [bodyText, variables],
  );
  return { variables, environmentName, endpointPreview, bodyCheck };
}
