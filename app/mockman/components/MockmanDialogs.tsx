// The page's dialogs: Code (loaded on first open only, it brings httpsnippet),
// Environments and Paste cURL.
import { Suspense, lazy, useCallback } from "react";
import { DEFAULT_BASE_URL } from "../lib/curl";
import type { Variables } from "../lib/variables";
import type { BaseUrl } from "../hooks/useBaseUrl";
import type { CurlTools } from "../hooks/useCurlTools";
import type { Dialogs } from "../hooks/useDialogs";
import type { Environments } from "../hooks/useEnvironments";
import type { Signature } from "../hooks/useSignature";
import { CurlDialog } from "./CurlDialog";
import { EnvironmentDialog } from "./EnvironmentDialog";

const CodeDialog = lazy(() => import("./CodeDialog"));

interface Props {
  dialogs: Dialogs;
  curl: CurlTools;
  baseUrl: BaseUrl;
  environments: Environments;
  variables: Variables;
  environmentName: string | null;
  /** What signs the request at send time that its headers do not carry, written in or said (hooks/useSignature.ts). */
  signature: Signature | null;
}

export function MockmanDialogs({ dialogs, curl, baseUrl, environments, variables, environmentName, signature }: Props) {
  // Environments and Paste cURL are memo'd: the same closers for the page's life, so typing in the form passes them by.
  const { setEnvironmentOpen, setCurlOpen } = dialogs;
  const closeEnvironment = useCallback(() => setEnvironmentOpen(false), [setEnvironmentOpen]);
  const closeCurl = useCallback(() => setCurlOpen(false), [setCurlOpen]);
  return (
    <>
      {dialogs.codeOpen !== null && (
        <Suspense fallback={null}>
          <CodeDialog
            open={dialogs.codeOpen}
            onClose={() => dialogs.setCodeOpen(false)}
            request={curl.codeRequest}
            variables={variables}
            environmentName={environmentName}
            signature={signature}
            baseUrl={baseUrl.check.ok ? baseUrl.check.url : DEFAULT_BASE_URL}
          />
        </Suspense>
      )}
      <EnvironmentDialog open={dialogs.environmentOpen} environments={environments} onClose={closeEnvironment} />
      <CurlDialog open={dialogs.curlOpen} onClose={closeCurl} onFill={curl.fillFromDialog} />
    </>
  );
}
