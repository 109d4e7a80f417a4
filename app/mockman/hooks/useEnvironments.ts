// The environments as React state over their IndexedDB record: read once, and
// written back after every change once the first read is in.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { EMPTY_STATE, EnvironmentStore, activeEnvironment, type EnvironmentState } from "../lib/environments";

export function useEnvironments() {
  const store = useRef<EnvironmentStore | null>(null);
  const [state, setState] = useState<EnvironmentState>(EMPTY_STATE);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const changed = useRef(false);

  useEffect(() => {
    let live = true;
    store.current = new EnvironmentStore();
    store.current
      .load()
      .then((loaded) => {
        // A change made before the read finished wins over what was stored.
        if (live && !changed.current) setState(loaded);
      })
      .catch((error: Error) => live && setProblem(`Environments are not kept after this visit: ${error.message}`))
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!ready || !changed.current || !store.current) return;
    store.current.save(state).catch((error: Error) => setProblem(`Environments are not kept after this visit: ${error.message}`));
  }, [state, ready]);

  const update = useCallback((change: (state: EnvironmentState) => EnvironmentState) => {
    changed.current = true;
    setState(change);
  }, []);

  // One object while nothing it holds changes: the Environments dialog is memo'd on it.
  return useMemo(() => ({ state, active: activeEnvironment(state), ready, problem, update }), [state, ready, problem, update]);
}

export type Environments = ReturnType<typeof useEnvironments>;
