// The page's dialogs: Code (loaded on first open only, it brings httpsnippet),
// Environments and Paste cURL.
import { Suspense, lazy } from "react";
import { DEFAULT_BASE_URL } from "../lib/curl";
import type { Variables } from "../lib/variables";
import type { BaseUrl } from "../hooks/useBaseUrl";
import type { CurlTools } from "../hooks/useCurlTools";
import type { Dialogs } from "../hooks/useDialogs";
import type { Environments } from "../hooks/useEnvironments";
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
}

export function MockmanDialogs({ dialogs, curl, baseUrl, environments, variables, environmentName }: Props) {
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
            baseUrl={baseUrl.check.ok ? baseUrl.check.url : DEFAULT_BASE_URL}
          />
        </Suspense>
      )}
      <EnvironmentDialog open={dialogs.environmentOpen} environments={environments} onClose={() => dialogs.setEnvironmentOpen(false)} />
      <CurlDialog open={dialogs.curlOpen} onClose={() => dialogs.setCurlOpen(false)} onFill={curl.fillFromDialog} />
    </>
  );
}
