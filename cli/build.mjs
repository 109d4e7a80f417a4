// Bundles the CLI for `bin`: a cold start must stay under 200 ms, which rules
// out compiling TypeScript at every run. One CommonJS file, so the launcher
// can load it through vm.Script with a V8 code cache (Node 20 has no compile
// cache for modules). undici and faker go into files of their own, required
// only by the commands that need them, so the bin needs nothing from
// node_modules at run time: an installed package runs on cli/bin/ alone.
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { ALIASES } from "../mock/stubs/aliases.mjs";

const cliDir = dirname(fileURLToPath(import.meta.url));
const root = dirname(cliDir);
const binDir = join(cliDir, "bin");

/**
 * The packages loaded on first use, each bundled into a file of its own beside the bundle, with the names
 * the CLI imports from it (cli/exchange.ts, cli/seed-data.ts): a name missing here is undefined at run
 * time, which the bin's tests (request --base-url, seed) catch.
 */
const VENDORED = {
  undici: { file: "mockman.undici.cjs", names: ["Agent"] },
  "@faker-js/faker": { file: "mockman.faker.cjs", names: ["Faker", "base", "en"] },
};

/**
 * Our modules loaded on first use, each bundled into a file of its own, by the import() that loads it: the script
 * sandbox's engine and sources (QuickJS with its wasm, chai, lodash...: 1.5 MB), loaded by sandbox.ts; a Postman
 * request's model, body builder and authorizers (postman-collection, postman-url-encoder, postman-runtime's
 * lib/authorizer and lib/requester/core-body-builder, Postman's dynamic variables: 1.8 MB), loaded by postman-run.ts
 * for its first request, by sandbox.ts for a script's pm.sendRequest, by dynamic.ts for its table of dynamic
 * variables, and by cli/exports.ts for replay's --export-environment, --export-globals and --export-collection; an answer's text in its charset as Newman decodes it (cli/answer-text.ts: iconv-lite's tables and the
 * lodash postman-collection's helper loads, 0.6 MB), loaded by exchange.ts for its HTTP sender and an in-process binary
 * body's text; a formdata body as postman-request writes it (cli/form-data.ts: @postman/form-data with its
 * combined-stream and mime-types), loaded by replay.ts for the first formdata body it sends.
 */
const LAZY_PARTS = [
  {
    file: "mockman.sandbox.cjs",
    entry: join(root, "mock/tester/sandbox/libraries.ts"),
    specifiers: ["./libraries"],
    importers: [join("sandbox", "sandbox.ts")],
  },
  {
    file: "mockman.wire.cjs",
    entry: join(root, "mock/tester/engine/wire.ts"),
    specifiers: ["./wire", "../engine/wire", "#mock/tester/engine/wire"],
    importers: [join("engine", "postman-run.ts"), join("sandbox", "sandbox.ts"), join("cli", "exports.ts")],
  },
  {
    file: "mockman.form-data.cjs",
    entry: join(root, "cli/form-data.ts"),
    specifiers: ["../form-data"],
    importers: [join("commands", "replay.ts")],
  },
  {
    file: "mockman.junit.cjs",
    entry: join(root, "mock/tester/engine/newman-junit.ts"),
    specifiers: ["#mock/tester/engine/newman-junit"],
    importers: [join("commands", "replay.ts")],
    shares: true,
  },
  {
    file: "mockman.answer-text.cjs",
    entry: join(root, "cli/answer-text.ts"),
    specifiers: ["./answer-text"],
    importers: [join("cli", "exchange.ts")],
  },
];
/**
 * Newman's junit reporter (engine/newman-junit.ts) needs newman/lib/util, which loads postman-collection (the wire
 * part's: its `sdk`, so the Collection it reads is of the same module), and postman-request and chardet, which the
 * reporter never calls (util's request and encoding helpers): empty modules here, 1.9 MB not shipped twice or at all.
 */
const junitShares = {
  name: "junit-shares",
  setup(b) {
    b.onResolve({ filter: /^(postman-collection|postman-request|chardet)$/ }, (args) => ({ path: args.path, namespace: "junit-shares" }));
    b.onResolve({ filter: /^\.\/mockman\.wire\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: "junit-shares" }, (args) => ({
      contents: args.path === "postman-collection" ? 'module.exports = require("./mockman.wire.cjs").sdk;' : "module.exports = {};",
      loader: "js",
    }));
  },
};

