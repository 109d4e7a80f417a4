// The page's multipart writer (mock/tester/engine/exchange.ts MultipartWriter), used by the run worker: the
// browser's own FormData, serialized by `new Response(formData)`, so the boundary and the bytes are the browser's,
// as a browser-based Postman's are. A text field is a text entry; a file, a base64 value and a file field's
// text with a filename are Blobs, typed by the field's Content-Type (else the browser writes
// application/octet-stream) and named by its fileName, else by the file's name (the last segment of its path),
// else the browser's own "blob". What the browser's FormData cannot write differs from the CLI's
// (@postman/form-data): a text entry carries no Content-Type, a name with a quote or a line break is
// percent-escaped (the HTML standard's), with no `filename*`, and the boundary is always the browser's, so a
// request's own `multipart/form-data; boundary=…` is replaced by the browser's type (engine/wire.ts).
import type { FormPart, MultipartWriter } from "#mock/tester/engine/exchange";

const lastSegment = (path: string) => path.replace(/^.*\//, "");

function append(form: FormData, { key, value, options }: FormPart) {
  if (typeof value === "string" && options?.filename === undefined) {
    form.append(key, value);
    return;
  }
  const bytes = typeof value === "string" ? value : value instanceof Uint8Array ? value : value.bytes;
  const blob = new Blob([bytes as BlobPart], { type: options?.contentType ?? "" });
  const name = options?.filename ?? (typeof value === "object" && !(value instanceof Uint8Array) ? lastSegment(value.path) : undefined);
  if (name === undefined) form.append(key, blob);
  else form.append(key, blob, name);
}

export const browserFormBody: MultipartWriter = async (parts) => {
  const form = new FormData();
  for (const part of parts) append(form, part);
  const response = new Response(form);
  const type = response.headers.get("content-type");
  if (!type) throw new Error("the browser wrote the multipart body without its Content-Type");
  return { body: new Uint8Array(await response.arrayBuffer()), type };
};
