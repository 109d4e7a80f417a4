// A body's text by its Content-Type's charset, as the CLI's senders decode it (cli/answer-text.ts), against
// what Newman's pm.response.text() reads from the same bytes: postman-collection's own Response, given them
// as its stream.
import { createRequire } from "node:module";
import { Response } from "postman-collection";
import { describe, expect, it } from "vitest";
import { answerText } from "#cli/answer-text";

const newmanText = (bytes: Uint8Array, contentType?: string) =>
  new Response({
    code: 200,
    responseTime: 0,
    header: contentType === undefined ? [] : [{ key: "Content-Type", value: contentType }],
    stream: Buffer.from(bytes),
  }).text() ?? "";

/** The iconv-lite postman-collection decodes with: what writes a text in a charset here. */
const iconv = createRequire(createRequire(import.meta.url).resolve("postman-collection"))("iconv-lite") as {
  encode(text: string, charset: string, options?: { addBOM?: boolean }): Buffer;
};

/** Reads as Newman reads them; on a difference, says where the two texts part. */
function readsAsNewman(bytes: Uint8Array, contentType?: string) {
  const ours = answerText(bytes, contentType);
  const newman = newmanText(bytes, contentType);
  if (ours === newman) return;
  let at = 0;
  while (ours[at] === newman[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 8), at + 8));
  expect.fail(`${contentType ?? "no Content-Type"}: character ${at} reads ${around(ours)}, Newman's ${around(newman)}`);
}

const bytesOf = (...parts: Array<number[] | Uint8Array>) => Uint8Array.from(parts.flatMap((part) => [...part]));
/** Mostly ASCII, as the byte-order guess of UTF-16 and UTF-32 reads it best, and some of every plane. */
const TEXT = '{"text":"café € 日本 Привет 😀","n":1}';
const UTF8 = bytesOf(Buffer.from(TEXT));
const BOM8 = [0xef, 0xbb, 0xbf];
/** Every byte, for the charsets read byte by byte. */
const EVERY_BYTE = Uint8Array.from({ length: 256 }, (_, i) => i);
/** Every lead byte from 0x81 with every trail byte from 0x40, for the double-byte tables. */
const EVERY_PAIR = bytesOf(
  ...Array.from({ length: 0x7e }, (_, lead) => Array.from({ length: 0xbf }, (_, trail) => [0x81 + lead, 0x40 + trail]).flat()),
);

const written = (label: string, options?: { addBOM?: boolean }) => Uint8Array.from(iconv.encode(TEXT, label, options));

describe("a body's text by its charset, as postman-collection's Response.text() reads it", () => {
  it("with no charset, or one iconv-lite does not know: UTF-8 (a BOM dropped when none is named, kept for an unknown one)", () => {
    for (const contentType of [undefined, "text/plain", "application/json; charset=x-no-such-charset"])
      for (const bytes of [UTF8, bytesOf(BOM8, UTF8), EVERY_BYTE]) readsAsNewman(bytes, contentType);
  });

  it("a double BOM: one dropped, the second kept", () => {
    for (const contentType of [undefined, "text/plain; charset=utf-8", "text/plain; charset=UTF8"])
      readsAsNewman(bytesOf(BOM8, BOM8, UTF8), contentType);
    readsAsNewman(bytesOf([0xff, 0xfe, 0xff, 0xfe], written("utf-16le")), "text/plain; charset=utf-16");
  });

  it("the charset as the charset package finds it: quoted or not, any case, spaces around =", () => {
    for (const contentType of ['text/plain; charset="LATIN1"', "text/plain;Charset = 'iso-8859-1'", "text/xml; encoding=latin1"])
      readsAsNewman(EVERY_BYTE, contentType);
  });

  for (const label of ["iso-8859-1", "latin1", "windows-1252", "us-ascii", "ascii", "iso-8859-9", "iso-8859-11", "cp437", "koi8-r"])
    it(`charset=${label}: every byte`, () => readsAsNewman(EVERY_BYTE, `text/plain; charset=${label}`));

  for (const label of ["gb2312", "gbk", "big5", "shift_jis", "euc-kr"])
    it(`charset=${label}: every pair of bytes, and text written in it`, () => {
      readsAsNewman(EVERY_PAIR, `text/plain; charset=${label}`);
      readsAsNewman(written(label), `text/plain; charset=${label}`);
    });

  it("UTF-16 without a BOM: the byte order guessed, either order", () => {
    for (const label of ["utf-16le", "utf-16be"]) {
      const bytes = written(label);
      readsAsNewman(bytes, "text/plain; charset=utf-16");
      // A cut-off last code unit: left out.
      readsAsNewman(bytes.subarray(0, -1), "text/plain; charset=utf-16");
      readsAsNewman(bytes, `text/plain; charset=${label}`);
    }
  });

  it("UTF-16 with its BOM, either order", () => {
    readsAsNewman(bytesOf([0xff, 0xfe], written("utf-16le")), "text/plain; charset=utf-16");
    readsAsNewman(bytesOf([0xfe, 0xff], written("utf-16be")), "text/plain; charset=utf-16");
  });

  it("UTF-32, with and without a BOM, either order", () => {
    for (const label of ["utf-32le", "utf-32be"])
      for (const bytes of [written(label), written(label, { addBOM: true })])
        for (const charset of ["utf-32", label]) readsAsNewman(bytes, `text/plain; charset=${charset}`);
  });
});
