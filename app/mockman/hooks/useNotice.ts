// The page's status line: the last thing it said, and whether that was a refusal; its user may dismiss it.
import { useCallback, useState } from "react";

export interface Notice {
  text: string;
  isError: boolean;
  /** Counts what was said: the same words said again are a new notice, written anew so a screen reader says them again. */
  seq: number;
}

let said = 0;

export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const say = useCallback((text: string, isError = false) => setNotice({ text, isError, seq: ++said }), []);
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, say, dismiss };
}

export type Say = ReturnType<typeof useNotice>["say"];
