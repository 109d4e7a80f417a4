// cURL in and out: print the current request as a command a terminal runs
// (against `mockman serve`, since the page's API lives only in its tab), print it
// as a `mockman request` command, and read a pasted command back into the form.
import { SERVE_URL } from "#mock/core/boundary";
import { isAbsoluteUrl, relativeTo, toPath } from "#mock/tester/collection/urls";
import {
  blankRow,
  commandContentType,
  contentTypeHeader,
  curlBodyFlags,
  defaultParts,
  graphqlText,
  setsContentType,
  type BodyParts,
  type FormRow,
} from "./bodies";
import { leadingVariable } from "#mock/tester/engine/variables";
import { utf8Base64 } from "./headers";
import type { FormContent } from "./tabs";

/**
 * A request as the commands and the Code dialog print it and as a pasted command reads back:
 * `body` (JSON) or `bodies` (another type), only when the method sends one.
 */
export interface CurlRequest extends Omit<FormContent, "headers" | "disabledParams"> {
  /** The headers that go. */
  headers: Record<string, string>;
  /** The body's text as written; undefined when the command sends none. */
  bodyText?: string;
  /** A body of another type as curl's flags (lib/bodies.ts curlBodyFlags), printed instead of `body`. */
  data?: Array<[string, string]>;
  /** A pasted command's body type when it is not JSON (form fields, parts, a file, text or XML). */
  bodies?: BodyParts;
}

export class CurlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CurlError";
  }
}

