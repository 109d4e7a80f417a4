// Holds same-origin /api requests until the in-browser mock has patched fetch,
// and starts the mock on the first such request if nothing started it yet.
// The mock's patch forwards what it does not own to the fetch it found, i.e.
// this gate; once booted the gate passes everything straight through, so a
// request can never loop between the two.
export function gateApiUntilMockBoots(boot: () => Promise<unknown>, target: Window = window): () => Promise<unknown> {
  const networkFetch = target.fetch.bind(target);
  let booted = false;
  let ready: Promise<unknown> | null = null;
  const start = () =>
    (ready ??= boot().finally(() => {
      booted = true;
    }));

  const isApi = (input: RequestInfo | URL) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, target.location.href);
    return url.origin === target.location.origin && (url.pathname === "/api" || url.pathname.startsWith("/api/"));
  };

  target.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (booted || !isApi(input)) return networkFetch(input, init);
    return start().then(() => target.fetch(input, init));
  };
  return start;
}
