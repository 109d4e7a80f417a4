// The tester's engine runs on the page as in the CLI: nothing under
// mock/tester/ (but the node:vm sandbox, which the isolate replaces) imports a
// node:* module, and nothing there imports from app/ or cli/.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const TESTER = join(ROOT, "mock/tester");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

const imports = (file: string) => [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]);

describe("mock/tester's layers", () => {
  const files = sources(TESTER).map((file) => relative(ROOT, file));

  it("imports nothing from app/ or cli/", () => {
    const wrong = files.flatMap((file) =>
      imports(join(ROOT, file))
        .filter((spec) => /^#(app|cli)\//.test(spec) || /(^|\/)(app|cli)\//.test(spec.replace(/^(\.\.\/)+/, "")))
        .map((spec) => `${file}: ${spec}`),
    );
    expect(wrong).toEqual([]);
  });

  it("the engine, the collection format and the Postman plan import no node:* module", () => {
    const core = files.filter((file) => !file.startsWith("mock/tester/sandbox/"));
    const wrong = core.flatMap((file) =>
      imports(join(ROOT, file))
        .filter((spec) => spec.startsWith("node:") || ["fs", "path", "crypto", "http", "os"].includes(spec))
        .map((spec) => `${file}: ${spec}`),
    );
    expect(wrong).toEqual([]);
  });
});
