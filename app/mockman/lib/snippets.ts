// The request as code: cURL is Copy as cURL's command (./curl.ts), the other
// languages are written by @readme/httpsnippet from a HAR request (the format
// Postman and the browsers' devtools export). This
// module is imported only by the Code dialog, itself loaded on first open, so
// the library never reaches the first load of / or of /mockman.
//
// `{{name}}` can be kept: each reference becomes a plain marker the generators
// carry through untouched (letters and digits, so no quoting or escaping
// changes it), and the marker is put back as `{{name}}` in the printed code.
import { HTTPSnippet, type HarRequest } from "@readme/httpsnippet";
import {
  commandContentType,
  graphqlText,
  mapPartTexts,
  placeholderPath,
  sendsContent,
  sentRows,
  setsContentType,
  type BodyParts,
} from "./bodies";
import { commandUrl, curlCommand, mockmanCommand, type CurlRequest } from "./curl";
import { variableNames } from "#mock/tester/engine/variables";

export interface Language {
  id: string;
  label: string;
  /**
   * httpsnippet's target and client; absent for the two commands printed here: cURL (Copy as
   * cURL's printer: httpsnippet's curl client reformats a JSON body, and one holding a `'` it
   * writes as an unquoted heredoc, where the shell runs its `$(…)` and backticks) and `mockman request`.
   */
  target?: "shell" | "javascript" | "node" | "python";
  client?: string;
}

export const LANGUAGES: readonly Language[] = [
  { id: "curl", label: "cURL" },
  { id: "fetch", label: "JavaScript fetch", target: "javascript", client: "fetch" },
  { id: "node", label: "Node (fetch)", target: "node", client: "fetch" },
  { id: "python", label: "Python requests", target: "python", client: "requests" },
  { id: "httpie", label: "HTTPie", target: "shell", client: "httpie" },
  { id: "mockman", label: "mockman request" },
];

// A leading `{{baseUrl}}` stands where the scheme and host go: its marker is a whole origin.
const ORIGIN_MARK = (i: number) => `http://mmvar${i}x.invalid`;
const MARK = (i: number) => `mmvar${i}x`;

/** Swaps every `{{ }}` for a marker; `restore` puts them back into the printed code. */
function protect(request: CurlRequest) {
  const refs: string[] = [];
  const markOf = (ref: string) => {
    let i = refs.indexOf(ref);
    if (i < 0) i = refs.push(ref) - 1;
    return i;
  };
  const swap = (text: string, isEndpoint = false) => {
    let out = text;
    for (const ref of variableNames(text).map((name) => `{{${name}}}`)) {
      const i = markOf(ref);
      const leading = isEndpoint && out.startsWith(ref);
      const rest = leading ? out.slice(ref.length) : out;
      out = (leading ? ORIGIN_MARK(i) : "") + rest.split(ref).join(MARK(i));
    }
    return out;
  };
  const protectedRequest: CurlRequest = {
    method: request.method,
    endpoint: swap(request.endpoint, true),
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [swap(name), swap(value)])),
    bodyText: request.bodyText === undefined ? undefined : swap(request.bodyText),
    ...(request.bodies ? { bodies: mapPartTexts(request.bodies, (text) => swap(text)) } : {}),
  };
  const restore = (code: string) => refs.reduce((text, ref, i) => text.split(ORIGIN_MARK(i)).join(ref).split(MARK(i)).join(ref), code);
  return { request: protectedRequest, restore };
}

