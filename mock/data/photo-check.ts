// What a photo may hold, checked by what it is rather than by what it must not contain.
//
// An SVG is a document that can run script: opened on its own (a new tab, an <object>) it
// runs with the origin that served it. The app shows photos only through <img> and serves
// every photo sandboxed, so that is the wall; this keeps out of the store anything a photo
// does not need, with a message naming it. A list of dangerous patterns missed an XHTML
// <iframe srcdoc> placed straight in the SVG, CSS escapes (`@\69mport`, `u\72l(`) and HTML
// sent as `data:image/png`. So:
// - an SVG is parsed as XML (saxes: strict, no DTD, no entities, the same in the worker and
//   in Node) and every element and attribute must be on a list of inert ones (DOMPurify's
//   SVG profile, without animation, links and fonts); references stay inside the image;
//   CSS (style attributes and <style>) is read with its escapes decoded;
// - a raster data URL must start with the magic bytes of the type it claims (rasterDanger).
import { SaxesParser } from "saxes";

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const XML_NS = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";

/** Elements that draw, group or describe, and filters: nothing that runs, links, animates or embeds a document. */
const ELEMENTS = new Set(
  (
    "svg g defs desc title metadata symbol use switch view circle ellipse line path polygon polyline rect " +
    "text tspan textPath clipPath mask marker pattern linearGradient radialGradient stop image style filter " +
    "feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap " +
    "feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode " +
    "feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence"
  ).split(" "),
);

/** Presentation and geometry attributes (DOMPurify's SVG and filter lists, lower-cased), none of which runs or loads anything. */
const ATTRIBUTES = new Set(
  (
    "accent-height alignment-baseline ascent azimuth basefrequency baseline-shift bias class clip clippathunits " +
    "clip-path clip-rule color color-interpolation color-interpolation-filters color-rendering cx cy d dx dy " +
    "diffuseconstant direction display divisor edgemode elevation exponent fill fill-opacity fill-rule filter " +
    "filterunits flood-color flood-opacity font-family font-size font-size-adjust font-stretch font-style " +
    "font-variant font-weight fx fy fr gradientunits gradienttransform height href id image-rendering in in2 " +
    "intercept k k1 k2 k3 k4 kerning kernelmatrix kernelunitlength lang lengthadjust letter-spacing lighting-color " +
    "marker-end marker-mid marker-start markerheight markerunits markerwidth maskcontentunits maskunits mask media " +
    "mode numoctaves offset operator opacity order orient overflow paint-order pathlength patterncontentunits " +
    "patterntransform patternunits points pointsatx pointsaty pointsatz preservealpha preserveaspectratio " +
    "primitiveunits r radius refx refy result rotate rx ry scale seed shape-rendering slope specularconstant " +
    "specularexponent spreadmethod startoffset stddeviation stitchtiles stop-color stop-opacity stroke " +
    "stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit stroke-opacity " +
    "stroke-width style surfacescale systemlanguage tablevalues targetx targety transform transform-origin " +
    "text-anchor text-decoration text-rendering textlength type u1 u2 unicode-bidi values vector-effect viewbox " +
    "visibility version width word-spacing writing-mode x x1 x2 xchannelselector y y1 y2 ychannelselector z " +
    "zoomandpan"
  ).split(" "),
);

/** An embedded picture a photo may carry (a raster one, base64): nothing that is itself a document. */
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|jpg|gif|webp|avif|apng);base64,([a-z0-9+/=\s]*)$/i;

/** CSS as a browser reads it: `\69` is `i`, `\:` is `:`; comments are nothing. */
function plainCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\\([0-9a-f]{1,6})[ \t\r\n\f]?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16) || 0xfffd, 0x10ffff)))
    .replace(/\\([^\r\n\f])/g, "$1");
}

