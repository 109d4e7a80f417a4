// History <-> the shared collection file that `mockman replay FILE` runs.
import { postmanFile } from "#mock/tester/postman/url";
import { COLLECTION_METHODS, COLLECTION_VERSION, type CollectionFile, type CollectionRequest } from "#mock/tester/collection/format";
import { toPostman } from "#mock/tester/postman/convert";
import { relativeTo } from "#mock/tester/collection/urls";
import { checkBody, sendsBody } from "./body";
import type { HistoryEntry } from "./history";

/** A readable, unique name per request: `post-auth-login`, `post-posts-like-2`. */
export function requestName(entry: Pick<HistoryEntry, "method" | "endpoint">, taken: Set<string>): string {
  let path = entry.endpoint;
  try {
    const url = new URL(entry.endpoint, "http://relative.invalid");
    // Another host's requests are named after it: `get-example-com-users`.
    path = (url.hostname === "relative.invalid" ? "" : url.hostname.replace(/\./g, "-") + "/") + url.pathname;
  } catch {
    // keep the endpoint as typed
  }
  const words = path
    .split("/")
    .filter((part) => part && part !== "api" && !/^[0-9a-f-]{16,}$/i.test(part) && !/^\d+$/.test(part) && !part.includes("{{"))
    .map((part) => part.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, ""))
    .filter(Boolean);
  const base = [entry.method.toLowerCase(), ...words].join("-").slice(0, 60) || "request";
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  taken.add(name);
  return name;
}

const sentHeaders = (entry: HistoryEntry) =>
  Object.fromEntries(entry.headers.filter((h) => h.isUsed && h.header.trim()).map((h) => [h.header.trim(), h.value]));

/**
 * Entries (oldest first) as a collection. A header that carries a token an
 * earlier login returned refers to it with `{{name.body.encodedToken}}`, so the
 * replay logs in afresh instead of reusing an expired token.
 */
export function toCollection(entries: HistoryEntry[], origin?: string): CollectionFile {
  const taken = new Set<string>();
  const tokens: Array<{ token: string; name: string }> = [];
  const requests = entries.map((entry): CollectionRequest => {
    const endpoint = relativeTo(entry.endpoint, origin);
    const name = requestName({ method: entry.method, endpoint }, taken);
    const headers = sentHeaders(entry);
    for (const [key, value] of Object.entries(headers)) {
      const source = [...tokens].reverse().find(({ token }) => value.includes(token));
      if (source) headers[key] = value.split(source.token).join(`{{${source.name}.body.encodedToken}}`);
    }
    const request: CollectionRequest = {
      name,
      method: toCollectionMethod(entry.method),
      endpoint,
      headers,
    };
    const body = checkBody(entry.bodyText);
    if (sendsBody(entry.method) && body.ok) request.body = body.value;
    if (entry.status !== undefined) request.expect = { status: entry.status };
    if (entry.token) tokens.push({ token: entry.token, name });
    return request;
  });
  return { mockman: COLLECTION_VERSION, requests };
}

function toCollectionMethod(method: string): CollectionRequest["method"] {
  const upper = method.toUpperCase();
  return (COLLECTION_METHODS as readonly string[]).includes(upper) ? (upper as CollectionRequest["method"]) : "GET";
}

export const collectionText = (file: CollectionFile) => JSON.stringify(file, null, 2) + "\n";

/** Entries as a Postman v2.1 collection (endpoints under {{baseUrl}}, default http://127.0.0.1:3001, for mockman serve). */
export function toPostmanText(entries: HistoryEntry[], origin?: string): { text: string; notes: string[] } {
  const { json, notes } = toPostman(toCollection(entries, origin), "mockman history");
  // Every URL in Postman's parts (a full URL too), as Newman reads them.
  return { text: JSON.stringify(postmanFile(json), null, 2) + "\n", notes };
}
