// The window event an import's progress arrives by: app/lib/data-tools.ts fires it with a Progress as detail,
// Settings > Import (app/components/settings/ImportData.tsx) shows it. A module of its own, so Node can read the
// name (tests/e2e/scale.spec.ts listens for it) without the app's React and Remix modules.
export const IMPORT_PROGRESS_EVENT = "moments:import-progress";