/** Quotes one word for any POSIX shell: plain words stay bare, the rest go in '...' (a ' inside becomes '\''). */
export function shellQuote(text: string): string {
  // No `=` (zsh expands a leading one) and no leading `-` or `@`.
  if (/^[A-Za-z0-9_/.:,+%][A-Za-z0-9_@%+:,./-]*$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Where copied commands send requests: `mockman serve`'s default address. */
export const DEFAULT_BASE_URL = SERVE_URL;

/** Checks a typed base URL: http(s), no query or fragment. Returns it without a trailing slash, or a message. */
export function checkBaseUrl(text: string): { ok: true; url: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: `Enter a full address such as ${SERVE_URL}` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, message: "The address must start with http:// or https://" };
  if (url.search || url.hash) return { ok: false, message: "The address takes no ?query or #fragment" };
  return { ok: true, url: trimmed.replace(/\/+$/, "") };
}

/**
 * The URL a copied command targets. A path (or a URL on the page's own origin,
 * which only the tab's mock answers) goes to `baseUrl`; another host stays as typed.
 */
export function commandUrl(endpoint: string, baseUrl: string, pageOrigin?: string): string {
  // One that starts with a variable ({{baseUrl}}/api/posts) names its own server: kept as written, as the Code
  // dialog and Postman keep it, never put after this one.
  if (leadingVariable(endpoint.trim()) !== undefined) return endpoint.trim();
  const target = relativeTo(endpoint, pageOrigin);
  return isAbsoluteUrl(target) ? target : baseUrl.replace(/\/+$/, "") + toPath(target);
}

/**
 * Relative endpoints are printed against `baseUrl` (a running `mockman serve`), so the command runs from a terminal.
 * `lines`: each header and body flag on a line of its own, ended by ` \`, as Postman's Code view and the browsers print it.
 */
export function printCurl(request: CurlRequest, baseUrl: string, pageOrigin?: string, lines = false): string {
  const url = commandUrl(request.endpoint, baseUrl, pageOrigin);
  // curl reads [ ] { } in a URL as a glob (`?filter[name]=x` is "bad range in URL"); -g sends them as written.
  const parts = [["curl", ...(/[[\]{}]/.test(url) ? ["-g"] : []), "-X", request.method, quote(url)].join(" ")];
  for (const [name, value] of Object.entries(request.headers)) parts.push(`-H ${quote(`${name}: ${value}`)}`);
  if (request.data) for (const [flag, value] of request.data) parts.push(`${flag} ${quote(value)}`);
  else if (request.bodyText !== undefined) parts.push(`--data-raw ${quote(request.bodyText)}`);
  return parts.join(lines ? " \\\n  " : " ");
}

/**
 * The one curl command of a request: Copy as cURL and the Code dialog's cURL. A body goes
 * with its type's content-type (unless a header sets one) and as curl's flags for that type
 * (`--data-raw`, so a body starting with `@` is never read as a file name).
 */
export function curlCommand(request: CurlRequest, baseUrl: string, pageOrigin?: string, lines = false): string {
  const { bodies, bodyText } = request;
  const headers = { ...request.headers };
  const type = bodies ? commandContentType(bodies.kind) : "application/json";
  if ((bodyText !== undefined || bodies) && type && !setsContentType(headers)) headers["content-type"] = type;
  const sent = bodies ? { data: curlBodyFlags(bodies) } : { bodyText };
  return printCurl({ method: request.method, endpoint: request.endpoint, headers, ...sent }, baseUrl, pageOrigin, lines);
}

/**
 * The request as a `mockman request` command (cli/commands/request.ts): method,
 * path, `-H 'Name: value'`, `-d JSON`. Without `baseUrl` it runs the mock in the
 * terminal's own process; with it, it goes over HTTP to that server.
 * `request.bodyText` is sent only when given (the caller drops it for GET); JSON is
 * printed compact. The CLI adds content-type itself when a body is sent.
 */
export function printMockmanRequest(request: CurlRequest, options: { baseUrl?: string; pageOrigin?: string } = {}): string {
  const relative = relativeTo(request.endpoint, options.pageOrigin);
  const target = isAbsoluteUrl(relative) ? relative : toPath(relative);
  const parts = ["npx", "mockman", "request", request.method.toUpperCase(), shellQuote(target)];
  if (request.bodyText !== undefined) {
    let body = request.bodyText;
    try {
      body = JSON.stringify(JSON.parse(body));
    } catch {
      // Not JSON: printed as written, and the CLI will say so.
    }
    parts.push("-d", shellQuote(body));
  }
  for (const [name, value] of Object.entries(request.headers)) {
    if (request.bodyText !== undefined && name.toLowerCase() === "content-type" && /^application\/json\b/i.test(value)) continue;
    parts.push("-H", shellQuote(`${name}: ${value}`));
  }
  // A full URL carries its own server; the CLI refuses --base-url beside it.
  if (options.baseUrl && !isAbsoluteUrl(target)) parts.push("--base-url", shellQuote(options.baseUrl.replace(/\/+$/, "")));
  return parts.join(" ");
}

/**
 * The one `mockman request` command of a request: Copy as mockman request and the Code
 * dialog's. The CLI sends JSON bodies only: GraphQL goes as its JSON, a body of another
 * type is left out and the command ends with a note saying so.
 */
export function mockmanCommand(request: CurlRequest, pageOrigin?: string): string {
  const parts = request.bodies;
  const bodyText = parts?.kind === "graphql" ? graphqlText(parts) : parts ? undefined : request.bodyText;
  const command = printMockmanRequest(
    { method: request.method, endpoint: request.endpoint, headers: request.headers, bodyText },
    { pageOrigin },
  );
  const note =
    parts && parts.kind !== "graphql" && parts.kind !== "none"
      ? ` # mockman request sends JSON bodies only: the ${parts.kind} body is left out (Copy as cURL writes it)`
      : "";
  // A kept `{{baseUrl}}/…` is the whole target, not a path to put a `/` before.
  return (request.endpoint.startsWith("{{") ? command.replace(" '/{{", " '{{") : command) + note;
}

const ANSI_C: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", v: "\v" };

/** Splits a shell command into words: '...', $'...' (bash's escapes), "..." with \ escapes, \ outside quotes, line continuations. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  const text = command.replace(/\\\r?\n/g, " ");
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (c === "'" || (c === "$" && text[i + 1] === "'")) {
      const ansi = c === "$";
      const start = i;
      i += ansi ? 2 : 1;
      let chunk = "";
      while (i < text.length && text[i] !== "'") {
        if (ansi && text[i] === "\\" && i + 1 < text.length) {
          // bash's escapes: the browsers write \uXXXX (Chromium, for ! and control characters) and \xHH (Firefox).
          const code = /^(?:x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})|([0-7]{1,3}))/.exec(text.slice(i + 1, i + 10));
          if (code) {
            const point = code[4] ? parseInt(code[4], 8) : parseInt(code[1] ?? code[2] ?? code[3], 16);
            chunk += point <= 0x10ffff ? String.fromCodePoint(point) : "\ufffd";
            i += 1 + code[0].length;
          } else {
            chunk += ANSI_C[text[i + 1]] ?? text[i + 1];
            i += 2;
          }
        } else chunk += text[i++];
      }
      if (i >= text.length) throw new CurlError(`unclosed ' quote starting at character ${start + 1}: ${text.slice(start, start + 30)}…`);
      word = (word ?? "") + chunk;
      i++;
    } else if (c === '"') {
      const start = i++;
      let chunk = "";
      while (i < text.length && text[i] !== '"') {
        if (text[i] === "\\" && /["\\$`]/.test(text[i + 1] ?? "")) i++;
        chunk += text[i++];
      }
      if (i >= text.length) throw new CurlError(`unclosed " quote starting at character ${start + 1}: ${text.slice(start, start + 30)}…`);
      word = (word ?? "") + chunk;
      i++;
    } else if (c === "\\") {
      word = (word ?? "") + (text[i + 1] ?? "");
      i += 2;
    } else {
      word = (word ?? "") + c;
      i++;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

const DATA_FLAGS = new Set(["-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode", "--json"]);
// Flags that change nothing the form can send: accepted, and listed back as ignored.
const IGNORED_FLAGS = new Set([
  "-s",
  "--silent",
  "-S",
  "--show-error",
  "-i",
  "--include",
  "-L",
  "--location",
  "-k",
  "--insecure",
  "-v",
  "--verbose",
  "--compressed",
  "-f",
  "--fail",
  "--fail-with-body",
  "-N",
  "--no-buffer",
  "-#",
  "--progress-bar",
  "--http1.1",
  "--http2",
  "--http2-prior-knowledge",
  "--tr-encoding",
  "--no-progress-meter",
]);
// Ignored too, with the value that follows them.
const IGNORED_WITH_VALUE = new Set([
  "-m",
  "--max-time",
  "--connect-timeout",
  "--retry",
  "-o",
  "--output",
  "-w",
  "--write-out",
  "--max-redirs",
]);
// Short flags that take a value, which may be glued on (-XPOST, -uuser:pw).
const SHORT_WITH_VALUE = new Set(["X", "H", "d", "b", "u", "A", "e", "m", "o", "w", "F"]);
const SHORT_ALONE = new Set(["s", "S", "i", "L", "k", "v", "g", "G", "f", "N", "#"]);

/** Splits `-sSL` into -s -S -L and `-XPOST` into -X POST, the way curl reads short options. */
function expandShort(word: string): string[] {
  if (!/^-[^-]./.test(word)) return [word];
  const out: string[] = [];
  for (let i = 1; i < word.length; i++) {
    const c = word[i];
    if (SHORT_WITH_VALUE.has(c)) {
      out.push(`-${c}`);
      if (i + 1 < word.length) out.push(word.slice(i + 1));
      return out;
    }
    if (!SHORT_ALONE.has(c)) return [word];
    out.push(`-${c}`);
  }
  return out;
}

/** curl's --data-urlencode: `content`, `=content`, `name=content` (content encoded; name kept). */
function urlencodeData(value: string, flag: string): string {
  if (/^[^=]*@/.test(value))
    throw new CurlError(`${flag} ${value}: reading the data from a file is not supported here; paste the data itself`);
  const eq = value.indexOf("=");
  if (eq < 0) return percentEncode(value);
  const name = value.slice(0, eq);
  return (name ? `${name}=` : "") + percentEncode(value.slice(eq + 1));
}

/** Percent-encodes everything but A-Z a-z 0-9 - . _ ~, as curl does (a space is %20). */
const percentEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A pasted command read into the form, and the flags it carried that the form cannot use. */
export interface ParsedCurl {
  request: CurlRequest;
  /** Flags accepted but without effect here (--compressed, -k, -L, -s…), as written. */
  ignored: string[];
}

/** Reads a pasted cURL command. Throws CurlError naming the part that could not be read. */
export function parseCurlCommand(command: string, origin?: string): ParsedCurl {
  const words = shellWords(command.trim());
  if (words[0] !== "curl") throw new CurlError(`a cURL command starts with "curl", this one starts with "${words[0] ?? ""}"`);
  let method: string | undefined;
  let url: string | undefined;
  let get = false;
  let globoff = false;
  let json = false;
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  const data: string[] = [];
  const ignored: string[] = [];
  // Other body types: -F parts, a --data-binary file, whether --data-urlencode was used.
  const form: FormRow[] = [];
  let binaryName: string | undefined;
  let urlencoded = false;
  const valueOf = (flag: string, i: number) => {
    const value = words[i + 1];
    if (value === undefined) throw new CurlError(`${flag} needs a value after it`);
    return value;
  };
  const setHeader = (name: string, value: string) => {
    const existing = Object.keys(headers).find((h) => h.toLowerCase() === name.toLowerCase());
    if (existing) delete headers[existing];
    headers[name] = value;
  };
  const hasHeader = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase());
  for (let i = 1; i < words.length; i++) {
    const short = expandShort(words[i]);
    if (short.length > 1) words.splice(i, 1, ...short);
    let word = words[i];
    const eq = word.match(/^(--[a-z0-9.-]+)=(.*)$/s);
    if (eq) {
      words.splice(i, 1, eq[1], eq[2]);
      word = eq[1];
    }
    if (word === "-X" || word === "--request") {
      method = valueOf(word, i).toUpperCase();
      if (!/^[A-Z]+$/.test(method)) throw new CurlError(`${word} ${words[i + 1]}: a method is letters only`);
      i++;
    } else if (word === "-H" || word === "--header") {
      const line = valueOf(word, i);
      const colon = line.indexOf(":");
      // `-H 'Name;'` is curl's way to send a header with an empty value (Chromium writes it for one).
      const empty = colon < 0 ? /^([^\s;]+);\s*$/.exec(line) : null;
      if (empty) headers[empty[1]] = "";
      else if (colon <= 0) throw new CurlError(`${word} '${line}': a header is "Name: value", this one has no name before a colon`);
      else headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
      i++;
    } else if (word === "-F" || word === "--form" || word === "--form-string") {
      form.push(formPart(valueOf(word, i), word));
      i++;
    } else if (word === "--data-binary" && valueOf(word, i).startsWith("@")) {
      binaryName = valueOf(word, i).slice(1);
      i++;
    } else if (DATA_FLAGS.has(word)) {
      const value = valueOf(word, i);
      if (word === "--data-urlencode") {
        data.push(urlencodeData(value, word));
        urlencoded = true;
      } else {
        if (value.startsWith("@") && word !== "--data-raw")
          throw new CurlError(`${word} ${value}: reading the body from a file is not supported here; paste the body itself`);
        data.push(value);
      }
      if (word === "--json") json = true;
      i++;
    } else if (word === "-b" || word === "--cookie") {
      const value = valueOf(word, i);
      if (!value.includes("="))
        throw new CurlError(`${word} ${value}: that reads cookies from a file, which is not supported here; give them as -b 'name=value'`);
      cookies.push(value.trim().replace(/;\s*$/, ""));
      i++;
    } else if (word === "-u" || word === "--user") {
      const value = valueOf(word, i);
      if (!value.includes(":")) throw new CurlError(`${word} ${value}: curl would ask for the password; write ${word} 'user:password'`);
      setHeader("Authorization", `Basic ${utf8Base64(value)}`);
      i++;
    } else if (word === "-A" || word === "--user-agent") {
      setHeader("User-Agent", valueOf(word, i));
      i++;
    } else if (word === "-e" || word === "--referer") {
      setHeader("Referer", valueOf(word, i));
      i++;
    } else if (word === "-g" || word === "--globoff") {
      globoff = true;
    } else if (word === "-G" || word === "--get") {
      get = true;
    } else if (word === "--url") {
      url = valueOf(word, i);
      i++;
    } else if (IGNORED_FLAGS.has(word)) {
      ignored.push(word);
    } else if (IGNORED_WITH_VALUE.has(word)) {
      ignored.push(`${word} ${valueOf(word, i)}`);
      i++;
    } else if (word.startsWith("-")) {
      throw new CurlError(
        `option ${word} is not supported (supported: -X, -H, -d/--data/--data-raw/--data-urlencode, --data-binary @file, -F/--form, --json, -b, -u, -G, -A, -e, and the URL)`,
      );
    } else if (url === undefined) {
      url = word;
    } else {
      throw new CurlError(`"${word}" is a second URL; paste one request at a time`);
    }
  }
  if (url === undefined) throw new CurlError("no URL found in the command");
  // curl reads [ ] { } in a URL as a glob unless -g; Chromium escapes them (\[), curl sends them bare.
  if (!globoff) url = url.replace(/\\([[\]{}])/g, "$1");
  if (cookies.length) {
    const existing = Object.keys(headers).find((h) => h.toLowerCase() === "cookie");
    const all = [...(existing ? [headers[existing]] : []), ...cookies].join("; ");
    setHeader(existing ?? "Cookie", all);
  }
  if (json) {
    // --json is -d plus these two headers, unless the command sets its own.
    if (!hasHeader("content-type")) headers["Content-Type"] = "application/json";
    if (!hasHeader("accept")) headers["Accept"] = "application/json";
  }
  let body = data.length ? data.join(json ? "" : "&") : undefined;
  if (get && body !== undefined) {
    // -G: the data goes into the query string and the request is a GET.
    const hash = url.indexOf("#");
    const [before, fragment] = hash < 0 ? [url, ""] : [url.slice(0, hash), url.slice(hash)];
    url = before + (before.includes("?") ? "&" : "?") + body + fragment;
    body = undefined;
  }
  const bodies = bodyTypeOf(headers, body, form, binaryName, urlencoded);
  if (bodies) body = undefined;
  const request: CurlRequest = {
    method: method ?? (get ? "GET" : body !== undefined || bodies ? "POST" : "GET"),
    endpoint: relativeTo(url, origin),
    headers,
    bodyText: body,
    ...(bodies ? { bodies } : {}),
  };
  return { request, ignored };
}

