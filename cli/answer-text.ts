// An answer's bytes as text, as Newman's pm.response.text() reads them, by the calls postman-collection's
// Response.text() makes: its util.bufferOrArrayBufferToString (iconv-lite, postman-collection's own copy, when
// iconv-lite knows the charset; else Buffer's UTF-8) in the charset its contentInfo finds (mime-format's lookup,
// which is the `charset` package's; utf8 when the Content-Type names none). Loaded on first use (cli/build.mjs):
// iconv-lite's tables are half a megabyte that a request in-process never reads.
import charset from "charset";
import util from "postman-collection/lib/util.js";

/** The bytes as text in the charset the Content-Type names, as Newman's pm.response.text() reads them. */
export function answerText(bytes: Uint8Array, contentType: string | null | undefined): string {
  return util.bufferOrArrayBufferToString(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), charset(contentType) || "utf8");
}
