// Bundles the CLI for `bin`: a cold start must stay under 200 ms, which rules
// out compiling TypeScript at every run. One CommonJS file, so the launcher
// can load it through vm.Script with a V8 code cache (Node 20 has no compile
// cache for modules). undici stays outside and loads only for real HTTP.
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { ALIASES } from "../mock/stubs/aliases.mjs";

const cliDir = dirname(fileURLToPath(import.meta.url));
const root = dirname(cliDir);
const binDir = join(cliDir, "bin");

for (const file of readdirSync(binDir)) {
  if (file !== "mockman.js" && file.startsWith("mockman")) rmSync(join(binDir, file));
}

/** commander loads child_process at start-up for executable subcommands, which mockman has none of: load it on first use. */
const lazyChildProcess = {
  name: "lazy-child-process",
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes("node_modules/commander") ? { path: "child_process", namespace: "lazy" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy" }, () => ({
      contents: 'module.exports = new Proxy({}, { get: (_, key) => require("node:child_process")[key] });',
      loader: "js",
    }));
  },
};

/** The app build's aliases (mock/stubs/aliases.mjs), so the CLI ships no Pretender and its polyfills either. */
const aliases = {
  name: "aliases",
  setup(b) {
    for (const { find, replacement } of ALIASES) {
      b.onResolve({ filter: find }, (args) =>
        b.resolve(args.path.replace(find, replacement), { kind: args.kind, resolveDir: args.resolveDir, pluginData: "aliased" }),
      );
    }
  },
};

const result = await build({
  entryPoints: [join(cliDir, "index.ts")],
  outfile: join(binDir, "mockman.bundle.js"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // undici and faker stay outside the bundle and load only when a command needs them.
  external: ["undici", "@faker-js/faker"],
  minify: true,
  metafile: true,
  logLevel: "warning",
  absWorkingDir: root,
  plugins: [aliases, lazyChildProcess],
});

// First line: the sources, which the launcher compares with the bundle's time so an edit never runs stale.
const sources = Object.keys(result.metafile.inputs)
  .filter((input) => !input.includes("node_modules") && !input.includes(":") && input !== "package.json")
  .map((input) => relative(binDir, join(root, input)));
const out = join(binDir, "mockman.bundle.js");
writeFileSync(out, `// mockman-sources ${JSON.stringify(sources)}\n${readFileSync(out, "utf8")}`);
