// The manuals' commands are tests. Every `mockman …`, `npx mockman …` and
// `npm run mockman -- …` line in a shell code block, and every one in the
// Example column of a table, is read from the manuals (README.md and the manual
// beside each part of the code, tests/cli/manuals.ts lists them) when the test
// runs and run through the bin, manual by manual and top to bottom, in one
// temporary folder (as a reader following them would: `export backup.json`
// before `import backup.json`). The folder's store (.mockman/db.json) starts
// afresh for each table row and each code block, whose lines run in order on
// one store. How each is run:
// - repository files it names (cli/examples/…) are copied into the folder;
//   an absolute --db FILE is moved into the folder;
// - `serve` starts on a free port instead of the documented one, must answer
//   as mockman (the x-mockman header), and must stop on Ctrl+C with exit 0;
// - a command that names the documented server (http://127.0.0.1:3001), itself
//   or in a file it reads (cli/examples/local.env.json), runs against a `serve`
//   the test starts on a free port, with that URL put in its place;
// - it must exit 0, or the code its comment names (`# exits 2`); a comment
//   `# -> 503` says the status `request` prints.
// A line that cannot be run as written (an unknown command, a placeholder such
// as <ref> or …) fails: nothing is skipped.
// And what the manuals point at must be there: every relative link (and its
// #anchor, in a Markdown file), and every repository path their code names.
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVE_URL } from "#mock/core/boundary";
import pkg from "../../package.json" with { type: "json" };
import { BIN, ROOT, type Ran, cli, listening, processEnv, serveProcess } from "./helpers";
import {
  type Example,
  MANUALS,
  MOCKMAN,
  OPTIONAL_MANUALS,
  headingAnchors,
  manualExamples,
  manualReferences,
  readManuals,
  repoPathExists,
} from "./manuals";

const manuals = readManuals();
const examples = manuals.flatMap(({ name, text }) => manualExamples(name, text));
/** The commands `mockman --help` lists, so a command added later is known here too. */
const commands = [...(await cli(["--help"])).stdout.split("Commands:")[1].matchAll(/^ {2}(\w[\w-]*)/gm)]
  .map((found) => found[1])
  .filter((name) => name !== "help");

