// A mockman collection runs as the Postman collection it converts to (postman/convert.ts's toPostman), by
// the one runner: each collection here, run against one echo sender, gives every result and sends every
// request as mockman's own runner did before it went (mockman-runs.json, recorded from ours-run.ts at
// 8e62bb8; a request not sent shown with its path as a sent one is, without {{baseUrl}}), and its Postman export, read back as a Postman collection, runs the same again.
import { readFileSync } from "node:fs";
import ranBefore from "./mockman-runs.json";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { STORE_ERROR_HEADER } from "#mock/core/boundary";
import { loadCollectionJson, type CollectionFile } from "#mock/tester/collection/format";
import type { Exchange, OutgoingRequest, Sender } from "#mock/tester/engine/exchange";
import { executeRun, prepareRun, type RunnableCollection } from "#mock/tester/engine/run";
import { toPostman, type PostmanCollection } from "#mock/tester/postman/convert";

const ROOT = join(import.meta.dirname, "../..");

/** Answers from what came: /status/N gives N, /html a page, /unsaved a store error; else JSON echoing the request. */
function echo() {
  const sent: Array<{ method: string; path: string; headers: Record<string, string>; body?: string }> = [];
  const sender: Sender = {
    where: "echo",
    close: async () => {},
    async send(request: OutgoingRequest): Promise<Exchange> {
      const headers = Object.fromEntries(request.headers.map(([k, v]) => [k.toLowerCase(), v]));
      const body = typeof request.body === "string" ? request.body : request.body && new TextDecoder().decode(request.body);
      sent.push({ method: request.method, path: request.path, headers, ...(body === undefined ? {} : { body }) });
      const n = sent.length;
      const status = Number(request.path.match(/^\/status\/(\d{3})/)?.[1] ?? (request.method === "POST" ? 201 : 200));
      if (request.path.startsWith("/html"))
        return { status, statusText: "OK", headers: { "content-type": "text/html" }, body: "<!doctype html><p>hi</p>", ms: 1 };
      let parsed: unknown = body;
      try {
        parsed = body === undefined ? null : JSON.parse(body);
      } catch {
        // text stays text
      }
      return {
        status,
        statusText: "OK",
        headers: {
          "content-type": "application/json; charset=utf-8",
          ...(request.path.startsWith("/unsaved") ? { [STORE_ERROR_HEADER]: "the disk is full" } : {}),
        },
        body: {
          n,
          encodedToken: `t-${n}`,
          foundUser: { username: "guest" },
          post: {
            _id: `p-${n}`,
            username: "guest",
            content: "Hello from mockman replay",
            likes: { likeCount: 0, likedBy: [] },
            comments: [{ _id: `c-${n}`, commentVal: "Nice one!" }],
          },
          users: [{ _id: "u-1", username: "ada", followers: [] }],
          posts: [{ _id: "p-1" }],
          total: 1,
          bookmarks: [{ _id: "p-3" }],
          token: `t-${n}`,
          count: 5 * n,
          flag: n % 2 === 0,
          list: [n, n + 1, { id: `id-${n}` }],
          obj: { a: n },
          got: parsed,
          path: request.path,
        },
        ms: 1,
      };
    },
  };
  return { sender, sent };
}

interface Case {
  /** As written: each run reads it as `mockman replay` does (loadCollectionJson). */
  file: { mockman: 1; variables?: Record<string, string>; requests: unknown[] };
  environment?: Record<string, string>;
  bail?: boolean;
  data?: Array<Record<string, unknown>>;
}

type Checked = Omit<Case, "file"> & { file: CollectionFile };

const request = (name: string, endpoint: string, extra: Record<string, unknown> = {}) => ({ name, method: "GET", endpoint, ...extra });

