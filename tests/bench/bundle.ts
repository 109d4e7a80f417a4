// First-load JS for `/` and `/mockman`, from the built client: what the browser
// must fetch to render and use the page, and what it fetches afterwards (the
// mock's door, and the mock's worker it starts, counted apart). Gzip sizes, as
// the issues' budgets count them (180 KB for /, 250 KB for /mockman).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { table } from "./measure";

const BUDGET_KB = 180;
const MOCKMAN_BUDGET_KB = 250;

/** The chunks /mockman loads on first use, by their module's name. */
const ON_USE: Record<string, string> = {
  JsonCodeEditor: "the body editor, CodeMirror (body focused)",
  PrettyJson: "the body's Pretty view (a response shown)",
  JsonView: "the JSON tree (a response's headers shown)",
  CodeDialog: "code snippets, httpsnippet (Code opened)",
  collection: "history export as a collection (Export)",
  format: "a mockman collection file's checks (Import)",
};
const stem = (file: string) => path.posix.basename(file).replace(/-[\w-]{8}\.js$/, "");

export function benchBundle(buildDir = process.env.BUILD_DIR ?? "build") {
  const client = path.resolve(buildDir, "client");
  const assets = path.join(client, "assets");
  if (!existsSync(assets)) {
    console.log(`First-load JS: no build in ${client} (run npm run build first)\n`);
    return;
  }
  const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f))!;
  const manifest = JSON.parse(
    readFileSync(path.join(assets, manifestFile), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;$/, ""),
  );
  const read = (url: string) => readFileSync(path.join(client, url));
  const gz = (url: string) => gzipSync(read(url), { level: 9 }).length / 1024;

  // The static import closure of some modules (Vite emits `from"./x.js"` and `import"./x.js"`).
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const walk = (url: string) => {
      if (seen.has(url)) return;
      seen.add(url);
      const text = read(url).toString();
      for (const m of text.matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g)) walk(path.posix.join(path.posix.dirname(url), m[1]));
    };
    start.forEach(walk);
    return seen;
  };
  const route = (id: string) => [manifest.routes[id].module, ...manifest.routes[id].imports];
  const first = closure([
    `/assets/${manifestFile}`,
    manifest.entry.module,
    ...manifest.entry.imports,
    ...route("root"),
    ...route("routes/_index"),
  ]);
  const entryText = read(manifest.entry.module).toString();
  const lazy = [...entryText.matchAll(/import\(\s*["'](\.\/[^"']+\.js)["']\s*\)/g)].map((m) => path.posix.join("/assets", m[1]));
  const later = [...closure(lazy)].filter((f) => !first.has(f));
  const mockmanInFirst = [...first].filter((f) => /mockman/i.test(f));
  // The mock's worker (mock/browser/worker.ts) is its own entry, loaded by the door with new Worker(...).
  const worker = [
    ...closure(
      readdirSync(assets)
        .filter((f) => /^worker-[\w-]{8}\.js$/.test(f))
        .map((f) => `/assets/${f}`),
    ),
  ];
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0);
  const firstKb = sum(first);
  console.log(`First-load JS for / (gzip, from ${path.relative(process.cwd(), client)})`);
  table(
    ["what", "files", "KB gz", "budget"],
    [
      [
        "to render and use / (entry, root, welcome route)",
        String(first.size),
        firstKb.toFixed(1),
        `${BUDGET_KB} KB: ${firstKb <= BUDGET_KB ? "met" : "MISSED"}`,
      ],
      ["then, when idle: the mock's door in the page", String(later.length), sum(later).toFixed(1), ""],
      ["and its worker (Mirage, Dexie, jose, zod), off the page's thread", String(worker.length), sum(worker).toFixed(1), ""],
      ["/mockman code in the first load", String(mockmanInFirst.length), sum(mockmanInFirst).toFixed(1), "must be 0"],
    ],
  );

  // /mockman starts the mock's door at once, so it is part of that page's first load; the worker is not.
  const mockmanFirst = closure([
    `/assets/${manifestFile}`,
    manifest.entry.module,
    ...manifest.entry.imports,
    ...route("root"),
    ...route("routes/mockman"),
    ...lazy,
  ]);
  const mockmanKb = sum(mockmanFirst);
  // What the page loads on first use (components/lazy.tsx and the handlers' import()): each with what it brings.
  const onUse = new Map<string, Set<string>>();
  for (const file of mockmanFirst)
    for (const m of read(file)
      .toString()
      .matchAll(/import\(\s*["'](\.\/[^"']+\.js)["']\s*\)/g)) {
      const target = path.posix.join(path.posix.dirname(file), m[1]);
      if (!mockmanFirst.has(target)) onUse.set(target, new Set([...closure([target])].filter((f) => !mockmanFirst.has(f))));
    }
  // As the server sends them: the .br files the build writes (vite.config.ts), if it wrote them.
  const brotli = [...mockmanFirst].every((f) => existsSync(path.join(client, `${f}.br`)))
    ? [...mockmanFirst].reduce((n, f) => n + readFileSync(path.join(client, `${f}.br`)).length / 1024, 0)
    : null;
  console.log(`First-load JS for /mockman (gzip; the parts loaded on first use listed apart)`);
  table(
    ["what", "files", "KB gz", "budget"],
    [
      [
        "to render and use /mockman (entry, root, route, the mock's door)",
        String(mockmanFirst.size),
        mockmanKb.toFixed(1),
        `${MOCKMAN_BUDGET_KB} KB: ${mockmanKb <= MOCKMAN_BUDGET_KB ? "met" : "MISSED"}`,
      ],
      ...(brotli === null
        ? []
        : [["the same as brotli (.br, what sirv --brotli sends over HTTPS)", String(mockmanFirst.size), brotli.toFixed(1), ""]]),
      ...[...onUse].map(([file, files]) => [
        `on first use: ${ON_USE[stem(file)] ?? stem(file)}`,
        String(files.size),
        sum(files).toFixed(1),
        "",
      ]),
      ["the mock's worker, off the page's thread", String(worker.length), sum(worker).toFixed(1), ""],
    ],
  );
}
