// Module aliases both builds share: vite.config.ts (the app, vitest) and
// cli/build.mjs (the CLI bundle). Plain JavaScript so the CLI's build script,
// which Node runs without TypeScript, can read it too.
import { fileURLToPath } from "node:url";

export const ALIASES = [
  // Mirage's default interceptor (Pretender) never runs: ours is custom (mock/core/mirage/interceptor.ts). See ./pretender.ts.
  { find: /^pretender$/, replacement: fileURLToPath(new URL("./pretender.ts", import.meta.url)) },
  // Mirage imports lodash's CommonJS files one by one; the ES build tree-shakes and skips the CJS wrappers.
  // Not `lodash/lodash.min.js?raw`: the script sandbox's lodash, as text (mock/tester/sandbox/libraries.ts).
  { find: /^lodash\/([^?]*)$/, replacement: "lodash-es/$1.js" },
];
