// /settings: appearance (light or dark), and the data tools that connect the
// browser's mock with the mockman CLI: export, import, reset.
import { useFetcher, type MetaFunction } from "@remix-run/react";
import { RouteErrorBoundary } from "#app/components/RouteErrorBoundary";
import { ExportData } from "#app/components/settings/ExportData";
import { ImportData } from "#app/components/settings/ImportData";
import { RequireAltSwitch } from "#app/components/settings/RequireAltSwitch";
import { ResetData } from "#app/components/settings/ResetData";
import { ThemeChoice } from "#app/components/settings/ThemeChoice";
import { apiTarget } from "#app/lib/api-target";
import { dataToolActions, type DataToolActionData } from "#app/lib/data-tools";

export const clientAction = dataToolActions;

export default function Settings() {
  const fetcher = useFetcher<DataToolActionData>({ key: "data-tools" });
  // Settings renders in the browser only (SPA), so localStorage is there.
  const server = apiTarget();
  return (
    <div className="page">
      <div className="page__column">
        <h1 className="page__title">Settings</h1>
        <section className="card settings-section" aria-labelledby="appearance-title">
          <h2 id="appearance-title" className="section-title">
            Appearance
          </h2>
          <ThemeChoice />
        </section>
        <section className="card settings-section" aria-labelledby="posting-title">
          <h2 id="posting-title" className="section-title">
            Posting
          </h2>
          <RequireAltSwitch />
        </section>
        <section className="card settings-section" aria-labelledby="data-title">
          <h2 id="data-title" className="section-title">
            Your data
          </h2>
          <p className="settings-section__lede">
            Moments runs on a mock API inside this browser; its data lives in this browser's IndexedDB. These tools move it in and out, as
            the <code>mockman</code> CLI does on the command line.
          </p>
          {server ? (
            <p>
              Moments is using the API at <strong>{server}</strong>. Export, import or reset that server&apos;s data with the CLI, e.g.{" "}
              <code>npm run mockman -- export backup.json</code> on the store it serves.
            </p>
          ) : (
            <>
              <ExportData />
              <ImportData fetcher={fetcher} />
              <ResetData fetcher={fetcher} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Settings · Moments" }];

export const ErrorBoundary = RouteErrorBoundary;
