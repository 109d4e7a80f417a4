// The variables a tab's request is filled from, as its collection's Run fills them: the active
// environment, then the variables of the collection the tab's saved request is in, then the globals
// (Postman's precedence, lib/variables.ts). Also the endpoint's preview (secrets masked), the body checked
// as it will be sent, and `keepRun`: what a Run's or a Send's scripts left in those scopes, kept for the
// next Send (environment and globals in the environments' store, collection variables in the collection).
import { useEffect, useMemo, useState } from "react";
import { dynamicVariables, loadedDynamicVariables } from "#mock/tester/engine/dynamic";
import type { Scopes } from "#mock/tester/sandbox/sandbox";
import { checkBody } from "../lib/body";
import { maskedVariablesOf, variablesOf } from "../lib/environments";
import { collectionVariablesOf } from "../lib/saved";
import { flattenScopes } from "#mock/tester/engine/variables";
import { fillText, unresolvedRefs } from "../lib/variables";
import type { Collections } from "./useCollections";
import type { Environments } from "./useEnvironments";

const NONE: Record<string, string> = {};

const asTexts = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]));

export function useVariables(
  environments: Environments,
  collections: Collections,
  collectionId: string | null,
  endpoint: string,
  bodyText: string,
) {
  const environment = useMemo(() => variablesOf(environments.active), [environments.active]);
  const globals = environments.state.globals ?? NONE;
  const collection = collectionId ? collections.collections.find((c) => c.id === collectionId) : undefined;
  const collectionVariables = useMemo(() => collectionVariablesOf(collection?.postman), [collection]);
  const variables = useMemo(
    () => flattenScopes({ environment, collectionVariables, globals }),
    [environment, collectionVariables, globals],
  );
  const environmentName = environments.active?.name ?? null;
  // A {{$guid}} shows as written until postman-collection's table has loaded (not in the page's first load), then filled.
  const [dynamicLoaded, setDynamicLoaded] = useState(() => loadedDynamicVariables() !== undefined);
  const usesDynamic = `${endpoint}${bodyText}`.includes("{{$");
  useEffect(() => {
    if (!usesDynamic || dynamicLoaded) return;
    let live = true;
    void dynamicVariables().then(() => live && setDynamicLoaded(true));
    return () => {
      live = false;
    };
  }, [usesDynamic, dynamicLoaded]);
  const endpointPreview = useMemo(() => {
    if (!endpoint.includes("{{")) return { url: null, unresolved: [] };
    const unresolved = unresolvedRefs([endpoint], variables);
    const masked = flattenScopes({ environment: maskedVariablesOf(environments.active), collectionVariables, globals });
    return { url: unresolved.length ? null : fillText(endpoint.trim(), masked), unresolved };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dynamicLoaded: the table the fill reads has come
  }, [endpoint, variables, environments.active, collectionVariables, globals, dynamicLoaded]);
  // The body is checked as it will be sent: with its variables filled, when they all are.
  const bodyCheck = useMemo(
    () => checkBody(unresolvedRefs([bodyText], variables).length ? bodyText : fillText(bodyText, variables)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- dynamicLoaded: the table the fill reads has come
    [bodyText, variables, dynamicLoaded],
  );

  /**
   * Keeps what a run left in the scopes the page shows; `inCollection`: the saved collection it ran from;
   * `environmentId`: the environment it ran with (null: none), the active one unless named.
   */
  const keepRun = (scopes: Scopes, inCollection: string | null, environmentId = environments.state.activeId) => {
    const active = environments.state.environments.find((e) => e.id === environmentId) ?? null;
    const after = asTexts(scopes.environment);
    const before = active ? variablesOf(active) : {};
    // The run puts its target in baseUrl: that is the environment's own only when the environment has one.
    if (!active || !("baseUrl" in before)) delete after.baseUrl;
    const changed = active ? Object.entries(after).filter(([name, value]) => before[name] !== value) : [];
    const nextGlobals = asTexts(scopes.globals);
    const globalsChanged = JSON.stringify(nextGlobals) !== JSON.stringify(globals);
    if (changed.length || globalsChanged)
      environments.update((state) => ({
        ...state,
        globals: nextGlobals,
        environments: state.environments.map((env) => {
          if (env.id !== active?.id) return env;
          const list = env.variables.map((v) => {
            const hit = changed.find(([name]) => name === v.name.trim());
            return hit ? { ...v, value: hit[1] } : v;
          });
          for (const [name, value] of changed) if (!list.some((v) => v.name.trim() === name)) list.push({ name, value, secret: false });
          return { ...env, variables: list };
        }),
      }));
    if (inCollection) void collections.keepVariables(inCollection, asTexts(scopes.collectionVariables));
  };

  return { variables, environment, globals, environmentName, endpointPreview, bodyCheck, keepRun };
}

export type PageVariables = ReturnType<typeof useVariables>;
