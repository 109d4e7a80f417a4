/// <reference types="vitest/config" />
/// <reference types="@vitest/browser/providers/playwright" />
import { readFile, readdir, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import { ALIASES, WORKER_NODE_MODULES } from "./mock/stubs/aliases.mjs";
import { CHROMIUM, CHROMIUM_ARGS } from "./tests/chromium";
import { scaled } from "./tests/e2e/time-scale";

/** Every vitest suite (Playwright's, tests/e2e, runs apart). */
const TESTS = [
  "tests/**/*.test.ts",
  "tests/**/*.test.tsx",
  "app/**/*.test.ts",
  "app/**/*.test.tsx",
  "mock/**/*.test.ts",
  "cli/**/*.test.ts",
];
const NEVER = ["tests/e2e/**", "node_modules/**"];
/** Component tests: React components rendered alone in Chromium (vitest's browser mode), no app boot. */
const COMPONENTS = ["tests/components/**/*.test.tsx"];
/**
 * The suites left out of the quick loop: each takes more than a few seconds, or starts
 * processes (they run the bin, cli/bin/mockman.js, whose bundle the slow project builds
 * first). tests/README.md says which to run when.
 */
const SLOW = [
  // Processes: the bin, `mockman serve`, the packed tarball installed, kills mid-write, the store's lock held by another process.
  "tests/cli/**/*.test.ts",
  "tests/durability/**/*.test.ts",
  "tests/store/lock.test.ts",
  "tests/store/node.test.ts",
  // Other tools over the whole project or the OpenAPI document: madge, Spectral and Redocly, openapi-typescript, Newman.
  "tests/architecture/**/*.test.ts",
  "tests/api/openapi-lint.test.ts",
  "tests/api/openapi-types.test.ts",
  "tests/collection/newman.test.ts",
  "tests/collection/newman-wire.test.ts",
  // Holds an answer past a run's --timeout, in a script sandbox of its own.
  "tests/collection/run-deadline.test.ts",
  // postman-sandbox in a process of its own beside our sandbox, every corpus script in both.
  "tests/postman-diff/**/*.test.ts",
  // Long: a 600M-character answer, generated inputs by the thousand (fast-check), every list
  // paged through, tables and stores at scale, real PBKDF2 hashing. Each of these took over
  // 10 s (most over 20 s) in a full run on the shared 2-core machine, where each quick one took under 9 s.
  "tests/api/answer-size.test.ts",
  "tests/api/openapi-property.test.ts",
  "tests/api/paging-contract.test.ts",
  "tests/hardening/fuzz.test.ts",
  "tests/hardening/sandbox-isolation-attacks.test.ts",
  "tests/mockman/curl.test.ts",
  "tests/api/tables.test.ts",
  "tests/api/photos.test.ts",
  "tests/api/openapi.test.ts",
  "tests/api/paging.test.ts",
  "tests/api/growth.test.ts",
  "tests/api/notifications.test.ts",
  "tests/hardening/tokens.test.ts",
  // Hostile collections through the bin, each measured: 200,000 assertions, 120,000 cookies, 8 MB bodies.
  "tests/hardening/host-bounds-attacks.test.ts",
  // Cycles and graphs of 2^40 paths handed across the bridge, through the bin.
  "tests/hardening/bridge-graph-attacks.test.ts",
  // The second round of attacks on the script sandbox: hangs where the interrupt did not reach, through the bin.
  "tests/hardening/sandbox-attacks-2.test.ts",
  // The third: where pm.sendRequest can send, the variables' bound, run after run in one isolate; bin and in-process.
  "tests/hardening/sandbox-attacks-3.test.ts",
  "tests/store/dexie-chunks.test.ts",
  "tests/store/hashing-queue.test.ts",
  "tests/store/export-pieces.test.ts",
];

/**
 * Writes `x.gz` and `x.br` beside each text file of the client build, for the static
 * server to send as they are (`sirv --gzip --brotli`: npm start, the e2e server):
 * compressed once at the highest levels here, not on every request. Runs as Remix's
 * buildEnd, after SPA mode has written index.html. A copy no smaller is not written.
 */
async function precompress(dir: string) {
  const pack = { gz: promisify(gzip), br: promisify(brotliCompress) };
  const files = (await readdir(dir, { recursive: true })).filter((f) => /\.(js|css|html|svg|json|txt|webmanifest)$/.test(f));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(path.join(dir, file));
      const gz = await pack.gz(data, { level: 9 });
      const br = await pack.br(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      if (gz.length < data.length) await writeFile(path.join(dir, `${file}.gz`), gz);
      if (br.length < data.length) await writeFile(path.join(dir, `${file}.br`), br);
    }),
  );
}

