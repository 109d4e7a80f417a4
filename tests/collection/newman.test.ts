// mockman replay and Newman (what Postman users run in CI) agree, request by
// request, on real-world Postman collections: sent or not, the status, passed
// or failed, and how many assertions ran. Both run against one `mockman serve`;
// collections written for other APIs get 404s there, which is fine: what is
// compared is that both tools judge the same answers the same way.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import newman from "newman";
import { afterEach, describe, expect, it } from "vitest";
import { processCli, serve, stopServers } from "../cli/helpers";

const HERE = import.meta.dirname;

interface Verdict {
  sent: boolean;
  status: number | null;
  pass: boolean;
  assertions: number;
}

/** Per collection: the environment both tools get; `{url}` is the server. */
const ENVIRONMENTS: Record<string, Record<string, string>> = {
  "conduit.postman_collection.json": { APIURL: "{url}/api", EMAIL: "ada@example.com", PASSWORD: "secret123", USERNAME: "ada" },
  "store-services.postman_collection.json": { storeUrl: "{url}", token: "not-a-real-token" },
  "library-scripted.postman_collection.json": { baseUrl: "{url}" },
  "moments-scripts.postman_collection.json": { baseUrl: "{url}" },
};

const envFor = (file: string, url: string) =>
  Object.entries(ENVIRONMENTS[file] ?? { baseUrl: "{url}" }).map(([key, value]) => ({ key, value: value.replace("{url}", url) }));

interface NewmanExecution {
  item: { name: string };
  response?: { code: number };
  requestError?: unknown;
  assertions?: Array<{ skipped?: boolean; error?: unknown }>;
  prerequestScript?: unknown[];
  testScript?: unknown[];
}

function runNewman(collection: unknown, envVar: Array<{ key: string; value: string }>): Promise<Verdict[]> {
  return new Promise((resolve, reject) => {
    newman.run({ collection: collection as never, envVar, reporters: [], timeoutRequest: 10_000 }, (error, summary) => {
      if (error) return reject(error);
      const executions = summary.run.executions as unknown as NewmanExecution[];
      resolve(
        executions.map((run) => {
          const made = (run.assertions ?? []).filter((a) => !a.skipped);
          const sent = Boolean(run.response) && !run.requestError;
          return {
            sent,
            status: sent ? run.response!.code : null,
            pass: sent && !made.some((a) => a.error) && !run.prerequestScript?.length && !run.testScript?.length,
            assertions: made.length,
          };
        }),
      );
    });
  });
}

async function runMockman(file: string, envVar: Array<{ key: string; value: string }>): Promise<{ verdicts: Verdict[]; stderr: string }> {
  const args = ["replay", file, "--json", ...envVar.flatMap(({ key, value }) => ["--env-var", `${key}=${value}`])];
  const ran = await processCli(args);
  if (!ran.stdout.startsWith("{")) throw new Error(`mockman replay gave no report (exit ${ran.code}): ${ran.stderr}`);
  const report = JSON.parse(ran.stdout) as {
    results: Array<{ status: number | null; pass: boolean; assertions?: Array<{ skipped?: boolean }> }>;
  };
  return {
    stderr: ran.stderr,
    verdicts: report.results.map((r) => ({
      sent: r.status !== null,
      status: r.status,
      pass: r.pass,
      assertions: (r.assertions ?? []).filter((a) => !a.skipped).length,
    })),
  };
}

const collections = [
  ...readdirSync(join(HERE, "public"))
    .filter((name) => name.endsWith(".postman_collection.json"))
    .map((name) => join(HERE, "public", name)),
  join(HERE, "moments-scripts.postman_collection.json"),
];

describe("mockman replay and Newman agree request by request", () => {
  afterEach(stopServers);

  it.each(collections.map((file) => [file.replace(/^.*\//, ""), file]))("%s", { timeout: 120_000 }, async (name, file) => {
    // One server per collection (the helpers remove a test's folders after it): Newman first, then mockman.
    const server = await serve();
    const envVar = envFor(name, server.url);
    const collection = JSON.parse(readFileSync(file, "utf8"));
    const byNewman = await runNewman(collection, envVar);
    const byMockman = await runMockman(file, envVar);
    expect(byNewman.length).toBeGreaterThan(3);
    expect(byMockman.stderr).not.toMatch(/cannot run|unexpected error/);
    if (process.env.SHOW_VERDICTS) console.log(name, JSON.stringify(byNewman), byMockman.stderr);
    expect(byMockman.verdicts).toEqual(byNewman);
    // Our own collection is written to pass: a disagreement that fails both would not show here.
    if (name === "moments-scripts.postman_collection.json") expect(byNewman.every((v) => v.pass)).toBe(true);
  });
});
