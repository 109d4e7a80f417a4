// The latest value of a prop or callback, for listeners set up once (keydown,
// a virtualizer's callbacks): written after each render, never during one.
import { useLayoutEffect, useRef } from "react";

export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
