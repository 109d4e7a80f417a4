// Every body type a request can carry, as Postman and Hoppscotch have them:
// none, JSON (the tab's bodyText, the spec's editor), raw text, XML,
// x-www-form-urlencoded and multipart/form-data tables, one binary file, and
// GraphQL. A Send goes to the run worker as a Postman item, whose bytes
// postman-runtime's body builder writes (mock/tester/engine/wire.ts), as for
// `mockman replay` and Newman: the page and the CLI put the same request on the wire. A chosen File
// lives only in this tab's memory: saved requests, history and reloads keep its
// name (Postman keeps only `src` too), and the form asks for it again.
import { readBody, writeBody, type BodyField, type PostmanBody } from "#mock/tester/postman/body";
import type { ParamRow } from "./query";

export type BodyKind = "none" | "json" | "text" | "xml" | "urlencoded" | "formdata" | "binary" | "graphql";

export const BODY_KINDS: ReadonlyArray<{ kind: BodyKind; label: string }> = [
  { kind: "none", label: "none" },
  { kind: "json", label: "JSON" },
  { kind: "text", label: "Raw text" },
  { kind: "xml", label: "XML" },
  { kind: "urlencoded", label: "x-www-form-urlencoded" },
  { kind: "formdata", label: "multipart/form-data" },
  { kind: "binary", label: "Binary (one file)" },
  { kind: "graphql", label: "GraphQL" },
];

/**
 * One row of a form table, as a query row. `file` rows (form-data only) send the chosen file; `fileName` is what was
 * chosen. A file row opened from a Postman field that gives the file as its content in base64 (`value`, no `src`) holds
 * that `content` (and the field's own `fileName`, if any) and sends it as it is, decoded as postman-runtime decodes it,
 * until a file is chosen in its place.
 */
export interface FormRow extends ParamRow {
  file?: boolean;
  fileName?: string;
  content?: string;
  /** The Content-Type its Postman field gives such content. */
  contentType?: string;
}

/** How many bytes a base64 text decodes to (what is not base64 left out, as a lenient decoder does). */
export function base64Size(text: string): number {
  const digits = text.replace(/[^A-Za-z0-9+/\-_]/g, "").length;
  return Math.floor((digits * 3) / 4);
}

/** What a file row given as base64 content shows: its field's fileName, else what it holds. */
export const contentLabel = (row: FormRow) => row.fileName || `base64 content, ${base64Size(row.content ?? "")} bytes`;

/** Whether a file row sends the base64 content it was opened with (no file chosen in its place). */
export const sendsContent = (row: FormRow) => !!row.file && !!row.content && !chosen.has(row.id);

/** Everything a body type other than JSON needs; JSON stays the tab's bodyText. */
export interface BodyParts {
  kind: BodyKind;
  /** Raw text and XML. */
  raw: string;
  urlencoded: FormRow[];
  formdata: FormRow[];
  /** The binary body's file name (the file itself is in memory only). */
  binaryName: string;
  query: string;
  variables: string;
}

/** The content type each kind adds when no header row sets one (multipart adds its boundary). */
export const AUTO_TYPES: Record<BodyKind, string | null> = {
  none: null,
  json: "application/json",
  text: "text/plain",
  xml: "application/xml",
  urlencoded: "application/x-www-form-urlencoded",
  formdata: "multipart/form-data",
  binary: "application/octet-stream",
  graphql: "application/json",
};

