// Debian's Chromium, as every browser run here starts it (e2e, bench:browser, Lighthouse):
// no tool downloads a browser; no sandbox, GPU or calls home.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Chromium 156 opens two pages of its own beside every new window (a browser context here):
 * the omnibox's WebUI popups, chrome://omnibox-popup.top-chrome/ and its AI-mode composebox,
 * a renderer each that builds its Lit UI and blinks a caret. Measured in a cgroup on this
 * 2-core machine, busy: 5.9 → 4.0 CPU-s for a test's context, boot at / and guest login.
 * Unknown feature names are ignored, so an older Chromium starts the same.
 */
/**
 * And a spare renderer: beside every page Chromium starts a renderer process for a navigation that
 * may come, which a test's context closes unused. Measured here (cgroup, a context that boots the
 * app, logs in and opens a profile, six alternating rounds): 4.58 -> 3.99 CPU-s a context.
 */
const OUR_DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "SpareRendererForSitePerProcess"];
/**
 * Chromium reads only the last --disable-features switch, and Playwright passes its own list
 * first (playwright-core's chromiumSwitches): ours repeats it, so Playwright's still hold.
 * tests/e2e/browser-pages.spec.ts checks both against the browser's own command line.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(",")}`,
];
