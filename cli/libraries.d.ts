// The modules the CLI decodes answers with (cli/answer-text.ts) that ship no types of their own.
declare module "charset" {
  /** The charset a Content-Type names (or an XML or HTML head, given the bytes), lower case, utf-8 as utf8; null for none. */
  const charset: (contentType: string | null | undefined) => string | null;
  export default charset;
}
declare module "postman-collection/lib/util.js" {
  const util: {
    /** A Response's stream as text (Response.text()): iconv-lite in the charset when it knows it, else UTF-8. */
    bufferOrArrayBufferToString(buffer: Buffer, charset: string): string;
  };
  export default util;
}