export const newRowId = () => `b${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
export const blankRow = (): FormRow => ({ id: newRowId(), enabled: true, key: "", value: "" });

export function defaultParts(): BodyParts {
  return {
    kind: "json",
    raw: "",
    urlencoded: [blankRow()],
    formdata: [blankRow()],
    binaryName: "",
    query: "",
    variables: "",
  };
}

export const partsOf = (parts: BodyParts | undefined): BodyParts => parts ?? defaultParts();

// --- files chosen in this tab's life -------------------------------------

const chosen = new Map<string, File>();
/** The key a binary body's file is kept under (its tab's id). */
export const binaryKey = (tabId: string) => `binary:${tabId}`;
export const chooseFile = (key: string, file: File) => chosen.set(key, file);
export const chosenFile = (key: string) => chosen.get(key);

/** File names the form holds but no File behind them (after a reload, or opened from a collection). */
export function missingFiles(parts: BodyParts | undefined, tabId: string): string[] {
  const p = partsOf(parts);
  if (p.kind === "binary") return p.binaryName && !chosen.has(binaryKey(tabId)) ? [p.binaryName] : [];
  if (p.kind === "formdata")
    return p.formdata.filter((r) => r.enabled && r.file && r.fileName && !r.content && !chosen.has(r.id)).map((r) => r.fileName!);
  return [];
}

// --- stored shape ------------------------------------------------------------

/** A stored value when it is a string, else `fallback`. */
export const str = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);

function rowsOf(raw: unknown, withFiles: boolean): FormRow[] {
  const rows = Array.isArray(raw)
    ? raw
        .filter((r): r is Record<string, unknown> => !!r && typeof r === "object")
        .map((r) => ({
          id: typeof r.id === "string" && /^[\w-]{1,40}$/.test(r.id) ? r.id : newRowId(),
          enabled: r.enabled !== false,
          key: str(r.key),
          value: str(r.value),
          ...(withFiles && r.file === true
            ? {
                file: true,
                fileName: str(r.fileName),
                ...(typeof r.content === "string" && r.content ? { content: r.content } : {}),
                ...(typeof r.contentType === "string" && r.contentType ? { contentType: r.contentType } : {}),
              }
            : {}),
        }))
    : [];
  return rows.length ? rows : [blankRow()];
}

/** Parts read back from storage (tabs, history), anything malformed falling back to the default. */
export function readParts(raw: unknown): BodyParts | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const r = raw as Record<string, unknown>;
  const kind = BODY_KINDS.some((k) => k.kind === r.kind) ? (r.kind as BodyKind) : "json";
  return {
    kind,
    raw: str(r.raw),
    urlencoded: rowsOf(r.urlencoded, false),
    formdata: rowsOf(r.formdata, true),
    binaryName: str(r.binaryName),
    query: str(r.query),
    variables: str(r.variables),
  };
}

/**
 * Only what the chosen kind uses, for history and snapshots (a JSON body keeps nothing here). The tables the kind
 * does not use are empty, not a blank row each: a blank row gets a new id every time, and the same form must give
 * the same parts (a tab opened from a collection compares them to tell unsaved changes). readParts gives an empty
 * table its blank row back.
 */
export function keptParts(parts: BodyParts | undefined): BodyParts | undefined {
  const p = partsOf(parts);
  if (p.kind === "json") return undefined;
  const blank: BodyParts = { kind: p.kind, raw: "", urlencoded: [], formdata: [], binaryName: "", query: "", variables: "" };
  return {
    ...blank,
    kind: p.kind,
    ...(p.kind === "text" || p.kind === "xml" ? { raw: p.raw } : {}),
    ...(p.kind === "urlencoded" ? { urlencoded: p.urlencoded } : {}),
    ...(p.kind === "formdata" ? { formdata: p.formdata } : {}),
    ...(p.kind === "binary" ? { binaryName: p.binaryName } : {}),
    ...(p.kind === "graphql" ? { query: p.query, variables: p.variables } : {}),
  };
}

/** The texts a body holds, so `{{variables}}` in them are checked before sending. */
export function partTexts(parts: BodyParts): string[] {
  if (parts.kind === "text" || parts.kind === "xml") return [parts.raw];
  if (parts.kind === "urlencoded") return parts.urlencoded.filter((r) => r.enabled).flatMap((r) => [r.key, r.value]);
  if (parts.kind === "formdata") return parts.formdata.filter((r) => r.enabled).flatMap((r) => (r.file ? [r.key] : [r.key, r.value]));
  if (parts.kind === "graphql") return [parts.query, parts.variables];
  return [];
}

// --- Postman v2.1 ------------------------------------------------------------

/** The form's rows of a Postman body's fields (a form table always shows one row). */
function formRows(fields: BodyField[]): FormRow[] {
  const rows = fields.map((f) => ({
    ...blankRow(),
    enabled: !f.disabled,
    key: f.key,
    value: f.value,
    ...(f.content
      ? { file: true, fileName: f.fileName ?? "", content: f.content, ...(f.contentType ? { contentType: f.contentType } : {}) }
      : f.src
        ? { file: true, fileName: f.src[0] ?? "" }
        : {}),
  }));
  return rows.length ? rows : [blankRow()];
}

/** A Postman body as the form's parts; a raw JSON (or unnamed) body is the tab's JSON text instead (`json`). */
export function partsFromPostman(postman: PostmanBody | undefined): { parts?: BodyParts; json?: string } {
  const blank = defaultParts();
  const body = readBody(postman);
  switch (body.mode) {
    case "raw":
      if (body.language === "xml") return { parts: { ...blank, kind: "xml", raw: body.raw } };
      // No language is Postman's Text, sent as text/plain by postman-runtime whatever it holds: JSON only when it says so.
      if (["text", "html", "javascript", ""].includes(body.language ?? "")) return { parts: { ...blank, kind: "text", raw: body.raw } };
      return { json: body.raw };
    case "urlencoded":
      return { parts: { ...blank, kind: "urlencoded", urlencoded: formRows(body.fields) } };
    case "formdata":
      return { parts: { ...blank, kind: "formdata", formdata: formRows(body.fields) } };
    case "file":
      return { parts: { ...blank, kind: "binary", binaryName: body.src } };
    case "graphql":
      return { parts: { ...blank, kind: "graphql", query: body.query, variables: body.variables } };
    default:
      return { parts: { ...blank, kind: "none" } };
  }
}

/** A form row as a Postman body's field; a file row's `src` is its file's name unless given; one given as base64 content keeps it. */
const fieldOf = (r: FormRow, src = r.fileName ?? "", contentType?: string): BodyField => ({
  key: r.key,
  value: r.file ? "" : r.value,
  ...(sendsContent(r) ? { src: [], content: r.content, ...(r.fileName ? { fileName: r.fileName } : {}) } : r.file ? { src: [src] } : {}),
  ...((sendsContent(r) ? r.contentType : contentType) ? { contentType: sendsContent(r) ? r.contentType : contentType } : {}),
  ...(r.enabled ? {} : { disabled: true }),
});

/** The form's parts (and its JSON text) as a Postman v2.1 body; none is sent as none and read back as none, an empty JSON text writes no body. */
export function postmanBodyOf(parts: BodyParts, json: string): PostmanBody | undefined {
  const rows = (list: FormRow[]) => list.filter((r) => r.key.trim() || r.value || r.fileName).map((r) => fieldOf(r));
  switch (parts.kind) {
    case "text":
    case "xml":
      return writeBody({ mode: "raw", raw: parts.raw, language: parts.kind });
    case "urlencoded":
      return writeBody({ mode: "urlencoded", fields: rows(parts.urlencoded) });
    case "formdata":
      return writeBody({ mode: "formdata", fields: rows(parts.formdata) });
    case "binary":
      return writeBody({ mode: "file", src: parts.binaryName });
    case "graphql":
      return writeBody({ mode: "graphql", query: parts.query, variables: parts.variables });
    case "none":
      return writeBody({ mode: "none" });
    default:
      return json.trim() ? writeBody({ mode: "raw", raw: json, language: "json" }) : undefined;
  }
}

// --- on the wire -------------------------------------------------------------

/** Why the form's body cannot be sent as it is, or null. */
export function partsProblem(parts: BodyParts, tabId: string): string | null {
  const missing = missingFiles(parts, tabId);
  if (missing.length)
    return `Not sent: choose the file again (${missing.join(", ")}); a saved or reloaded request keeps only the file's name.`;
  if (parts.kind === "binary" && !chosen.has(binaryKey(tabId))) return "Not sent: choose a file for the binary body.";
  if (parts.kind === "formdata") {
    const empty = parts.formdata.find((r) => r.enabled && r.file && !chosen.has(r.id) && !r.content);
    if (empty) return `Not sent: choose a file for form-data field "${empty.key || "(no name)"}".`;
  }
  if (parts.kind === "graphql" && parts.variables.trim()) {
    try {
      const value: unknown = JSON.parse(parts.variables);
      if (!value || typeof value !== "object" || Array.isArray(value)) return "Not sent: GraphQL variables must be a JSON object.";
    } catch (error) {
      return `Not sent: GraphQL variables are not valid JSON (${(error as Error).message}).`;
    }
  }
  return null;
}

