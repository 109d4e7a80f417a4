// A collection of saved requests: written by /mockman's history export, run by
// `mockman replay`. Only the tester (page and CLI) uses this folder; the mock's
// core never imports it. A file is checked whole before anything is sent: its
// shape, its headers, its matchers, and that every `{{name...}}` it reads from
// an answer names a request that runs earlier.
import { isObject } from "../types";
import { FormatError, describeZodError, parseJsonFile } from "../export-file";
import { fromPostman, postmanVersion, type PostmanCollection } from "./postman";
import { type CollectionFile, collectionFileSchema } from "./schema";
import { BUILT_IN_NAMES, templateRefs, type Variables } from "./templates";

export { FormatError };

export * from "./schema";

export interface LoadedCollection {
  file: CollectionFile;
  /** "mockman" or "Postman v2.1"/"Postman v2.0". */
  kind: string;
  /** What an import could not carry over. */
  notes: string[];
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
 * Reads a collection: mockman's own, or a Postman v2.0/v2.1 collection
 * (converted). Throws FormatError naming what is wrong, or what the file is
 * when it is some other kind of file.
 */
export function loadCollectionText(text: string): LoadedCollection {
  const json = parseJsonFile(text);
  const postman = postmanVersion(json);
  if (postman === "v1")
    throw new FormatError("a Postman v1 collection, which this build cannot read: export it from Postman as Collection v2.1");
  if (postman) {
    const { file, notes } = fromPostman(json as PostmanCollection);
    return {
      file: checkCollection(file, `not a usable Postman ${postman} collection`),
      kind: `Postman ${postman}`,
      notes,
      postman: json as PostmanCollection,
    };
  }
  if (!isObject(json) || !("mockman" in json) || !("requests" in json)) {
    const other = otherKind(json);
    if (other) throw new FormatError(`not a collection: this is ${other}. mockman reads its own collections and Postman v2.1 ones`);
  }
  return { file: checkCollection(json, "not a mockman collection"), kind: "mockman", notes: [] };
}

/** Parses a mockman (or Postman) collection file's text; see loadCollectionText. */
export function parseCollectionFile(text: string): CollectionFile {
  return loadCollectionText(text).file;
}

function checkCollection(json: unknown, what: string): CollectionFile {
  const result = collectionFileSchema.safeParse(json);
  if (!result.success) throw new FormatError(`${what}: ${describeZodError(result.error)}`);
  const file = result.data;
  const names = new Set(file.requests.map((r) => r.name));
  const seen = new Set<string>();
  file.requests.forEach((request, i) => {
    if (request.body === null) delete request.body;
    if (seen.has(request.name)) throw new FormatError(`requests.${i}: the name ${request.name} is taken by an earlier request`);
    for (const ref of templateRefs([request.endpoint, request.headers, request.body ?? null])) {
      if (ref.name === request.name || (names.has(ref.name) && !seen.has(ref.name)))
        throw new FormatError(
          `requests.${i} (${request.name}) refers to ${ref.text}, which ${ref.name === request.name ? "is this request itself" : "has not run before it"}`,
        );
      if (ref.name.startsWith("$") && !BUILT_IN_NAMES.includes(ref.name))
        throw new FormatError(`requests.${i} (${request.name}) uses ${ref.text}: the built-ins are ${BUILT_IN_NAMES.join(", ")}`);
    }
    seen.add(request.name);
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
      const known = seen.has(ref.name) || ref.name.startsWith("$") || ref.name in variables || `${ref.name}${ref.path}` in variables;
      if (!known) problems.push(`requests.${i} (${request.name}) uses ${ref.text}, which no variable or earlier request defines`);
    }
    seen.add(request.name);
  });
  return problems;
}
