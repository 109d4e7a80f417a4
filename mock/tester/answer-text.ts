// An answer's bytes as text, by its Content-Type's charset, as Newman reads them: postman-collection's
// Response.text() takes the charset the `charset` package finds in the Content-Type (utf8 when none) and
// decodes with iconv-lite when iconv-lite knows it, else as UTF-8 (Buffer's toString, a BOM kept).
// Here TextDecoder decodes (the engine runs in the page too, where iconv-lite and Buffer are not), except
// where WHATWG's decoders read other characters than iconv-lite's: ISO-8859-1 and its aliases are
// windows-1252 for WHATWG (and windows-1252 is ISO-8859-1 for Node 20's TextDecoder), US-ASCII is
// windows-1252 too, and UTF-16 with no byte order named follows its BOM in iconv-lite.

/** The `charset` package's pattern (mime-format's lookup, Newman 6), its label lower-cased. */
const CHARSET = /(?:charset|encoding)\s{0,10}=\s{0,10}['"]? {0,10}([\w-]{1,100})/i;

/** The charset a Content-Type names, lower-cased; undefined when it names none. */
export function charsetOf(contentType: string | null | undefined): string | undefined {
  return contentType ? CHARSET.exec(contentType)?.[1].toLowerCase() : undefined;
}

/** iconv-lite's key for a label: lower case, letters and digits only. */
const keyOf = (label: string) => label.toLowerCase().replace(/[^0-9a-z]/g, "");

/** iconv-lite's names of ISO-8859-1: each byte is the code point. */
const LATIN1 = new Set(["iso88591", "latin1", "l1", "binary", "cp819", "ibm819", "csisolatin1", "isoir100", "iso8859111987"]);
/** iconv-lite's names of US-ASCII: a byte over 0x7F is U+FFFD. */
const ASCII = new Set(["ascii", "usascii", "ansix341968", "ascii8bit", "us", "iso646us", "cp367", "ibm367", "csascii", "isoir6"]);
const WINDOWS_1252 = new Set(["windows1252", "cp1252", "win1252", "xcp1252"]);
/** windows-1252's 0x80 to 0x9F as iconv-lite reads them (U+FFFD where the code page has none). */
const CP1252_HIGH = [
  0x20ac, 0xfffd, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0xfffd, 0x17d, 0xfffd, 0xfffd, 0x2018,
  0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0xfffd, 0x17e, 0x178,
];

function singleByte(bytes: Uint8Array, at: (byte: number) => number): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...Array.from(bytes.subarray(i, i + 8192), at));
  return text;
}

const BOM = 0xfeff;
const withoutBom = (text: string) => (text.charCodeAt(0) === BOM ? text.slice(1) : text);

/** The bytes as text in the charset the Content-Type names, as Newman's pm.response.text() reads them. */
export function answerText(bytes: Uint8Array, contentType: string | null | undefined): string {
  const charset = charsetOf(contentType);
  if (charset === undefined) return new TextDecoder().decode(bytes);
  const key = keyOf(charset);
  // iconv-lite drops a BOM (U+FEFF) at the start, whatever the charset.
  if (LATIN1.has(key)) return singleByte(bytes, (b) => b);
  if (ASCII.has(key)) return singleByte(bytes, (b) => (b < 0x80 ? b : 0xfffd));
  if (WINDOWS_1252.has(key)) return singleByte(bytes, (b) => (b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : b));
  // UTF-16 with no byte order named: big-endian when the BOM says so.
  const label = key === "utf16" && bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : key === "utf8" ? "utf-8" : charset;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    // A charset no decoder knows: UTF-8, its BOM kept, as Buffer's toString reads it.
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  }
  // iconv-lite leaves out a UTF-16 code unit cut off at the end (an odd byte) where TextDecoder writes U+FFFD.
  const whole = decoder.encoding.startsWith("utf-16") && bytes.length % 2 ? bytes.subarray(0, -1) : bytes;
  return withoutBom(decoder.decode(whole));
}
