// A collection of saved requests: written by /mockman's history export, run by
// `mockman replay`. Only the tester (page and CLI) uses this folder; the mock's
// core never imports it. A file is checked whole before anything is sent: its
// shape, its headers, its matchers, and that every `{{name...}}` it reads from
// an answer names a request that runs earlier.
import { isObject } from "../../core/types";
import { FormatError, describeZodError, parseJsonFile } from "../../data/export-file";

export { parseJsonFile };
import { postmanVersion, type PostmanCollection } from "../postman/convert";
import { z } from "zod";
import {
  COLLECTION_METHODS,
  type CollectionFile,
  type CollectionRequest,
  collectionFileSchema,
  collectionRequestSchema,
  headerProblem,
} from "./schema";
import { templateRefs, type Variables } from "./templates";

export { FormatError };

export * from "./schema";

export interface LoadedCollection {
  file: CollectionFile;
  /** A Postman collection as it was read: `mockman replay` runs it with its scripts (postman-steps.ts). */
  postman?: PostmanCollection;
}

/** What a JSON file that is no collection is, so the error can say it. */
function otherKind(json: unknown): string | null {
  if (!isObject(json)) return Array.isArray(json) ? "a JSON array" : `a JSON ${json === null ? "null" : typeof json}`;
  if (json.mockman === "export") return "a mockman data export (load it with mockman import)";
  if (typeof json.openapi === "string" || typeof json.swagger === "string") return "an OpenAPI document";
  if (json._type === "export" || typeof json.__export_format === "number") return "an Insomnia export";
  if (isObject(json.log) && Array.isArray(json.log.entries)) return "a HAR file (recorded traffic)";
  if (Array.isArray(json.values) && typeof json.name === "string") return "a Postman environment (give it with --env)";
  return null;
}

/**
 * Reads a collection of mockman's own (a Postman v2.x one is taken off first:
 * loadRunnableJson, the page's import). Throws FormatError naming what is wrong,
 * or what the file is when it is some other kind of file.
 */
export function loadCollectionText(text: string): LoadedCollection {
  return loadCollectionJson(parseJsonFile(text));
}

/** loadCollectionText for a file already parsed (its text let go: 22 MB for 200,000 requests). Empties its list of requests. */
export function loadCollectionJson(json: unknown): LoadedCollection {
  const postman = postmanVersion(json);
  if (postman === "v1")
    throw new FormatError("a Postman v1 collection, which this build cannot read: export it from Postman as Collection v2.1");
  if (!isObject(json) || !("mockman" in json) || !("requests" in json)) {
    const other = otherKind(json);
    if (other) throw new FormatError(`not a collection: this is ${other}. mockman reads its own collections and Postman v2.1 ones`);
  }
  // Without its "mockman" key zod's message would name that key: "mockman: unsupported collection version".
  if (isObject(json) && !("mockman" in json))
    throw new FormatError(
      'not a collection mockman reads: it has no "mockman": 1 (its own collections) nor a Postman v2.1 info.schema (a Postman v1 collection: export it from Postman as Collection v2.1)',
    );
  return { file: checkCollection(json, "not a mockman collection") };
}

/**
 * A collection to run: ours checked whole as loadCollectionJson checks it; a Postman
 * one as it is, for the engine to run with its scripts (its {{variables}} are filled
 * when each request goes out, so none is judged before the run).
 */
export function loadRunnableJson(exported: unknown): LoadedCollection {
  // A collection as Postman's API exports it, {"collection": {...}}, is run as Newman runs it: unwrapped.
  const inner = (exported as { collection?: unknown } | null)?.collection;
  const json = inner && typeof inner === "object" && postmanVersion(inner) ? inner : exported;
  const postman = postmanVersion(json);
  if (postman === "v2.1" || postman === "v2.0") {
    const items = (json as { item?: unknown }).item;
    if (items !== undefined && !Array.isArray(items))
      throw new FormatError(`not a usable Postman ${postman} collection: item must be a list`);
    return { file: { mockman: 1, requests: [] }, postman: json as PostmanCollection };
  }
  return loadCollectionJson(json);
}

// The file's fields but its requests, which are checked one at a time (below).
const collectionHeadSchema = collectionFileSchema.extend({ requests: z.array(z.unknown()) });

/**
 * Checks a collection as collectionFileSchema would, one request at a time: zod's
 * working copies of a request are dropped as soon as it is checked, so a file of
 * 200,000 requests does not hold two parsed trees and zod's bookkeeping at once.
 * It empties the list it reads as it goes.
 */
