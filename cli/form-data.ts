// The CLI's multipart writer (mock/tester/engine/exchange.ts MultipartWriter): postman-request's own form-data
// (@postman/form-data 3.1.1, the one Newman's postman-request writes with), given each part as postman-request's
// formData handling appends it: `form.append(key, value, options)`, a base64 value as a Buffer, a file as a read
// stream with its path (form-data names and types the part by it, before the field's fileName), and the boundary
// of the request's own `multipart/form-data; boundary=…` as `new FormData({ _boundary })` keeps it. The body is the
// stream postman-request pipes to the socket, read to its bytes. Loaded on first use (a file of its own in the
// bundle, cli/build.mjs): a CLI that sends no formdata body never loads it.
import { Readable } from "node:stream";
import FormData from "@postman/form-data";
import type { FormFile, FormPart, MultipartWriter } from "#mock/tester/engine/exchange";

const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A file as postman-runtime hands it to form-data: a read stream of its bytes with its `path`, as fs.createReadStream's. */
function readStream(file: FormFile): Readable {
  const bytes = buffer(file.bytes);
  const stream = new Readable({
    read() {
      this.push(bytes);
      this.push(null);
    },
  });
  return Object.assign(stream, { path: file.path });
}

const valueOf = ({ value }: FormPart) =>
  typeof value === "string" ? value : value instanceof Uint8Array ? buffer(value) : readStream(value);

export const formDataBody: MultipartWriter = (parts, boundary) =>
  new Promise((resolve, reject) => {
    const form = new FormData({ _boundary: boundary } as ConstructorParameters<typeof FormData>[0]);
    const chunks: Buffer[] = [];
    form.on("error", (error: Error) => reject(new Error(`form-data: ${error.message}`)));
    for (const part of parts) {
      if (part.options) form.append(part.key, valueOf(part), part.options);
      else form.append(part.key, valueOf(part));
    }
    // form-data writes its headers and boundaries as text, which Node's http writes in UTF-8.
    form.on("data", (chunk: Buffer | string) => chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk));
    form.on("end", () => resolve({ body: new Uint8Array(Buffer.concat(chunks)), type: String(form.getHeaders()["content-type"]) }));
    form.resume();
  });
