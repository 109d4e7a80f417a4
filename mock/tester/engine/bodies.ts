// A Postman request's body as Newman sends it, and the content type it adds when
// the request has none: raw text with its language's type, urlencoded pairs,
// multipart formdata (text fields and files), a binary file, GraphQL as JSON.
// Newman drops the body of a GET or HEAD (its "disableBodyPruning" is off by
// default); so does mockman. Files are read through the FileSource the caller
// gives (the CLI reads them inside the collection's folder or --working-dir; a path
// outside it throws NotSent, and the request fails).
import { NotSent } from "./limits";
import type { FileSource } from "./exchange";
import type { StepBody } from "../postman/steps";

/** postman-runtime's raw language to content type; any other language is text. */
const LANGUAGE_TYPES: Record<string, string> = {
  html: "text/html",
  text: "text/plain",
  json: "application/json",
  javascript: "application/javascript",
  xml: "application/xml",
};

/** The type a formdata file part carries, by its extension (as the mime-types table Newman uses gives it). */
const FILE_TYPES: Record<string, string> = {
  txt: "text/plain",
  csv: "text/csv",
  json: "application/json",
  xml: "application/xml",
  html: "text/html",
  htm: "text/html",
  js: "application/javascript",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  zip: "application/zip",
};

export const fileType = (path: string) => FILE_TYPES[path.replace(/^.*\./, "").toLowerCase()] ?? "application/octet-stream";
const baseName = (path: string) => path.replace(/^.*[\\/]/, "");

export interface BuiltBody {
  body?: string | Uint8Array;
  /** The content type to add when the request sets none. */
  type?: string;
  /** Files that could not be read: Newman warns and sends the request without them. */
  warnings: string[];
}

const encoder = new TextEncoder();

export function concat(parts: Array<string | Uint8Array>): Uint8Array {
  const chunks = parts.map((part) => (typeof part === "string" ? encoder.encode(part) : part));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** A multipart boundary as form-data (Newman's) writes one: dashes and 24 digits. */
export const boundary = () => `--------------------------${Array.from({ length: 24 }, () => Math.floor(Math.random() * 10)).join("")}`;

const quoted = (text: string) => text.replace(/"/g, "%22").replace(/\r?\n/g, " ");

/** The body to send; `fill` puts in the variables. */
export async function buildBody(
  method: string,
  body: StepBody,
  fill: (text: string) => string,
  files: FileSource | undefined,
): Promise<BuiltBody> {
  const warnings: string[] = [];
  if (method === "GET" || method === "HEAD" || body.mode === "none") return { warnings };
  if (body.mode === "raw") return { body: fill(body.raw), type: LANGUAGE_TYPES[body.language ?? "text"] ?? LANGUAGE_TYPES.text, warnings };
  if (body.mode === "urlencoded")
    return {
      body: body.pairs
        .filter(([, , disabled]) => !disabled)
        .map(([k, v]) => `${encodeURIComponent(fill(k))}=${encodeURIComponent(fill(v))}`)
        .join("&"),
      type: "application/x-www-form-urlencoded",
      warnings,
    };
  if (body.mode === "graphql") {
    const { query, operationName, variables } = body;
    // postman-runtime: variables given as text go in as written (filled), an object as JSON.
    const parts = [`"query":${JSON.stringify(fill(query))}`];
    if (operationName !== undefined) parts.push(`"operationName":${JSON.stringify(fill(operationName))}`);
    if (typeof variables === "string") {
      if (variables.trim() !== "") parts.push(`"variables":${fill(variables)}`);
    } else if (variables !== undefined) parts.push(`"variables":${fill(JSON.stringify(variables))}`);
    return { body: `{${parts.join(",")}}`, type: "application/json", warnings };
  }
  const read = async (path: string): Promise<Uint8Array | undefined> => {
    if (!files) {
      warnings.push(`${path}: this run reads no files`);
      return undefined;
    }
    try {
      return await files.read(path);
    } catch (error) {
      // A path the run may not read (outside --working-dir) fails the request; a missing file is Newman's warning.
      if (error instanceof NotSent) throw error;
      warnings.push(`${path}: ${(error as Error).message}`);
      return undefined;
    }
  };
  if (body.mode === "file") {
    const bytes = await read(fill(body.src));
    return bytes ? { body: bytes, warnings } : { warnings };
  }
  // formdata: text fields and files, in order.
  const mark = boundary();
  const parts: Array<string | Uint8Array> = [];
  for (const field of body.fields) {
    if (field.disabled) continue;
    const name = quoted(fill(field.key));
    if (field.type === "text") {
      const type = field.contentType ? `\r\nContent-Type: ${field.contentType}` : "";
      parts.push(`--${mark}\r\nContent-Disposition: form-data; name="${name}"${type}\r\n\r\n`, fill(field.value), "\r\n");
      continue;
    }
    for (const src of field.src) {
      const path = fill(src);
      const bytes = await read(path);
      if (!bytes) continue;
      const type = field.contentType || fileType(path);
      parts.push(
        `--${mark}\r\nContent-Disposition: form-data; name="${name}"; filename="${quoted(baseName(path))}"\r\nContent-Type: ${type}\r\n\r\n`,
        bytes,
        "\r\n",
      );
    }
  }
  parts.push(`--${mark}--\r\n`);
  return { body: concat(parts), type: `multipart/form-data; boundary=${mark}`, warnings };
}
