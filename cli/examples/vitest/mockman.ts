// A server per test file (so per worker, whatever the pool): started before the file's
// tests, reset before each one (the seed, no scenarios, no faults, an empty journal),
// stopped after. Files running at once in other workers never share data.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startServe, type ServeHandle } from "moments/mock";

export function useMockman(): { readonly url: string; readonly server: ServeHandle } {
  let server: ServeHandle | undefined;
  beforeAll(async () => {
    server = await startServe({ port: 0, db: ":memory:", passwordIterations: 1000 });
  });
  beforeEach(async () => {
    const reset = await fetch(`${server!.url}/__mockman/reset`, { method: "POST" });
    if (!reset.ok) throw new Error(`reset failed: ${reset.status}`);
  });
  afterAll(() => server?.close());
  return {
    get url() {
      return server!.url;
    },
    get server() {
      return server!;
    },
  };
}
