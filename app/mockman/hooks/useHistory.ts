// The history list as React state over the Dexie store. Only a page of the
// newest entries is ever read and rendered, so 1,000 entries cost what 50 do.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { historyMatcher } from "../lib/filter";
import { HISTORY_PAGE, HistoryStore, type HistoryEntry } from "../lib/history";

export function useHistory() {
  const store = useRef<HistoryStore | null>(null);
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [limit, setLimit] = useState(HISTORY_PAGE);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [matched, setMatched] = useState(0);

  const open = () => (store.current ??= new HistoryStore());

  // Each read is numbered: an older search that answers after a newer one is dropped, not shown.
  const latest = useRef(0);
  const refresh = useCallback(async (upTo: number, search: string) => {
    const mine = ++latest.current;
    try {
      const history = open();
      let shown: HistoryEntry[];
      let matching: number;
      const count = await history.count();
      if (search.trim()) {
        // Searches every entry, not only the page shown.
        ({ entries: shown, matched: matching } = await history.search(historyMatcher(search), upTo));
      } else {
        shown = await history.newest(upTo);
        matching = count;
      }
      if (mine !== latest.current) return;
      setEntries(shown);
      setMatched(matching);
      setTotal(count);
      setProblem(null);
    } catch (error) {
      setProblem(`History is unavailable (IndexedDB): ${(error as Error).message}`);
    } finally {
      setReady(true);
    }
  }, []);

  useEffect(() => {
    // History lives in IndexedDB, outside React: reading it when the page size or the search
    // changes is an effect by nature (refresh sets state only once the read has come back).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh(limit, query);
  }, [refresh, limit, query]);

  useEffect(() => () => store.current?.close(), []);

  const run = useCallback(
    async (change: (history: HistoryStore) => Promise<unknown>) => {
      try {
        await change(open());
      } catch (error) {
        setProblem(`History could not be saved (IndexedDB): ${(error as Error).message}`);
        return;
      }
      await refresh(limit, query);
    },
    [refresh, limit, query],
  );

  // One object while nothing it holds changes: the History panel is memo'd on it, so a keystroke in the request form
  // does not re-render the list.
  return useMemo(
    () => ({
      entries,
      total,
      ready,
      problem,
      query,
      matched,
      setQuery: (text: string) => {
        setQuery(text);
        setLimit(HISTORY_PAGE);
      },
      showOlder: () => setLimit((n) => n + HISTORY_PAGE),
      add: (entry: HistoryEntry) => run((h) => h.add(entry)),
      remove: (id: number) => run((h) => h.remove(id)),
      clear: () => run((h) => h.clear()),
      byIds: (ids: number[]) => open().byIds(ids),
      all: () => open().all(),
    }),
    [entries, total, ready, problem, query, matched, run],
  );
}

export type History = ReturnType<typeof useHistory>;
