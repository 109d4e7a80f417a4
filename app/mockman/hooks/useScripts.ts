// Scripts on Send: a request whose scripts (its own, its folders' or its
// collection's) would run goes through the tester's engine in the run worker
// (lib/run-client.ts, loaded on the first such Send): pre-request scripts, the
// request with the variables they set, then the test scripts. The answer the
// page shows is that request's own; each tab keeps its last test results.
// What the scripts set is kept for the next Send (hooks/useVariables.ts keepRun):
// environment, globals and the collection's variables.
import { useState } from "react";
import type { ReplayResult } from "#mock/tester/engine/reporters";
import { findItem, type SavedCollection } from "../lib/saved";
import { sendItem, signingOf, type Signing } from "../lib/send-item";
import { sendCollection, sendRunsPreRequest, sendRunsScripts } from "../lib/scripts";
import type { Outcome } from "../lib/send";
import type { RequestTab } from "../lib/tabs";
import type { Collections } from "./useCollections";
import type { PageVariables } from "./useVariables";

/** What a Send's scripts made: the request's result (assertions, script errors), or why the run failed. */
export interface TestRun {
  result?: ReplayResult;
  error?: string;
  notes: string[];
}

/** The saved request a tab edits, in its collection; nulls when it has none or it is gone. */
function find(collections: SavedCollection[], tab: RequestTab) {
  const saved = tab.saved ? collections.find((c) => c.id === tab.saved!.collectionId) : undefined;
  const savedId = saved ? tab.saved!.itemId : null;
  const item = saved && savedId ? findItem(saved.postman.item ?? [], savedId)?.item : undefined;
  return { postman: saved?.postman ?? null, savedId: item ? savedId : null, item };
}

// Each list of collections (a new array on every change) with what was looked up in it: the Send's checks and the
// page's notes ask on every render, a collection search and a tree walk each (6 µs at 1,000 requests, tsx on this machine).
const lookups = new WeakMap<SavedCollection[], Map<string, ReturnType<typeof find>>>();

function locate(collections: SavedCollection[], tab: RequestTab) {
  const key = tab.saved ? `${tab.saved.collectionId}\n${tab.saved.itemId}` : "";
  let known = lookups.get(collections);
  if (!known) lookups.set(collections, (known = new Map()));
  let hit = known.get(key);
  if (!hit) known.set(key, (hit = find(collections, tab)));
  return hit;
}

// Each tab (a new object on every change) with what its Send does that its form does not show, for the list of collections it was read from.
const signings = new WeakMap<RequestTab, { collections: SavedCollection[]; signing: Signing }>();

/**
 * What a tab's Send does that its form does not show: whether it goes through the engine (path variables, an
 * auth only the engine applies), what signs it and where its commands go; once per tab and list of collections
 * (the Send's checks and the page's notes ask on every render), read again when either changes.
 */
export function signingFor(collections: SavedCollection[], tab: RequestTab): Signing {
  const known = signings.get(tab);
  if (known?.collections === collections) return known.signing;
  const { postman, item } = locate(collections, tab);
  const signing = signingOf(tab, postman, item);
  signings.set(tab, { collections, signing });
  return signing;
}

export function useScripts(collections: Collections, vars: PageVariables) {
  const [runs, setRuns] = useState<Record<string, TestRun>>({});
  const where = (tab: RequestTab) => locate(collections.collections, tab);

  const applies = (tab: RequestTab) => {
    const { postman, savedId } = where(tab);
    return sendRunsScripts(tab.scripts, postman, savedId);
  };

  const signing = (tab: RequestTab) => signingFor(collections.collections, tab);

  /** A pre-request script may set the variables the request uses: then nothing is judged undefined before it runs. */
  const setsVariables = (tab: RequestTab) => {
    const { postman, savedId } = where(tab);
    return sendRunsPreRequest(tab.scripts, postman, savedId);
  };

  /**
   * Runs the tab as a one-request collection. A Send without scripts (a body other than JSON, built by
   * Postman's own body builder in the run worker) keeps a test run only when it has something to say.
   */
  const send = async (tab: RequestTab, scripts = true): Promise<{ outcome: Outcome; url: string }> => {
    const { postman, savedId, item: saved } = where(tab);
    const { item, files } = sendItem(tab, saved);
    const outcomes: Array<{ method: string; url: string; outcome: Outcome }> = [];
    const keep = (run: TestRun) => {
      const says = run.error || run.notes.length || run.result?.warnings?.length || run.result?.assertions?.length;
      if (scripts || says) setRuns((all) => ({ ...all, [tab.id]: run }));
    };
    let notes: string[] = [];
    // Where it goes, as a plain Send: a path to this page's mock, a typed http(s) URL to its server (the engine
    // would otherwise send any URL's path to the run's base); a {{variable}} lets the engine pick the server.
    const endpoint = tab.endpoint.trim();
    const base = endpoint.startsWith("/") ? "" : /^https?:\/\/[^/{}]+/i.test(endpoint) ? new URL(endpoint).origin : undefined;
    try {
      const { startRun } = await import("../lib/run-client");
      const run = startRun(
        {
          collection: sendCollection(item, postman, savedId),
          environment: vars.environment,
          globals: vars.globals,
          data: [],
          folders: [],
          file: item.name!,
          ...(files ? { files } : {}),
          ...(base === undefined ? {} : { baseUrl: base }),
        },
        { onReady: (info) => (notes = info.notes), onOutcome: (request, outcome) => outcomes.push({ ...request, outcome }) },
      );
      const { report, scopes } = await run.done;
      const result = report.results[0];
      keep({ result, notes });
      vars.keepRun(scopes, tab.saved?.collectionId ?? null);
      // The request's own answer: the one sent to its path (a pm.sendRequest may have gone before or after).
      const own = result && outcomes.find((o) => o.method === result.method && o.url.endsWith(result.path));
      if (own) return { outcome: own.outcome, url: own.url };
      return {
        outcome: { kind: "failure", error: `Not sent: ${result?.error ?? "the scripts stopped it"}`, ms: result?.ms ?? 0 },
        url: tab.endpoint,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      keep({ error: message, notes });
      return { outcome: { kind: "failure", error: `Scripts could not run: ${message}`, ms: 0 }, url: tab.endpoint };
    }
  };

  return { runs, applies, setsVariables, signing, send };
}
