import { defineConfig } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "../chromium";
import { scaled } from "./time-scale";

// Debian's Chromium, never a downloaded browser. The SPA is built by
// `npm run test:e2e` first; this serves build/client on loopback only.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

export default defineConfig({
  testDir: ".",
  testMatch: /.*\.spec\.ts$/,
  // Hang detectors, scaled for a busy machine (time-scale.ts); no test measures speed with them.
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries: a retry hides the next race instead of removing it.
  retries: 0,
  reporter: [["list"]],
  outputDir: "../../test-results",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, "--disable-quic"],
    },
    trace: "off",
    screenshot: "off",
  },
  // The checks that time the main thread (mockman-scale: no long task over 200 ms) run
  // after everything else, alone: beside another worker on a 2-core machine they measure
  // the other worker (one CI run saw 265 ms for a search that takes ~100 ms alone).
  projects: [
    { name: "suite", testIgnore: /mockman-scale\.spec\.ts$/ },
    { name: "timed", testMatch: /mockman-scale\.spec\.ts$/, dependencies: ["suite"], fullyParallel: false },
  ],
  webServer: {
    command: `npx sirv ${BUILD_DIR}/client --single --gzip --brotli --port ${PORT} --host 127.0.0.1 --quiet`,
    cwd: "../..",
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
