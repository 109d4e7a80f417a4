// The latest value of a prop or callback, for listeners set up once (keydown,
// a virtualizer's callbacks): written after each render, never during one.
import { useLayoutEffect, useRef, useState } from "react";

export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

type Actions = Record<string, (...args: never[]) => unknown>;

/**
 * `actions` as one object for the component's life, each function calling the latest render's: what a memo'd
 * component is handed stays the same while the state those functions read changes.
 */
export function useStableActions<T extends Actions>(actions: T): T {
  const latest = useLatest(actions);
  const [stable] = useState(
    () => Object.fromEntries(Object.keys(actions).map((name) => [name, (...args: never[]) => latest.current[name](...args)])) as T,
  );
  return stable;
}
