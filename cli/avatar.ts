// A person's own small avatar: their initials on a colour drawn from their id,
// as an SVG data URL of about 400 bytes (small enough to stay inline in the
// user's record, mock/data/photos.ts). Text and shapes only: nothing the photo
// safety check (svgDanger) refuses, no fonts or references outside the image.
// `mockman seed` gives one to each person it makes (cli/seed-data.ts).

/** Up to two initials: the first letters of the first and last names (letters or digits only). */
export function initialsOf(firstName: string, lastName: string): string {
  const first = (name: string) => name.match(/[\p{L}\p{N}]/u)?.[0] ?? "";
  return (first(firstName) + first(lastName)).toUpperCase() || "?";
}

/** A hue from 0 to 359 drawn from a string (FNV-1a), so one id always gives one colour. */
export function hueOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 360;
}

/** `#rrggbb` of a hue at a saturation and lightness dark enough for white text (4.5:1 or more). */
function background(hue: number): string {
  const s = 0.55;
  const l = 0.36;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return `#${[channel(0), channel(8), channel(4)].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The avatar's SVG text. */
export function avatarSvg(firstName: string, lastName: string, id: string): string {
  const initials = escapeXml(initialsOf(firstName, lastName));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">` +
    `<rect width="96" height="96" fill="${background(hueOf(id))}"/>` +
    `<text x="48" y="48" dy=".35em" text-anchor="middle" fill="#fff" font-family="system-ui,sans-serif" font-size="38" font-weight="700">${initials}</text>` +
    `</svg>`
  );
}

/** The avatar as a base64 data URL, the form photos take. */
export function avatarDataUrl(firstName: string, lastName: string, id: string): string {
  const bytes = new TextEncoder().encode(avatarSvg(firstName, lastName, id));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}
