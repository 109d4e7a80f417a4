// The benchmarks write the figures the manuals show (issue 49): a run replaces its own section of
// tests/benchmarks.md whole, headed by when and where it ran, as Prettier formats it; the other
// sections stay as they were.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { table } from "./measure";
import { FIGURES_FILE, keep, record } from "./record";

const SKELETON = [
  "# Figures",
  "",
  "## A",
  "",
  "<!-- bench:a -->",
  "old a",
  "<!-- /bench:a -->",
  "",
  "## B",
  "",
  "<!-- bench:b -->",
  "old b",
  "<!-- /bench:b -->",
  "",
].join("\n");

describe("a benchmark run's figures", () => {
  const log = console.log;
  const dirs: string[] = [];
  afterEach(() => {
    console.log = log;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("replace their section only, headed by the date, commit, machine and load, as Prettier formats them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-record-"));
    dirs.push(dir);
    const file = join(dir, "figures.md");
    writeFileSync(file, SKELETON);
    vi.spyOn(console, "error").mockImplementation(() => {});
    console.log = () => {};
    record("npm run bench");
    console.log("# Run");
    console.log("## Part one");
    table(
      ["posts", "GET /api/posts"],
      [
        ["1k", "0.3 ms (0.4×)"],
        ["100k", "20 ms | 0.2×"],
      ],
    );
    console.log("a line of prose");
    await keep("a", file);
    const text = readFileSync(file, "utf8");
    expect(text).toContain("old b");
    expect(text).not.toContain("old a");
    const section = text.slice(text.indexOf("<!-- bench:a -->"), text.indexOf("<!-- /bench:a -->"));
    expect(section).toMatch(
      /`npm run bench` on \d{4}-\d\d-\d\d at [0-9a-f]{7} \(\d+ × .+, Node v\d+\.\d+\.\d+, load average \d+\.\d when it began\)\./,
    );
    // Headings go under the file's own; the table is Markdown (a pipe in a cell escaped).
    expect(section).toContain("### Run");
    expect(section).toContain("#### Part one");
    expect(section).toMatch(/\| posts \| GET \/api\/posts +\|\n\| -+ \| -+: \|/);
    expect(section).toContain("20 ms \\| 0.2×");
    expect(section).toContain("\n- a line of prose\n");
    const prettier = await import("prettier");
    expect(await prettier.check(text, { ...(await prettier.resolveConfig(FIGURES_FILE)), filepath: file })).toBe(true);
  });

  it("are refused for a section the file does not have, and the file is left as it was", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-record-"));
    dirs.push(dir);
    const file = join(dir, "figures.md");
    writeFileSync(file, SKELETON);
    await expect(keep("c", file)).rejects.toThrow(/has no section <!-- bench:c -->/);
    expect(readFileSync(file, "utf8")).toBe(SKELETON);
  });

  it("each section of tests/benchmarks.md is a whole run, or says it has not run yet", () => {
    const text = readFileSync(FIGURES_FILE, "utf8");
    const sections = [...text.matchAll(/<!-- bench:([\w-]+) -->([\s\S]*?)<!-- \/bench:\1 -->/g)];
    expect(sections.map(([, name]) => name)).toEqual([
      "node",
      "postman-run",
      "sandbox",
      "browser",
      "browser-cpu-4",
      "browser-slow-device-4",
      "hardening",
    ]);
    for (const [, name, body] of sections) {
      expect(body.trim(), name).toMatch(
        /^((`npm run bench[^`]*`|`npx tsx tests\/bench\/[\w-]+\.ts`|`CI=true npm test`) on \d{4}-\d\d-\d\d at [0-9a-f]{7} |_Not run yet\._$)/,
      );
    }
  });
});
