// Full URL to path, the one way: the page (cURL paste, collection export) and
// the CLI (request, replay) all send a path to one target, the tab's mock, the
// in-process mock or one server.

const ABSOLUTE = /^https?:\/\//i;

export const isAbsoluteUrl = (url: string) => ABSOLUTE.test(url);

/**
 * The path to send for an endpoint: a path stays (a leading / added), an
 * absolute URL gives its path and query; under a base URL with a path of its
 * own (`http://host/v1`), that prefix is taken off.
 */
export function toPath(endpoint: string, base?: string): string {
  if (!isAbsoluteUrl(endpoint)) return endpoint.startsWith("/") ? endpoint : `/${endpoint}`;
  const url = new URL(endpoint);
  const prefix = base ? new URL(base).pathname.replace(/\/+$/, "") : "";
  const path = prefix && url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || "/" : url.pathname;
  return path + url.search;
}

/** A URL on `origin` as its path (query and hash kept); any other URL, or a path, as it is. */
export function relativeTo(url: string, origin?: string): string {
  if (!origin) return url;
  // Cut the origin off as text first: the URL parser would also rewrite the path ("/." to "/").
  const base = origin.replace(/\/$/, "");
  if (url.startsWith(base + "/")) return url.slice(base.length);
  try {
    const parsed = new URL(url);
    if (parsed.origin === new URL(origin).origin) return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    // Not absolute: keep it as typed.
  }
  return url;
}

/**
 * A URL with no host as its path: postman-url-encoder writes a path alone as `http:///api/x`, which a URL
 * parser (postman-collection's Url, WHATWG's URL) reads as the host `api` and the path `/x`. Any other URL
 * comes back undefined.
 */
export function hostlessPath(url: string): string | undefined {
  const noHost = /^[a-z][a-z0-9+.-]*:\/\/(?=\/)/i.exec(url);
  return noHost ? url.slice(noHost[0].length) : undefined;
}
