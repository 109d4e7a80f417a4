// One runner (below): only engine/postman-run.ts sends a collection's requests, and only run.ts drives it.
// One `{{}}` resolver: every {{name}} the page and the CLI fill (Send, Run, code snippets, cURL export, replay)
// goes through mock/tester/engine/variables.ts, and Postman's dynamic variables come from one table
// (engine/dynamic.ts, postman-collection's). A second module that matches whole `{{...}}` references, or a
// second table of dynamic variables, fails here: two dialects once made a Send and a Run of the same
// request differ.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const RESOLVER = "mock/tester/engine/variables.ts";

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join("cli", "bin") ? [] : sources(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

const files = ["app", "mock", "cli"].flatMap(sources).map((file) => relative(ROOT, join(ROOT, file)));
const lines = (file: string) => readFileSync(join(ROOT, file), "utf8").split("\n");

/** A regular expression that matches a whole reference: `\{\{` and `\}\}` in one pattern, or a RegExp built from "{{". */
const REFERENCE_PATTERN = /\\\{\\\{.*\\\}\\\}|new RegExp\([^)]*\{\{/;

/** Postman's dynamic variables as a table: its generator module, or names such as `$guid:` / `$randomInt:` as keys. */
const DYNAMIC_TABLE = /superstring\/dynamic-variables|^\s*["']?\$(guid|timestamp|isoTimestamp|randomInt)["']?\s*:/;

/**
 * A dynamic variable's value made by hand in the tester (mock/tester, app/mockman): a generator keyed or compared by a Postman name (`$guid: () => ...`,
 * `name === "$randomInt" ? ...`), or the sources such a generator is written from (uuid, faker, a random integer).
 */
const HAND_GENERATOR =
  /\$(guid|uuid|timestamp|isoTimestamp|randomInt|random[A-Z]\w*)["']?\s*(:\s*(\(|function|async)|\?(?!\s*["']\$))|from\s+["'](uuid|@faker-js\/faker[^"']*)["']|Math\.floor\(Math\.random\(\) \* 1001\)|~~\(Math\.random\(\)/;

/**
 * In the engine, a pattern for a reference's opening alone: `\{\{`, or `%7B%7B` as the wire encoder writes it. A check
 * of its own for "does this still hold a {{reference}}" (pm.sendRequest's host once had one) is variables.ts's to make.
 */
const ENGINE_OPENING = /\\\{\\\{|%7B%7B/i;
const ENGINE = [join("mock", "tester", "engine"), join("mock", "tester", "postman")];
const inEngine = (file: string) => ENGINE.some((dir) => file.startsWith(dir));

const hits = (pattern: RegExp, allowed: string[]) =>
  files
    .filter((file) => !allowed.includes(file))
    .flatMap((file) => lines(file).flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])));

describe("one {{}} resolver", () => {
  it("only engine/variables.ts matches {{...}} references", () => {
    expect(hits(REFERENCE_PATTERN, [RESOLVER])).toEqual([]);
  });

  it("in the engine and the Postman converters, only engine/variables.ts looks for a reference's opening, as written or percent-encoded", () => {
    expect(hits(ENGINE_OPENING, [...files.filter((file) => !inEngine(file)), RESOLVER])).toEqual([]);
    expect(files.filter(inEngine).length).toBeGreaterThan(15);
    // The rule catches the check postman-run.ts's pm.sendRequest once made of its own.
    expect(ENGINE_OPENING.test("        if (/\\{\\{|%7B%7B/i.test(host)) {")).toBe(true);
    expect(ENGINE_OPENING.test('  if (url.includes("%7b%7b")) {')).toBe(true);
    // And the endpoint check postman/convert.ts once made of its own.
    expect(ENGINE_OPENING.test("  if (/^(https?:\\/\\/|\\/|\\{\\{)/i.test(trimmed)) return trimmed;")).toBe(true);
    expect(lines(RESOLVER).some((line) => ENGINE_OPENING.test(line))).toBe(true);
  });

  it("only engine/dynamic.ts holds dynamic variables (wire.ts and the CLI's bundle hand it postman-collection's table)", () => {
    expect(hits(DYNAMIC_TABLE, ["mock/tester/engine/dynamic.ts", "mock/tester/engine/wire.ts", "cli/build.mjs"])).toEqual([]);
  });

  it("no dynamic variable's generator is written in mockman's code: every value is postman-collection's (issue 43)", () => {
    const tester = (file: string) => file.startsWith(join("mock", "tester")) || file.startsWith(join("app", "mockman"));
    expect(
      hits(
        HAND_GENERATOR,
        files.filter((file) => !tester(file)),
      ),
    ).toEqual([]);
    expect(files.filter(tester).length).toBeGreaterThan(50);
    // The rule catches the copy engine/dynamic.ts once held.
    for (const copy of [
      "  $guid: () => uuid(),",
      '  "$randomInt": function () {',
      'import { v4 as uuid } from "uuid";',
      "  $randomInt: () => Math.floor(Math.random() * 1001),",
      '    : name === "$uuid" ? uuid() : undefined;',
    ])
      expect(HAND_GENERATOR.test(copy), copy).toBe(true);
  });

  it("sees what it guards (a rule over no files would pass for nothing)", () => {
    expect(files).toContain(RESOLVER);
    expect(files.length).toBeGreaterThan(100);
    expect(lines(RESOLVER).some((line) => REFERENCE_PATTERN.test(line))).toBe(true);
    expect(lines("mock/tester/engine/dynamic.ts").some((line) => DYNAMIC_TABLE.test(line))).toBe(true);
  });
});

/** What sends a collection's requests: the send with --timeout-request, and the runner's entry. */
const SENDS_REQUESTS = /\bsendWithin\(/;
const RUNS_PLAN = /\brunPostman\(/;
const RUNNER = "mock/tester/engine/postman-run.ts";

describe("one runner", () => {
  it("only engine/postman-run.ts sends a collection's requests (a mockman collection too, converted: convert.ts)", () => {
    expect(hits(SENDS_REQUESTS, [RUNNER, "mock/tester/engine/exchange.ts"])).toEqual([]);
  });

  it("only engine/run.ts (executeRun, which the CLI and the page call) starts it", () => {
    expect(hits(RUNS_PLAN, [RUNNER, "mock/tester/engine/run.ts"])).toEqual([]);
  });

  it("sees what it guards", () => {
    expect(lines(RUNNER).some((line) => SENDS_REQUESTS.test(line))).toBe(true);
    expect(lines("mock/tester/engine/run.ts").some((line) => RUNS_PLAN.test(line))).toBe(true);
  });
});
