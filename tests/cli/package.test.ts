// The package as another project gets it: `npm pack` (which builds the bundles
// through `prepack`), the tarball's file list and manifest (no dependencies, no
// install script), every link of its manuals and --help resolving inside it, the
// bin run from the bare tarball with no node_modules at all, then the tarball
// installed into an empty project (which gets that package and nothing else) and
// run there: `npx mockman` request, serve and replay --base-url against it, a
// vitest suite on moments/mock, and the manual's vitest and Playwright examples.
import { execFile, execFileSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };
import { ROOT, type Ran, processEnv, serveProcess, tempDir } from "./helpers";
import { headingAnchors, manualReferences } from "./manuals";

const run = promisify(execFile);

/** npm's own warnings (this machine's npmrc, engines) go to stderr too; what is left is mockman's. */
const withoutNpm = (stderr: string) => stderr.replace(/^npm (warn|notice) .*\n/gm, "");

/** A command's exit code and output, never a throw. */
async function ran(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env, timeout = 120_000): Promise<Ran> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, env, timeout, maxBuffer: 16 << 20 });
    return { code: 0, stdout, stderr: withoutNpm(stderr) };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout ?? "", stderr: withoutNpm(e.stderr ?? String(error)) };
  }
}

/** The project's own test tools, from this checkout's node_modules (offline), as its devDependencies would be. */
function linkTools(project: string, names: string[]) {
  for (const name of names) {
    const at = join(project, "node_modules", name);
    mkdirSync(dirname(at), { recursive: true });
    if (!existsSync(at)) symlinkSync(join(ROOT, "node_modules", name), at);
  }
}

async function pack(dest: string): Promise<{ tarball: string; files: string[] }> {
  // Within its beforeAll's 180 s: the two builds it runs took over 120 s beside other work.
  const packed = await ran("npm", ["pack", "--pack-destination", dest, "--json"], ROOT, process.env, 170_000);
  expect(packed.code, packed.stderr).toBe(0);
  const [report] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(dest, report.filename), files: report.files.map((file) => file.path).sort() };
}

