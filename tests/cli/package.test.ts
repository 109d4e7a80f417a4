// The package as another project gets it: `npm pack` (which builds the bundle
// through `prepare`), the tarball's file list, the bin run from the bare
// tarball with no node_modules at all, then the tarball installed into an
// empty project and run there with `npx mockman`: request in-process, serve,
// and replay --base-url against it.
import { execFile, execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };
import { ROOT, type Ran, processEnv, serveProcess, tempDir } from "./helpers";

const run = promisify(execFile);

/** npm's own warnings (this machine's npmrc, engines) go to stderr too; what is left is mockman's. */
const withoutNpm = (stderr: string) => stderr.replace(/^npm (warn|notice) .*\n/gm, "");

/** A command's exit code and output, never a throw. */
async function ran(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Ran> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, env, timeout: 120_000, maxBuffer: 16 << 20 });
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
  const packed = await ran("npm", ["pack", "--pack-destination", dest, "--json"], ROOT);
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

  it("ships the bin, its bundle and the bundle's four lazy parts, the library (moments/mock), and nothing else but README and package.json", () => {
    const { files } = packed;
    expect(files).toEqual([
      "README.md",
      "cli/bin/mockman.bundle.js",
      "cli/bin/mockman.faker.cjs",
      "cli/bin/mockman.js",
      "cli/bin/mockman.postman.cjs",
      "cli/bin/mockman.sandbox.cjs",
      "cli/bin/mockman.undici.cjs",
      "dist/mock/index.d.ts",
      "dist/mock/index.js",
      "dist/mock/openapi.d.ts",
      "package.json",
    ]);
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
      const installed = await ran("npm", ["i", "-D", packed.tarball, "--prefer-offline", "--no-audit", "--no-fund"], project);
      expect(installed.code, installed.stderr).toBe(0);
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
    "installed into an empty project, its vitest suite runs against moments/mock and setupMock, typed by paths and components",
    { timeout: 300_000 },
    async () => {
      const project = await installedProject();
      linkTools(project, ["vitest", "@playwright/test", "typescript"]);
      copyFileSync(join(ROOT, "tests/cli/library-project/consumer-suite.ts"), join(project, "mock.test.ts"));
      // The declarations the package ships type-check the suite (paths and components included).
      writeFileSync(
        join(project, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            module: "ESNext",
            moduleResolution: "Bundler",
            target: "ES2022",
            strict: true,
            lib: ["ES2023", "DOM"],
            noEmit: true,
            skipLibCheck: false,
            types: [],
          },
          files: ["mock.test.ts"],
        }),
      );
      const checked = await ran(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "."], project);
      expect(checked.code, checked.stdout + checked.stderr).toBe(0);
      const vitest = await ran(process.execPath, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "mock.test.ts"], project);
      expect(vitest.code, vitest.stdout + vitest.stderr).toBe(0);
      // eslint-disable-next-line no-control-regex -- vitest colours its summary: the colour codes go.
      expect(vitest.stdout.replace(/\u001b\[\d+m/g, "")).toMatch(/Tests\s+5 passed \(5\)/);
    },
  );

  it(
    "installed into an empty project, the manual's Playwright example runs one serve per worker, reset between tests",
    { timeout: 300_000 },
    async () => {
      const project = await installedProject();
      linkTools(project, ["@playwright/test", "playwright", "playwright-core"]);
      for (const file of ["mockman.fixture.ts", "api.spec.ts", "playwright.config.ts"])
        copyFileSync(join(ROOT, "cli/examples/playwright", file), join(project, file));
      // API tests only: no browser starts.
      const tests = await ran(
        process.execPath,
        [join(ROOT, "node_modules/@playwright/test/cli.js"), "test", "-c", "playwright.config.ts"],
        project,
      );
      expect(tests.code, tests.stdout + tests.stderr).toBe(0);
      expect(tests.stdout).toMatch(/3 passed/);
    },
  );
});
