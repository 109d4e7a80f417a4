// A body's text by its Content-Type's charset (mock/tester/answer-text.ts), against what Newman's
// pm.response.text() reads from the same bytes: postman-collection's own Response, given them as its stream.
import { createRequire } from "node:module";
import { Response } from "postman-collection";
import { describe, expect, it } from "vitest";
import { answerText, charsetOf } from "#mock/tester/answer-text";

const newmanText = (bytes: Uint8Array, contentType?: string) =>
  new Response({
    code: 200,
    responseTime: 0,
    header: contentType === undefined ? [] : [{ key: "Content-Type", value: contentType }],
    stream: Buffer.from(bytes),
  }).text();

/** The iconv-lite postman-collection decodes with: what writes a text in a charset here. */
const iconv = createRequire(createRequire(import.meta.url).resolve("postman-collection"))("iconv-lite") as {
  encode(text: string, charset: string): Buffer;
};

const TEXT = 'café € 日本 Привет {"a":1}';
/** Every byte, a BOM of each kind in front of text, and text in UTF-8. */
const EVERY_BYTE = Uint8Array.from({ length: 256 }, (_, i) => i);
const UTF8 = Uint8Array.from(Buffer.from(TEXT));
const BOMS = [
  Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"a":"é"}')]),
  Uint8Array.from([0xff, 0xfe, ...Buffer.from('{"é":"ü"}', "utf16le")]),
  Uint8Array.from([0xfe, 0xff, ...Buffer.from('{"é":"ü"}', "utf16le").swap16()]),
];

/** Labels read byte by byte: every byte must read as Newman reads it. */
const SINGLE_BYTE = [
  ...["ISO-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "cp819", "ibm819", "csisolatin1", "iso-ir-100", "binary"],
  ...["us-ascii", "ascii", "ansi_x3.4-1968", "cp367", "ibm367", "csascii", "us", "iso646-us"],
  ...["windows-1252", "cp1252", "win1252", "iso-8859-2", "iso-8859-15", "koi8-r"],
];
/**
 * Labels of multi-byte charsets: text written in them must read as Newman reads it (bytes no text writes
 * there, a cut-off sequence, may read otherwise: TextDecoder and iconv-lite replace them each their own way).
 */
const MULTI_BYTE = ["utf-8", "UTF-8", "utf8", "unicode-1-1-utf-8", "utf-16", "utf-16le", "utf-16be", "ucs-2", "gbk", "gb2312"];
const MORE = ["shift_jis", "euc-jp", "windows-1251", "macintosh"];
/** Text with a BOM in front, for the labels whose BOM it is. */
const WITH_BOM: Record<string, Uint8Array[]> = {
  "utf-8": [BOMS[0]],
  "UTF-8": [BOMS[0]],
  utf8: [BOMS[0]],
  "unicode-1-1-utf-8": [BOMS[0]],
  "utf-16": [BOMS[1], BOMS[2]],
  "utf-16le": [BOMS[1]],
  "ucs-2": [BOMS[1]],
  "utf-16be": [BOMS[2]],
};

describe("a body's text by its charset, as postman-collection's Response.text() reads it", () => {
  it("finds the charset as the charset package does: quoted or not, any case", () => {
    expect(charsetOf("text/plain; charset=ISO-8859-1")).toBe("iso-8859-1");
    expect(charsetOf('text/plain; charset="latin1"')).toBe("latin1");
    expect(charsetOf("application/json")).toBeUndefined();
    expect(charsetOf(undefined)).toBeUndefined();
  });

  it("with no charset, or one no decoder knows: UTF-8 (a BOM dropped when none is named, kept for an unknown one)", () => {
    for (const contentType of ["text/plain", "application/json; charset=x-no-such-charset"])
      for (const bytes of [UTF8, ...BOMS]) expect(answerText(bytes, contentType)).toBe(newmanText(bytes, contentType));
  });

  for (const label of SINGLE_BYTE)
    it(`charset=${label}: every byte`, () => {
      for (const contentType of [`text/plain; charset=${label}`, `application/json;charset="${label}"`])
        for (const bytes of [EVERY_BYTE, UTF8]) expect(answerText(bytes, contentType), contentType).toBe(newmanText(bytes, contentType));
    });

  for (const label of [...MULTI_BYTE, ...MORE])
    it(`charset=${label}: text written in it`, () => {
      const contentType = `text/plain; charset=${label}`;
      const text = iconv.encode(TEXT, label);
      // A cut-off last character too: UTF-16's odd byte is dropped, as iconv-lite drops it.
      for (const bytes of [text, text.subarray(0, -1), ...(WITH_BOM[label] ?? [])])
        expect(answerText(bytes, contentType), contentType).toBe(newmanText(bytes, contentType));
    });
});
