#!/usr/bin/env node
// The `mockman` bin. It runs the bundle `npm run build:cli` makes, through
// vm.Script with a V8 code cache in node_modules/.cache (a fast cold start);
// from a fresh checkout, or after an edit to the sources, the TypeScript through tsx.
import { createRequire, Module } from "node:module";

// require(), not import: an ESM import of node:fs builds a facade that loads all of fs's lazy parts (~10 ms).
const require = createRequire(import.meta.url);
const { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require("node:fs");
const { fileURLToPath } = require("node:url");
const vm = require("node:vm");

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const bundle = here("./mockman.bundle.js");
const cacheDir = here("../../node_modules/.cache/mockman");
const cacheFile = `${cacheDir}/bundle-${process.version}.v8`;

/** The bundle's source, unless a file it was built from changed since (then run from source). */
function freshBundle() {
  let source;
  try {
    source = readFileSync(bundle, "utf8");
  } catch {
    return undefined; // No bundle yet (fresh checkout): run from source.
  }
  const built = statSync(bundle).mtimeMs;
  const sources = JSON.parse(source.slice(0, source.indexOf("\n")).replace("// mockman-sources ", ""));
  const changed = (file) => {
    try {
      return statSync(here(file)).mtimeMs > built;
    } catch {
      return true; // moved or deleted: the bundle no longer matches the tree
    }
  };
  const stale = sources.find(changed);
  if (!stale) return source;
  process.stderr.write(`mockman: ${stale} changed since the last build; running from source (npm run build:cli to start fast again)\n`);
  return undefined;
}

function loadBundle(source) {
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // No code cache yet: V8 compiles from source this time.
  }
  const script = new vm.Script(Module.wrap(source), { filename: bundle, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, here("."));
  const saveCache = () => {
    if (cachedData && !script.cachedDataRejected) return;
    try {
      // After the run, so the functions it compiled are in the cache too.
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(`${cacheFile}.${process.pid}`, script.createCachedData());
      renameSync(`${cacheFile}.${process.pid}`, cacheFile);
    } catch {
      // A cache that cannot be written only costs the next start some milliseconds.
    }
  };
  return { main: module.exports.main, saveCache };
}

const source = freshBundle();
if (source) {
  const { main, saveCache } = loadBundle(source);
  await main();
  saveCache();
} else {
  const { register } = await import("tsx/esm/api");
  register();
  const { main } = await import(new URL("../index.ts", import.meta.url).href);
  await main();
}
