// Hostile strings for the XSS e2e (tests/e2e/hardening-xss.spec.ts). Each one,
// if it ever ran, calls the tripwire __xssHit(id) (exposed by the test), opens a
// dialog, or retitles the page 'pwned'; the test fails on any of the three.

export interface Payload {
  id: string;
  text: string;
}

const hit = (id: string) => `__xssHit('${id}')`;

const raw: [string, (h: string) => string][] = [
  ["script", (h) => `<script>${h}</script>`],
  ["img-onerror", (h) => `<img src=x onerror=${h}>`],
  ["svg-onload", (h) => `<svg onload=${h}>`],
  ["svg-script", (h) => `<svg><script>${h}</script></svg>`],
  ["js-url", (h) => `javascript:${h}`],
  ["js-url-mixed-case", () => `JaVaScRiPt:alert(document.domain)`],
  ["js-url-leading-space", (h) => ` \tjavascript:${h}`],
  ["data-html", (h) => `data:text/html,<script>${h}</script>`],
  ["data-html-b64", () => `data:text/html;base64,${Buffer.from("<script>alert(1)</script>").toString("base64")}`],
  ["data-svg", (h) => `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${h}"/>`],
  ["attr-break-double", (h) => `"><img src=x onerror=${h}>`],
  ["attr-break-single", (h) => `' onmouseover='${h}' autofocus onfocus='${h}' x='`],
  ["textarea-break", (h) => `</textarea><script>${h}</script>`],
  ["title-break", () => `</title><script>document.title='pwned'</script>`],
  ["template-angular", (h) => `{{constructor.constructor("${h}")()}}`],
  ["template-literal", (h) => "${" + h + "}"],
  ["template-erb", (h) => `<%= ${h} %>`],
  ["rtl-override", (h) => `\u202Egnp.exe<script>${h}</script>`],
  ["rtl-isolates", () => `\u2067\u202Eevil\u2069 \u200F\u202Bright-to-left\u202C`],
  ["iframe-js", (h) => `<iframe src="javascript:${h}"></iframe>`],
  ["anchor-js", (h) => `<a href="javascript:${h}">click me</a>`],
  ["details-ontoggle", (h) => `<details open ontoggle=${h}>x</details>`],
  ["mxss-math", (h) => `<math><mtext><table><mglyph><style><img src=x onerror=${h}>`],
  ["nested-script", (h) => `<<script>${h}//<</script>`],
  ["object-data", (h) => `<object data="data:text/html,<script>${h}</script>"></object>`],
  ["proto-keys", () => `__proto__ constructor prototype toString`],
  ["long-img", (h) => `<img src=x onerror=${h}>`.repeat(3400)],
  ["long-plain", () => "A".repeat(100_000)],
];

export const PAYLOADS: Payload[] = raw.map(([id, make]) => ({ id, text: make(hit(id)) }));

/** Short enough for a name (CONTRACT §5: at most 12 characters): what a name field can actually hold. */
export const SHORT_PAYLOADS: Payload[] = [
  ["name-script", "<script>"],
  ["name-break", `"><b>x</b>`],
  ["name-template", "{{7*7}}"],
  ["name-rtl", "\u202Etxt.exe"],
  ["name-js", "javascript:"],
  ["name-svg", "<svg/onload="],
].map(([id, text]) => ({ id, text }));

/** An SVG image holding script: harmless as long as it is only ever shown through <img>. */
export const EVIL_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="${hit("svg-file-onload")}">` +
    `<script>${hit("svg-file-script")};alert('svg')</script>` +
    `<foreignObject width="40" height="40"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:${hit("svg-file-iframe")}"></iframe></foreignObject>` +
    `<rect width="40" height="40" fill="#c33"/></svg>`,
);

export const EVIL_SVG_DATA_URL = `data:image/svg+xml;base64,${EVIL_SVG.toString("base64")}`;

/** A plain SVG the photo checks accept: the images the hostile texts travel beside, still shown only through <img>. */
export const SAFE_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#3a7"/></svg>`,
);

export const SAFE_SVG_DATA_URL = `data:image/svg+xml;base64,${SAFE_SVG.toString("base64")}`;

/** What the API answers (422) for a photo holding script: refused, never stored. */
export const UNSAFE_SVG_REFUSAL = /this SVG image cannot be used because it holds .*Nothing was changed\./;