// One folder for the whole file, as one reader's terminal.
const folder = mkdtempSync(join(tmpdir(), "mockman-readme-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
// `mockman` on PATH is the bin, as `npx mockman` and `npm run mockman --` (node cli/bin/mockman.js) run it.
mkdirSync(join(folder, ".bin"));
writeFileSync(join(folder, ".bin/mockman"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
chmodSync(join(folder, ".bin/mockman"), 0o755);

const env = () => processEnv({ PATH: `${join(folder, ".bin")}:${process.env.PATH ?? ""}` });

/** Runs one shell line in the folder (pipes, quotes and comments as a shell reads them). */
function shell(line: string): Promise<Ran> {
  return new Promise((done) => {
    const child = spawn("bash", ["-c", line], { cwd: folder, env: env() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      done({ code: code ?? 1, stdout, stderr });
    });
  });
}

/** The words of a line, quotes removed, up to a comment: enough to find the command and the files it names. */
function words(line: string): string[] {
  const out: string[] = [];
  for (const [, single, double, bare] of line.replace(/\s#.*$/, "").matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)) {
    out.push(single ?? double ?? bare);
  }
  return out;
}

/** Repository files the line names (cli/examples/…, or @file bodies), copied into the folder; returns their folder paths. */
function copyNamedFiles(line: string): string[] {
  const copied: string[] = [];
  for (const word of words(line)) {
    const path = word.replace(/^@/, "");
    if (!path || isAbsolute(path) || path.startsWith("-") || path.startsWith(".mockman") || path.includes("node_modules")) continue;
    const source = join(ROOT, path);
    if (!existsSync(source) || !statSync(source).isFile()) continue;
    const target = join(folder, path);
    if (!existsSync(target)) {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(source, target);
    }
    copied.push(target);
  }
  return copied;
}

let lastGroup = "";

async function runExample({ line: shown, where, group }: Example): Promise<void> {
  if (group !== lastGroup) rmSync(join(folder, ".mockman"), { recursive: true, force: true });
  lastGroup = group;
  const placeholder = shown.match(/<[a-z][\w-]*>|…/i);
  if (placeholder) {
    throw new Error(
      `${where}: \`${shown}\` has a placeholder (${placeholder[0]}) and cannot run as written; write a runnable command, or show it outside code blocks and the Example column`,
    );
  }
  let line = shown.replace(MOCKMAN, "mockman");
  const command = words(line)[1] ?? "";
  if (!command.startsWith("-") && !commands.includes(command)) {
    throw new Error(`${where}: \`${shown}\`: '${command}' is no mockman command (mockman --help lists ${commands.join(", ")})`);
  }
  // An absolute --db is moved into the folder, so the test never writes outside it.
  line = line.replace(/(--db[= ])(\/\S+)/g, (_, flag: string, path: string) => `${flag}${join(folder, basename(path))}`);
  const files = copyNamedFiles(line);
  const expectedCode = Number(shown.match(/#.*\bexits? (\d+)\b/)?.[1] ?? 0);
  const expectedStatus = shown.match(/#\s*->\s*(\d{3})\b/)?.[1];

  if (command === "serve") {
    // On a free port (the documented one may be taken), as one process so Ctrl+C reaches it.
    line = /--port[= ]\d+/.test(line) ? line.replace(/--port([= ])\d+/, "--port$10") : line.replace(/\bserve\b/, "serve --port 0");
    const server = await listening(spawn("bash", ["-c", `exec ${line}`], { cwd: folder, env: env() }));
    const answer = await fetch(`${server.url}/api/posts`);
    await answer.arrayBuffer();
    expect(answer.headers.get("x-mockman"), `${where}: \`${shown}\` serves mockman's API`).toBe(pkg.version);
    expect(await server.stop(), `${where}: \`${shown}\` stops on Ctrl+C with exit 0:\n${server.output().stderr}`).toBe(0);
    return;
  }

  // The documented server: a serve of its own, on a free port, in its place (in the line and in files it reads).
  const readsServer = files.filter((file) => readFileSync(file, "utf8").includes(SERVE_URL));
  const server =
    line.includes(SERVE_URL) || readsServer.length > 0
      ? await serveProcess(["--db", join(folder, "served.json"), "-q"], { cwd: folder })
      : undefined;
  const restore = readsServer.map((file) => [file, readFileSync(file, "utf8")] as const);
  try {
    if (server) {
      line = line.replaceAll(SERVE_URL, server.url);
      for (const [file, text] of restore) writeFileSync(file, text.replaceAll(SERVE_URL, server.url));
    }
    const ran = await shell(line);
    const report = `${where}: \`${shown}\` ran as \`${line}\` in ${folder}\nexit ${ran.code}\nstdout: ${ran.stdout.slice(0, 2000)}\nstderr: ${ran.stderr}`;
    expect(ran.code, report).toBe(expectedCode);
    expect(ran.stderr, report).not.toMatch(/unexpected error/);
    if (expectedStatus) expect(ran.stdout, report).toMatch(new RegExp(`^HTTP ${expectedStatus}\\b`, "m"));
  } finally {
    for (const [file, text] of restore) writeFileSync(file, text);
    await server?.stop();
  }
}

describe("the manuals' mockman commands", () => {
  it("are found: the command table's examples and the code blocks of every manual; `npm run mockman --` is the bin", () => {
    for (const name of MANUALS) if (!OPTIONAL_MANUALS.has(name)) expect(manuals.map((manual) => manual.name)).toContain(name);
    expect(examples.filter((e) => e.where.startsWith("cli/README.md:") && e.where.endsWith("(table)")).length).toBeGreaterThanOrEqual(8);
    expect(examples.filter((e) => e.where.endsWith("(code block)")).length).toBeGreaterThanOrEqual(3);
    // The front door shows the CLI too, and each manual that names commands runs them.
    for (const name of ["README.md", "app/README.md", "mock/README.md", "cli/README.md"]) {
      expect(
        examples.some((e) => e.where.startsWith(`${name}:`)),
        `${name} shows a mockman command`,
      ).toBe(true);
    }
    expect(pkg.scripts.mockman).toBe("node cli/bin/mockman.js");
    // Every command has an example someone can run.
    for (const command of commands) expect(examples.map((e) => words(e.line.replace(MOCKMAN, "mockman"))[1])).toContain(command);
  });

  it.each(examples.map((example) => [`${example.where} ${example.line}`, example] as const))(
    "%s",
    async (_, example) => {
      await runExample(example);
    },
    180_000,
  );
});

describe("what the manuals point at", () => {
  const references = manuals.map(({ name, text }) => manualReferences(name, text));
  const links = references.flatMap((found) => found.links);
  const paths = references.flatMap((found) => found.paths);
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = (path: string) => {
    if (!anchors.has(path)) anchors.set(path, headingAnchors(readFileSync(join(ROOT, path), "utf8")));
    return anchors.get(path)!;
  };

  it("is found: links between the manuals and the code paths they name", () => {
    expect(links.length).toBeGreaterThanOrEqual(10);
    expect(paths.length).toBeGreaterThanOrEqual(100);
    // The tour links every manual.
    const fromReadme = links.filter((link) => link.where.startsWith("README.md:")).map((link) => link.path);
    for (const name of ["app/README.md", "mock/README.md", "mock/CONTRACT.md", "cli/README.md", "tests/README.md"])
      expect(fromReadme).toContain(name);
  });

  it("every relative link leads to a file there is, and to a heading there is", () => {
    const broken = links.flatMap((link) => {
      // A manual still being written (the tester's) may be linked before it lands; once it is there, it is checked.
      if (OPTIONAL_MANUALS.has(link.path) && !existsSync(join(ROOT, link.path))) return [];
      if (!existsSync(join(ROOT, link.path))) return [`${link.where}: (${link.shown}) leads to ${link.path}, which does not exist`];
      if (link.anchor !== undefined && link.path.endsWith(".md") && !anchorsOf(link.path).has(link.anchor)) {
        return [
          `${link.where}: (${link.shown}): ${link.path} has no heading #${link.anchor} (it has ${[...anchorsOf(link.path)].join(", ")})`,
        ];
      }
      return [];
    });
    expect(broken).toEqual([]);
  });

  it("every repository path named in code exists (written from the repository's root)", () => {
    const missing = paths
      .filter((found) => !repoPathExists(found.path) && !OPTIONAL_MANUALS.has(found.path))
      .map((found) => `${found.where}: ${found.shown}`);
    expect(missing).toEqual([]);
  });

  it("nothing points outside the repository's own files", () => {
    const outside = manuals.flatMap(({ name, text }) =>
      text.split("\n").flatMap((line, i) => (/\.\.\/shared\/|\/work\//.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(outside).toEqual([]);
  });
});

describe("README.md, the front door", () => {
  const readme = manuals.find((manual) => manual.name === "README.md")!.text;

  it("stays short: what it is, the quick start, the tour; the rest is in the manuals", () => {
    expect(readme.split("\n").length).toBeLessThan(200);
  });

  it("shows the test command, which .ci/run runs", () => {
    expect(readme).toMatch(/^```sh\n(?:.*\n)*?npm test(?:\s|$)/m);
    expect(pkg.scripts.test).toBeTruthy();
    expect(readFileSync(join(ROOT, ".ci/run"), "utf8")).toMatch(/^npm test$/m);
  });
});
