// The description as tools we did not write see it: Redocly's recommended rules
// and Spectral's spectral:oas, run offline on what `mockman serve` serves and on
// what the tab serves (relative servers). Budgets: Redocly 0 errors and at most 3
// warnings, Spectral 0 errors and at most 5 warnings. serve's admin API document
// (GET /__mockman/openapi.json) is held to 0 of either.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOpenApi } from "#mock/node/admin-openapi";
import { buildOpenApiDocument } from "#mock/openapi/document";
import { routes } from "#mock/routes/index";

const run = promisify(execFile);
const bin = (name: string) => path.resolve("node_modules/.bin", name);
// No telemetry, no update checks: the checks run offline.
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };

let dir: string;
const variants = { serve: "http://127.0.0.1:4223", tab: undefined } as const;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "openapi-lint-"));
  for (const [name, origin] of Object.entries(variants))
    await writeFile(path.join(dir, `${name}.json`), JSON.stringify(buildOpenApiDocument(routes, "0.1.0", { origin })));
  await writeFile(path.join(dir, "admin.json"), JSON.stringify(adminOpenApi()));
  await writeFile(path.join(dir, "spectral.yaml"), 'extends: ["spectral:oas"]\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs a linter that exits non-zero on errors; its JSON report is on stdout either way. */
async function report(file: string, args: string[]): Promise<string> {
  try {
    return (await run(file, args, { env, cwd: dir, maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    if (stdout) return stdout;
    throw error;
  }
}

/** Redocly's recommended rules on a document: its problems, one line each. */
async function redocly(name: string): Promise<string[]> {
  const out = await report(bin("redocly"), ["lint", "--extends=recommended", "--format=json", `${name}.json`]);
  const problems = (JSON.parse(out.slice(out.indexOf("{"))) as { problems: { severity: string; ruleId: string; message: string }[] })
    .problems;
  return problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);
}

/** Spectral's spectral:oas on a document: its results, one line each, by severity (0 error, 1 warning). */
async function spectral(name: string): Promise<(severity: number) => string[]> {
  const out = await report(bin("spectral"), ["lint", "--ruleset", "spectral.yaml", "--format", "json", "--quiet", `${name}.json`]);
  const results = JSON.parse(out.trim() || "[]") as { severity: number; code: string; message: string; path: string[] }[];
  return (severity) => results.filter((r) => r.severity === severity).map((r) => `${r.code} ${r.path.join(".")}: ${r.message}`);
}

describe("serve's admin API document", () => {
  it("passes Redocly's recommended rules and Spectral's spectral:oas with no error and no warning", async () => {
    expect(await redocly("admin")).toEqual([]);
    const said = await spectral("admin");
    expect([...said(0), ...said(1)]).toEqual([]);
  }, 120_000);
});

describe.each(Object.keys(variants))("the %s document", (name) => {
  it("passes Redocly's recommended rules: no error, at most 3 warnings", async () => {
    const said = await redocly(name);
    expect(said.filter((p) => p.startsWith("error"))).toEqual([]);
    expect(said.filter((p) => p.startsWith("warn")).length, said.join("\n")).toBeLessThanOrEqual(3);
  }, 120_000);

  it("passes Spectral's spectral:oas: no error, at most 5 warnings", async () => {
    const said = await spectral(name);
    expect(said(0)).toEqual([]);
    expect(said(1).length, said(1).join("\n")).toBeLessThanOrEqual(5);
  }, 120_000);

  it("is compact: under 100 KB", () => {
    const size = JSON.stringify(buildOpenApiDocument(routes, "0.1.0", { origin: variants[name as keyof typeof variants] })).length;
    expect(size).toBeLessThan(100_000);
  });
});
