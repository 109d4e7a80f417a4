// The collection file's shape (version, requests, expectations) and its header
// rule: what the reader (format.ts) checks and the Postman converter (postman.ts)
// writes, kept apart from both so neither imports the other.
import { z } from "zod";
import { matcherProblem } from "./assert";

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

/**
 * z.record that keeps every own key as any other: zod's checks a key named `__proto__`, then leaves it out of
 * what it returns. The copy is made by Object.fromEntries, so `__proto__` stays an own key, never the prototype.
 */
function ownRecord<T extends z.ZodTypeAny>(value: T) {
  const record = z.record(value);
  return z.unknown().transform((input, ctx): Record<string, z.output<T>> => {
    const checked = record.safeParse(input);
    if (!checked.success) {
      checked.error.issues.forEach((issue) => ctx.addIssue(issue));
      return z.NEVER;
    }
    return Object.fromEntries(
      Object.entries(input as object).map(([key, raw]) => [key, Object.hasOwn(checked.data, key) ? checked.data[key] : value.parse(raw)]),
    );
  });
}

const status = z.number().int().min(100).max(599);

const checkMatchers = (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const [key, value] of Object.entries(values)) {
    const problem = matcherProblem(value);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: [key] });
  }
};

export const expectSchema = z
  .object({
    status: z.union([status, z.array(status).min(1)]).optional(),
    headers: ownRecord(z.unknown()).superRefine(checkMatchers).optional(),
    body: ownRecord(z.unknown()).superRefine(checkMatchers).optional(),
    maxMs: z.number().positive().optional(),
  })
  .strict();

export const collectionRequestSchema = z.object({
  name: z
    .string()
    .min(1, "a request needs a name")
    .regex(/^[A-Za-z0-9_-]+$/, "names are letters, digits, _ and -"),
  method: z.enum(COLLECTION_METHODS),
  endpoint: z.string().min(1),
  headers: ownRecord(z.string())
    .default({})
    .superRefine((headers, ctx) => {
      for (const [name, value] of Object.entries(headers)) {
        // A template's value is checked once it is filled in, before that request is sent.
        const problem = headerProblem(name, value.includes("{{") ? "" : value);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: [name] });
      }
    }),
  /** Any JSON value; a string is sent as it is; null or absent means no body, as in every tool people export from. */
  body: z.unknown().optional(),
  expect: expectSchema.optional(),
});

export const collectionFileSchema = z.object({
  mockman: z.literal(COLLECTION_VERSION, {
    errorMap: () => ({ message: `unsupported collection version (this build reads "mockman": ${COLLECTION_VERSION})` }),
  }),
  /** Defaults for `{{name}}`; --env FILE and --env-var override them. */
  variables: ownRecord(z.string()).optional(),
  requests: z.array(collectionRequestSchema),
});

export type CollectionRequest = z.infer<typeof collectionRequestSchema>;
export type CollectionFile = z.infer<typeof collectionFileSchema>;