/**
 * A Send goes to the run worker as a Postman item (lib/send-item.ts), and the files chosen in the form go
 * with it (a File crosses to a worker as it is): each under the `src` the item names, which the
 * worker reads as `mockman replay` reads a file from disk. A form-data file's src is the row's id,
 * then the file's name, so two files of one name stay apart and each part keeps its own name and
 * type. Null when the body names no file.
 */
export function bodyWithFiles(parts: BodyParts | undefined, tabId: string): { body: PostmanBody; files: Record<string, File> } | null {
  const p = partsOf(parts);
  const files: Record<string, File> = {};
  if (p.kind === "binary") {
    const src = binaryKey(tabId);
    const file = chosen.get(src);
    if (file) files[src] = file;
    return { body: writeBody({ mode: "file", src }), files };
  }
  const rows = p.formdata.filter((r) => r.key.trim() || r.value || r.file);
  if (p.kind !== "formdata" || !rows.some((r) => r.file)) return null;
  const fields = rows.map((r) => {
    const src = `${r.id}/${r.fileName ?? "file"}`;
    const file = r.file ? chosen.get(r.id) : undefined;
    if (file) files[src] = file;
    return fieldOf(r, src, file?.type);
  });
  return { body: writeBody({ mode: "formdata", fields }), files };
}