/** The HAR request httpsnippet reads: an absolute URL (paths go to `baseUrl`), headers as sent, a JSON body. */
export function harOf(request: CurlRequest, baseUrl: string, pageOrigin?: string): HarRequest {
  const url = new URL(commandUrl(request.endpoint, baseUrl, pageOrigin));
  const headers = Object.entries(request.headers).map(([name, value]) => ({ name, value }));
  const parts = request.bodies;
  const withBody = request.bodyText !== undefined || (parts !== undefined && parts.kind !== "none" && parts.kind !== "binary");
  const ownType = parts ? commandContentType(parts.kind) : "application/json";
  if (withBody && ownType && !setsContentType(request.headers)) headers.push({ name: "content-type", value: ownType });
  const mimeType =
    headers.find((h) => h.name.toLowerCase() === "content-type")?.value ??
    (parts?.kind === "formdata" ? "multipart/form-data" : parts ? "application/x-www-form-urlencoded" : "application/json");
  return {
    method: request.method.toUpperCase(),
    url: url.href,
    httpVersion: "HTTP/1.1",
    cookies: [],
    headers,
    // httpsnippet reads the query from the URL; listing it here as well would print it twice.
    queryString: [],
    headersSize: -1,
    bodySize: -1,
    postData: withBody ? postDataOf(request, mimeType) : { mimeType: "application/octet-stream" },
  } as HarRequest;
}

/** HAR's postData for each body type: text, or `params` for the two form types (httpsnippet writes those itself). */
function postDataOf(request: CurlRequest, mimeType: string) {
  const parts = request.bodies;
  if (!parts) return { mimeType, text: request.bodyText };
  if (parts.kind === "urlencoded")
    return { mimeType, params: sentRows(parts.urlencoded).map((r) => ({ name: r.key, value: r.value })), text: "" };
  if (parts.kind === "formdata")
    return {
      mimeType,
      params: sentRows(parts.formdata).map((r) =>
        sendsContent(r)
          ? { name: r.key, fileName: placeholderPath(r), contentType: r.contentType || "application/octet-stream" }
          : r.file
            ? { name: r.key, fileName: r.fileName || "file" }
            : { name: r.key, value: r.value },
      ),
    };
  return { mimeType, text: parts.kind === "graphql" ? graphqlText(parts) : parts.raw };
}

/**
 * The request in one language. The URL must come out absolute: a path goes to
 * `baseUrl` (a running `mockman serve`), as Copy as cURL does.
 */
export function snippet(language: Language, request: CurlRequest, baseUrl: string, pageOrigin?: string): string {
  const { request: marked, restore } = protect(request);
  // A line per flag, as the other languages' code is laid out, and as Copy as cURL copies it.
  if (language.id === "curl") return restore(curlCommand(marked, baseUrl, pageOrigin, true));
  if (!language.target) return mockmanCommand(request, pageOrigin);
  // One file as the whole body: the languages are told to read it (curl reads it itself).
  if (marked.bodies?.kind === "binary") {
    const name = marked.bodies.binaryName || "file";
    const headers = { ...marked.headers };
    if (!setsContentType(headers)) headers["content-type"] = "application/octet-stream";
    const note = `${language.target === "python" || language.target === "shell" ? "#" : "//"} Body: the bytes of the file ${name} (read it and send it as the body).`;
    const har = harOf({ ...marked, headers, bodies: undefined, bodyText: "" }, baseUrl, pageOrigin);
    const [code] = new HTTPSnippet(har, { harIsAlreadyEncoded: true }).convert(language.target, language.client, { indent: "  " });
    return restore(`${note}\n${String(code)}`);
  }
  const har = harOf(marked, baseUrl, pageOrigin);
  const comment = language.target === "python" || language.target === "shell" ? "#" : "//";
  const notes = contentNotes(marked.bodies).map((line) => `${comment} ${line}\n`);
  // Already encoded: the URL is printed as typed (`%20` stays `%20`, never `%2520`).
  const [code] = new HTTPSnippet(har, { harIsAlreadyEncoded: true }).convert(language.target, language.client, { indent: "  " });
  if (typeof code !== "string") throw new Error(`No ${language.label} code for this request.`);
  return restore(notes.join("") + code);
}

/** What the code cannot carry itself: a form-data file given as base64 content is read from a placeholder path. */
function contentNotes(parts: BodyParts | undefined): string[] {
  if (parts?.kind !== "formdata") return [];
  return sentRows(parts.formdata)
    .filter(sendsContent)
    .map((r) => `Body: form-data field "${r.key}" is base64 content: save it decoded as ${placeholderPath(r)}.`);
}
