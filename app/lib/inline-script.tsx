// The one place app/ writes markup from a string, each a constant of the build: the
// theme boot (app/lib/theme-boot.js) and the route preload's script
// (app/lib/route-preload.ts, data from Remix's manifest, "<" escaped). Rendered into
// index.html by SPA mode and adopted as they are on hydration. Nothing a person
// types or the API answers reaches them (tests/e2e/hardening-xss.spec.ts holds app/
// to that: this file is the only one it lets use dangerouslySetInnerHTML).
import { PRELOAD_HOLDER_ID } from "./route-preload";

/** A script of the build, inline: React would escape a script's text children. */
export function InlineScript({ code }: { code: string }) {
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}

/** Where the preload script adds its links: empty markup, so hydration never compares its children. */
export function PreloadHolder() {
  return <div id={PRELOAD_HOLDER_ID} hidden dangerouslySetInnerHTML={{ __html: "" }} />;
}
