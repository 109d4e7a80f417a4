// Builds `moments/mock` (mock/library/index.ts) into dist/mock/: the library bundled
// with its dependencies inside (Mirage without Pretender, as the app and the CLI;
// @mswjs/interceptors), so the package needs none at run time: node.js for Node (the
// `node` condition: every Node client intercepted, startServe), node.cjs the same for
// require() (Jest, CommonJS), and index.js for browsers and bundlers (fetch and
// XMLHttpRequest; mock/library/platform-browser.ts in place of platform.ts); its type
// declarations (tsc, from the entry alone: its public types stand alone; .d.cts copies
// for require), and `paths` / `components`, the API's OpenAPI description as types
// (openapi-typescript). `npm pack` runs it (prepack); package.json's `exports` names the files.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { ALIASES } from "../stubs/aliases.mjs";

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const out = join(root, "dist/mock");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

const aliases = {
  name: "aliases",
  setup(b) {
    for (const { find, replacement } of ALIASES)
      b.onResolve({ filter: find }, (args) =>
        b.resolve(args.path.replace(find, replacement), { kind: args.kind, resolveDir: args.resolveDir, pluginData: "aliased" }),
      );
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const common = { bundle: true, format: "esm", target: "es2022", logLevel: "warning", absWorkingDir: root, plugins: [aliases] };
/** The browser build's platform module: no node:http, no server. */
const browserPlatform = {
  name: "browser-platform",
  setup(b) {
    b.onResolve({ filter: /^\.\/platform$/ }, (args) =>
      args.importer.endsWith(join("mock", "library", "index.ts")) ? { path: join(root, "mock/library/platform-browser.ts") } : undefined,
    );
  },
};
await build({
  ...common,
  plugins: [aliases, browserPlatform],
  platform: "browser",
  entryPoints: [join(root, "mock/library/index.ts")],
  outfile: join(out, "index.js"),
});
// Node: a CommonJS dependency bundled inside may require() a built-in module, which an ES module has no require for.
await build({
  ...common,
  platform: "node",
  target: "node20",
  entryPoints: [join(root, "mock/library/index.ts")],
  outfile: join(out, "node.js"),
  banner: {
    js: 'import { createRequire as __moments_createRequire } from "node:module"; const require = __moments_createRequire(import.meta.url);',
  },
});

// CommonJS (`require("moments/mock")`, Jest): the Node build again, without the ES module's require shim.
await build({
  ...common,
  format: "cjs",
  platform: "node",
  target: "node20",
  entryPoints: [join(root, "mock/library/index.ts")],
  outfile: join(out, "node.cjs"),
});

// The declarations: tsc on the entry, of which only the entry's own file is kept (it imports no other module's types).
const work = mkdtempSync(join(tmpdir(), "moments-mock-types-"));
try {
  const config = join(root, "tsconfig.library.json");
  writeFileSync(
    config,
    JSON.stringify({
      extends: "./tsconfig.json",
      include: [],
      files: ["mock/library/index.ts"],
      compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: work, rootDir: "." },
    }),
  );
  try {
    execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", config], {
      cwd: root,
      stdio: ["ignore", process.stderr, "inherit"],
    });
  } finally {
    rmSync(config, { force: true });
  }
  let types = readFileSync(join(work, "mock/library/index.d.ts"), "utf8");
  const reaching = types.match(/from "\.[^"]*"/g);
  if (reaching)
    throw new Error(
      `mock/library/index.ts's declarations import other modules (${reaching.join(", ")}): give its exports types of their own`,
    );
  writeFileSync(join(out, "index.d.ts"), `${types}export type { paths, components } from "./openapi.js";\n`);
  // The same for require(): declarations of the CommonJS format, so TypeScript's node16 lets a CommonJS file import them.
  writeFileSync(join(out, "index.d.cts"), `${types}export type { paths, components } from "./openapi.cjs";\n`);

  // paths and components: the OpenAPI document, built by the mock's own code (bundled here to run it), as types.
  const documentModule = join(work, "document.mjs");
  await build({
    ...common,
    platform: "node",
    stdin: {
      contents: `export { buildOpenApiDocument } from "./mock/openapi/document.ts"; export { routes } from "./mock/routes/index.ts";`,
      resolveDir: root,
      loader: "ts",
    },
    outfile: documentModule,
  });
  const { buildOpenApiDocument, routes } = await import(pathToFileURL(documentModule).href);
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  const document = JSON.parse(JSON.stringify(buildOpenApiDocument(routes, pkg.version)));
  // defaultNonNullable off: a request field with a default (postPic: "") is one the caller may leave out.
  const header = "// The Moments API's OpenAPI description as types (openapi-typescript): paths and components.\n";
  const openapi = header + astToString(await openapiTS(document, { defaultNonNullable: false }));
  writeFileSync(join(out, "openapi.d.ts"), openapi);
  writeFileSync(join(out, "openapi.d.cts"), openapi);
} finally {
  rmSync(work, { recursive: true, force: true });
}