/** A binary body's type: its file's own (as Postman sends it), octet-stream when the browser knows none. */
export const binaryType = (tabId: string) => chosen.get(binaryKey(tabId))?.type || AUTO_TYPES.binary!;

/** The header that sets the content type, as [name, value], whatever its case; undefined when none does. */
export const contentTypeHeader = (headers: Record<string, string>) =>
  Object.entries(headers).find(([h]) => h.toLowerCase() === "content-type");

/** Whether a header row already sets the content type (an explicit row overrides the automatic one). */
export const setsContentType = (headers: Record<string, string>) => contentTypeHeader(headers) !== undefined;

/** The sentence under the body type choice. */
export function autoTypeNote(kind: BodyKind, method: string, headers: Record<string, string>): string {
  if (["GET", "HEAD"].includes(method.toUpperCase())) return `${method} requests are sent without a body.`;
  if (kind === "none") return "This request sends no body.";
  const own = contentTypeHeader(headers);
  if (own) return `Sent as ${own[1]} (the Content-Type header row).`;
  if (kind === "graphql") return "Sent as application/json {query, variables}; a Content-Type header row overrides it.";
  if (kind === "formdata") return "Sent as multipart/form-data with a boundary; a Content-Type header row would override it.";
  return `Sent as ${AUTO_TYPES[kind]}; a Content-Type header row overrides it.`;
}

/** The parts with `fill` applied to every text they hold (variables filled, or marked for the code printers). */
export function mapPartTexts(parts: BodyParts, fill: (text: string) => string): BodyParts {
  const rows = (list: FormRow[]) => list.map((r) => ({ ...r, key: fill(r.key), value: fill(r.value) }));
  return {
    ...parts,
    raw: fill(parts.raw),
    urlencoded: rows(parts.urlencoded),
    formdata: rows(parts.formdata),
    query: fill(parts.query),
    variables: fill(parts.variables),
  };
}

/** A GraphQL body's JSON text, as it goes on the wire: `{"query":…,"variables":…}` (variables only when given). */
export function graphqlText(parts: Pick<BodyParts, "query" | "variables">): string {
  const variables = parts.variables.trim();
  return `{"query":${JSON.stringify(parts.query)}${variables ? `,"variables":${variables}` : ""}}`;
}

