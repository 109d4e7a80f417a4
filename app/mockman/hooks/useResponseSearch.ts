// The response's search box: the body and headers narrowed to what matches.
// Typing stays responsive on a big body (the tree follows a moment later), and
// a large answer is searched by the worker that holds it.
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { filterTree, searchStatus } from "../lib/filter";
import type { Found, LargeJson } from "../lib/large-json";
import type { TesterResponse } from "../lib/send";

export function useResponseSearch(response: TesterResponse) {
  const [query, setQuery] = useState("");
  const search = useDeferredValue(query.trim());
  const body = useMemo(() => (search && response.isJson && !response.tree ? filterTree(response.body, search) : null), [search, response]);
  const headers = useMemo(() => (search ? filterTree(response.headers, search) : null), [search, response]);
  // A large answer is searched by the worker that holds it; null while it looks.
  const inWorker = useWorkerSearch(response.tree, query.trim());
  const searching = response.tree !== undefined && search !== "" && inWorker === null;
  const found = (body?.matches ?? 0) + (inWorker?.matches ?? 0) + (headers?.matches ?? 0);
  return { query, setQuery, search, body, headers, inWorker, searching, status: searchStatus(search, searching, found) };
}

export type ResponseSearch = ReturnType<typeof useResponseSearch>;

/**
 * The search of a large answer, run by the worker: a moment after the typing
 * stops, one search at a time, and only the latest query is sent on.
 */
function useWorkerSearch(tree: LargeJson | undefined, query: string): Found | null {
  const [done, setDone] = useState<{ tree: LargeJson; query: string; found: Found } | null>(null);
  const wanted = useRef(query);
  const busy = useRef(false);
  useEffect(() => {
    wanted.current = query;
    if (!tree || !query) return;
    const run = () => {
      if (busy.current) return;
      busy.current = true;
      const asked = wanted.current;
      const settle = (found: Found | null) => {
        busy.current = false;
        if (wanted.current !== asked) {
          if (wanted.current) run();
        } else if (found) setDone({ tree, query: asked, found });
      };
      tree.search(asked).then(settle, () => settle({ matches: 0, nodes: 0 }));
    };
    const timer = setTimeout(run, 150);
    return () => clearTimeout(timer);
  }, [tree, query]);
  return tree && query && done?.tree === tree && done.query === query ? done.found : null;
}
