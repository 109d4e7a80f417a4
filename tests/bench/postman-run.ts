// mockman replay against Newman 6 on the same Postman collection (figures, not
// assertions): a generated collection of N requests with pre-request and test
// scripts at collection, folder and request level, written as Postman users
// write them (pm.environment.set, pm.test with expect on the JSON body, a
// variable from a previous response in a later URL). Each tool runs it as a
// whole process against one `mockman serve`; mockman also runs it in-process
// (no HTTP). Printed: wall times, mockman/Newman (issue 43's target ≤ 0.5) and each
// process's peak RSS. Run alone: `npx tsx tests/bench/postman-run.ts 100 1000`.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { table, watchedProcess, type Watched } from "./measure";
import { keep, record } from "./record";

const ROOT = resolve(import.meta.dirname, "../..");
const BIN = join(ROOT, "cli/bin/mockman.js");
const NEWMAN = join(ROOT, "node_modules/newman/bin/newman.js");
const FOLDER_SIZE = 50;
const TARGET = 0.5;

const script = (listen: "prerequest" | "test", lines: string[]) => ({ listen, script: { type: "text/javascript", exec: lines } });

/** The four requests a folder cycles through; each reads what an earlier answer left. */
const CYCLE = [
  (i: number) => ({
    name: `add todo ${i}`,
    event: [
      script("prerequest", [`pm.variables.set("title", "bench " + ${i} + " " + pm.environment.get("runId"));`]),
      script("test", [
        'pm.test("created", () => pm.response.to.have.status(201));',
        "const json = pm.response.json();",
        'pm.test("the title came back", () => pm.expect(json.todo.title).to.eql(pm.variables.get("title")));',
        'pm.environment.set("lastTodo", json.todo._id);',
      ]),
    ],
    request: {
      method: "POST",
      header: [{ key: "Content-Type", value: "application/json" }],
      body: { mode: "raw", raw: '{"title": "{{title}}"}' },
      url: "{{baseUrl}}/api/test-todos",
    },
  }),
  (i: number) => ({
    name: `read post ${i}`,
    event: [
      script("test", [
        "const post = pm.response.json().post;",
        'pm.test("the post asked for", () => pm.expect(post._id).to.eql(pm.environment.get("firstPost")));',
        'pm.test("has likes", () => pm.expect(post.likes).to.have.property("likeCount").that.is.a("number"));',
      ]),
    ],
    request: { method: "GET", header: [], url: "{{baseUrl}}/api/posts/{{firstPost}}" },
  }),
  (i: number) => ({
    name: `delete todo ${i}`,
    event: [
      script("test", [
        'pm.test("deleted", () => pm.response.to.have.status(200));',
        'pm.test("gone from the list", () => pm.expect(pm.response.json().todos.map((t) => t._id)).to.not.include(pm.environment.get("lastTodo")));',
      ]),
    ],
    request: { method: "DELETE", header: [], url: "{{baseUrl}}/api/test-todos/{{lastTodo}}" },
  }),
  (i: number) => ({
    name: `notifications ${i}`,
    event: [
      script("test", [
        "const json = pm.response.json();",
        'pm.test("a list", () => pm.expect(json.notifications).to.be.an("array"));',
        'pm.environment.set("seen", Number(pm.environment.get("seen") || 0) + 1);',
      ]),
    ],
    request: { method: "GET", header: [{ key: "Authorization", value: "{{token}}" }], url: "{{baseUrl}}/api/notifications" },
  }),
];