/** The form rows that get sent: enabled, with a name, a value or a file. */
export const sentRows = (rows: FormRow[]) => rows.filter((r) => r.enabled && (r.key.trim() || r.value || r.file));

/** The bytes base64 text decodes to, leniently as Node's Buffer.from(text, "base64") does (postman-runtime's decoding). */
export function base64Decode(text: string): Uint8Array {
  const digits = text
    .split("=")[0]
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .replace(/[^A-Za-z0-9+/]/g, "");
  const whole = digits.slice(0, digits.length - (digits.length % 4 === 1 ? 1 : 0));
  const binary = atob(whole + "=".repeat((4 - (whole.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Bytes as text when they are UTF-8 a shell argument can hold as they are (no NUL, no control but tab and line ends); else null. */
function asText(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

/** Where a copied command reads a form-data file it cannot carry (base64 content that is no text): a path to fill in. */
export const placeholderPath = (row: FormRow) => `/path/to/${row.fileName || row.key || "file"}`;

/** curl's quoted string in a -F value (`"…"`, `\` and `"` escaped), read as it is whatever it holds (`;`, `,`, `@`). */
const formQuoted = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * A form-data file row given as base64 content, as one -F value that sends the same part: the decoded text itself
 * when it is text (a quoted value, with its `filename` and `type`), else a file at a placeholder path (curl reads no
 * bytes from an argument), which the one who copied it saves the decoded content to (formDataPlaceholders says so).
 * Without the field's contentType the part is application/octet-stream, as postman-runtime's form-data types a Buffer.
 */
function contentPart(r: FormRow): string {
  const text = asText(base64Decode(r.content ?? ""));
  const name = r.fileName ? `;filename=${formQuoted(r.fileName)}` : "";
  const type = `;type=${r.contentType || "application/octet-stream"}`;
  return text === null ? `${r.key}=@${formQuoted(placeholderPath(r))}${name}${type}` : `${r.key}=${formQuoted(text)}${name}${type}`;
}

/** The form-data file rows a copied command reads from a placeholder path (base64 content that is no text), as [key, path]. */
export function formDataPlaceholders(parts: BodyParts | undefined): Array<[string, string]> {
  if (parts?.kind !== "formdata") return [];
  return sentRows(parts.formdata)
    .filter((r) => sendsContent(r) && asText(base64Decode(r.content ?? "")) === null)
    .map((r) => [r.key, placeholderPath(r)]);
}

/**
 * The body as curl's own flags: `--data-raw` for text, XML and GraphQL,
 * `--data-urlencode name=value` per field, `-F name=value` / `-F name=@file` per
 * part (`--form-string` when a value starts with @, < or ", or holds a `;`, which -F would read as a file, a
 * quoted string or a parameter: `-F 'k=a;b'` sends "a"; a file given as base64 content as contentPart writes it), `--data-binary @file`. Empty for none and JSON (the caller prints JSON).
 */
export function curlBodyFlags(parts: BodyParts): Array<[string, string]> {
  switch (parts.kind) {
    case "text":
    case "xml":
      return [["--data-raw", parts.raw]];
    case "graphql":
      return [["--data-raw", graphqlText(parts)]];
    case "urlencoded":
      return sentRows(parts.urlencoded).map((r) => ["--data-urlencode", `${r.key}=${r.value}`]);
    case "formdata":
      return sentRows(parts.formdata).map((r) =>
        sendsContent(r)
          ? ["-F", contentPart(r)]
          : r.file
            ? ["-F", `${r.key}=@${r.fileName || "file"}`]
            : [/^[@<"]|;/.test(r.value) ? "--form-string" : "-F", `${r.key}=${r.value}`],
      );
    case "binary":
      return [["--data-binary", `@${parts.binaryName || "file"}`]];
    default:
      return [];
  }
}

/**
 * The content type a printed command must name itself: curl sets the form types
 * on its own (-F with its boundary, --data-urlencode), not text, XML, GraphQL or a file's.
 */
export const commandContentType = (kind: BodyKind): string | null =>
  kind === "formdata" || kind === "urlencoded" || kind === "none" ? null : AUTO_TYPES[kind];