const CASES: Record<string, Case> = {
  "the example collection": {
    file: JSON.parse(readFileSync(join(ROOT, "cli/examples/smoke.collection.json"), "utf8")) as Case["file"],
  },
  "templates of every kind, typed in JSON bodies": {
    file: {
      mockman: 1,
      variables: { who: "ada", quote: 'say "hi"' },
      requests: [
        request("a", "/first?x={{who}}", { expect: { status: 200, body: { token: { type: "string" }, "list.2.id": "id-1" } } }),
        request("b", "/second/{{a.body.token}}", {
          method: "POST",
          headers: { "x-n": "{{a.body.count}}", "x-obj": "{{a.body.obj}}" },
          body: {
            count: "{{a.body.count}}",
            flag: "{{a.body.flag}}",
            obj: "{{a.body.obj}}",
            text: "n={{a.body.n}} {{who}}",
            first: "{{a $.body.list[2].id}}",
          },
          expect: { status: 201, body: { "got.count": 5, "got.obj": { a: 1 }, "got.first": "id-1", "got.text": "n=1 ada" } },
        }),
        request("c", "/third", { method: "PUT", body: '{"raw": "{{b.body.token}}", "n": {{b.body.n}}}', expect: { body: { "got.n": 2 } } }),
        request("d", "/fourth/{{c.status}}/{{a.headers.content-type}}", { expect: { body: { path: { matches: "^/fourth/200/" } } } }),
        request("e", "/fifth", { expect: { body: { "$.list[?(@.id == 'id-{{e.body.n}}')].id": { exists: true }, n: "{{e.body.n}}" } } }),
      ],
    },
  },
  "failed checks, their texts, and what is not sent": {
    file: {
      mockman: 1,
      requests: [
        request("missing", "/status/404"),
        request("page", "/html"),
        request("checked", "/x", {
          expect: {
            status: [200, 204],
            headers: { "content-type": { matches: "xml" }, "x-none": { exists: true } },
            body: {
              n: { gt: 3 },
              "list.length": { lt: 1 },
              token: { ne: "t-3" },
              list: { contains: 99 },
              obj: { type: "array" },
              nope: "x",
            },
            maxMs: 0.5,
          },
        }),
        request("unsaved", "/unsaved", { method: "POST", body: {} }),
        request("reads-missing", "/y/{{missing.body.nothing.here}}"),
        request("reads-unsent", "/z/{{reads-missing.body.n}}"),
        request("bad-header", "/h", { headers: { "x-h": "{{checked.body.got}}\n" } }),
        request("later", "/w", { expect: { status: 201 } }),
      ],
    },
  },
  "iterations, one per data row; a row without a column fails the requests that read it": {
    data: [{ id: 1, who: "ada", extra: "x" }, { id: "two", who: { a: 1 } }, { id: 3 }],
    file: {
      mockman: 1,
      variables: { who: "nobody" },
      requests: [
        request("row", "/rows/{{id}}", {
          method: "POST",
          body: { id: "{{id}}", who: "{{who}}" },
          expect: { body: { "got.id": "{{id}}" } },
        }),
        request("next", "/rows/{{row.body.got.id}}/{{extra}}"),
      ],
    },
  },
  "--bail stops at the first failure": {
    bail: true,
    file: { mockman: 1, requests: [request("ok", "/a"), request("fails", "/status/500"), request("never", "/b")] },
  },
  "a full URL, a path without its slash, a base from the environment": {
    environment: { baseUrl: "http://127.0.0.1:9/v1" },
    file: {
      mockman: 1,
      requests: [
        request("full", "http://127.0.0.1:9/v1/api/one?q=1"),
        request("bare", "api/two"),
        request("based", "{{baseUrl}}/api/three", { method: "DELETE" }),
        request("other", "http://elsewhere.example/api/four"),
      ],
    },
  },
};

/** As `mockman replay` runs it now: checked, converted (toPostman), run by the one runner. */
async function newWay(c: Checked, sender: Sender, collection: RunnableCollection = { kind: "mockman", file: c.file }) {
  const prepared = prepareRun(collection, { environment: c.environment ?? {}, globals: {}, data: c.data ?? [], folders: [] });
  return (await executeRun(prepared, sender, { file: "c.json", bail: Boolean(c.bail) })).report.results;
}

