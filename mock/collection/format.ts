// A collection of saved requests: written by /mockman's history export, run by
// `mockman replay`. Only the tester (page and CLI) uses this folder; the mock's
// core never imports it.
import { z } from "zod";
import { FormatError, describeZodError } from "../export-file";

export { FormatError };

export const COLLECTION_VERSION = 1;
export const COLLECTION_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Why a header cannot go on the wire, or null: HTTP names are tokens (no spaces),
 * values are one line of Latin-1 text. Checked before anything is sent.
 */
export function headerProblem(name: string, value: string): string | null {
  if (!HEADER_NAME.test(name)) return `header name ${JSON.stringify(name.slice(0, 40))} may hold only letters, digits and !#$%&'*+.^_\`|~-`;
  if (/[\r\n\0]/.test(value)) return `header ${name}: a value must be one line (it holds a line break or NUL)`;
  // eslint-disable-next-line no-control-regex
  if (/[^\u0000-\u00ff]/.test(value)) return `header ${name}: a value may hold only Latin-1 characters (encode others, e.g. as %XX)`;
  return null;
}

export const collectionRequestSchema = z.object({
  name: z
    .string()
    .min(1, "a request needs a name")
    .regex(/^[A-Za-z0-9_-]+$/, "names are letters, digits, _ and -"),
  method: z.enum(COLLECTION_METHODS),
  endpoint: z.string().min(1),
  headers: z
    .record(z.string())
    .default({})
    .superRefine((headers, ctx) => {
      for (const [name, value] of Object.entries(headers)) {
        const problem = headerProblem(name, value);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: [name] });
      }
    }),
  body: z.unknown().optional(),
  expect: z
    .object({ status: z.number().int().min(100).max(599).optional() })
    .strict()
    .optional(),
});

export const collectionFileSchema = z.object({
  mockman: z.literal(COLLECTION_VERSION, {
    errorMap: () => ({ message: `unsupported collection version (this build reads "mockman": ${COLLECTION_VERSION})` }),
  }),
  requests: z.array(collectionRequestSchema),
});

export type CollectionRequest = z.infer<typeof collectionRequestSchema>;
export type CollectionFile = z.infer<typeof collectionFileSchema>;

const TEMPLATE = /\{\{\s*([A-Za-z0-9_-]+)((?:\.[^.}\s]+)*)\s*\}\}/g;

/** The `{{name.path}}` references in a value, as [name, path]. */
export function templateRefs(value: unknown): Array<[string, string]> {
  const text = typeof value === "string" ? value : JSON.stringify(value ?? "");
  return [...text.matchAll(TEMPLATE)].map((m) => [m[1], m[2].slice(1)]);
}

/**
 * Parses a collection and checks that every `{{name.path}}` names a request
 * that runs earlier. Throws FormatError before anything is sent.
 */
export function parseCollectionFile(text: string): CollectionFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FormatError(`not JSON: ${(error as Error).message}`);
  }
  const result = collectionFileSchema.safeParse(json);
  if (!result.success) throw new FormatError(`not a mockman collection: ${describeZodError(result.error)}`);
  const seen = new Set<string>();
  result.data.requests.forEach((request, i) => {
    for (const part of [request.endpoint, request.headers, request.body]) {
      for (const [name] of templateRefs(part)) {
        if (!seen.has(name)) {
          throw new FormatError(
            `requests.${i} (${request.name}) refers to {{${name}}}, which ${name === request.name ? "is this request itself" : "has not run before it"}`,
          );
        }
      }
    }
    seen.add(request.name);
  });
  return result.data;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Reads `status`, `headers.x` or a dotted path into `body` from a response. */
export function lookupPath(response: RecordedResponse, path: string): unknown {
  const [head, ...rest] = path.split(".");
  let value: unknown;
  if (head === "status") value = response.status;
  else if (head === "headers") return response.headers[rest.join(".").toLowerCase()];
  else if (head === "body") value = response.body;
  else return undefined;
  for (const key of rest) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Fills `{{name.path}}` from earlier responses; a whole-string template keeps the value's type. */
export function fillTemplates<T>(value: T, responses: Map<string, RecordedResponse>): T {
  const fill = (text: string): unknown => {
    const whole = text.match(/^\{\{\s*([A-Za-z0-9_-]+)((?:\.[^.}\s]+)*)\s*\}\}$/);
    const read = (name: string, path: string) => {
      const response = responses.get(name);
      if (!response) throw new FormatError(`{{${name}${path ? "." + path : ""}}}: no response named ${name} yet`);
      const found = lookupPath(response, path || "body");
      if (found === undefined) throw new FormatError(`{{${name}.${path}}}: nothing at that path in ${name}'s response`);
      return found;
    };
    if (whole) return read(whole[1], whole[2].slice(1));
    return text.replace(TEMPLATE, (_, name: string, path: string) => {
      const found = read(name, path.slice(1));
      return typeof found === "string" ? found : JSON.stringify(found);
    });
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return fill(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
