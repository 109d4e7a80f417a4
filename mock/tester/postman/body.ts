// A Postman v2.1 request body of every mode, read and written here for the page's body types
// (app/mockman/lib/bodies.ts), the conversion to and from mockman's format (convert.ts) and the run plan
// (steps.ts). By hand, as it runs in the page's first load and the CLI's start, which load none of
// postman-collection; its RequestBody and postman-runtime's body builder write the bytes (engine/wire.ts).
import { toJsonText } from "../engine/variables";

type PostmanField = {
  key?: string;
  value?: unknown;
  disabled?: boolean;
  type?: string;
  src?: unknown;
  contentType?: string;
  fileName?: unknown;
};

/** A request body (v2.1): raw may be JSON itself in hand-written files. */
export interface PostmanBody {
  mode?: string;
  raw?: unknown;
  options?: { raw?: { language?: string } };
  urlencoded?: PostmanField[];
  formdata?: PostmanField[];
  file?: { src?: unknown };
  graphql?: { query?: unknown; variables?: unknown; operationName?: unknown };
  disabled?: boolean;
}

/** A urlencoded or formdata field: `src` makes it a file field (its paths); an unticked one is kept (a script sees it), not sent. */
export interface BodyField {
  key: string;
  value: string;
  src?: string[];
  /** A file field given as its content in base64 (its `value`) without src: postman-runtime sends it decoded. */
  content?: string;
  /** A file field's own name for its part (Postman's `fileName`). */
  fileName?: string;
  contentType?: string;
  disabled?: true;
}

export type Body =
  | { mode: "none" }
  | { mode: "raw"; raw: string; language?: string }
  | { mode: "urlencoded"; fields: BodyField[] }
  | { mode: "formdata"; fields: BodyField[] }
  | { mode: "file"; src: string }
  /** `variables` as JSON text ("" when none is given). */
  | { mode: "graphql"; query: string; variables: string; operationName?: string };

/** A Postman text field: undefined and null are empty. */
export const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** Postman's raw value may be text or (in hand-written files) JSON: as text, however deep. */
const rawText = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined || value === null ? "" : toJsonText(value);

function fieldsOf(list: unknown, files: boolean): BodyField[] {
  return (Array.isArray(list) ? (list as unknown[]) : [])
    .filter((f): f is PostmanField => !!f && typeof f === "object")
    .map((f) => {
      const file = files && f.type === "file";
      const src = f.src === undefined || f.src === null || f.src === "" ? [] : Array.isArray(f.src) ? f.src : [f.src];
      return {
        key: text(f.key),
        value: file ? "" : rawText(f.value),
        ...(file ? { src: src.map(String) } : {}),
        ...(file && !src.length && typeof f.value === "string" && f.value ? { content: f.value } : {}),
        ...(file && typeof f.fileName === "string" && f.fileName ? { fileName: f.fileName } : {}),
        ...(files && typeof f.contentType === "string" && f.contentType ? { contentType: f.contentType } : {}),
        ...(f.disabled ? { disabled: true as const } : {}),
      };
    });
}

/** A Postman body as it is sent: a disabled one, or one of a mode Postman's body builder does not know, is none. */
export function readBody(body: PostmanBody | undefined): Body {
  if (!body || typeof body !== "object" || body.disabled || !body.mode) return { mode: "none" };
  switch (body.mode) {
    case "raw": {
      const language = body.options?.raw?.language;
      return { mode: "raw", raw: rawText(body.raw), ...(typeof language === "string" && language ? { language } : {}) };
    }
    case "urlencoded":
      return { mode: "urlencoded", fields: fieldsOf(body.urlencoded, false) };
    case "formdata":
      return { mode: "formdata", fields: fieldsOf(body.formdata, true) };
    case "file":
      return { mode: "file", src: typeof body.file?.src === "string" ? body.file.src : "" };
    case "graphql": {
      const { query, variables, operationName } = body.graphql ?? {};
      return {
        mode: "graphql",
        query: text(query),
        variables:
          typeof variables === "string"
            ? variables
            : variables === undefined || variables === null
              ? ""
              : JSON.stringify(variables, null, 2),
        ...(typeof operationName === "string" ? { operationName } : {}),
      };
    }
    default:
      return { mode: "none" };
  }
}

/** The body in Postman's shape; none is a disabled empty raw body (sent as none, read back as none). */
export function writeBody(body: Body): PostmanBody {
  const off = (f: BodyField) => (f.disabled ? { disabled: true } : {});
  const typed = (f: BodyField) => ({
    ...(f.fileName ? { fileName: f.fileName } : {}),
    ...(f.contentType ? { contentType: f.contentType } : {}),
  });
  switch (body.mode) {
    case "raw":
      return { mode: "raw", raw: body.raw, ...(body.language ? { options: { raw: { language: body.language } } } : {}) };
    case "urlencoded":
      return { mode: "urlencoded", urlencoded: body.fields.map((f) => ({ key: f.key, value: f.value, ...off(f) })) };
    case "formdata":
      return {
        mode: "formdata",
        formdata: body.fields.map((f) =>
          f.src && !f.src.length && f.content
            ? { key: f.key, type: "file", value: f.content, ...typed(f), ...off(f) }
            : f.src
              ? { key: f.key, type: "file", src: f.src.length === 1 ? f.src[0] : f.src, ...typed(f), ...off(f) }
              : { key: f.key, value: f.value, type: "text", ...typed(f), ...off(f) },
        ),
      };
    case "file":
      return { mode: "file", file: { src: body.src } };
    case "graphql":
      return {
        mode: "graphql",
        graphql: { query: body.query, variables: body.variables, ...(body.operationName ? { operationName: body.operationName } : {}) },
      };
    default:
      return { mode: "raw", raw: "", disabled: true };
  }
}
