#!/usr/bin/env node
// The `mockman` bin. It runs the bundle `npm run build:cli` makes, through
// vm.Script with a V8 code cache in node_modules/.cache (a fast cold start).
// In a checkout (cli/index.ts beside it), before the first build or after an
// edit to the sources, it runs the TypeScript through tsx instead. An installed
// package has no sources and no tsx: the bundle is the program there.
import { createRequire, Module } from "node:module";

// require(), not import: an ESM import of node:fs builds a facade that loads all of fs's lazy parts (~10 ms).
const require = createRequire(import.meta.url);
const { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require("node:fs");
const { fileURLToPath } = require("node:url");
const vm = require("node:vm");

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const bundle = here("./mockman.bundle.js");
const checkout = existsSync(here("../index.ts"));
// node_modules/.cache: the checkout's, or for an installed package the node_modules it is installed in.
const installedIn = bundle.lastIndexOf("/node_modules/");
const cacheDir =
  checkout || installedIn < 0 ? here("../../node_modules/.cache/mockman") : `${bundle.slice(0, installedIn)}/node_modules/.cache/mockman`;
// V8 checks a code cache against its source's length only: a rebuilt bundle of the same length would
// run on the old bundle's compiled functions (a SyntaxError deep in a lazy function). So the cache is
// named by the bundle's size and time as well as Node's version.
const cacheFile = (() => {
  try {
    const { size, mtimeMs } = statSync(bundle);
    return `${cacheDir}/bundle-${process.version}-${size}-${Math.round(mtimeMs)}.v8`;
  } catch {
    return `${cacheDir}/bundle-${process.version}.v8`;
  }
})();

/** The bundle's source, unless a file it was built from changed since (then run from source). */
function freshBundle() {
  let source;
  try {
    source = readFileSync(bundle, "utf8");
  } catch {
    if (checkout) return undefined; // No bundle yet (fresh checkout): run from source.
    process.stderr.write(
      "mockman: this install has no cli/bin/mockman.bundle.js, the program itself; the package was packed without it. Reinstall from a tarball `npm pack` made (it builds the bundle first)\n",
    );
    process.exit(1);
  }
  if (!checkout) return source;
  if (process.env.MOCKMAN_FROM_SOURCE === "1") return undefined; // asked for: the TypeScript, as after an edit
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
      // The caches of earlier builds are never read again.
      for (const name of readdirSync(cacheDir))
        if (name.startsWith("bundle-") && name.endsWith(".v8") && `${cacheDir}/${name}` !== cacheFile) rmSync(`${cacheDir}/${name}`, { force: true });
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
  const { register } = await import("tsx/esm/api").catch(() => {
    process.stderr.write("mockman: no bundle to run and no tsx to run the sources: run npm install (or npm run build:cli) in this checkout\n");
    process.exit(1);
  });
  register();
  // After tsx's, so they run first: `file?raw` imports (the script sandbox's runtime) read as Vite and the bundle read them.
  const { registerRawText } = await import(new URL("../raw-text.mjs", import.meta.url).href);
  registerRawText();
  const { main } = await import(new URL("../index.ts", import.meta.url).href);
  await main();
}
