// The XSS tripwire and the DOM audit every screen goes through.
import { expect, type Page } from "@playwright/test";

export interface Tripwire {
  /** Every sign that a payload ran: tripwire calls, dialogs, a 'pwned' title. */
  hits: string[];
}

/** Arms a page: payloads call __xssHit(id); any dialog counts too. Survives navigations and reloads. */
export async function armTripwire(page: Page): Promise<Tripwire> {
  const trip: Tripwire = { hits: [] };
  await page.exposeFunction("__xssHit", (id: unknown) => {
    trip.hits.push(`tripwire ${String(id)}`);
  });
  page.on("dialog", (dialog) => {
    trip.hits.push(`${dialog.type()} dialog: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  return trip;
}

export interface Audit {
  problems: string[];
  /** How many of the given texts show on the screen, as text. */
  shown: number;
  links: number;
  images: number;
}

const SAFE_IMG = /^(data:image\/(png|jpeg|jpg|gif|webp|avif|apng|svg\+xml);base64,|https?:\/\/|\/(?!\/))/i;

/**
 * Checks the current screen: no on* attributes, no script-bearing URL in any
 * URL attribute, every a[href] http(s) or same-origin relative, images only as
 * <img> with a safe src, no object/embed/iframe/frame, no script or SVG carrying
 * the tripwire. `texts` are the payloads expected somewhere on the screen.
 */
export async function auditScreen(page: Page, trip: Tripwire, label: string, texts: string[]): Promise<Audit> {
  // Give lazy images and any injected handler a chance to fire.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 150))));
  const audit = await page.evaluate(
    ({ texts, safeImg }) => {
      const safe = new RegExp(safeImg, "i");
      const problems: string[] = [];
      const where = (el: Element) =>
        `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""}>`;
      const urlAttrs = ["href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "srcset", "ping"];
      for (const el of Array.from(document.querySelectorAll("*"))) {
        for (const attr of Array.from(el.attributes)) {
          const name = attr.name.toLowerCase();
          const value = attr.value;
          if (name.startsWith("on")) problems.push(`${where(el)} has ${name}=${value.slice(0, 60)}`);
          if (name === "srcdoc") problems.push(`${where(el)} has srcdoc`);
          if (name === "style" && /url\s*\(|expression\s*\(/i.test(value)) problems.push(`${where(el)} style loads ${value.slice(0, 60)}`);
          // Control characters are what browsers skip before a scheme, so the check must match them.
          if (
            urlAttrs.includes(name) &&
            // eslint-disable-next-line no-control-regex
            /^[\s\u0000-\u001f]*(javascript|vbscript|data:text|data:application)/i.test(value) &&
            !(el.tagName === "IMG" && name === "src")
          ) {
            problems.push(`${where(el)} ${name}=${value.slice(0, 60)}`);
          }
        }
      }
      const anchors = Array.from(document.querySelectorAll("a[href]")) as HTMLAnchorElement[];
      for (const a of anchors) {
        const raw = a.getAttribute("href") ?? "";
        const url = new URL(raw, location.href);
        const relative = raw.startsWith("/") || raw.startsWith("#") || raw.startsWith("?");
        if (relative ? url.origin !== location.origin : !/^https?:$/.test(url.protocol) || !/^https?:\/\//i.test(raw)) {
          problems.push(`link ${raw.slice(0, 60)}`);
        }
      }
      for (const tag of ["object", "embed", "iframe", "frame", "applet", "base", "foreignObject", "portal"]) {
        const n = document.getElementsByTagName(tag).length;
        if (n) problems.push(`${n} <${tag}>`);
      }
      const images = Array.from(document.images);
      for (const img of images) {
        const src = img.getAttribute("src") ?? "";
        if (src && !safe.test(src)) problems.push(`<img> src ${src.slice(0, 60)}`);
      }
      for (const el of Array.from(document.querySelectorAll("image, use, feImage"))) {
        const href = el.getAttribute("href") ?? el.getAttribute("xlink:href") ?? "";
        if (href && !href.startsWith("#")) problems.push(`<${el.tagName}> loads ${href.slice(0, 60)}`);
      }
      for (const s of Array.from(document.scripts)) {
        if (s.text.includes("__xssHit") || s.text.includes("pwned") || (s.src && new URL(s.src).origin !== location.origin)) {
          problems.push(`script ${s.src || s.text.slice(0, 60)}`);
        }
      }
      for (const svg of Array.from(document.querySelectorAll("svg"))) {
        if (svg.querySelector("script") || svg.outerHTML.includes("__xssHit")) problems.push("inline <svg> built from user data");
      }
      if (document.title === "pwned") problems.push("document.title is 'pwned'");
      const body = document.body.textContent ?? "";
      const shown = texts.filter((t) => body.includes(t)).length;
      return { problems, shown, links: anchors.length, images: images.length };
    },
    { texts, safeImg: SAFE_IMG.source },
  );
  expect(audit.problems, `${label}: unsafe markup`).toEqual([]);
  expect(trip.hits, `${label}: a payload ran`).toEqual([]);
  return audit;
}