/** Postman's dynamic variables, loaded by dynamic.ts on first use: the table the request builder's file holds (wire.ts exports it). */
const DYNAMIC_TABLE = "postman-collection/lib/superstring/dynamic-variables.js";
const lazyParts = {
  name: "lazy-parts",
  setup(b) {
    for (const part of LAZY_PARTS) {
      b.onResolve({ filter: new RegExp(`^(${part.specifiers.map((s) => s.replace(/[.]/g, "\\.")).join("|")})$`) }, (args) =>
        args.kind === "dynamic-import" && part.importers.some((importer) => args.importer.endsWith(importer))
          ? { path: `./${part.file}`, namespace: "lazy-require" }
          : undefined,
      );
    }
    b.onResolve({ filter: /^\.\/mockman\.(sandbox|wire|form-data|answer-text|junit)\.cjs$/ }, (args) => ({
      path: args.path,
      external: true,
    }));
    b.onResolve({ filter: new RegExp(`^${DYNAMIC_TABLE.replace(/[./]/g, "\\$&")}$`) }, (args) =>
      args.kind === "dynamic-import" && args.importer.endsWith(join("engine", "dynamic.ts"))
        ? { path: DYNAMIC_TABLE, namespace: "wire-table" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "wire-table" }, () => ({
      // As the package's own file: its table is module.exports, which import() gives as the default export.
      contents: 'module.exports = require("./mockman.wire.cjs").DYNAMIC_VARIABLES;',
      loader: "js",
    }));
  },
};

/**
 * Imports of a vendored package become require() of its file. An import() too: the bundle is CommonJS
 * run through vm.Script, where import() has no loader to call ("A dynamic import callback was not specified").
 */
const vendored = {
  name: "vendored",
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${Object.keys(VENDORED).join("|")})$`) }, (args) =>
      args.kind === "dynamic-import"
        ? { path: args.path, namespace: "lazy-require" }
        : { path: `./${VENDORED[args.path].file}`, external: true },
    );
    b.onLoad({ filter: /.*/, namespace: "lazy-require" }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: "js",
    }));
  },
};

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

/** `import text from "file?raw"` as Vite reads it: the file's text (the script sandbox's runtime and libraries, mock/tester/sandbox/libraries.ts). */
const rawText = {
  name: "raw-text",
  setup(b) {
    // Resolved as Node resolves it, past the aliases: `lodash/lodash.min.js?raw` is lodash's own file.
    b.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: createRequire(join(args.resolveDir, "importer.js")).resolve(args.path.slice(0, -"?raw".length)),
      namespace: "raw-text",
    }));
    b.onLoad({ filter: /.*/, namespace: "raw-text" }, (args) => ({ contents: readFileSync(args.path, "utf8"), loader: "text" }));
  },
};

const common = { bundle: true, format: "cjs", platform: "node", target: "node20", minify: true, logLevel: "warning", write: false };

const result = await build({
  ...common,
  entryPoints: [join(cliDir, "index.ts")],
  outfile: join(binDir, "mockman.bundle.js"),
  metafile: true,
  absWorkingDir: root,
  plugins: [lazyParts, rawText, aliases, lazyChildProcess, vendored],
});
const code = result.outputFiles[0].text;
// (QuickJS's own error messages, inside its embedded wasm, say "import()": text, not a call.)
if (/\bimport\((?!\)(?:\\0|'))/.test(code))
  throw new Error("cli/build.mjs: the bundle still holds an import(), which fails under the bin's vm.Script");

const outputs = {};
const inputs = new Set(Object.keys(result.metafile.inputs));
for (const part of LAZY_PARTS) {
  const built = await build({
    ...common,
    entryPoints: [part.entry],
    outfile: join(binDir, part.file),
    absWorkingDir: root,
    metafile: true,
    plugins: [rawText, aliases, ...(part.shares ? [junitShares] : [])],
  });
  outputs[part.file] = built.outputFiles[0].text;
  for (const input of Object.keys(built.metafile.inputs)) inputs.add(input);
}

// First line: the sources, the lazy parts' too, which the launcher compares with the bundle's time so an edit never runs stale.
const sources = [...inputs]
  .filter((input) => !input.includes("node_modules") && !input.includes(":") && input !== "package.json")
  .map((input) => relative(binDir, join(root, input)));
outputs["mockman.bundle.js"] = `// mockman-sources ${JSON.stringify(sources)}\n${code}`;
for (const [name, { file, names }] of Object.entries(VENDORED)) {
  const vendor = await build({
    ...common,
    stdin: { contents: `export { ${names.join(", ")} } from ${JSON.stringify(name)};`, resolveDir: root, loader: "js" },
    outfile: join(binDir, file),
  });
  outputs[file] = vendor.outputFiles[0].text;
}

// Each file is written beside its place and renamed over it: a mockman running meanwhile (a test, a
// second terminal) reads the old file or the new one, never half of one or none.
for (const [file, text] of Object.entries(outputs)) {
  const temp = join(binDir, `.${process.pid}.${file}`);
  writeFileSync(temp, text);
  renameSync(temp, join(binDir, file));
}
for (const file of readdirSync(binDir)) {
  if (file !== "mockman.js" && file.startsWith("mockman") && !(file in outputs)) rmSync(join(binDir, file));
}
