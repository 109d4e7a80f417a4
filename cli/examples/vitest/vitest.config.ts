// The example's vitest config: globalSetup starts one `mockman serve` in-process for the
// run (mockman.global-setup.ts) and hands its URL to the tests; files that want a server
// of their own per worker call useMockman() (mockman.ts) instead.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["*.spec.ts"],
    globalSetup: ["./mockman.global-setup.ts"],
  },
});