function parseRequests(json: unknown): z.SafeParseReturnType<unknown, CollectionFile> {
  const head = collectionHeadSchema.safeParse(json);
  const issues = head.success ? [] : [...head.error.issues];
  const raw = isObject(json) && Array.isArray(json.requests) ? (json.requests as unknown[]) : undefined;
  // Without a list of requests, the whole schema says what is wrong, as it always did.
  if (!raw) return collectionFileSchema.safeParse(json);
  const requests: CollectionRequest[] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const plain = plainRequest(raw[i]);
    if (plain) {
      requests[i] = plain;
      raw[i] = undefined;
      continue;
    }
    const one = collectionRequestSchema.safeParse(raw[i]);
    // The raw request is let go once checked (the checked copy shares its strings and body).
    if (one.success) {
      requests[i] = one.data;
      raw[i] = undefined;
    } else for (const issue of one.error.issues) issues.push({ ...issue, path: ["requests", i, ...issue.path] });
  }
  if (issues.length || !head.success) return { success: false, error: new z.ZodError(issues) };
  return { success: true, data: { ...head.data, requests } };
}

const REQUEST_KEYS = new Set(["name", "method", "endpoint", "headers", "body", "expect"]);
const NAME = /^[A-Za-z0-9_-]+$/;

/**
 * What collectionRequestSchema makes of the common request (a name, a method, an
 * endpoint, plain headers, any body, an expected status or time), built without
 * zod, whose working objects for 200,000 requests outlive the young generation and
 * pile up; undefined for anything else, which zod then checks and describes.
 */
function plainRequest(raw: unknown): CollectionRequest | undefined {
  if (!isObject(raw)) return undefined;
  for (const key of Object.keys(raw)) if (!REQUEST_KEYS.has(key)) return undefined;
  const { name, method, endpoint, headers, expect } = raw;
  if (typeof name !== "string" || !NAME.test(name)) return undefined;
  if (typeof method !== "string" || !(COLLECTION_METHODS as readonly string[]).includes(method)) return undefined;
  if (typeof endpoint !== "string" || !endpoint) return undefined;
  if (headers !== undefined) {
    if (!isObject(headers)) return undefined;
    for (const [key, value] of Object.entries(headers)) {
      if (typeof value !== "string" || headerProblem(key, value.includes("{{") ? "" : value)) return undefined;
    }
  }
  const copied = Object.fromEntries(Object.entries(headers ?? {})) as Record<string, string>;
  const request: CollectionRequest = { name, method: method as CollectionRequest["method"], endpoint, headers: copied };
  if ("body" in raw) request.body = raw.body;
  if ("expect" in raw) {
    if (expect === undefined) request.expect = undefined;
    else {
      if (!isObject(expect)) return undefined;
      const { status, maxMs } = expect;
      for (const key of Object.keys(expect)) if (key !== "status" && key !== "maxMs") return undefined;
      if (status !== undefined && !(typeof status === "number" && Number.isInteger(status) && status >= 100 && status <= 599))
        return undefined;
      if (maxMs !== undefined && !(typeof maxMs === "number" && maxMs > 0)) return undefined;
      const checked: NonNullable<CollectionRequest["expect"]> = {};
      if ("status" in expect) checked.status = status as number | undefined;
      if ("maxMs" in expect) checked.maxMs = maxMs as number | undefined;
      request.expect = checked;
    }
  }
  return request;
}

function checkCollection(json: unknown, what: string): CollectionFile {
  const result = parseRequests(json);
  if (!result.success) throw new FormatError(`${what}: ${describeZodError(result.error)}`);
  const file = result.data;
  // Each name's first index: a request may read only one that runs before it, and a name is taken once.
  const firstAt = new Map<string, number>();
  file.requests.forEach((request, i) => {
    if (!firstAt.has(request.name)) firstAt.set(request.name, i);
  });
  file.requests.forEach((request, i) => {
    if (request.body === null) delete request.body;
    if (firstAt.get(request.name)! < i) throw new FormatError(`requests.${i}: the name ${request.name} is taken by an earlier request`);
    for (const ref of templateRefs([request.endpoint, request.headers, request.body ?? null])) {
      const at = firstAt.get(ref.name);
      if (ref.name === request.name || (at !== undefined && at >= i))
        throw new FormatError(
          `requests.${i} (${request.name}) refers to ${ref.text}, which ${ref.name === request.name ? "is this request itself" : "has not run before it"}`,
        );
    }
  });
  return file;
}

/**
 * The `{{name}}` references that are neither an earlier request, nor a
 * built-in, nor among `variables`: each is an error before anything is sent.
 */
export function undefinedVariables(file: CollectionFile, variables: Variables): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  file.requests.forEach((request, i) => {
    const own = templateRefs([request.endpoint, request.headers, request.body ?? null]);
    const inExpect = templateRefs(request.expect ?? null).filter((ref) => ref.name !== request.name);
    for (const ref of [...own, ...inExpect]) {
      const known =
        seen.has(ref.name) ||
        ref.name.startsWith("$") ||
        Object.hasOwn(variables, ref.name) ||
        Object.hasOwn(variables, `${ref.name}${ref.path}`);
      if (!known) problems.push(`requests.${i} (${request.name}) uses ${ref.text}, which no variable or earlier request defines`);
    }
    seen.add(request.name);
  });
  return problems;
}
