// The page's multipart writer (app/mockman/lib/form-body.ts): the platform's own FormData, serialized by
// `new Response(formData)` (undici's here, as Node has it; the browser's on the page, checked by
// tests/e2e/mockman-bodies.spec.ts), given the parts core-body-builder makes (engine/exchange.ts FormPart).
import { describe, expect, it } from "vitest";
import { browserFormBody } from "#app/mockman/lib/form-body";

const parsed = async ({ body, type }: { body: Uint8Array; type: string }) =>
  new Response(body as BlobPart, { headers: { "content-type": type } }).formData();

describe("the page's multipart writer", () => {
  it("writes text entries, and files, bytes and named text as Blobs named and typed by the field", async () => {
    const written = await browserFormBody([
      { key: "t", value: "plain" },
      { key: "typed", value: '{"a":1}', options: { contentType: "application/json" } },
      {
        key: "file",
        value: { bytes: new TextEncoder().encode("file text"), path: "row1/note.txt" },
        options: { contentType: "text/plain" },
      },
      { key: "renamed", value: { bytes: new Uint8Array([1]), path: "row2/a.bin" }, options: { filename: "b.png" } },
      { key: "b64", value: new Uint8Array([0, 255]) },
      { key: "none", value: "", options: { filename: "" } },
    ]);
    const boundary = /^multipart\/form-data; boundary=(\S+)$/.exec(written.type)![1];
    const text = new TextDecoder("latin1").decode(written.body);
    expect(text.startsWith(`--${boundary}\r\n`) && text.endsWith(`--${boundary}--\r\n`)).toBe(true);
    // A text entry has no Content-Type of its own in a FormData: the field's is not written.
    expect(text).toContain(`name="typed"\r\n\r\n{"a":1}\r\n`);
    // A Blob named "": undici writes no filename for it (a browser writes filename=""), but the Blob's type.
    expect(text).toContain(`name="none"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`);
    const form = await parsed(written);
    expect(form.get("t")).toBe("plain");
    expect(form.get("typed")).toBe('{"a":1}');
    const files = await Promise.all(
      ["file", "renamed", "b64"].map(async (key) => {
        const file = form.get(key) as File;
        return [key, file.name, file.type, [...new Uint8Array(await file.arrayBuffer())]];
      }),
    );
    expect(files).toEqual([
      ["file", "note.txt", "text/plain", [...new TextEncoder().encode("file text")]],
      // Untyped: the platform writes application/octet-stream.
      ["renamed", "b.png", "application/octet-stream", [1]],
      // Bytes without a name: the platform's own "blob".
      ["b64", "blob", "application/octet-stream", [0, 255]],
    ]);
  });

  it("writes a boundary of its own, whatever the request's", async () => {
    const written = await browserFormBody([{ key: "a", value: "1" }], "Own-Boundary-0123");
    expect(written.type).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(written.type).not.toContain("Own-Boundary-0123");
    expect((await parsed(written)).get("a")).toBe("1");
  });
});
