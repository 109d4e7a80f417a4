// Debian's Chromium, as every browser run here starts it (e2e, bench:browser, Lighthouse):
// no tool downloads a browser; no sandbox, GPU or calls home.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
