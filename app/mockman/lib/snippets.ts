// The request as code in other languages, written by @readme/httpsnippet from a
// HAR request (the format Postman and the browsers' devtools export). This
// module is imported only by the Code dialog, itself loaded on first open, so
// the library never reaches the first load of / or of /mockman.
//
// `{{name}}` can be kept: each reference becomes a plain marker the generators
// carry through untouched (letters and digits, so no quoting or escaping
// changes it), and the marker is put back as `{{name}}` in the printed code.
import { HTTPSnippet, type HarRequest } from "@readme/httpsnippet";
import { commandUrl, printMockmanRequest } from "./curl";
import { templateRefs } from "#mock/tester/collection/template-text";

export interface SnippetRequest {
  method: string;
  /** As typed (a path, or a URL), with `{{ }}` left or filled as chosen. */
  endpoint: string;
  headers: Record<string, string>;
  /** Sent only by methods that carry a body. */
  body?: string;
}

export interface Language {
  id: string;
  label: string;
  /** httpsnippet's target and client; absent for our own `mockman request`. */
  target?: "shell" | "javascript" | "node" | "python";
  client?: string;
}

export const LANGUAGES: readonly Language[] = [
  { id: "curl", label: "cURL", target: "shell", client: "curl" },
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
function protect(request: SnippetRequest) {
  const refs: string[] = [];
  const markOf = (ref: string) => {
    let i = refs.indexOf(ref);
    if (i < 0) i = refs.push(ref) - 1;
    return i;
  };
  const swap = (text: string, isEndpoint = false) => {
    let out = text;
    for (const ref of templateRefs(text)) {
      const i = markOf(ref.text);
      const leading = isEndpoint && out.startsWith(ref.text);
      const rest = leading ? out.slice(ref.text.length) : out;
      out = (leading ? ORIGIN_MARK(i) : "") + rest.split(ref.text).join(MARK(i));
    }
    return out;
  };
  const protectedRequest: SnippetRequest = {
    method: request.method,
    endpoint: swap(request.endpoint, true),
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [swap(name), swap(value)])),
    body: request.body === undefined ? undefined : swap(request.body),
  };
  const restore = (code: string) => refs.reduce((text, ref, i) => text.split(ORIGIN_MARK(i)).join(ref).split(MARK(i)).join(ref), code);
  return { request: protectedRequest, restore };
}

/** The HAR request httpsnippet reads: an absolute URL (paths go to `baseUrl`), headers as sent, a JSON body. */
export function harOf(request: SnippetRequest, baseUrl: string, pageOrigin?: string): HarRequest {
  const url = new URL(commandUrl(request.endpoint, baseUrl, pageOrigin));
  const headers = Object.entries(request.headers).map(([name, value]) => ({ name, value }));
  const withBody = request.body !== undefined;
  if (withBody && !headers.some((h) => h.name.toLowerCase() === "content-type"))
    headers.push({ name: "content-type", value: "application/json" });
  const mimeType = headers.find((h) => h.name.toLowerCase() === "content-type")?.value ?? "application/json";
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
    postData: withBody ? { mimeType, text: request.body } : { mimeType: "application/octet-stream" },
  } as HarRequest;
}

/**
 * The request in one language. The URL must come out absolute: a path goes to
 * `baseUrl` (a running `mockman serve`), as Copy as cURL does.
 */
export function snippet(language: Language, request: SnippetRequest, baseUrl: string, pageOrigin?: string): string {
  if (!language.target) {
    const command = printMockmanRequest(
      { method: request.method, endpoint: request.endpoint, headers: request.headers, body: request.body },
      { pageOrigin },
    );
    // A kept `{{baseUrl}}/…` is the whole target, not a path to put a `/` before.
    return request.endpoint.startsWith("{{") ? command.replace(" '/{{", " '{{") : command;
  }
  const { request: marked, restore } = protect(request);
  const har = harOf(marked, baseUrl, pageOrigin);
  // Already encoded: the URL is printed as typed (`%20` stays `%20`, never `%2520`).
  const [code] = new HTTPSnippet(har, { harIsAlreadyEncoded: true }).convert(language.target, language.client, { indent: "  " });
  if (typeof code !== "string") throw new Error(`No ${language.label} code for this request.`);
  return restore(code);
}
