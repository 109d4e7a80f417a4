// Which of the page's dialogs are open. The Code dialog is null until first
// opened: its code (and httpsnippet) loads then.
import { useMemo, useState } from "react";

export function useDialogs() {
  const [curlOpen, setCurlOpen] = useState(false);
  const [codeOpen, setCodeOpen] = useState<boolean | null>(null);
  const [environmentOpen, setEnvironmentOpen] = useState(false);
  return useMemo(
    () => ({ curlOpen, setCurlOpen, codeOpen, setCodeOpen, environmentOpen, setEnvironmentOpen }),
    [curlOpen, codeOpen, environmentOpen],
  );
}
