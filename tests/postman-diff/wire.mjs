// A request as the comparison reads it, from postman-collection's Request JSON: the oracle's
// (oracle.mjs) and, when our sandbox gives its request as that JSON too, ours (ours.ts).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const sdk = require("postman-collection");
const bodyBuilder = require("postman-runtime/lib/requester/core-body-builder");

/**
 * What a request would send, as the oracle reads postman-collection's Request (no variable is
 * resolved: postman-runtime resolves none in a script's request). `implied`: with the
 * Content-Type a form body goes out with (a pm.sendRequest); without, the request as the
 * script left it (pm.request after a pre-request script).
 */
export function wire(json, implied = true) {
  const request = new sdk.Request(json);
  const raw = request.body && !request.body.disabled && request.body.mode === "raw" && request.body.raw;
  // A raw body's Content-Type by its language, added by postman-runtime's own body builder (as it sends it).
  if (implied && raw) bodyBuilder.raw(request.body.raw, request);
  const headers = request.headers
    .all()
    .filter((h) => !h.disabled)
    .map((h) => [h.key, h.value]);
  const has = (name) => headers.some(([k]) => k.toLowerCase() === name);
  let body = null;
  const b = request.body;
  if (b && !b.disabled && b.mode === "raw") body = b.raw === undefined ? null : String(b.raw);
  else if (b && b.mode === "urlencoded") {
    body = b.urlencoded
      .all()
      .filter((p) => !p.disabled)
      .map((p) => `${encodeURIComponent(p.key)}=${encodeURIComponent(p.value ?? "")}`)
      .join("&");
    if (implied && !has("content-type")) headers.push(["Content-Type", "application/x-www-form-urlencoded"]);
  } else if (b && b.mode === "formdata") {
    // What a multipart body carries, as the comparison reads both sides' bodies: one name=value a part.
    body = b.formdata
      .all()
      .filter((p) => !p.disabled && p.type !== "file")
      .map((p) => `${p.key}=${p.value ?? ""}`)
      .join("\n");
    if (implied && !has("content-type")) headers.push(["Content-Type", "multipart/form-data"]);
  } else if (b && b.mode === "graphql" && b.graphql) body = JSON.stringify({ query: b.graphql.query, variables: b.graphql.variables });
  return { method: request.method, url: request.url.toString(), headers, body };
}
