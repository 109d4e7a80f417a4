// The SPA's index.html preloads the page's own route (app/lib/route-preload.ts): the route
// table built from Remix's manifest, and the inline script run against a URL.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { routePreloadScript, routeTable, screenModules, type RouteFiles } from "#app/lib/route-preload";

const route = (id: string, extra: Record<string, unknown>) => ({
  id,
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: false,
  module: `/assets/${id.replace(/\W/g, "_")}.js`,
  imports: ["/assets/jsx-runtime.js"],
  css: [] as string[],
  ...extra,
});

// The shape of this app's routes: a pathless layout with static, parameter and splat children.
const manifest = {
  entry: { module: "/assets/entry.client.js", imports: ["/assets/jsx-runtime.js"] },
  routes: {
    root: route("root", { path: "" }),
    "routes/_index": route("routes/_index", { index: true, parentId: "root", imports: ["/assets/jsx-runtime.js", "/assets/schemas.js"] }),
    "routes/mockman": route("routes/mockman", { path: "mockman", parentId: "root", css: ["/assets/mockman.css"] }),
    "routes/_app": route("routes/_app", { parentId: "root", css: ["/assets/_app.css"], imports: ["/assets/shell.js"] }),
    "routes/_app.home": route("routes/_app.home", { path: "home", parentId: "routes/_app" }),
    "routes/_app.profile.$username": route("routes/_app.profile.$username", { path: "profile/:username", parentId: "routes/_app" }),
    "routes/_app.profile.$username_.followers": route("routes/_app.profile.$username_.followers", {
      path: "profile/:username/followers",
      parentId: "routes/_app",
    }),
    "routes/_app.$": route("routes/_app.$", { path: "*", parentId: "routes/_app" }),
  },
};

/** Runs the inline script at `path` against a stand-in document; answers the links it adds. */
function linksAt(table: RouteFiles[], path: string) {
  const added: Array<{ rel: string; href: string; as?: string }> = [];
  const holder = { appendChild: (link: { rel: string; href: string; as?: string }) => added.push({ ...link }) };
  const document = { getElementById: (id: string) => (id === "route-preload" ? holder : null), createElement: () => ({}) };
  runInNewContext(routePreloadScript(table), { document, location: { pathname: path } });
  return added;
}

describe("route preload", () => {
  const table = routeTable(manifest);

  it("names each page's modules and CSS, leaving out what the HTML already loads", () => {
    expect(linksAt(table, "/")).toEqual([
      { rel: "modulepreload", href: "/assets/routes__index.js" },
      { rel: "modulepreload", href: "/assets/schemas.js" },
    ]);
    expect(linksAt(table, "/mockman")).toEqual([
      { rel: "modulepreload", href: "/assets/routes_mockman.js" },
      { rel: "preload", href: "/assets/mockman.css", as: "style" },
    ]);
    // A page under the layout brings the layout's files too.
    expect(linksAt(table, "/home").map((l) => l.href)).toEqual([
      "/assets/routes__app.js",
      "/assets/shell.js",
      "/assets/routes__app_home.js",
      "/assets/_app.css",
    ]);
  });

  it("matches parameters and a trailing slash, static and deeper paths before the splat", () => {
    expect(linksAt(table, "/profile/ada").map((l) => l.href)).toContain("/assets/routes__app_profile__username.js");
    expect(linksAt(table, "/profile/ada/followers/").map((l) => l.href)).toContain("/assets/routes__app_profile__username__followers.js");
    expect(linksAt(table, "/no/such/page").map((l) => l.href)).toContain("/assets/routes__app__.js");
    expect(linksAt(table, "/home").map((l) => l.href)).not.toContain("/assets/routes__app__.js");
  });

  it("adds nothing without its holder, and a path cannot break out of the script", () => {
    const added: unknown[] = [];
    runInNewContext(routePreloadScript(table), { document: { getElementById: () => null }, location: { pathname: "/" } });
    expect(added).toEqual([]);
    const hostile = routeTable({
      ...manifest,
      routes: { ...manifest.routes, "routes/x": route("routes/x", { path: "x", parentId: "root", module: "/assets/</script><b>.js" }) },
    });
    expect(routePreloadScript(hostile)).not.toContain("</script>");
    expect(linksAt(hostile, "/x")[0]!.href).toBe("/assets/</script><b>.js");
  });

  it("leaves optional segments to Remix", () => {
    const optional = routeTable({
      ...manifest,
      routes: { ...manifest.routes, "routes/lang": route("routes/lang", { path: ":lang?/about", parentId: "root" }) },
    });
    expect(optional.some(([pattern]) => pattern.includes("about"))).toBe(false);
  });
});

describe("screenModules (what the signed-in shell fetches ahead, so screens open offline)", () => {
  it("names every route's module and imports once, and none of /mockman's own", () => {
    const files = screenModules(manifest);
    expect(files).toEqual([...new Set(files)]);
    expect(files).toContain("/assets/routes__app_home.js");
    expect(files).toContain("/assets/routes__index.js");
    expect(files).toContain("/assets/schemas.js");
    expect(files).toContain("/assets/shell.js");
    expect(files).not.toContain("/assets/routes_mockman.js");
  });
});
