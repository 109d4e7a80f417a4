// SPA mode writes one index.html for every URL, and it names only the root's
// modules: the page's own route (its module, what it imports, its CSS) was
// fetched only once entry.client had run and matched the URL, a whole round
// trip later on a slow phone. The root renders this script at the top of the
// body instead: it matches location.pathname against the route table (built
// from Remix's manifest, the same on the build's render and on hydration) and
// adds <link rel=modulepreload> and <link rel=preload as=style> for that route,
// so they load beside the entry's. Preloading fetches and parses; nothing runs
// early. The links go into a holder React renders from empty markup
// (app/lib/inline-script.tsx), whose children hydration never compares.
import type { UNSAFE_AssetsManifest as AssetsManifest } from "@remix-run/react";

/** One URL pattern (a RegExp source) and the files its page needs, most specific patterns first. */
export type RouteFiles = [pattern: string, modules: string[], styles: string[]];

export const PRELOAD_HOLDER_ID = "route-preload";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The leaf routes of the manifest as URL patterns with every file of their chain (root's left out: the HTML names it). */
export function routeTable(manifest: Pick<AssetsManifest, "routes" | "entry">): RouteFiles[] {
  const routes = Object.values(manifest.routes);
  const first = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    manifest.routes.root?.module,
    ...(manifest.routes.root?.imports ?? []),
  ]);
  const rows: Array<{ row: RouteFiles; rank: number }> = [];
  for (const leaf of routes) {
    if (routes.some((r) => r.parentId === leaf.id)) continue;
    const chain = [];
    for (let r: (typeof routes)[number] | undefined = leaf; r && r.id !== "root"; r = r.parentId ? manifest.routes[r.parentId] : undefined)
      chain.unshift(r);
    const segments = chain.flatMap((r) => (r.path ?? "").split("/").filter(Boolean));
    // Optional segments and other forms are left to Remix: a page it does not preload still loads.
    if (!chain.length || segments.some((s) => /[?()]/.test(s))) continue;
    const pattern = `^/${segments.map((s) => (s === "*" ? ".*" : s.startsWith(":") ? "[^/]+" : escape(s))).join("/")}/?$`;
    const modules = [...new Set(chain.flatMap((r) => [r.module, ...(r.imports ?? [])]))].filter((m) => !first.has(m));
    const styles = [...new Set(chain.flatMap((r) => r.css ?? []))];
    // Static paths before parameters, a splat last: the first pattern that matches wins.
    const rank = segments.includes("*") ? 2 : segments.some((s) => s.startsWith(":")) ? 1 : 0;
    rows.push({ row: [pattern, modules, styles], rank });
  }
  return rows.sort((a, b) => a.rank - b.rank).map((r) => r.row);
}

/** The inline script: finds the page's row and adds its preload links to the holder. */
export function routePreloadScript(table: RouteFiles[]): string {
  // JSON inside a <script>: "<" escaped, so no "</script>" can end it.
  const data = JSON.stringify(table).replace(/</g, "\\u003c");
  return `(function(t,p,h){if(!h)return;for(var i=0;i<t.length;i++)if(new RegExp(t[i][0]).test(p)){var add=function(rel,href,as){var l=document.createElement("link");l.rel=rel;l.href=href;if(as)l.as=as;h.appendChild(l)};t[i][1].forEach(function(m){add("modulepreload",m)});t[i][2].forEach(function(s){add("preload",s,"style")});return}})(${data},location.pathname,document.getElementById("${PRELOAD_HOLDER_ID}"))`;
}

/** The route left out of `screenModules`: /mockman, the request tester, is a tool of its own, and large. */
export const NOT_A_SCREEN = ["routes/mockman"];

/** Every module file of the manifest's routes but those of `leaveOut` (route ids), each once. */
export function screenModules(manifest: Pick<AssetsManifest, "routes">, leaveOut: readonly string[] = NOT_A_SCREEN): string[] {
  const files = new Set<string>();
  for (const route of Object.values(manifest.routes)) {
    if (!route || leaveOut.includes(route.id)) continue;
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  return [...files];
}

/**
 * Fetches every screen's modules ahead, as <link rel=modulepreload>: a module preloaded is in the
 * page's module map, so a screen opened later needs no network. Moments needs none once loaded (the
 * API is the mock in the tab's worker), but Remix answers a route module it cannot fetch by reloading
 * the page, which offline put the browser's "No internet" page in place of the app
 * (tests/e2e/offline-screens.spec.ts). A file already loaded is not fetched again.
 */
export function preloadScreens(manifest: Pick<AssetsManifest, "routes">, doc: Document = document) {
  const linked = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute("href")));
  for (const file of screenModules(manifest)) {
    if (linked.has(file)) continue;
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.href = file;
    doc.head.appendChild(link);
  }
}