/**
 * A pasted command read whole, for the form: a multipart body given as text (the browsers
 * copy a form upload so: `--data-raw $'------WebKitFormBoundary…'` and a Content-Type with
 * its boundary) becomes form-data rows, read by the platform's own parser (Response.formData),
 * and its Content-Type goes, since the page writes a boundary of its own.
 */
export async function readCurl(command: string, origin?: string): Promise<ParsedCurl> {
  const parsed = parseCurlCommand(command, origin);
  const { request } = parsed;
  const type = contentTypeHeader(request.headers);
  if (request.bodyText === undefined || !type || !/^multipart\/form-data\b/i.test(type[1])) return parsed;
  let form: FormData;
  try {
    form = await new Response(request.bodyText, { headers: { "content-type": type[1] } }).formData();
  } catch {
    throw new CurlError(`the body is not multipart/form-data with the boundary its Content-Type names (${type[1]})`);
  }
  const formdata = [...form].map(([key, value]) =>
    typeof value === "string" ? { ...blankRow(), key, value } : { ...blankRow(), key, file: true, fileName: value.name },
  );
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([h]) => h !== type[0]));
  return { ...parsed, request: { ...request, headers, bodyText: undefined, bodies: { ...defaultParts(), kind: "formdata", formdata } } };
}

