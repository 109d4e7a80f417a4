// A request's test scripts at its edges: an answer that comes in as the run's --timeout passes, and a request error.
// In the slow project: one holds an answer for over a second, and each boots a script sandbox.
import { describe, expect, it } from "vitest";
import type { Sender } from "#mock/tester/engine/exchange";
import { executeRun, prepareRun, type RunInputs } from "#mock/tester/engine/run";
import type { SandboxFactory } from "#mock/tester/engine/postman-run";
import { ScriptSandbox } from "#mock/tester/sandbox/sandbox";
import type { PostmanCollection } from "#mock/tester/postman/convert";

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";
const inputs = (over: Partial<RunInputs> = {}): RunInputs => ({ environment: {}, globals: {}, data: [], folders: [], ...over });
const collection = (item: unknown[], extra: object = {}) => ({
  kind: "postman" as const,
  collection: { info: { name: "c", schema: SCHEMA }, item, ...extra } as PostmanCollection,
});
const get = (name: string, url: string, extra: object = {}) => ({ name, request: { method: "GET", url, ...extra } });

describe("--timeout and a request's test scripts", () => {
  it("an answer that comes in as --timeout passes leaves its test scripts unrun, and the request failed, not passed", async () => {
    const sender: Sender = {
      where: "test",
      close: async () => {},
      async send() {
        // Answers only once the run's second is over (held synchronously, so the answer is taken before the run's timer).
        const until = performance.now() + 1_200;
        while (performance.now() < until);
        return { status: 200, statusText: "OK", headers: {}, body: null, ms: 1_200 };
      },
    };
    const c = collection([get("A", "/api/x", { event: undefined })], {
      event: [{ listen: "test", script: { exec: ["pm.test('judged', () => {});"] } }],
    });
    // Booted and loaded before the run starts, so the run's time goes to the request alone.
    await import("#mock/tester/engine/wire");
    const booted = await ScriptSandbox.create({});
    const sandbox: SandboxFactory = async () => ({ run: (input, where, host) => booted.run(input, where, host) });
    const prepared = prepareRun(c, inputs());
    const { report } = await executeRun(prepared, sender, { file: "c.json", bail: false, timeoutMs: 1_000, sandbox });
    booted.dispose();
    expect(report.results[0]).toMatchObject({
      status: 200,
      pass: false,
      failures: [{ actual: "it did not run: the run's --timeout had passed" }],
    });
  });
});

describe("a request error and its test scripts", () => {
  it("the test scripts run with no response: their assertions count and their setNextRequest is followed, as in Newman", async () => {
    const sent: string[] = [];
    const sender: Sender = {
      where: "test",
      close: async () => {},
      async send(request) {
        sent.push(request.path);
        if (request.path === "/api/slow") throw new Error("no answer within --timeout-request 1000 ms");
        return { status: 200, statusText: "OK", headers: {}, body: null, ms: 1 };
      },
    };
    const tests = (...exec: string[]) => ({ event: [{ listen: "test", script: { exec } }] });
    const c = collection([
      {
        ...get("slow", "/api/slow"),
        ...tests("pm.test('Status code is 200', () => pm.response.to.have.status(200));", "pm.execution.setNextRequest('last');"),
      },
      get("middle", "/api/middle"),
      get("last", "/api/last"),
    ]);
    const { report } = await executeRun(prepareRun(c, inputs()), sender, { file: "c.json", bail: false });
    expect(sent).toEqual(["/api/slow", "/api/last"]);
    const [slow] = report.results;
    expect(slow).toMatchObject({ status: null, pass: false });
    expect(slow.assertions).toEqual([{ name: "Status code is 200", pass: false, error: expect.stringMatching(/code/), index: 0 }]);
    expect(slow.failures.map((f) => f.check)).toEqual(expect.arrayContaining(["Status code is 200"]));
    // With --bail the error ends the item and the run: postman-runtime queues no test event for it.
    sent.length = 0;
    const bailed = await executeRun(prepareRun(c, inputs()), sender, { file: "c.json", bail: true });
    expect(sent).toEqual(["/api/slow"]);
    expect(bailed.report.results[0].assertions).toEqual([]);
  });
});

describe("pm.sendRequest without an answer", () => {
  it("a host still written as {{variable}} is not found, a --timeout-request passes with ESOCKETTIMEDOUT, and each fails its item, as in Newman", async () => {
    const sent: string[] = [];
    const sender: Sender = {
      where: "test",
      close: async () => {},
      async send(request, options) {
        sent.push(request.path);
        if (request.path === "/api/slow") await new Promise((resolve) => setTimeout(resolve, (options?.timeoutMs ?? 0) + 500));
        return { status: 200, statusText: "OK", headers: {}, body: null, ms: 1 };
      },
    };
    const pre = (...exec: string[]) => ({ event: [{ listen: "prerequest", script: { exec } }] });
    const c = collection([
      {
        ...get("unfilled", "/api/main"),
        ...pre(
          "pm.sendRequest('{{baseUrl}}/login', (err) => {",
          // Newman names the host without its port.
          "  pm.sendRequest('http://{{Other}}:8080/x', (other) => {",
          "    pm.test('not found', () => {",
          "      pm.expect(err.code).to.equal('ENOTFOUND'); pm.expect(err.hostname).to.equal('{{baseurl}}');",
          "      pm.expect(other.code).to.equal('ENOTFOUND'); pm.expect(other.hostname).to.equal('{{other}}');",
          "    });",
          "  });",
          "});",
        ),
      },
      {
        ...get("timed", "/api/main"),
        ...pre(
          "pm.sendRequest('http://{{user}}:pw@x/api/named', () => {});",
          "pm.sendRequest('http://x/api/slow', (err) => {",
          "  pm.test('timed out', () => { pm.expect(err.code).to.equal('ESOCKETTIMEDOUT'); pm.expect(err.connect).to.equal(false); });",
          "});",
        ),
      },
    ]);
    const { report } = await executeRun(prepareRun(c, inputs()), sender, { file: "c.json", bail: false, timeoutRequestMs: 300 });
    // The unfilled host never left (a {{variable}} before the host's @ is no host); the slow one was given up.
    expect(sent).toEqual(["/api/main", "/api/named", "/api/slow", "/api/main"]);
    for (const result of report.results) {
      expect(result.assertions, result.name).toEqual([{ name: expect.any(String), pass: true }]);
      expect(result.pass, result.name).toBe(false);
      expect(result.failures.map((f) => f.check)[0], result.name).toMatch(/^pm\.sendRequest GET /);
    }
  });
});
