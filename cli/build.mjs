// Bundles the CLI for `bin`: a cold start must stay under 200 ms, which rules
// out compiling TypeScript at every run. undici is split into its own chunk
// and loaded only when a request goes over real HTTP.
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const cliDir = dirname(fileURLToPath(import.meta.url));
const root = dirname(cliDir);
const binDir = join(cliDir, "bin");

for (const file of readdirSync(binDir)) {
  if (file !== "mockman.js" && file.startsWith("mockman")) rmSync(join(binDir, file));
}

const result = await build({
  entryPoints: { "mockman.bundle": join(cliDir, "index.ts") },
  outdir: binDir,
  chunkNames: "mockman-chunk-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minify: true,
  metafile: true,
  logLevel: "warning",
  // CommonJS dependencies call require() on node built-ins.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  absWorkingDir: root,
});

// The launcher compares these sources' times with the bundle's, so an edit is never run stale.
const sources = Object.keys(result.metafile.inputs)
  .filter((input) => !input.includes("node_modules") && input !== "package.json")
  .map((input) => relative(binDir, join(root, input)));
writeFileSync(join(binDir, "mockman.sources.js"), `export default ${JSON.stringify(sources)};\n`);