/**
 * One -F part as curl reads it: `name=value` (the value up to a `;`, or a "quoted string" with `\"` and `\\`),
 * `name=@file`, then `;type=…` and `;filename=…` parameters; a text part with a filename is a file given as its
 * content (what Copy as cURL writes for base64 content that is text). --form-string's value is plain.
 */
function formPart(value: string, flag: string): FormRow {
  const eq = value.indexOf("=");
  if (eq <= 0) throw new CurlError(`${flag} ${value}: a form part is "name=value" or "name=@file"`);
  const key = value.slice(0, eq);
  if (flag === "--form-string") return { ...blankRow(), key, value: value.slice(eq + 1) };
  const { text, params } = formValue(value.slice(eq + 1));
  const file = text.startsWith("@");
  if (text.startsWith("<"))
    throw new CurlError(`${flag} ${value}: reading a part's text from a file is not supported here; paste the text itself`);
  const fileName = params.filename ?? (file ? text.slice(1).replace(/^.*[\\/]/, "") : undefined);
  if (file) return { ...blankRow(), key, file: true, fileName };
  if (fileName === undefined) return { ...blankRow(), key, value: text };
  return { ...blankRow(), key, file: true, fileName, content: utf8Base64(text), ...(params.type ? { contentType: params.type } : {}) };
}

