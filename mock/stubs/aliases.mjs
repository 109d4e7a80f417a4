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

/**
 * Node's modules that postman-runtime's authorizers require (engine/wire.ts signs with them: digest, oauth1,
 * hawk, awsv4, edgegrid), as the browser builds browserify gives them, for the workers' bundles only
 * (vite.config.ts): the page's run worker signs as the CLI does. Only the chunks of those authorizers import
 * them, loaded on first use. (`url`, `buffer` and `events` resolve to their packages of the same name.)
 */
export const WORKER_NODE_MODULES = {
  crypto: "crypto-browserify",
  querystring: "querystring-es3",
  // crypto-browserify's hashes are streams (hash-base, cipher-base).
  stream: "stream-browserify",
};