/** In the workers' bundles, Node's modules that have a browser build of their own (aliases.mjs) resolve to it. */
const workerNodeModules = (): Plugin => ({
  name: "worker-node-modules",
  enforce: "pre",
  resolveId(source, importer, options) {
    const name = source.replace(/^node:/, "") as keyof typeof WORKER_NODE_MODULES;
    if (!Object.prototype.hasOwnProperty.call(WORKER_NODE_MODULES, name)) return null;
    return this.resolve(WORKER_NODE_MODULES[name], importer, { ...options, skipSelf: true });
  },
});

/**
 * newman/lib/util, which Newman's junit reporter loads (engine/newman-junit.ts, in the run worker), requires fs,
 * postman-request and chardet for helpers the reporter never calls: empty modules in the workers' bundles.
 */
const NEWMAN_UNUSED = new Set(["fs", "postman-request", "chardet"]);
const newmanUnused = (): Plugin => ({
  name: "newman-unused",
  enforce: "pre",
  resolveId: (source, importer) =>
    importer && /[\\/]newman[\\/]lib[\\/]util\.js$/.test(importer) && NEWMAN_UNUSED.has(source) ? `\0newman-unused:${source}` : null,
  load: (id) => (id.startsWith("\0newman-unused:") ? "export default {};" : null),
});

