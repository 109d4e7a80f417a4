// The engine as the page will drive it: no CLI, a Sender and a sandbox given in.
// A stand-in sender records what goes out; a stand-in sandbox plays the part of
// the isolate's pm.sendRequest and pm.cookies through the host the engine gives.
import { describe, expect, it } from "vitest";
import type { Exchange, FormPart, MultipartWriter, OutgoingRequest, Sender } from "#mock/tester/engine/exchange";
import { executeRun, prepareRun, RunSetupError, type RunInputs } from "#mock/tester/engine/run";
import type { SandboxFactory } from "#mock/tester/engine/postman-run";
import { outcome } from "./outcome";
import { recorder } from "./recorder";
import type { PostmanCollection } from "#mock/tester/postman/convert";
import { createHash } from "node:crypto";
import { cookieHeader, keepSetCookies, runJar, splitSetCookie } from "#mock/tester/engine/cookies";
import { jsonReport, reportOf, resultLines, columnsFor } from "#mock/tester/engine/reporters";
import { newmanJunit } from "#mock/tester/engine/newman-junit";
import { postmanPlan } from "#mock/tester/postman/steps";
import { formDataBody } from "#cli/form-data";

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

const inputs = (over: Partial<RunInputs> = {}): RunInputs => ({ environment: {}, globals: {}, data: [], folders: [], ...over });
const collection = (item: unknown[], extra: object = {}) => ({
  kind: "postman" as const,
  collection: { info: { name: "c", schema: SCHEMA }, item, ...extra } as PostmanCollection,
});
const get = (name: string, url: string, extra: object = {}) => ({ name, request: { method: "GET", url, ...extra } });
const header = (request: OutgoingRequest, name: string) => request.headers.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

async function run(c: ReturnType<typeof collection>, sender: Sender, over: Partial<RunInputs> = {}, sandbox?: SandboxFactory) {
  const prepared = prepareRun(c, inputs(over));
  return (await executeRun(prepared, sender, { file: "c.json", bail: false, sandbox })).report;
}

describe("variables at send time, in a run", () => {
  it("a {{name}} with no value is sent as written and named in a warning for that request; the run is not refused", async () => {
    const { sender, sent } = recorder();
    const report = await run(collection([get("A", "/api/x/{{nothing}}?id={{$guid}}")]), sender);
    expect(sent[0].path).toMatch(/^\/api\/x\/%7B%7Bnothing%7D%7D\?id=[0-9a-f-]{36}$|^\/api\/x\/\{\{nothing\}\}\?id=[0-9a-f-]{36}$/);
    expect(report.results[0].warnings).toEqual(["{{nothing}} has no value; sent as written"]);
    expect(report.results[0].pass).toBe(true);
  });

  it("a request not sent reports its URL as postman-collection reads it: path variables put in, variables filled", async () => {
    const url = {
      raw: "{{host}}/users/:id?q={{q}}",
      host: ["{{host}}"],
      path: ["users", ":id"],
      query: [{ key: "q", value: "{{q}}" }],
      variable: [{ key: "id", value: "5" }],
    };
    const { sender, sent } = recorder();
    const report = await run(collection([get("A", url as never)]), sender, { environment: { q: "x" } });
    expect(sent).toHaveLength(0);
    expect(report.results[0].path).toBe("{{host}}/users/5?q=x");
    expect(report.results[0].error).toMatch(/^not sent: its URL starts with \{\{host\}\}/);
    const refused: Sender = { where: "test", close: async () => {}, send: async () => Promise.reject(new Error("connection refused")) };
    const failed = await run(
      collection([get("A", { ...url, raw: "http://h.test/users/:id?q={{q}}", host: ["h", "test"], protocol: "http" } as never)]),
      refused,
      {
        environment: { q: "x" },
      },
    );
    expect(failed.results[0]).toMatchObject({ path: "http://h.test/users/5?q=x", error: "not sent: connection refused" });
  });

  it("every iteration gets its row: {{column}} in the URL, the report carries the iteration", async () => {
    const { sender, sent } = recorder();
    const report = await run(collection([get("A", "/api/users/{{user}}")]), sender, {
      data: [{ user: "ada" }, { user: "bob" }],
      iterationCount: 3,
    });
    expect(sent.map((r) => r.path)).toEqual(["/api/users/ada", "/api/users/bob", "/api/users/bob"]);
    expect(report.results.map((r) => r.iteration)).toEqual([0, 1, 2]);
    expect(report.iterations).toBe(3);
  });

  it("--folder runs the requests under a nested folder, by name, and an unknown one is refused", async () => {
    const c = collection([
      { name: "Outer", item: [{ name: "Inner", item: [get("In", "/api/in")] }, get("Beside", "/api/beside")] },
      get("Top", "/api/top"),
    ]);
    const { sender, sent } = recorder();
    await run(c, sender, { folders: ["Inner"] });
    expect(sent.map((r) => r.path)).toEqual(["/api/in"]);
    expect(() => prepareRun(c, inputs({ folders: ["Nope"] }))).toThrow(RunSetupError);
  });
});

