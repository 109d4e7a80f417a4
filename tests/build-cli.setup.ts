// vitest globalSetup: builds the CLI bundle once before any suite runs, so every
// process test runs the bin users run (cli/bin/mockman.js on a fresh bundle),
// never a stale bundle and never the TypeScript through tsx.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

export default function buildCli(): void {
  const root = resolve(import.meta.dirname, "..");
  execFileSync(process.execPath, [resolve(root, "cli/build.mjs")], { cwd: root, stdio: "inherit" });
}
