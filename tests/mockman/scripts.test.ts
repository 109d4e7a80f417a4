// Scripts on the page (app/mockman/lib/scripts.ts, lib/saved.ts) and its Sender for the
// tester's engine (lib/page-sender.ts): scripts round-trip through a saved request as
// Postman events, and the engine, given the page's Sender, runs them around a request
// sent the way the page sends (its fetch), with the variables a pre-request script set.
import { describe, expect, it } from "vitest";
import { executeRun, prepareRun } from "#mock/tester/engine/run";
import {
  collectionFromFile,
  formOf,
  formSnapshot,
  postmanExport,
  requestItem,
  type SavedCollection,
  type SavedForm,
} from "#app/mockman/lib/saved";
import { pageSender } from "#app/mockman/lib/page-sender";
import { ancestorsOf, scriptsOf, sendCollection, sendRunsPreRequest, sendRunsScripts, withScripts } from "#app/mockman/lib/scripts";
import { NO_AUTH } from "#app/mockman/lib/tabs";
import { sendRequest } from "#app/mockman/lib/send";
import { createMock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";

const form = (scripts?: SavedForm["scripts"]): SavedForm => ({
  method: "GET",
  endpoint: "/api/{{path}}",
  headers: [{ isUsed: true, header: "Accept", value: "*/*" }],
  bodyText: "{}",
  auth: NO_AUTH,
  ...(scripts ? { scripts } : {}),
});

const scripts = {
  prerequest: "pm.environment.set('path', 'test-todos');",
  test: "pm.test('ok', () => {\n  pm.response.to.have.status(200);\n});",
};

describe("scripts kept with saved requests", () => {
  it("writes them as Postman events and reads them back, through an export and an import", async () => {
    const item = requestItem("Todos", form(scripts), "r1");
    expect(item.event).toEqual([
      { listen: "prerequest", script: { type: "text/javascript", exec: [scripts.prerequest] } },
      { listen: "test", script: { type: "text/javascript", exec: scripts.test.split("\n") } },
    ]);
    expect(formOf(item).scripts).toEqual(scripts);
    const collection = { id: "c", name: "C", order: 0, postman: { info: { name: "C" }, item: [item] } };
    const exported = JSON.stringify(postmanExport(withScriptsOnTop(collection), null));
    const back = (await collectionFromFile(exported, "c.postman_collection.json", 0)).collection;
    expect(formOf(back.postman.item![0]).scripts).toEqual(scripts);
    expect(scriptsOf(back.postman).test).toBe("pm.test('top', () => {});");
  });

  it("drops empty scripts, keeps other events, and counts scripts as a change", () => {
    const owner = {
      event: [
        { listen: "other", script: { exec: ["x"] } },
        { listen: "test", script: { exec: ["old"] } },
      ],
    };
    expect(withScripts(owner, { prerequest: "", test: "" }).event).toEqual([{ listen: "other", script: { exec: ["x"] } }]);
    expect(withScripts({ event: [{ listen: "test", script: { exec: "a" } }] }, { prerequest: "", test: "" })).toEqual({});
    expect(formSnapshot(form(scripts))).not.toBe(formSnapshot(form()));
    expect(formSnapshot(form({ prerequest: "", test: "" }))).toBe(formSnapshot(form()));
  });

  it("finds the folders above a request and wraps it in them for a Send", () => {
    const request = { id: "r", name: "R", request: { method: "GET", url: "/api/x" } };
    const other = { id: "o", name: "O", request: { method: "GET", url: "/api/y" } };
    const collection = {
      info: { name: "C" },
      event: [{ listen: "prerequest", script: { exec: ["pm.variables.set('a', 1)"] } }],
      item: [{ id: "f", name: "F", event: [{ listen: "test", script: { exec: ["pm.test('f', () => {})"] } }], item: [request, other] }],
    };
    expect(ancestorsOf(collection.item, "r")!.map((f) => f.id)).toEqual(["f"]);
    const one = sendCollection(request, collection, "r");
    expect(one.event).toEqual(collection.event);
    expect(one.item).toEqual([{ ...collection.item[0], item: [request] }]);
    expect(sendRunsScripts(undefined, collection, "r")).toBe(true);
    expect(sendRunsScripts(undefined, null, null)).toBe(false);
  });

  it("tells a Send whose pre-request scripts may define its variables from one with tests only (judged as a plain Send)", () => {
    const request = { id: "r", name: "R", request: { method: "GET", url: "{{baseUrl}}/api/x" } };
    const testsOnly = {
      info: { name: "C" },
      event: [{ listen: "prerequest", script: { exec: [""] } }],
      item: [{ id: "f", name: "F", event: [{ listen: "test", script: { exec: ["pm.test('f', () => {})"] } }], item: [request] }],
    };
    expect(sendRunsScripts(undefined, testsOnly, "r")).toBe(true);
    expect(sendRunsPreRequest(undefined, testsOnly, "r")).toBe(false);
    expect(sendRunsPreRequest({ prerequest: "pm.variables.set('baseUrl', '')", test: "" }, testsOnly, "r")).toBe(true);
    const folderSets = {
      ...testsOnly,
      item: [{ ...testsOnly.item[0], event: [{ listen: "prerequest", script: { exec: ["pm.variables.set('a', 1)"] } }] }],
    };
    expect(sendRunsPreRequest(undefined, folderSets, "r")).toBe(true);
  });
});

function withScriptsOnTop(c: SavedCollection): SavedCollection {
  return { ...c, postman: withScripts(c.postman, { prerequest: "", test: "pm.test('top', () => {});" }) };
}

describe("the page's Sender", () => {
  const fakeFetch = (seen: Array<{ url: string; init?: RequestInit }>) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input), init });
      const body = JSON.stringify({ url: String(input), got: init?.body ?? null });
      return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
    }) as typeof fetch;

  it("sends a path to the page's own origin (the mock), a body as the engine wrote it, and answers as an Exchange", async () => {
    const seen: Array<{ url: string; init?: RequestInit }> = [];
    const outcomes: string[] = [];
    const sender = pageSender({ fetcher: fakeFetch(seen), onOutcome: (r, o) => outcomes.push(`${r.method} ${r.url} ${o.kind}`) });
    const exchange = await sender.send({
      method: "POST",
      path: "/api/posts?x=1",
      headers: [["Content-Type", "text/plain"]],
      body: "plain text",
    });
    expect(seen[0].url).toBe("/api/posts?x=1");
    expect(seen[0].init?.body).toBe("plain text");
    expect(new Headers(seen[0].init?.headers).get("content-type")).toBe("text/plain");
    expect(exchange).toMatchObject({ status: 200, statusText: "OK", body: { url: "/api/posts?x=1", got: "plain text" } });
    expect(outcomes).toEqual(["POST /api/posts?x=1 response"]);
  });

  it("goes to a base when the run has one, sends no body on GET, and rejects with the page's failure", async () => {
    const seen: Array<{ url: string; init?: RequestInit }> = [];
    await pageSender({ base: "http://127.0.0.1:4010/", fetcher: fakeFetch(seen) }).send({ method: "GET", path: "/api/x", headers: [] });
    expect(seen[0].url).toBe("http://127.0.0.1:4010/api/x");
    expect(seen[0].init?.body).toBeUndefined();
    const refused = pageSender({ fetcher: (async () => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch });
    await expect(refused.send({ method: "GET", path: "/api/x", headers: [] })).rejects.toThrow("TypeError: Failed to fetch");
  });

  it("runs a request's scripts through the engine: the pre-request variable fills the URL, each pm.test is judged", async () => {
    const seen: Array<{ url: string; init?: RequestInit }> = [];
    const item = requestItem(
      "Todos",
      { ...form({ ...scripts, test: scripts.test + "\npm.test('fails', () => pm.expect(1).to.equal(2));" }) },
      "r1",
    );
    const prepared = prepareRun(
      { kind: "postman", collection: sendCollection(item, null, null) },
      { environment: {}, globals: {}, data: [], folders: [] },
    );
    const { report, scopes } = await executeRun(prepared, pageSender({ fetcher: fakeFetch(seen) }), { bail: false, file: "t" });
    expect(seen.map((s) => s.url)).toEqual(["/api/test-todos"]);
    expect(report.results[0].assertions).toEqual([
      { name: "ok", pass: true },
      { name: "fails", pass: false, error: "expected 1 to equal 2", index: 1 },
    ]);
    expect(scopes.environment.path).toBe("test-todos");
  });

  it("keeps the mock's Set-Cookie, which a Response hides: the page's answer lists it, and a run's jar takes it", async () => {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1_000 });
    mock.scenarios.add({
      name: "cookies",
      method: "GET",
      path: "/api/test-todos",
      headers: { "set-cookie": "sid=abc; Path=/; HttpOnly, theme=dark; Expires=Wed, 21 Oct 2099 07:28:00 GMT" },
      body: { todos: [] },
    });
    const viaMock = ((input: RequestInfo | URL, init?: RequestInit) =>
      mock.handle(new Request(new URL(String(input), "http://localhost"), init))) as typeof fetch;
    const sent = await sendRequest({ method: "GET", endpoint: "/api/test-todos", headers: {} }, viaMock);
    expect(sent.kind === "response" && sent.response.setCookies).toEqual([
      "sid=abc; Path=/; HttpOnly",
      "theme=dark; Expires=Wed, 21 Oct 2099 07:28:00 GMT",
    ]);
    expect(sent.kind === "response" && sent.response.headers["set-cookie"]).toContain("sid=abc");
    // Without them (an answer of the network): undefined, not an empty list.
    const network = await sendRequest({ method: "GET", endpoint: "/x", headers: {} }, fakeFetch([]));
    expect(network.kind === "response" && network.response.setCookies).toBeUndefined();

    const item = requestItem(
      "Todos",
      {
        ...form({ prerequest: "", test: "pm.test('jar', () => pm.expect(pm.cookies.get('sid')).to.equal('abc'));" }),
        endpoint: "/api/test-todos",
      },
      "r1",
    );
    const prepared = prepareRun(
      { kind: "postman", collection: sendCollection(item, null, null) },
      { environment: {}, globals: {}, data: [], folders: [] },
    );
    const { report } = await executeRun(prepared, pageSender({ fetcher: viaMock }), { bail: false, file: "t" });
    expect(report.results[0].assertions).toEqual([{ name: "jar", pass: true }]);
  });
});
