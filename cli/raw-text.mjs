// `import text from "file?raw"` under tsx (the bin run from source in a checkout,
// npm run bench), as Vite, vitest and the CLI bundle read it: the file's text as the default export. The script
// sandbox ships its runtime and libraries that way (mock/tester/sandbox/libraries.ts).
import { readFileSync } from "node:fs";
import { register } from "node:module";

export async function resolve(specifier, context, next) {
  if (!specifier.endsWith("?raw")) return next(specifier, context);
  const resolved = await next(specifier.slice(0, -4), context);
  return { url: `${resolved.url}?raw`, shortCircuit: true };
}

export async function load(url, context, next) {
  if (!url.endsWith("?raw")) return next(url, context);
  const text = readFileSync(new URL(url.slice(0, -4)), "utf8");
  return { format: "module", source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}

/** Call before importing a module that reads `?raw`. */
export function registerRawText() {
  register(import.meta.url);
}
