// The history list as React state over the Dexie store. Only a page of the
// newest entries is ever read and rendered, so 1,000 entries cost what 50 do.
import { useCallback, useEffect, useRef, useState } from "react";
import { HISTORY_PAGE, HistoryStore, type HistoryEntry } from "./lib/history";

export interface History {
  entries: HistoryEntry[];
  total: number;
  ready: boolean;
  problem: string | null;
  showOlder(): void;
  add(entry: HistoryEntry): Promise<void>;
  addMany(entries: HistoryEntry[]): Promise<void>;
  remove(id: number): Promise<void>;
  clear(): Promise<void>;
  byIds(ids: number[]): Promise<HistoryEntry[]>;
  all(): Promise<HistoryEntry[]>;
}

export function useHistory(): History {
  const store = useRef<HistoryStore | null>(null);
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [limit, setLimit] = useState(HISTORY_PAGE);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const open = () => (store.current ??= new HistoryStore());

  const refresh = useCallback(async (upTo: number) => {
    try {
      const history = open();
      const [page, count] = await Promise.all([history.newest(upTo), history.count()]);
      setEntries(page);
      setTotal(count);
      setProblem(null);
    } catch (error) {
      setProblem(`History is unavailable (IndexedDB): ${(error as Error).message}`);
    } finally {
      setReady(true);
    }
  }, []);

  useEffect(() => {
    void refresh(limit);
  }, [refresh, limit]);

  useEffect(() => () => store.current?.close(), []);

  const run = useCallback(
    async (change: (history: HistoryStore) => Promise<unknown>) => {
      try {
        await change(open());
      } catch (error) {
        setProblem(`History could not be saved (IndexedDB): ${(error as Error).message}`);
        return;
      }
      await refresh(limit);
    },
    [refresh, limit],
  );

  return {
    entries,
    total,
    ready,
    problem,
    showOlder: () => setLimit((n) => n + HISTORY_PAGE),
    add: (entry) => run((h) => h.add(entry)),
    addMany: (list) => run((h) => h.addMany(list)),
    remove: (id) => run((h) => h.remove(id)),
    clear: () => run((h) => h.clear()),
    byIds: (ids) => open().byIds(ids),
    all: () => open().all(),
  };
}
