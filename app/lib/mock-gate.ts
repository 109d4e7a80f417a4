// Holds same-origin /api requests until the in-browser mock has patched fetch,
// and starts the mock on the first such request if nothing started it yet.
// The mock's patch forwards what it does not own to the fetch it found, i.e.
// this gate; once booted the gate passes everything straight through, so a
// request can never loop between the two.
import { isSameOriginApi } from "./api-target";

export function gateApiUntilMockBoots(boot: () => Promise<unknown>, target: Window = window): () => Promise<unknown> {
  const networkFetch = target.fetch.bind(target);
  let booted = false;
  let ready: Promise<unknown> | null = null;
  const start = () =>
    (ready ??= boot().finally(() => {
      booted = true;
    }));

  target.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (booted || !isSameOriginApi(input, target.location)) return networkFetch(input, init);
    return start().then(() => target.fetch(input, init));
  };
  return start;
}
