// The page's status line: the last thing it said, and whether that was a refusal; its user may dismiss it.
import { useCallback, useState } from "react";

export interface Notice {
  text: string;
  isError: boolean;
}

export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const say = useCallback((text: string, isError = false) => setNotice({ text, isError }), []);
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, say, dismiss };
}

export type Say = ReturnType<typeof useNotice>["say"];