/** A login, then folders of 50 requests cycling through CYCLE: `count` requests in all. */
export function benchCollection(count: number): object {
  const login = {
    name: "login",
    event: [
      script("test", [
        'pm.test("logged in", () => pm.response.to.have.status(200));',
        'pm.environment.set("token", pm.response.json().encodedToken);',
      ]),
    ],
    request: {
      method: "POST",
      header: [{ key: "Content-Type", value: "application/json" }],
      body: { mode: "raw", raw: '{"username": "guest", "password": "guest1234"}' },
      url: "{{baseUrl}}/api/auth/login",
    },
  };
  const posts = {
    name: "first post",
    event: [script("test", ['pm.environment.set("firstPost", pm.response.json().posts[0]._id);'])],
    request: { method: "GET", header: [], url: "{{baseUrl}}/api/posts?limit=1" },
  };
  const folders: object[] = [];
  for (let done = 2, f = 0; done < count; f++) {
    const size = Math.min(FOLDER_SIZE, count - done);
    folders.push({
      name: `folder ${f}`,
      event: [
        script("prerequest", [`pm.variables.set("folder", ${f});`]),
        script("test", ['pm.test("answers JSON", () => pm.response.to.be.json);']),
      ],
      // After the login and the first post: add, read, delete, notifications, add, …
      item: Array.from({ length: size }, (_, k) => CYCLE[(done + k - 2) % CYCLE.length](done + k)),
    });
    done += size;
  }
  return {
    info: { name: `bench ${count}`, schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
    event: [
      script("prerequest", [
        'if (!pm.environment.has("runId")) pm.environment.set("runId", Date.now());',
        'pm.environment.set("sent", Number(pm.environment.get("sent") || 0) + 1);',
      ]),
      script("test", ['pm.test("answers within 5 s", () => pm.expect(pm.response.responseTime).to.be.below(5000));']),
    ],
    item: [login, posts, ...folders],
  };
}

const watched = (args: string[]) => watchedProcess(args);

function serve(db: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--db", db], { stdio: ["ignore", "pipe", "pipe"] });
  child.stderr!.resume();
  return new Promise((done, fail) => {
    let text = "";
    child.stdout!.on("data", (chunk) => {
      text += chunk;
      const found = text.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (found) done({ child, url: found[0] });
    });
    child.on("exit", (code) => fail(new Error(`serve exited ${code}: ${text}`)));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const outcome = (run: Watched) => (run.code === 0 ? "exit 0" : `exit ${run.code}`);

export async function benchPostmanRun(counts = [100, 1_000]): Promise<void> {
  console.log("## Postman collection: mockman replay vs Newman 6\n");
  execFileSync(process.execPath, [join(ROOT, "cli/build.mjs")], { stdio: "inherit" });
  const dir = mkdtempSync(join(tmpdir(), "mockman-bench-postman-"));
  const server = await serve(join(dir, "served.json"));
  try {
    const environment = join(dir, "environment.json");
    writeFileSync(environment, JSON.stringify({ name: "bench", values: [{ key: "baseUrl", value: server.url, enabled: true }] }));
    // Today's replay reads an environment with --env; Newman's -e once the engine has it.
    const help = execFileSync(process.execPath, [BIN, "replay", "--help"]).toString();
    const envOption = /-e, --environment\b/.test(help) ? "-e" : "--env";
    for (const count of counts) {
      const file = join(dir, `bench-${count}.postman_collection.json`);
      writeFileSync(file, JSON.stringify(benchCollection(count)));
      const newman = await watched([
        NEWMAN,
        "run",
        file,
        "-e",
        environment,
        "-r",
        "json",
        "--reporter-json-export",
        join(dir, "newman.json"),
      ]);
      const overHttp = await watched([BIN, "replay", file, envOption, environment, "--json"]);
      // In-process: no server, its own store; {{baseUrl}} names nothing, so the requests go to the mock itself.
      const inProcess = await watched([BIN, "replay", file, "--db", join(dir, `in-process-${count}.json`), "--json"]);
      const report = JSON.parse(readFileSync(join(dir, "newman.json"), "utf8")) as {
        run: { stats: { requests: { total: number }; assertions: { total: number; failed: number } } };
      };
      const { requests, assertions } = report.run.stats;
      console.log(
        `${count.toLocaleString("en-US")} requests (Newman: ${requests.total} sent, ${assertions.total} assertions, ${assertions.failed} failed):`,
      );
      const rows: Array<[string, Watched]> = [
        ["Newman 6 (whole process, HTTP)", newman],
        ["mockman replay (bin, HTTP)", overHttp],
        ["mockman replay (bin, in-process)", inProcess],
      ];
      table(
        ["run", "wall", "CPU", "peak RSS", "exit", "wall ÷ Newman", "CPU ÷ Newman", `target ≤ ${TARGET}×`],
        rows.map(([label, run], i) => [
          label,
          seconds(run.ms),
          seconds(run.cpuMs),
          `${run.peakMb.toFixed(0)} MB`,
          outcome(run),
          i ? `${(run.ms / newman.ms).toFixed(2)}×` : "",
          i ? `${(run.cpuMs / newman.cpuMs).toFixed(2)}×` : "",
          i ? (run.ms / newman.ms <= TARGET ? "met" : "missed") : "",
        ]),
      );
      for (const [label, run] of rows)
        if (run.code !== 0 && run.code !== 1) console.log(`  ${label} stderr: ${run.stderr.trim().split("\n").slice(0, 3).join(" | ")}`);
      console.log();
    }
  } finally {
    // The server saves its store as it stops: the folder goes once it has.
    await new Promise((stopped) => {
      server.child.once("exit", stopped);
      server.child.kill("SIGINT");
    });
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const counts = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  // Alone at its default sizes it writes its own section of tests/benchmarks.md; at other sizes it only prints.
  if (!counts.length) record("npx tsx tests/bench/postman-run.ts");
  await benchPostmanRun(counts.length ? counts : undefined);
  if (!counts.length) await keep("postman-run");
}
