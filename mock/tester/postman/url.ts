// A request URL as Postman writes one. The page keeps its requests' URLs as `{ raw }` (with `variable`, the
// values of its path variables, when it has them); postman-collection builds a URL from its parts and ignores
// `raw`, so Newman would send such a request to an empty URL. postman-collection's own Url.parse writes the
// parts: host, path, query, hash and the path variables (`/posts/:postId`), whose values are kept by key.
// Loaded where a request is sent or a file exported, never with the page.
import sdk from "postman-collection";
import type { PostmanCollection, PostmanItem, PostmanRequest } from "./convert";
import { rawOnly } from "./steps";

const { Url } = sdk;

/**
 * The request with a `{ raw }` URL written in Postman's parts; any other request as it is. The disabled
 * parameters its `query` holds (the page's unticked rows, which `raw` cannot) come after the ones `raw` sends.
 */
export function withPostmanUrl<T extends Record<string, unknown>>(request: T): T {
  if (!rawOnly(request)) return request;
  type Entry = { key?: string | null; disabled?: boolean };
  const url = request.url as { raw: string; variable?: Entry[]; query?: Entry[] };
  const parsed = Url.parse(url.raw) as Record<string, unknown> & { variable?: Entry[]; query?: Entry[] };
  const values = url.variable ?? [];
  const variable = (parsed.variable ?? []).map((v) => values.find((given) => given.key === v.key) ?? v);
  const query = [...(parsed.query ?? []), ...(url.query ?? []).filter((q) => q.disabled)];
  return { ...request, url: { ...parsed, ...(query.length ? { query } : {}), ...(variable.length ? { variable } : {}) } };
}

/** A collection as a Postman file: every request's URL in Postman's parts (the exports of the page write this). */
export function postmanFile(collection: PostmanCollection): PostmanCollection {
  const items = (list: PostmanItem[]): PostmanItem[] =>
    list.map((item) =>
      Array.isArray(item.item)
        ? { ...item, item: items(item.item) }
        : item.request && typeof item.request === "object"
          ? { ...item, request: withPostmanUrl(item.request as Record<string, unknown>) as PostmanRequest }
          : item,
    );
  return { ...collection, item: items(collection.item ?? []) };
}