describe("the package", () => {
  const dest = mkdtempSync(join(tmpdir(), "mockman-pack-"));
  // The folder holds the installed project too: removing its node_modules takes a while on a busy machine.
  afterAll(() => rmSync(dest, { recursive: true, force: true }), 60_000);
  let packed: { tarball: string; files: string[] };
  // Once for the file: npm pack runs prepare, which rebuilds the bundle (tens of seconds on a busy machine).
  beforeAll(async () => {
    packed = await pack(dest);
  }, 180_000);

  it("ships the bin, its bundle and the bundle's seven lazy parts, the library (moments/mock), every manual and the examples, and nothing else", () => {
    const { files } = packed;
    const examples = (readdirSync(join(ROOT, "cli/examples"), { recursive: true }) as string[])
      .filter((name) => statSync(join(ROOT, "cli/examples", name)).isFile())
      .map((name) => `cli/examples/${name}`);
    expect(files).toEqual(
      [
        "README.md",
        "app/README.md",
        "cli/README.md",
        "cli/bin/mockman.answer-text.cjs",
        "cli/bin/mockman.bundle.js",
        "cli/bin/mockman.faker.cjs",
        "cli/bin/mockman.form-data.cjs",
        "cli/bin/mockman.js",
        "cli/bin/mockman.junit.cjs",
        "cli/bin/mockman.sandbox.cjs",
        "cli/bin/mockman.undici.cjs",
        "cli/bin/mockman.wire.cjs",
        "dist/mock/index.d.cts",
        "dist/mock/index.d.ts",
        "dist/mock/index.js",
        "dist/mock/node.cjs",
        "dist/mock/node.js",
        "dist/mock/openapi.d.cts",
        "dist/mock/openapi.d.ts",
        "mock/CONTRACT.md",
        "mock/README.md",
        ...(existsSync(join(ROOT, "mock/tester/README.md")) ? ["mock/tester/README.md"] : []),
        ...examples,
        "package.json",
        "tests/README.md",
        "tests/benchmarks.md",
        "tests/collection/public/README.md",
      ].sort(),
    );
  });

  it("its manifest has no dependencies (everything the library and bin load is bundled) and no install script", () => {
    const manifest = JSON.parse(execFileSync("tar", ["-xzOf", packed.tarball, "package/package.json"], { encoding: "utf8" }));
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.peerDependencies ?? {}).toEqual({});
    expect(manifest.optionalDependencies ?? {}).toEqual({});
    const scripts = Object.keys(manifest.scripts ?? {});
    expect(scripts.filter((name) => ["preinstall", "install", "postinstall", "prepare"].includes(name))).toEqual([]);
    expect(manifest.engines).toEqual({ node: ">=20.18" });
  });

  it("every link of its manuals, and every file --help names, is inside the package", async () => {
    const dir = tempDir();
    execFileSync("tar", ["-xzf", packed.tarball, "-C", dir]);
    const root = join(dir, "package");
    const shipped = new Set(packed.files);
    const isThere = (path: string) => shipped.has(path) || packed.files.some((file) => file.startsWith(`${path.replace(/\/$/, "")}/`));
    const broken: string[] = [];
    for (const manual of packed.files.filter((file) => file.endsWith(".md"))) {
      const text = readFileSync(join(root, manual), "utf8");
      for (const link of manualReferences(manual, text).links) {
        if (!isThere(link.path)) broken.push(`${link.where}: ${link.shown} is not in the package`);
        else if (link.anchor && link.path.endsWith(".md") && !headingAnchors(readFileSync(join(root, link.path), "utf8")).has(link.anchor))
          broken.push(`${link.where}: ${link.shown} names no heading of ${link.path}`);
      }
    }
    const bin = join(root, "cli/bin/mockman.js");
    const commands = ["", "request", "replay", "serve", "seed", "reset", "import", "export", "openapi"];
    for (const command of commands) {
      const help = await ran(process.execPath, [bin, ...(command ? [command] : []), "--help"], dir);
      expect(help.code, help.stderr).toBe(0);
      for (const [path] of help.stdout.matchAll(/(?<![\w./-])(?:cli|mock|dist)\/[\w./-]*[\w/]/g))
        if (!isThere(path)) broken.push(`mockman ${command} --help: ${path} is not in the package`);
    }
    expect(broken).toEqual([]);
  });

  it("runs from the bare tarball with no node_modules; without its bundle it says so, and never reaches for tsx", async () => {
    const { tarball } = packed;
    const dir = tempDir();
    execFileSync("tar", ["-xzf", tarball, "-C", dir]);
    const bin = join(dir, "package/cli/bin/mockman.js");
    const request = await ran(process.execPath, [bin, "request", "GET", "/api/posts", "-b", "--db", join(dir, "db.json")], dir);
    expect(request.stderr).toBe("");
    expect(JSON.parse(request.stdout).posts).toHaveLength(6);
    const seeded = await ran(process.execPath, [bin, "seed", "--users", "2", "--posts", "3", "--db", join(dir, "db.json")], dir);
    expect(seeded.stderr).toBe("");
    expect(seeded.stdout).toMatch(/^Added 2 users, 3 posts/);

    rmSync(join(dir, "package/cli/bin/mockman.bundle.js"));
    const broken = await ran(process.execPath, [bin, "--version"], dir);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^mockman: this install has no cli\/bin\/mockman\.bundle\.js.*\n$/);
    expect(broken.stderr).not.toMatch(/tsx/);
  });

  /** The tarball installed into an empty project, once for the file. */
  let consumer: Promise<string> | undefined;
  const installedProject = () =>
    (consumer ??= (async () => {
      const project = join(dest, "consumer");
      mkdirSync(project);
      writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
      const started = performance.now();
      // npm's own stderr kept whole: its warnings are what is checked (an engine not met, an install script).
      const installed = await run("npm", ["i", "-D", packed.tarball, "--prefer-offline", "--no-audit", "--no-fund"], {
        cwd: project,
        timeout: 120_000,
      });
      // What the install added: the package, and nothing the library and bin do not load (they load nothing).
      const added = (readdirSync(join(project, "node_modules"), { recursive: true }) as string[])
        .filter((path) => path.endsWith("package.json") && /^(@[^/]+\/)?[^/@]+\/package\.json$/.test(path.replaceAll("\\", "/")))
        .map((path) => dirname(path).replaceAll("\\", "/"))
        .sort();
      console.log(`npm i moments (${Math.round(performance.now() - started)} ms) installed: ${added.join(", ")}`);
      expect(added).toEqual(["moments"]);
      expect(installed.stderr).not.toMatch(/EBADENGINE|install-scripts/);
      return project;
    })());

  it("installed into an empty project, npx mockman runs request, serve and replay --base-url", { timeout: 240_000 }, async () => {
    const project = await installedProject();
    expect(existsSync(join(project, "node_modules/.bin/mockman"))).toBe(true);
    // npm_config_yes=false (npx --no, which would take the next --version as npx's own): never fetch a registry package.
    const npx = (...args: string[]) => ran("npx", ["mockman", ...args], project, { ...process.env, npm_config_yes: "false" });

    expect(await npx("--version")).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
    const request = await npx("request", "GET", "/api/posts", "-b");
    expect(request.stderr).toBe("");
    expect(JSON.parse(request.stdout).posts).toHaveLength(6);

    // serve through the installed bin itself (what npx runs): one process, so Ctrl+C reaches the server.
    const server = await serveProcess(["--db", join(project, "served.json"), "-q"], {
      cwd: project,
      command: [join(project, "node_modules/.bin/mockman")],
      env: processEnv() as Record<string, string>,
    });
    copyFileSync(join(ROOT, "cli/examples/smoke.collection.json"), join(project, "smoke.collection.json"));
    const replay = await npx("replay", "smoke.collection.json", "--base-url", server.url);
    expect(replay.stderr).toBe("");
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/\b0 failed\b/);
    expect(await server.stop()).toBe(0);
  });

  it(
    "installed into an empty project, its vitest suite runs against moments/mock and setupMock, typed by paths and components, and a CommonJS file requires it",
    { timeout: 300_000 },
    async () => {
      const project = await installedProject();
      linkTools(project, ["vitest", "@playwright/test", "typescript"]);
      copyFileSync(join(ROOT, "tests/cli/library-project/consumer-suite.ts"), join(project, "mock.test.ts"));
      // The declarations the package ships type-check the suite (paths and components included), and
      // are themselves checked whole. The suite's own check skips other packages' declarations: vitest's
      // reach happy-dom's where the tools come from, which want a newer @types/node than this repository's.
      const options = {
        module: "ESNext",
        moduleResolution: "Bundler",
        target: "ES2022",
        strict: true,
        lib: ["ES2023", "DOM"],
        noEmit: true,
        types: [],
      };
      writeFileSync(
        join(project, "tsconfig.json"),
        JSON.stringify({ compilerOptions: { ...options, skipLibCheck: true }, files: ["mock.test.ts"] }),
      );
      const shipped = readdirSync(join(project, "node_modules/moments/dist/mock"))
        .filter((name) => /\.d\.c?ts$/.test(name))
        .map((name) => `node_modules/moments/dist/mock/${name}`);
      writeFileSync(
        join(project, "tsconfig.shipped.json"),
        JSON.stringify({ compilerOptions: { ...options, skipLibCheck: false }, files: shipped }),
      );
      for (const config of ["tsconfig.json", "tsconfig.shipped.json"]) {
        const checked = await ran(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", config], project);
        expect(checked.code, `${config}: ${checked.stdout}${checked.stderr}`).toBe(0);
      }
      const vitest = await ran(process.execPath, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "mock.test.ts"], project);
      expect(vitest.code, vitest.stdout + vitest.stderr).toBe(0);
      // eslint-disable-next-line no-control-regex -- vitest colours its summary: the colour codes go.
      expect(vitest.stdout.replace(/\u001b\[\d+m/g, "")).toMatch(/Tests\s+6 passed \(6\)/);

      // A CommonJS file: typed under node16 (which refused ES module declarations there), compiled and run.
      copyFileSync(join(ROOT, "tests/cli/library-project/consumer.cts"), join(project, "consumer.cts"));
      const cjs = { ...options, module: "Node16", moduleResolution: "Node16", noEmit: false, outDir: "cjs", rootDir: "." };
      writeFileSync(join(project, "tsconfig.cjs.json"), JSON.stringify({ compilerOptions: cjs, files: ["consumer.cts"] }));
      const compiled = await ran(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.cjs.json"], project);
      expect(compiled.code, compiled.stdout + compiled.stderr).toBe(0);
      const required = await ran(process.execPath, [join(project, "cjs/consumer.cjs")], project);
      expect([required.code, required.stderr]).toEqual([0, ""]);
      expect(JSON.parse(required.stdout)).toEqual({ posts: 6, first: "string", users: 200 });
    },
  );

  it(
    "installed into an empty project, the manual's vitest example runs: a server for the run (globalSetup) and one per file (startServe)",
    { timeout: 300_000 },
    async () => {
      const project = await installedProject();
      linkTools(project, ["vitest"]);
      const example = join(project, "vitest-example");
      cpSync(join(ROOT, "cli/examples/vitest"), example, { recursive: true });
      const vitest = await ran(process.execPath, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run"], example);
      expect(vitest.code, vitest.stdout + vitest.stderr).toBe(0);
      // eslint-disable-next-line no-control-regex -- vitest colours its summary: the colour codes go.
      expect(vitest.stdout.replace(/\u001b\[\d+m/g, "")).toMatch(/Tests\s+3 passed \(3\)/);
    },
  );

  it(
    "installed into an empty project, the manual's Playwright example runs one serve per worker, reset between tests",
    { timeout: 300_000 },
    async () => {
      const project = await installedProject();
      linkTools(project, ["@playwright/test", "playwright", "playwright-core"]);
      // In a folder of its own, as the vitest example: each runner finds only its own specs.
      const example = join(project, "playwright-example");
      cpSync(join(ROOT, "cli/examples/playwright"), example, { recursive: true });
      // API tests only: no browser starts.
      const tests = await ran(
        process.execPath,
        [join(ROOT, "node_modules/@playwright/test/cli.js"), "test", "-c", "playwright.config.ts"],
        example,
      );
      expect(tests.code, tests.stdout + tests.stderr).toBe(0);
      expect(tests.stdout).toMatch(/4 passed/);
    },
  );
});
