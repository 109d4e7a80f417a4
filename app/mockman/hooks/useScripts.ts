// Scripts on Send: a request whose scripts (its own, its folders' or its
// collection's) would run goes through the tester's engine in the run worker
// (lib/run-client.ts, loaded on the first such Send): pre-request scripts, the
// request with the variables they set, then the test scripts. The answer the
// page shows is that request's own, its test results beside it (kept with the
// tab's answer, lib/tabs.ts).
// What the scripts set is kept for the next Send (hooks/useVariables.ts keepRun):
// environment, globals and the collection's variables.
import { findItem, type SavedCollection } from "../lib/saved";
import { sendItem, signingOf, type Signing } from "../lib/send-item";
import { sendCollection, sendRunsPreRequest, sendRunsScripts, type TestRun } from "../lib/scripts";
import type { Outcome } from "../lib/send";
import type { RequestTab } from "../lib/tabs";
import type { Collections } from "./useCollections";
import type { PageVariables } from "./useVariables";

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
   * Postman's own body builder in the run worker) gives test results only when they have something to say.
   */
  const send = async (tab: RequestTab, scripts = true): Promise<{ outcome: Outcome; url: string; tests?: TestRun }> => {
    const { postman, savedId, item: saved } = where(tab);
    const { item, files } = sendItem(tab, saved);
    const outcomes: Array<{ method: string; url: string; outcome: Outcome }> = [];
    const keep = (run: TestRun) => {
      const says = run.error || run.notes.length || run.result?.warnings?.length || run.result?.assertions?.length;
      return scripts || says ? { tests: run } : {};
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
      const tests = keep({ result, notes });
      vars.keepRun(scopes, tab.saved?.collectionId ?? null);
      // The request's own answer: the one sent to its path (a pm.sendRequest may have gone before or after).
      const own = result && outcomes.find((o) => o.method === result.method && o.url.endsWith(result.path));
      if (own) return { outcome: own.outcome, url: own.url, ...tests };
      return {
        outcome: { kind: "failure", error: `Not sent: ${result?.error ?? "the scripts stopped it"}`, ms: result?.ms ?? 0 },
        url: tab.endpoint,
        ...tests,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        outcome: { kind: "failure", error: `Scripts could not run: ${message}`, ms: 0 },
        url: tab.endpoint,
        ...keep({ error: message, notes }),
      };
    }
  };

  return { applies, setsVariables, signing, send };
}
