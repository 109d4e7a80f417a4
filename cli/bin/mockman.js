#!/usr/bin/env node
// The `mockman` bin. It runs the bundle `npm run build:cli` makes (fast start),
// or, from a fresh checkout or after an edit to the sources, the TypeScript through tsx.
import { statSync } from "node:fs";

const here = (path) => new URL(path, import.meta.url);

async function bundleIfFresh() {
  try {
    const built = statSync(here("./mockman.bundle.js")).mtimeMs;
    const { default: sources } = await import(here("./mockman.sources.js").href);
    const stale = sources.find((source) => statSync(here(source)).mtimeMs > built);
    if (stale) process.stderr.write(`mockman: ${stale} changed since the last build; running from source (npm run build:cli to start fast again)\n`);
    return stale ? undefined : here("./mockman.bundle.js").href;
  } catch {
    return undefined;
  }
}

let entry = await bundleIfFresh();
if (!entry) {
  const { register } = await import("tsx/esm/api");
  register();
  entry = here("../index.ts").href;
}
const { main } = await import(entry);
await main();
