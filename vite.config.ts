/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { ALIASES } from "./mock/stubs/aliases.mjs";

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
        }),
      ],
  publicDir: "app/public",
  // The same aliases as the CLI bundle (cli/build.mjs): no Pretender, lodash as ES modules.
  resolve: { alias: ALIASES },
  server: { host: "127.0.0.1", port: 5173 },
  build: { chunkSizeWarningLimit: 800 },
  // The workers (mock/browser/worker.ts, app/mockman/lib/json-worker.ts) as ES modules, so they can import and split chunks as the page does.
  worker: { format: "es" },
  test: {
    include: [
      "tests/**/*.test.ts",
      "tests/**/*.test.tsx",
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "mock/**/*.test.ts",
      "cli/**/*.test.ts",
    ],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    testTimeout: 20000,
    pool: "forks",
    // The process tests run cli/bin/mockman.js: build its bundle first, so it is never stale.
    globalSetup: ["tests/build-cli.setup.ts"],
  },
});