/**
 * curl's -F value (tool_formparse.c get_param_word): a quoted string (only `\\` and `\"` escaped) or the text up to
 * the first `;`, then its `;name=value` parameters (values may be quoted).
 */
function formValue(content: string): { text: string; params: Record<string, string> } {
  let at = 0;
  const word = (): string => {
    if (content[at] !== '"') {
      const end = content.indexOf(";", at);
      const text = content.slice(at, end < 0 ? content.length : end);
      at = end < 0 ? content.length : end;
      return text;
    }
    let text = "";
    for (at++; at < content.length && content[at] !== '"'; at++)
      text += content[at] === "\\" && (content[at + 1] === "\\" || content[at + 1] === '"') ? content[++at] : content[at];
    at = content.indexOf(";", at);
    if (at < 0) at = content.length;
    return text;
  };
  // A file's path may be quoted too: `@"/path/to/a b.png"`.
  const file = content.startsWith("@") || content.startsWith("<") ? content[at++] : "";
  const text = file + word();
  const params: Record<string, string> = {};
  while (at < content.length && content[at] === ";") {
    at++;
    const eq = content.indexOf("=", at);
    if (eq < 0) break;
    const name = content.slice(at, eq).trim().toLowerCase();
    at = eq + 1;
    params[name] = word();
  }
  return { text, params };
}