describe("bodies and auth", () => {
  it("raw with its language's type, urlencoded, GraphQL, and a GET's body dropped", async () => {
    const { sender, sent } = recorder();
    await run(
      collection([
        { name: "xml", request: { method: "POST", url: "/a", body: { mode: "raw", raw: "<a/>", options: { raw: { language: "xml" } } } } },
        { name: "text", request: { method: "POST", url: "/a", body: { mode: "raw", raw: "hi {{who}}" } } },
        {
          name: "form",
          request: {
            method: "POST",
            url: "/a",
            body: {
              mode: "urlencoded",
              urlencoded: [
                { key: "a b", value: "c&d" },
                { key: "x", value: "y", disabled: true },
              ],
            },
          },
        },
        {
          name: "gql",
          request: {
            method: "POST",
            url: "/a",
            body: { mode: "graphql", graphql: { query: "{ user(id: {{id}}) }", variables: '{"n": {{id}}}' } },
          },
        },
        { name: "get", request: { method: "GET", url: "/a", body: { mode: "raw", raw: "dropped" } } },
      ]),
      sender,
      { environment: { who: "you", id: "7" } },
    );
    expect(sent.map((r) => [header(r, "content-type"), r.body])).toEqual([
      ["application/xml", "<a/>"],
      ["text/plain", "hi you"],
      ["application/x-www-form-urlencoded", "a%20b=c%26d"],
      ["application/json", '{"query":"{ user(id: 7) }","variables":{"n": 7}}'],
      [undefined, undefined],
    ]);
  });

  it("formdata: text fields and a file read through the FileSource, as multipart", async () => {
    const { sender, sent } = recorder();
    const prepared = prepareRun(
      collection([
        {
          name: "upload",
          request: {
            method: "POST",
            url: "/up",
            body: {
              mode: "formdata",
              formdata: [
                { key: "title", value: "{{t}}", type: "text" },
                { key: "file", type: "file", src: "a.txt" },
                { key: "gone", type: "file", src: "missing.png" },
              ],
            },
          },
        },
      ]),
      inputs({ environment: { t: "Hello" } }),
    );
    const files = {
      read: async (path: string) => {
        if (path === "a.txt") return new TextEncoder().encode("file body");
        throw new Error("no such file");
      },
    };
    const report = await executeRun(prepared, sender, { file: "c.json", bail: false, files, multipart: formDataBody });
    const type = header(sent[0], "content-type")!;
    const boundary = type.match(/^multipart\/form-data; boundary=(-+\d+)$/)![1];
    expect(new TextDecoder().decode(sent[0].body as Uint8Array)).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile body\r\n` +
        `--${boundary}--\r\n`,
    );
    expect(report.report.results[0].warnings).toEqual(["a file of its body was not sent: missing.png: no such file"]);
  });

  describe("a formdata body is written by the host's multipart writer", () => {
    const upload = (formdata: unknown[], header?: Array<{ key: string; value: string }>) =>
      collection([
        { name: "upload", request: { method: "POST", url: "/up", ...(header ? { header } : {}), body: { mode: "formdata", formdata } } },
      ]);
    const execute = (c: ReturnType<typeof collection>, sender: Sender, multipart?: MultipartWriter) =>
      executeRun(prepareRun(c, inputs()), sender, { file: "c.json", bail: false, ...(multipart ? { multipart } : {}) });

    it("gets the parts as core-body-builder gives them and the request's own boundary, and its bytes and type are sent", async () => {
      const { sender, sent } = recorder();
      const asked: Array<{ parts: FormPart[]; boundary?: string }> = [];
      const writer: MultipartWriter = async (parts, boundary) => {
        asked.push({ parts, ...(boundary ? { boundary } : {}) });
        return { body: new Uint8Array([1, 2]), type: `multipart/form-data; boundary=${boundary ?? "mine"}` };
      };
      await execute(
        upload([
          { key: "t", value: { a: 1 }, type: "text", contentType: "application/json" },
          { key: "b", type: "file", value: "AAEC", fileName: "x.png" },
          { key: "none", type: "file" },
          { key: "off", value: "x", disabled: true },
        ]),
        sender,
        writer,
      );
      expect(asked).toEqual([
        {
          parts: [
            { key: "t", value: '{"a":1}', options: { contentType: "application/json" } },
            { key: "b", value: new Uint8Array([0, 1, 2]), options: { filename: "x.png" } },
            { key: "none", value: "", options: { filename: "" } },
          ],
        },
      ]);
      expect([header(sent[0], "content-type"), [...(sent[0].body as Uint8Array)]]).toEqual(["multipart/form-data; boundary=mine", [1, 2]]);
      await execute(
        upload([{ key: "t", value: "v" }], [{ key: "Content-Type", value: 'multipart/form-data; boundary="own b"' }]),
        sender,
        writer,
      );
      expect(asked[1].boundary).toBe("own b");
      expect(sent[1].headers.filter(([k]) => k.toLowerCase() === "content-type")).toEqual([
        ["Content-Type", 'multipart/form-data; boundary="own b"'],
      ]);
    });

    it("a writer that cannot keep the request's own boundary (the browser's FormData) has its type sent instead", async () => {
      const { sender, sent } = recorder();
      const browserLike: MultipartWriter = async () => ({ body: new Uint8Array(), type: "multipart/form-data; boundary=----Browser1" });
      await execute(
        upload([{ key: "t", value: "v" }], [{ key: "content-type", value: "multipart/form-data; boundary=own" }]),
        sender,
        browserLike,
      );
      expect(sent[0].headers.filter(([k]) => k.toLowerCase() === "content-type")).toEqual([
        ["content-type", "multipart/form-data; boundary=----Browser1"],
      ]);
    });

    it("without a writer, the request is not sent, saying why", async () => {
      const { sender, sent } = recorder();
      const without = await execute(upload([{ key: "t", value: "v" }]), sender);
      expect(without.report.results[0].error).toMatch(/its formdata body cannot be written here: the run was given no multipart writer/);
      expect(sent).toEqual([]);
    });
  });

  it("an auth type postman-runtime has no handler for goes unsigned, with a warning that names it (not a file's)", async () => {
    const { sender, sent } = recorder();
    const report = await run(collection([get("odd", "/odd", { auth: { type: "madeup", madeup: [] } })]), sender);
    expect(sent).toHaveLength(1);
    expect(header(sent[0], "authorization")).toBeUndefined();
    expect(report.results[0].warnings).toEqual(["its madeup auth has no handler in postman-runtime; sent unsigned"]);
  });

  it("oauth2 with a given token, in the header or the query; digest answers the 401's challenge", async () => {
    const { sender, sent } = recorder((request, n) =>
      n === 2 ? { status: 401, headers: { "www-authenticate": 'Digest realm="r@x", nonce="abc", qop="auth", opaque="op"' } } : {},
    );
    await run(
      collection([
        get("h", "/a", { auth: { type: "oauth2", oauth2: [{ key: "accessToken", value: "{{tok}}" }] } }),
        get("q", "/a", {
          auth: {
            type: "oauth2",
            oauth2: [
              { key: "accessToken", value: "t2" },
              { key: "addTokenTo", value: "queryParams" },
            ],
          },
        }),
        get("d", "/dig", {
          auth: {
            type: "digest",
            digest: [
              { key: "username", value: "u" },
              { key: "password", value: "p" },
            ],
          },
        }),
      ]),
      sender,
      { environment: { tok: "t1" } },
    );
    expect(header(sent[0], "authorization")).toBe("Bearer t1");
    expect(sent[1].path).toBe("/a?access_token=t2");
    expect(header(sent[2], "authorization")).toBeUndefined();
    const signed = header(sent[3], "authorization")!;
    const field = (name: string) => signed.match(new RegExp(`${name}="?([^",]+)`))![1];
    // postman-runtime's digest handler signs it (RFC 7616, checked here with Node's MD5).
    const md5 = (text: string) => createHash("md5").update(text).digest("hex");
    const ha1 = md5("u:r@x:p");
    const ha2 = md5("GET:/dig");
    expect(signed).toMatch(
      /^Digest username="u", realm="r@x", nonce="abc", uri="\/dig", algorithm="MD5", qop=auth, nc=00000001, cnonce="[0-9A-Za-z]{8}", response="[0-9a-f]{32}", opaque="op"$/,
    );
    expect(field("response")).toBe(md5(`${ha1}:abc:00000001:${field("cnonce")}:auth:${ha2}`));
  });
});

describe("the script host: pm.sendRequest and pm.cookies", () => {
  const sandboxThatSends: SandboxFactory = async () => ({
    async run(input, _where, host) {
      if (input.info.eventName !== "prerequest") return outcome({ scopes: input.scopes, headers: input.request.headers });
      const response = await host.sendRequest({ url: "http://127.0.0.1:3001/api/token", method: "POST", headers: [], body: '{"a":1}' });
      // pm.cookies.jar().set: the run's jar, as postman-runtime hands its requester's jar to a script.
      host.cookieJar!.setCookieSync("set-by-script=1", "http://127.0.0.1:3001/");
      return outcome({
        scopes: { ...input.scopes, environment: { ...input.scopes.environment, token: JSON.parse(response.body).token } },
        headers: input.request.headers,
        assertions: [
          { name: `cookies seen: ${input.cookies?.map((c) => `${c.name}=${c.value}`).join(",")}`, passed: true, skipped: false },
        ],
      });
    },
  });

  it("a script's request goes through the run's sender to the same target, is shown under its request, and cookies go both ways", async () => {
    const { sender, sent } = recorder((request): Partial<Exchange> =>
      request.path === "/api/token" ? { body: { token: "abc" }, headers: { "set-cookie": "sid=s1; Path=/; HttpOnly" } } : {},
    );
    const c = collection([
      {
        name: "Me",
        event: [{ listen: "prerequest", script: { exec: ["pm.sendRequest(...)"] } }],
        request: { method: "GET", url: "{{baseUrl}}/api/me", header: [{ key: "Authorization", value: "Bearer {{token}}" }] },
      },
    ]);
    const report = await run(c, sender, { environment: { baseUrl: "http://127.0.0.1:3001" } }, sandboxThatSends);
    expect(sent.map((r) => [r.method, r.path])).toEqual([
      ["POST", "/api/token"],
      ["GET", "/api/me"],
    ]);
    expect(sent[0].body).toBe('{"a":1}');
    expect(header(sent[1], "authorization")).toBe("Bearer abc");
    // The token's Set-Cookie and the script's own cookie both ride on the request.
    expect(header(sent[1], "cookie")).toBe("sid=s1; set-by-script=1");
    expect(report.results[0].sent).toEqual([{ method: "POST", url: "/api/token", status: 200 }]);
    expect(report.results[0].assertions?.[0].name).toBe("cookies seen: ");
  });
});

describe("the cookie jar", () => {
  it("keeps Set-Cookie by path and expiry, and sends the ones a path is under", () => {
    let now = new Date(1_000_000);
    const jar = runJar();
    keepSetCookies(
      jar,
      "http://x/api/auth/login",
      splitSetCookie("a=1; Path=/, b=2; Path=/api/auth; Expires=Wed, 21 Oct 2099 07:28:00 GMT, c=3; Max-Age=10"),
      now,
    );
    expect(cookieHeader(jar, "http://x/api/auth/me", now)).toBe("b=2; c=3; a=1");
    expect(cookieHeader(jar, "http://x/other", now)).toBe("a=1");
    now = new Date(now.getTime() + 11_000);
    expect(cookieHeader(jar, "http://x/api/auth/me", now)).toBe("b=2; a=1");
    keepSetCookies(jar, "http://x/", ["a=gone; Max-Age=0"], now);
    expect(cookieHeader(jar, "http://x/api/auth/me", now)).toBe("b=2");
    // tough-cookie's rules: another host's cookies, a Domain this host is not under, a Secure one over http.
    keepSetCookies(jar, "http://x/", ["d=4; Domain=elsewhere.example", "s=5; Secure"], now);
    expect(cookieHeader(jar, "http://y/api/auth/me", now)).toBeUndefined();
    expect(cookieHeader(jar, "http://x/", now)).toBe(undefined);
    expect(cookieHeader(jar, "https://x/", now)).toBe("s=5");
  });
});

describe("cookies on a run of paths (the mock in-process, or the page's own)", () => {
  it("a Path=/api cookie comes back to /api/...: the path is not read as a host", async () => {
    // postman-url-encoder writes a path alone as http:///api/test-todos; read as a URL, its host would be "api".
    const { sender, sent } = recorder(() => ({
      headers: { "set-cookie": "sid=1; Path=/, visit=2; Path=/api, other=3; Path=/elsewhere" },
    }));
    await run(collection([get("first", "/api/test-todos"), get("again", "/api/test-todos")]), sender);
    expect(header(sent[0], "cookie")).toBeUndefined();
    expect(header(sent[1], "cookie")).toBe("visit=2; sid=1");
  });
});

describe("a report from results alone (what the page's Stop leaves)", () => {
  it("counts as the run's own report does, and says where it stopped", async () => {
    const c = collection([
      { ...get("ok", "/api/a"), event: [{ listen: "test", script: { exec: ["pm.test('200', () => pm.response.to.have.status(200));"] } }] },
      {
        ...get("bad", "/api/b"),
        event: [{ listen: "test", script: { exec: ["pm.test('201', () => pm.response.to.have.status(201));"] } }],
      },
    ]);
    const full = await run(c, recorder().sender);
    const made = reportOf(full.results, { file: full.file, target: full.target, ms: full.ms, notRun: 0 });
    expect(made).toEqual(full);
    expect([made.requests, made.passed, made.failed, made.assertions, made.assertionsFailed]).toEqual([2, 1, 1, 2, 1]);

    const stopped = reportOf(full.results.slice(0, 1), {
      file: "c.json",
      target: "test",
      ms: 5,
      notRun: 3,
      iterations: 2,
      error: "stopped by the user after 1 of 4 requests",
    });
    expect(stopped).toMatchObject({
      requests: 1,
      passed: 1,
      failed: 0,
      notRun: 3,
      iterations: 2,
      error: "stopped by the user after 1 of 4 requests",
    });
  });
});

describe("a script's failure in the junit report, by what it was", () => {
  it("the run's own (a bound) as it reads, an Error's message alone, undefined for a string that reads like one", async () => {
    const big = "pm.cookies.jar().set('http://h/', 'big', 'x'.repeat(5000), () => {});";
    const c = collection([
      { ...get("Bound", "http://h/a"), event: [{ listen: "test", script: { exec: [big] } }] },
      { ...get("Error", "/api/b"), event: [{ listen: "prerequest", script: { exec: ["throw new TypeError('own words');"] } }] },
      { ...get("String", "/api/c"), event: [{ listen: "test", script: { exec: ["throw 'TypeError: a string';"] } }] },
    ]);
    const report = await run(c, recorder().sender);
    const xml = newmanJunit(report, c.collection, postmanPlan(c.collection), Date.now());
    expect([...xml.matchAll(/(testScript|prerequestScript)Error: ([^\n]*)/g)].map((m) => m.slice(1))).toEqual([
      ["testScript", "pm.cookies: 1 change was refused: a cookie's name and value may hold 4,096 characters (the bound)"],
      ["prerequestScript", "own words"],
      ["testScript", "undefined"],
    ]);
  });
});

describe("a request without a name in the reports", () => {
  it("has no name in the json report and its item's id in the junit one, as Newman's reporters write it; the lines keep the label", async () => {
    const c = collection([
      get("Named", "/api/a"),
      { request: { method: "GET", url: "/api/b" } },
      { id: "folder-1", item: [{ id: "item-1", request: { method: "GET", url: "/api/c" } }] },
    ]);
    const report = await run(c, recorder().sender);
    const json = JSON.parse(jsonReport(report)) as { results: Array<Record<string, unknown>> };
    expect(json.results.map((r) => [r.name, r.id])).toEqual([
      ["named", undefined],
      [undefined, expect.stringMatching(/^[0-9a-f-]{36}$/)],
      [undefined, "item-1"],
    ]);
    expect(json.results.every((r) => !("name" in r) === "id" in r)).toBe(true);
    // A report of named requests is written as it is, but for what only the junit report reads (its place in the run).
    const named = { ...report, results: report.results.slice(0, 1) };
    expect(jsonReport(named)).toBe(JSON.stringify({ ...named, results: named.results.map(({ position: _, ...r }) => r) }, null, 2) + "\n");
    // Newman's junit reporter over the run, the plan made again from the collection (as the page's Export JUnit
    // makes it): a testsuite per request named by util.getFullName, the folders, then the item, each by its name or
    // else its id, the run's own id for an item that has none.
    const xml = newmanJunit(report, c.collection, postmanPlan(c.collection), Date.now());
    expect([...xml.matchAll(/<testsuite name="([^"]*)" id="([^"]*)"/g)].map((m) => [m[1], m[2]])).toEqual([
      ["Named", expect.stringMatching(/^[0-9a-f-]{36}$/)],
      [json.results[1].id, json.results[1].id],
      ["folder-1 / item-1", "item-1"],
    ]);
    expect(xml).not.toMatch(/testsuite name="request/);
    const lines = report.results.map((r) => resultLines(r, columnsFor(report.results.map((x) => x.name)), false).split(/\s+/)[0]);
    expect(lines).toEqual(["Named", "request", "request-request"]);
  });
});

describe("the request Newman sends (postman-collection's model)", () => {
  it("path variables (`/users/:id` and url.variable) are filled, their values' {{variables}} too", async () => {
    const { sender, sent } = recorder();
    const url = {
      raw: "{{base}}/api/users/:userId/posts/:postId?x=1",
      host: ["{{base}}"],
      path: ["api", "users", ":userId", "posts", ":postId"],
      query: [{ key: "x", value: "1" }],
      variable: [
        { key: "userId", value: "{{who}}" },
        { key: "postId", value: "7" },
      ],
    };
    await run(collection([{ name: "A", request: { method: "GET", url } }]), sender, { environment: { base: "", who: "ada" } });
    expect(sent[0].path).toBe("/api/users/ada/posts/7?x=1");
  });

  it('an export of Postman\'s API, {"collection": {...}}, is run unwrapped', async () => {
    const { loadRunnableJson } = await import("#mock/tester/collection/format");
    const loaded = loadRunnableJson({ collection: { info: { name: "c", schema: SCHEMA }, item: [get("A", "/api/x")] } });
    expect(loaded.postman?.item).toHaveLength(1);
  });

  it("a variable a script set to null or undefined is sent as null, as Newman sends it", async () => {
    const { sender, sent } = recorder();
    const scripted: SandboxFactory = async () => ({
      run: async (input) => outcome({ scopes: { ...input.scopes, environment: { ...input.scopes.environment, u: undefined, n: null } } }),
    });
    const pre = { listen: "prerequest", script: { exec: ["pm.environment.set('u', undefined)"] } };
    await run(collection([{ ...get("A", "/api/x?u={{u}}&n={{n}}"), event: [pre] }]), sender, {}, scripted);
    expect(sent[0].path).toBe("/api/x?u=null&n=null");
  });
});

describe("the run's target", () => {
  const one = collection([get("A", "{{baseUrl}}/api/x")], { variable: [{ key: "baseUrl", value: "http://collection.example" }] });

  it("comes from the user's baseUrl, a server without a scheme read as http:// as Newman reads it", () => {
    expect(prepareRun(one, inputs({ environment: { baseUrl: "127.0.0.1:4567" } })).base).toBe("http://127.0.0.1:4567");
    expect(prepareRun(one, inputs({ globals: { baseUrl: "http://127.0.0.1:9/v1" } })).base).toBe("http://127.0.0.1:9/v1");
    expect(() => prepareRun(one, inputs({ environment: { baseUrl: "ftp://127.0.0.1" } }))).toThrow(RunSetupError);
    // A path or a {{variable}} is no host to add a scheme to: refused, as before.
    expect(() => prepareRun(one, inputs({ environment: { baseUrl: "/api" } }))).toThrow(RunSetupError);
    expect(() => prepareRun(one, inputs({ environment: { baseUrl: "{{host}}/api" } }))).toThrow(RunSetupError);
    // The iteration data is the user's too.
    expect(prepareRun(one, inputs({ data: [{ baseUrl: "http://127.0.0.1:7" }] })).base).toBe("http://127.0.0.1:7");
  });

  it("never from the collection's own variables in a replay (in-process, said in a note); the page's Run reads them", () => {
    const replay = prepareRun(one, inputs());
    expect(replay.base).toBeUndefined();
    expect(replay.notes[0]).toMatch(/^the collection names its own server in \{\{baseUrl\}\} \(http:\/\/collection\.example\)/);
    expect(prepareRun(one, inputs({ asker: "page" })).base).toBe("http://collection.example");
  });
});

describe("a server variable nothing defines", () => {
  const c = collection([get("A", "{{storeUrl}}/orders")]);

  it("the CLI's messages say how to give it on the command line", async () => {
    expect(prepareRun(c, inputs()).notes).toEqual([
      "its URLs start with {{storeUrl}}, which nothing defines: requests fail as not sent. Point it at the API with --env-var storeUrl=<url> (for mockman serve, e.g. --env-var storeUrl=http://127.0.0.1:3001/api)",
    ]);
    const report = await run(c, recorder().sender);
    expect(report.results[0].error).toBe(
      "not sent: its URL starts with {{storeUrl}}, which has no value when it is sent (give it with --env-var storeUrl=<url>)",
    );
  });

  it("the page's messages point to its Environment dialog, where a command-line flag means nothing", async () => {
    const prepared = prepareRun(c, inputs({ asker: "page" }));
    expect(prepared.notes).toEqual([
      "its URLs start with {{storeUrl}}, which nothing defines: requests fail as not sent. Add storeUrl under Environment, or to the collection's variables",
    ]);
    const { report } = await executeRun(prepared, recorder().sender, { file: "c.json", bail: false });
    expect(report.results[0].error).toBe(
      "not sent: its URL starts with {{storeUrl}}, which has no value when it is sent (add storeUrl under Environment)",
    );
    expect(JSON.stringify({ notes: prepared.notes, report })).not.toContain("--env-var");
  });
});

describe("--delay-request", () => {
  it("waits before every request, the first too, as postman-runtime queues its delay", async () => {
    const c = collection([get("A", "/api/a"), get("B", "/api/b")]);
    // A first run loads Postman's libraries, so the measured one's time is the delay's.
    await executeRun(prepareRun(c, inputs()), recorder().sender, { file: "c.json", bail: false });
    const at: number[] = [];
    const start = performance.now();
    const { sender } = recorder(() => (at.push(performance.now() - start), {}));
    await executeRun(prepareRun(c, inputs()), sender, { file: "c.json", bail: false, delayMs: 150 });
    // Lower bounds only: a loaded machine makes the waits longer, never shorter.
    expect(at[0]).toBeGreaterThanOrEqual(145);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(145);
  });
});
