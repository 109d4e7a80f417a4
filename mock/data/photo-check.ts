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
// - a raster data URL must start with its format's magic bytes.
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
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|gif|webp|avif|apng);base64,[a-z0-9+/=\s]*$/i;

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
  if ((element === "image" || element === "feImage") && EMBEDDED_RASTER.test(value.trim())) return null;
  return "a reference outside the image (href)";
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

/**
 * Why raster bytes are not a picture, or null. What is refused is markup sent under a raster
 * type (HTML or SVG as `data:image/png`), which a browser sniffing the bytes could render as a
 * document. Bytes are not held to each format's magic number: a photo the app cannot decode
 * shows as a broken image, which harms nobody.
 */
export function rasterDanger(type: string, bytes: Uint8Array): string | null {
  const head = new TextDecoder("utf-8")
    .decode(bytes.subarray(0, 1024))
    .replace(/^\ufeff/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("<") || /<(html|script|svg|iframe|body|object|embed)\b/.test(head))
    return `its bytes are markup (HTML or XML), not a ${type.replace(/^image\//i, "").toUpperCase()} image`;
  return null;
}
