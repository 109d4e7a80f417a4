// What the response tools copy and save: the body's text, and a file name
// whose extension follows the answer's content-type.

const EXTENSIONS: Array<[RegExp, string]> = [
  [/[/+]json\b/, "json"],
  [/^text\/html\b/, "html"],
  [/[/+]xml\b/, "xml"],
  [/^text\/csv\b/, "csv"],
  [/^text\/javascript\b|^application\/javascript\b/, "js"],
  [/^image\/svg\+xml\b/, "svg"],
  [/^image\/png\b/, "png"],
  [/^image\/jpe?g\b/, "jpg"],
  [/^image\/gif\b/, "gif"],
  [/^image\/webp\b/, "webp"],
  [/^image\/avif\b/, "avif"],
  [/^text\//, "txt"],
];

/** The file extension for a content-type: `application/json; charset=utf-8` is json; unknown types are bin, or json for a body that parsed as JSON. */
export function extensionFor(contentType: string | undefined, isJson: boolean): string {
  const type = (contentType ?? "").toLowerCase().trim();
  for (const [pattern, extension] of EXTENSIONS) if (pattern.test(type)) return extension;
  return isJson ? "json" : type ? "bin" : "txt";
}

/** `get-api-posts-200.json`: method, path and status, so saved answers sort and tell themselves apart. */
export function responseFileName(method: string, endpoint: string, status: number, extension: string): string {
  const path = endpoint.split(/[?#]/)[0].replace(/^[a-z]+:\/\/[^/]+/i, "");
  const words = path
    .split("/")
    .map((part) => part.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, ""))
    .filter(Boolean);
  return `${[method.toLowerCase(), ...words].join("-").slice(0, 80)}-${status}.${extension}`;
}

/** The body as pretty text (JSON indented by 2) for copying and saving. */
export const prettyText = (body: unknown, isJson: boolean) => (isJson ? JSON.stringify(body, null, 2) : String(body));

/** The longest list in a JSON answer ({posts: [...]}: the posts), for the paging hint. */
export function listLength(body: unknown): number {
  if (Array.isArray(body)) return body.length;
  if (!body || typeof body !== "object") return 0;
  let longest = 0;
  for (const value of Object.values(body)) if (Array.isArray(value)) longest = Math.max(longest, value.length);
  return longest;
}