/** A pasted body that is not JSON, read into the body type it is; undefined for JSON (and no body). */
function bodyTypeOf(
  headers: Record<string, string>,
  body: string | undefined,
  form: FormRow[],
  binaryName: string | undefined,
  urlencoded: boolean,
): BodyParts | undefined {
  const blank = defaultParts();
  if (form.length) return { ...blank, kind: "formdata", formdata: form };
  if (binaryName !== undefined) return { ...blank, kind: "binary", binaryName };
  if (body === undefined) return undefined;
  const type = contentTypeHeader(headers)?.[1].toLowerCase() ?? "";
  if (urlencoded || type.startsWith("application/x-www-form-urlencoded")) {
    const rows = body
      .split("&")
      .filter(Boolean)
      .map((pair) => {
        const eq = pair.indexOf("=");
        const decode = (text: string) => {
          try {
            return decodeURIComponent(text.replace(/\+/g, " "));
          } catch {
            return text;
          }
        };
        return { ...blankRow(), key: decode(eq < 0 ? pair : pair.slice(0, eq)), value: eq < 0 ? "" : decode(pair.slice(eq + 1)) };
      });
    return { ...blank, kind: "urlencoded", urlencoded: rows.length ? rows : [blankRow()] };
  }
  if (/^(application|text)\/xml\b/.test(type)) return { ...blank, kind: "xml", raw: body };
  if (type.startsWith("text/plain")) return { ...blank, kind: "text", raw: body };
  return undefined;
}

/** The sentence a fill adds when the command carried flags the form cannot use. */
export const ignoredNote = (ignored: string[]) => (ignored.length ? ` Ignored (no effect here): ${ignored.join(", ")}.` : "");