/**
 * A random value (the example's {{$uuid}}) differs from one run to the next: the same shape is enough. A URL
 * goes out as Postman's encoder writes it (a space as %20, where mockman sent it raw): compared decoded.
 */
const steady = (value: unknown) =>
  JSON.parse(
    JSON.stringify(value, (key, v: unknown) => (key === "path" && typeof v === "string" ? decodeURI(v) : v)).replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      "<uuid>",
    ),
  ) as unknown;

const withoutHeaders = (request: { headers: unknown }) => steady({ ...request, headers: undefined });

/**
 * What the one runner does differently from the runner before, on purpose, each with why: an object in a data
 * row is filled in as Newman fills it (postman-collection's Substitutor writes it by its toString, "[object
 * Object]"), where the runner before wrote its JSON (tests/collection/newman-wire.test.ts compares it with Newman).
 */
type Ran = (typeof ranBefore)[keyof typeof ranBefore];
function changedSince(name: string, before: Ran): Ran {
  if (name !== "iterations, one per data row; a row without a column fails the requests that read it") return before;
  const sent = before.sent.map((request) =>
    "body" in request && typeof request.body === "string"
      ? { ...request, body: request.body.replace('"who":"{\\"a\\":1}"', '"who":"[object Object]"') }
      : request,
  );
  expect(sent).not.toEqual(before.sent);
  return { ...before, sent } as Ran;
}

describe("a mockman collection run as the Postman collection it converts to", () => {
  for (const [name, c] of Object.entries(CASES))
    it(name, async () => {
      const checked = (): Checked => ({ ...c, file: loadCollectionJson(structuredClone(c.file)).file });
      const before = changedSince(name, ranBefore[name as keyof typeof ranBefore]);
      const after = echo();
      const now = await newWay(checked(), after.sender);
      expect(steady(now)).toEqual(before.results);
      // What went out: the same method, path and body; every header mockman sent, with its value (Postman's runtime adds its own).
      expect(after.sent.map(withoutHeaders)).toEqual(before.sent.map(withoutHeaders));
      before.sent.forEach((request, i) => expect(steady(after.sent[i].headers)).toMatchObject(request.headers));

      // Its Postman export (the page's and the CLI's), read back as a Postman collection, runs the same.
      const exported = echo();
      const postman = JSON.parse(JSON.stringify(toPostman(checked().file).json)) as PostmanCollection;
      const viaExport = await newWay(checked(), exported.sender, { kind: "postman", collection: postman });
      expect(steady(viaExport)).toEqual(steady(now));
      expect(exported.sent.map(withoutHeaders)).toEqual(after.sent.map(withoutHeaders));
    });
});

describe("a Postman collection whose script toPostman wrote", () => {
  it("is checked by mockman's rules; a JSON body edited into text goes as text; an edited script runs in the sandbox", async () => {
    const { json } = toPostman(
      loadCollectionJson({ mockman: 1, requests: [request("a", "/status/404", { method: "POST", body: { x: 1 } })] }).file,
    );
    const item = json.item![0] as { request: { body: { raw: string } }; event: Array<{ script: { exec: string[] } }> };
    item.request.body.raw = "{not json {{$uuid}}";
    const { sender, sent } = echo();
    const [checked] = await newWay({ file: { mockman: 1, requests: [] } }, sender, { kind: "postman", collection: json });
    expect(sent[0].body).toMatch(/^\{not json [0-9a-f-]{36}$/);
    expect(checked).toMatchObject({ pass: false, checks: 1, error: "status: expected below 400, got 404" });

    item.event[0].script.exec.push("// edited");
    const sandboxed = await newWay({ file: { mockman: 1, requests: [] } }, echo().sender, { kind: "postman", collection: json });
    // No test script runs that fails a 404: in the sandbox the marker is a comment, as in Newman.
    expect(sandboxed[0]).toMatchObject({ pass: true, status: 404, assertions: [] });
  }, 60_000);
});