/** Why this CSS may not be in a photo, or null. */
function cssDanger(css: string): string | null {
  const plain = plainCss(css).toLowerCase();
  if (plain.includes("@import")) return "a style sheet import";
  if (/url\(\s*(?!["']?\s*#)/.test(plain)) return "a reference outside the image (url(...))";
  if (/expression\s*\(|-moz-binding|behavior\s*:/.test(plain)) return "a style that runs code";
  // eslint-disable-next-line no-control-regex -- the control characters are what is being removed
  if (plain.replace(/[\s\0-\x1f]+/g, "").includes("javascript:")) return "a javascript: URL";
  return null;
}

/** Why a reference may not be in a photo, or null: only `#id` inside the image, and embedded rasters on <image>. */
function referenceDanger(element: string, value: string): string | null {
  // A URL parser skips whitespace and control characters inside the scheme: `java\tscript:` is javascript:.
  // eslint-disable-next-line no-control-regex -- the control characters are what is being removed
  const squeezed = value.replace(/[\s\0-\x1f]+/g, "");
  if (/^javascript:/i.test(squeezed)) return "a javascript: URL";
  if (squeezed.startsWith("#")) return null;
  const embedded = EMBEDDED_RASTER.exec(value.trim());
  if (!embedded || (element !== "image" && element !== "feImage")) return "a reference outside the image (href)";
  // The picture inside is held to its type's magic bytes as a photo of its own is.
  let binary: string;
  try {
    binary = atob(embedded[2]);
  } catch {
    return "an embedded image that is not base64";
  }
  const why = rasterDanger(
    `image/${embedded[1]}`,
    Uint8Array.from(binary, (c) => c.charCodeAt(0)),
  );
  return why && `an embedded image ${why.replace(/^its /, "whose ").replace(/^it /, "that ")}`;
}

/** Why this SVG text may not be a photo, or null when every part of it is inert. */
export function svgTextDanger(text: string): string | null {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let danger: string | null = null;
  let root = true;
  const inStyle: boolean[] = [];
  const refuse = (why: string) => {
    danger ??= why;
  };
  parser.on("doctype", () => refuse("a document type declaration"));
  parser.on("processinginstruction", (pi) => {
    if (pi.target.toLowerCase() !== "xml-stylesheet") return;
    refuse("a style sheet import");
  });
  parser.on("opentag", (tag) => {
    const name = tag.local ?? tag.name;
    if (tag.uri !== SVG_NS) refuse(`a <${tag.name}> element that is not SVG`);
    else if (root && name !== "svg") refuse(`a <${tag.name}> element where <svg> should be`);
    else if (!ELEMENTS.has(name)) refuse(name === "script" ? "a <script> element" : `a <${tag.name}> element`);
    root = false;
    inStyle.push(name === "style");
    for (const attribute of Object.values(tag.attributes)) {
      const { uri, local, value } = attribute as { uri: string; local: string; name: string; value: string };
      const full = (attribute as { name: string }).name;
      if (uri === XMLNS_NS || full === "xmlns") continue;
      const known =
        uri === ""
          ? ATTRIBUTES.has(local.toLowerCase())
          : (uri === XLINK_NS && local === "href") || (uri === XML_NS && (local === "space" || local === "lang"));
      if (!known) {
        refuse(/^on/i.test(local) ? "an event handler attribute (such as onload=)" : `a ${full}= attribute`);
        continue;
      }
      if (local === "href") {
        const why = referenceDanger(name, value);
        if (why) refuse(why);
      } else if (local === "style") {
        const why = cssDanger(value);
        if (why) refuse(why);
      } else if (/url\(/i.test(plainCss(value))) {
        const why = cssDanger(value);
        if (why) refuse(why);
      }
    }
  });
  parser.on("closetag", () => void inStyle.pop());
  const styleText = (text: string) => {
    if (!inStyle[inStyle.length - 1]) return;
    const why = cssDanger(text);
    if (why) refuse(why);
  };
  parser.on("text", styleText);
  parser.on("cdata", styleText);
  try {
    parser.write(text).close();
  } catch (error) {
    if (danger !== null) return `it holds ${danger}`;
    return `it is not well-formed XML (${(error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 120)})`;
  }
  if (root) return "it holds no <svg> element";
  return danger === null ? null : `it holds ${danger}`;
}

/** The raster formats the API takes (CONTRACT §5), by the name messages give them. */
export type RasterKind = "PNG" | "JPEG" | "GIF" | "WebP" | "AVIF";

/** What each claimed type's bytes must be: APNG is a PNG, `image/jpg` a JPEG. */
const CLAIMS: Record<string, RasterKind> = {
  png: "PNG",
  apng: "PNG",
  jpeg: "JPEG",
  jpg: "JPEG",
  gif: "GIF",
  webp: "WebP",
  avif: "AVIF",
};

/** The MIME subtype that names each format. */
export const RASTER_SUBTYPE: Record<RasterKind, string> = { PNG: "png", JPEG: "jpeg", GIF: "gif", WebP: "webp", AVIF: "avif" };

/** The format a claimed type (`image/jpg`, `apng`) holds its bytes to, or undefined for one that is no raster. */
export const claimedRaster = (type: string): RasterKind | undefined => CLAIMS[type.replace(/^image\//i, "").toLowerCase()];

/** How each format's bytes start, as messages show it. */
const MAGIC: Record<RasterKind, string> = {
  PNG: "89 50 4E 47 0D 0A 1A 0A",
  JPEG: "FF D8 FF",
  GIF: '"GIF87a" or "GIF89a"',
  WebP: '"RIFF", four bytes of size, "WEBP"',
  AVIF: 'an "ftyp" box of brand "avif" or "avis"',
};

/** "a PNG", "an AVIF". */
const aKind = (kind: RasterKind) => `${kind === "AVIF" ? "an" : "a"} ${kind}`;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** An ISO-BMFF file (AVIF, HEIC, MP4) whose first box, `ftyp`, names the brand avif or avis. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return false;
  const boxSize = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : 16);
  // The major brand (8..12), then the compatible brands (16..end), four characters each.
  for (let at = 8; at + 4 <= end; at += at === 8 ? 8 : 4) {
    const brand = ascii(bytes, at, at + 4);
    if (brand === "avif" || brand === "avis") return true;
  }
  return false;
}

/** Which raster format these bytes are, by their magic bytes; null when none the API takes. */
export function rasterKind(bytes: Uint8Array): RasterKind | null {
  const starts = (...magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "PNG";
  if (starts(0xff, 0xd8, 0xff)) return "JPEG";
  if (/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "GIF";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "WebP";
  if (isAvif(bytes)) return "AVIF";
  return null;
}

/** What bytes that are no image the API takes look like, for a message. */
function describe(bytes: Uint8Array, claim: RasterKind): string {
  if (bytes.length === 0) return "it holds no bytes";
  const head = new TextDecoder("utf-8")
    .decode(bytes.subarray(0, 1024))
    .replace(/^\ufeff/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("<") || /<(html|script|svg|iframe|body|object|embed)\b/.test(head)) return "its bytes are markup (HTML or XML)";
  const hex = [...bytes.subarray(0, 8)].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(" ");
  if (bytes.length < 16)
    return `it holds only ${bytes.length} byte${bytes.length === 1 ? "" : "s"} (${hex}), too few for ${aKind(claim)} image`;
  return `its bytes start ${hex}, which is no image format the API takes`;
}

/**
 * Why raster bytes may not be stored as the type they claim, or null. The bytes must start with
 * the magic bytes of that type (MAGIC): HTML sent as `data:image/png`, a PNG sent as
 * `image/jpeg`, an empty or cut-short image are refused, naming what the bytes are. A picture
 * whose header is right but whose body is damaged is taken: it shows as a broken image, which
 * harms nobody (photos are shown only through <img> and served with nosniff).
 */
export function rasterDanger(type: string, bytes: Uint8Array): string | null {
  const claim = claimedRaster(type);
  if (!claim) return null;
  const kind = rasterKind(bytes);
  if (kind === claim) return null;
  const what = kind ? `its bytes are ${aKind(kind)} image` : describe(bytes, claim);
  return `${what}; its type ${type.toLowerCase()} says ${aKind(claim)} image, which starts with ${MAGIC[claim]}`;
}
