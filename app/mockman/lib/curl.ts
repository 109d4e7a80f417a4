// cURL in and out: print the current request as a command a terminal runs, and
// read a pasted command (-X, -H, -d/--data/--data-raw, URL) back into the form.

export interface CurlRequest {
  method: string;
  endpoint: string;
  headers: Record<string, string>;
  /** Body text as written; undefined when the command sends none. */
  body?: string;
}

export class CurlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CurlError";
  }
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Relative endpoints are printed against `origin` so the command runs from a terminal. */
export function printCurl(request: CurlRequest, origin: string): string {
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(request.endpoint) ? request.endpoint : origin.replace(/\/$/, "") + request.endpoint;
  const parts = ["curl", "-X", request.method, quote(url)];
  for (const [name, value] of Object.entries(request.headers)) parts.push("-H", quote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push("--data-raw", quote(request.body));
  return parts.join(" ");
}

/** Splits a shell command into words: '...', "..." with \ escapes, \ outside quotes, line continuations. */
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
          const e = text[i + 1];
          chunk += e === "n" ? "\n" : e === "t" ? "\t" : e === "r" ? "\r" : e;
          i += 2;
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

const DATA_FLAGS = new Set(["-d", "--data", "--data-raw", "--data-binary", "--data-ascii"]);
// Flags that change nothing the form can show; accepted so pasted commands from browsers' "Copy as cURL" work.
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
  "-g",
  "--globoff",
]);

/** Reads a pasted cURL command. Throws CurlError naming the part that could not be read. */
export function parseCurl(command: string, origin?: string): CurlRequest {
  const words = shellWords(command.trim());
  if (words[0] !== "curl") throw new CurlError(`a cURL command starts with "curl", this one starts with "${words[0] ?? ""}"`);
  let method: string | undefined;
  let url: string | undefined;
  const headers: Record<string, string> = {};
  const data: string[] = [];
  const valueOf = (flag: string, i: number) => {
    const value = words[i + 1];
    if (value === undefined) throw new CurlError(`${flag} needs a value after it`);
    return value;
  };
  for (let i = 1; i < words.length; i++) {
    let word = words[i];
    // -XPOST, -H'Accept: */*', -d'{}' (value glued to a short flag)
    const glued = word.match(/^(-[XHd])(.+)$/);
    if (glued) {
      words.splice(i, 1, glued[1], glued[2]);
      word = glued[1];
    }
    const eq = word.match(/^(--[a-z-]+)=(.*)$/s);
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
      if (colon <= 0) throw new CurlError(`${word} '${line}': a header is "Name: value", this one has no name before a colon`);
      headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
      i++;
    } else if (DATA_FLAGS.has(word)) {
      const value = valueOf(word, i);
      if (value.startsWith("@") && word !== "--data-raw")
        throw new CurlError(`${word} ${value}: reading the body from a file is not supported here; paste the body itself`);
      data.push(value);
      i++;
    } else if (word === "--url") {
      url = valueOf(word, i);
      i++;
    } else if (IGNORED_FLAGS.has(word)) {
      continue;
    } else if (word.startsWith("-")) {
      throw new CurlError(`option ${word} is not supported (supported: -X, -H, -d/--data/--data-raw, and the URL)`);
    } else if (url === undefined) {
      url = word;
    } else {
      throw new CurlError(`"${word}" is a second URL; paste one request at a time`);
    }
  }
  if (url === undefined) throw new CurlError("no URL found in the command");
  const body = data.length ? data.join("&") : undefined;
  return { method: method ?? (body !== undefined ? "POST" : "GET"), endpoint: relativeTo(url, origin), headers, body };
}

/** Same-origin URLs go back to a path, so the page's mock answers them. */
function relativeTo(url: string, origin?: string): string {
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
