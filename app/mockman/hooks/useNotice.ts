// The page's status line: the last thing it said, and whether that was a refusal.
import { useCallback, useState } from "react";

export interface Notice {
  text: string;
  isError: boolean;
}

export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const say = useCallback((text: string, isError = false) => setNotice({ text, isError }), []);
  return { notice, say };
}

export type Say = ReturnType<typeof useNotice>["say"];