// One config for the SPA build and for vitest. The Remix plugin is left out
// under vitest: it wants to own the whole build, and unit suites need none of it.
export default defineConfig({
  plugins: process.env.VITEST
    ? []
    : [
        remix({
          ssr: false,
          // Parallel builds (several e2e runs at once) each get their own folder.
          buildDirectory: process.env.BUILD_DIR ?? "build",
          future: {
            v3_fetcherPersist: true,
            v3_relativeSplatPath: true,
            v3_throwAbortReason: true,
            v3_lazyRouteDiscovery: true,
          },
          buildEnd: ({ remixConfig }) => precompress(path.join(remixConfig.buildDirectory, "client")),
        }),
      ],
  publicDir: "app/public",
  // The same aliases as the CLI bundle (cli/build.mjs): no Pretender, lodash as ES modules. csv-parse's sync
  // parser as the package's own browser build (its Node one needs Node's stream): the page reads CSV data files.
  resolve: { alias: [...ALIASES, { find: /^csv-parse\/lib\/sync$/, replacement: "csv-parse/lib/browser/sync.js" }] },
  server: { host: "127.0.0.1", port: 5173 },
  build: { chunkSizeWarningLimit: 800 },
  // The workers (mock/browser/worker.ts, app/mockman/lib/json-worker.ts) as ES modules, so they can import and split chunks as the page does.
  // The run worker signs Postman requests with postman-runtime's authorizers: Node's crypto and querystring as their browser builds.
  // It writes Newman's junit report with Newman's own reporter: what that loads and never calls, empty.
  worker: { format: "es", plugins: () => [workerNodeModules(), newmanUnused()] },
  test: {
    environment: "node",
    testTimeout: 20000,
    // Set-up hooks boot engines (the script sandbox's QuickJS and its libraries, a seeded mock): a hang
    // detector, not a measure. vitest's 10 s default failed sandbox.test.ts's beforeAll at load ~22.
    hookTimeout: 60000,
    pool: "forks",
    // vitest's default in a run is one fork fewer than the cores: one at a time on a 2-core
    // machine. The slow project's files mostly wait on processes and servers, so two at once
    // overlap the waits: `vitest run` took 244 s instead of 324-418 s here.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Two projects, one suite: `vitest run` (npm test, npm run test:unit) runs both;
    // `npm run test:quick` runs "quick" alone, the loop to run after each small change.
    projects: [
      {
        extends: true,
        test: {
          name: "quick",
          include: TESTS,
          exclude: [...NEVER, ...SLOW, ...COMPONENTS],
          // npm test and npm run test:quick run it with --no-isolate: the files of a worker share
          // its modules (the mock, zod, Mirage and Dexie are imported once per worker, not once
          // per file: 62 CPU-s instead of 167 in a cgroup here). Set here, isolate was not applied.
          setupFiles: ["tests/quick.setup.ts", "tests/cleanup.setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "slow",
          include: SLOW,
          exclude: NEVER,
          // The process tests run cli/bin/mockman.js: build its bundle first, so it is never stale.
          globalSetup: ["tests/build-cli.setup.ts"],
          // Temp folders and `mockman serve` processes a test leaves are undone after it (tests/cleanup.ts).
          setupFiles: ["tests/cleanup.setup.ts"],
          // A hang detector for tests that start processes, each booting the bin (and some the script isolate):
          // beside a build and other work at load 16-27, a 9 s test took 22 s and the 20 s default failed it.
          testTimeout: 60000,
        },
      },
      {
        extends: true,
        // Bundled before the first file runs: a dependency found later is bundled then and the frame
        // reloads, with two copies of React on the way (react-json-tree's hooks saw the other one).
        // The list is what the components tested import (their lazy chunks included) and the harness's axe-core.
        optimizeDeps: {
          include: [
            "react",
            "react-dom",
            "react-dom/client",
            "react/jsx-dev-runtime",
            "react-json-tree",
            "react-router-dom",
            "@remix-run/react",
            "@tanstack/react-virtual",
            "vitest-browser-react",
            "axe-core",
            "@codemirror/commands",
            "@codemirror/lang-json",
            "@codemirror/language",
            "@codemirror/lint",
            "@codemirror/state",
            "@codemirror/view",
            "@lezer/highlight",
            "@postman/tough-cookie",
            "zod",
            "saxes",
            "dexie",
            "postman-collection/lib/superstring/dynamic-variables.js",
            "@asteasolutions/zod-to-openapi",
            // The page's mock in a frame (tests/components/harness.tsx pageMock) and a Run's worker (its engine and script isolate).
            "miragejs",
            "uuid",
            "jose",
            "re2js",
            "jsonpath-plus",
            "csv-parse/lib/sync",
            "flatted",
            // The sandbox reads a script's console arguments with it: found only when a Run's worker loads, a clean
            // clone's first components run had Vite optimize it then and reload the page mid-test.
            "teleport-javascript",
            "quickjs-emscripten-core",
            "@jitl/quickjs-singlefile-cjs-release-sync",
            "postman-collection",
            "postman-url-encoder",
            "strip-json-comments",
            "mime-types",
            "buffer",
            "process/browser.js",
            "postman-runtime/lib/requester/core-body-builder.js",
            "postman-runtime/lib/authorizer/auth-interface.js",
            "postman-runtime/lib/authorizer/noauth.js",
            "postman-runtime/lib/authorizer/basic.js",
            "postman-runtime/lib/authorizer/bearer.js",
            "postman-runtime/lib/authorizer/apikey.js",
            "postman-runtime/lib/authorizer/oauth2.js",
            "postman-runtime/lib/authorizer/digest.js",
            "postman-runtime/lib/authorizer/oauth1.js",
            "postman-runtime/lib/authorizer/hawk.js",
            "postman-runtime/lib/authorizer/aws4.js",
            "postman-runtime/lib/authorizer/edgegrid.js",
            "postman-runtime/lib/authorizer/jwt.js",
            "postman-runtime/lib/authorizer/asap.js",
            "postman-runtime/lib/authorizer/ntlm.js",
          ],
        },
        test: {
          name: "components",
          include: COMPONENTS,
          exclude: NEVER,
          // Hang detectors scaled as the e2e suite's (tests/e2e/time-scale.ts), never measures: beside the other
          // projects and the build at load 10+, a clean clone's test of ~2 s alone passed the 20 s default, and
          // expect.poll's and expect.element's 1 s default is shorter than one frame's module load there.
          testTimeout: scaled(20_000),
          expect: { poll: { timeout: scaled(5_000) } },
          // One Chromium (Debian's, as every browser run here), one page; each file in a frame of its own.
          browser: {
            enabled: true,
            provider: "playwright",
            headless: true,
            screenshotFailures: false,
            // One file at a time: files side by side are frames of one origin on one main thread, so one frame
            // loading the run worker's modules held another's click past its limit, and they shared IndexedDB.
            fileParallelism: false,
            // A click or a key that cannot happen fails naming itself, not as the test's timeout.
            instances: [
              {
                browser: "chromium",
                launch: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
                context: { actionTimeout: scaled(10_000) },
              },
            ],
          },
        },
      },
    ],
  },
});
