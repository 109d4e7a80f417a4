// What goes on the wire, Newman against mockman replay: both tools run the same
// collection (tests/collection/wire/) against one echo server started here on
// 127.0.0.1, which records every request it gets (method, URL as received,
// every header, the body's bytes) and answers 200, or digest's 401 challenge (qop auth; auth-int under
// /digest-int, none under /digest-noqop), or NTLM's handshake.
// The two recordings must be equal request by request: the query (disabled
// params, encoding, {{variables}} in keys and values, path variables), every
// body mode with its Content-Type, every auth type's Authorization (or query
// params) with fixed timestamps and nonces so the signatures can be compared.
// What cannot agree is listed in KNOWN_DIFFERENCES with why, and each entry is
// checked to still differ: the comparison itself is never loosened. And how
// each reads the answers: answers.postman_collection.json's scripts write what
// they read (header rows, a body's characters in its charset) into their
// assertions' names, and both tools must give the same assertions. And the
// environment, globals and collection files both write after a run (--export-environment,
// --export-globals, --export-collection): the same JSON, key for key, but for the stamps,
// fresh ids, and the collection's variables (Newman's are as read, newman#2680).
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import aws4 from "aws4";
import newman, { type RunOptions } from "newman";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processCli, ROOT } from "../cli/helpers";

const WIRE = join(import.meta.dirname, "wire");

/** One request as the echo server got it. */
interface Seen {
  method: string;
  url: string;
  /**
   * `name: value`, names in lower case, minus the client's own (CLIENT_HEADERS), ordered by name (headers of
   * one name in the order sent): each client writes Host at its own place, and HTTP gives the order of
   * different names no meaning.
   */
  headers: string[];
  /** The body's bytes as text (UTF-8), or `base64:` and its bytes when they are no UTF-8. */
  body: string;
}

/**
 * Headers whose value is each client's own, not what the collection sends: User-Agent (Newman's
 * PostmanRuntime/7.39.1, mockman's mockman/<version>); Connection and Content-Length are the transport's (the
 * body's bytes are compared instead). The other system headers Newman's requester adds (Accept, Accept-Encoding,
 * Cache-Control, Host) are compared, and Postman-Token's presence (its value is a new UUID each time).
 */
const CLIENT_HEADERS = new Set(["user-agent", "connection", "content-length", "transfer-encoding"]);

interface KnownDifference {
  collection: string;
  /** The request's path on the server, as Newman sends it. */
  path: string;
  what: string;
  why: string;
}

/** Where mockman does not send what Newman sends, and why. Each is checked to still differ. */
const KNOWN_DIFFERENCES: KnownDifference[] = [];

const DIGEST_CHALLENGE =
  'Digest realm="wire@example", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", qop="auth", opaque="5ccc069c403ebaf9f0171e9517f40e41"';
/** Under `/digest-int`: a challenge whose qop is auth-int, so the answer hashes the request's body. */
const DIGEST_INT_CHALLENGE = DIGEST_CHALLENGE.replace('qop="auth"', 'qop="auth-int"');
/** Under `/digest-noqop`: a challenge without qop (RFC 2069's answer: no nc, no cnonce). */
const DIGEST_NOQOP_CHALLENGE = DIGEST_CHALLENGE.replace('qop="auth", ', "");

/**
 * An NTLM challenge (type 2) without extended session security: the type 3 answer is then NTLMv1's, with no
 * random client nonce, so both tools' are compared byte for byte. Flags: Unicode, NTLM; challenge 0123456789abcdef.
 */
const NTLM_CHALLENGE = Buffer.concat([
  Buffer.from("NTLMSSP\0", "latin1"),
  Buffer.from([2, 0, 0, 0, 0, 0, 0, 0, 48, 0, 0, 0, 0x01, 0x02, 0, 0]),
  Buffer.from("0123456789abcdef", "hex"),
  Buffer.alloc(16),
  Buffer.alloc(8),
]).toString("base64");
const ntlmType = (authorization: string | undefined) => {
  const message = /^NTLM (.+)$/.exec(authorization ?? "")?.[1];
  return message ? Buffer.from(message, "base64").readUInt32LE(8) : 0;
};

/** A multipart boundary as form-data writes it: random, so both tools' are numbered instead (boundaryNumbers). */
const BOUNDARY = /-{26}\d{24}/g;
/**
 * Writes each boundary `<boundary N>`, N its place among those the request names (its headers first, then its
 * body): a body whose boundary is not its Content-Type's differs.
 */
function boundaryNumbers(): (text: string) => string {
  const seen: string[] = [];
  return (text) =>
    text.replace(BOUNDARY, (found) => {
      if (!seen.includes(found)) seen.push(found);
      return `<boundary ${seen.indexOf(found) + 1}>`;
    });
}

function bodyText(received: Buffer, boundaries: (text: string) => string): string {
  // The boundary written over the bytes themselves (latin1 keeps each byte), so a binary part is compared too.
  const bytes = Buffer.from(boundaries(received.toString("latin1")), "latin1");
  const text = bytes.toString("utf8");
  return Buffer.from(text, "utf8").equals(bytes) ? text : `base64:${bytes.toString("base64")}`;
}

/**
 * AWS Signature v4 carries the time it was signed at: the signature is checked here with the aws4 library
 * (the one postman-runtime signs with) over the headers the request itself names as signed, in the region and
 * for the service its Credential names, and written `<valid signature>` or `<wrong signature>`; its X-Amz-Date `<date>`.
 * A body's hash must be its x-amz-content-sha256, which the signature covers.
 */
function awsChecked(request: IncomingMessage, pairs: Array<[string, string]>, body: Buffer): Array<[string, string]> {
  const authorization = pairs.find(([k]) => k === "authorization")?.[1] ?? "";
  const signed = authorization.match(/SignedHeaders=([^,]+)/)?.[1].split(";") ?? [];
  const [region, service] = authorization.match(/Credential=[^/]+\/\d{8}\/([^/]+)\/([^/]+)\//)?.slice(1) ?? [];
  const headers: Record<string, string> = {};
  for (const [k, v] of pairs) if (signed.includes(k)) headers[k] = v;
  const again = aws4.sign(
    // No body: its hash is the x-amz-content-sha256 header it signs, checked apart below.
    { method: request.method, host: headers.host, path: request.url, headers, service, region },
    { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" },
  ) as { headers: Record<string, string> };
  const bodyHash = createHash("sha256").update(body).digest("hex");
  const valid = again.headers.Authorization === authorization && headers["x-amz-content-sha256"] === bodyHash;
  return pairs.map(([k, v]) =>
    k === "authorization"
      ? [
          k,
          v.replace(/Signature=\w+/, valid ? "Signature=<valid signature>" : "Signature=<wrong signature>").replace(/\/\d{8}\//, "/<day>/"),
        ]
      : k === "x-amz-date"
        ? [k, "<date>"]
        : [k, v],
  );
}

interface Echo {
  url: string;
  seen: Seen[];
  server: Server;
}

function echoServer(): Promise<Echo> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      let pairs: Array<[string, string]> = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) pairs.push([request.rawHeaders[i].toLowerCase(), request.rawHeaders[i + 1]]);
      if (pairs.some(([k]) => k === "x-amz-date")) pairs = awsChecked(request, pairs, body);
      const boundaries = boundaryNumbers();
      seen.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: pairs
          .filter(([k]) => !CLIENT_HEADERS.has(k))
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => (k === "postman-token" ? `${k}: <uuid>` : boundaries(`${k}: ${v}`))),
        body: bodyText(body, boundaries),
      });
      if (request.url?.startsWith("/digest") && !/^Digest /.test(request.headers.authorization ?? "")) {
        const challenge = request.url.startsWith("/digest-int")
          ? DIGEST_INT_CHALLENGE
          : request.url.startsWith("/digest-noqop")
            ? DIGEST_NOQOP_CHALLENGE
            : DIGEST_CHALLENGE;
        response.writeHead(401, { "WWW-Authenticate": challenge, "Content-Type": "text/plain" });
        response.end("challenge");
        return;
      }
      // NTLM's handshake (postman-runtime's ntlm.js): asked, then a negotiate (type 1) is challenged, an authenticate (type 3) passes.
      const ntlm = request.url?.startsWith("/ntlm") ? ntlmType(request.headers.authorization) : 3;
      if (ntlm !== 3) {
        response.writeHead(401, { "WWW-Authenticate": ntlm === 1 ? `NTLM ${NTLM_CHALLENGE}` : "NTLM", "Content-Type": "text/plain" });
        response.end("challenge");
        return;
      }
      // A redirect (`/redirect/302?to=/there`) and a cookie set (`/cookies/set?name=value`), for how each tool follows and keeps them.
      const asked = new URL(request.url ?? "/", "http://echo.test");
      const redirect = /^\/redirect\/(\d{3})$/.exec(asked.pathname);
      if (redirect) {
        const cookie = asked.searchParams.get("cookie");
        response.writeHead(Number(redirect[1]), {
          Location: asked.searchParams.get("to") ?? "/",
          "Content-Type": "text/plain",
          ...(cookie ? { "Set-Cookie": `${cookie}; Path=/` } : {}),
        });
        response.end("moved");
        return;
      }
      if (asked.pathname === "/cookies/set") {
        response.writeHead(200, {
          "Set-Cookie": [...asked.searchParams].map(([k, v]) => `${k}=${v}; Path=/`),
          "Content-Type": "application/json",
        });
        response.end('{"ok":true}');
        return;
      }
      // Answers for how each tool reads them (answers.postman_collection.json): header rows in the server's case and
      // order, one name twice apart; a body in the charset its query names (bytes no UTF-8 reads), or UTF-16 with its BOM;
      // a binary body in UTF-16 without one, big-endian (its byte order guessed).
      if (asked.pathname === "/answer/rows") {
        response.writeHead(200, ["Content-Type", "text/plain", "X-Multi", "a", "x-request-id", "7", "X-Multi", "b"]);
        response.end("rows");
        return;
      }
      if (asked.pathname === "/answer/charset") {
        response.writeHead(200, { "Content-Type": `text/plain; charset=${asked.searchParams.get("charset")}` });
        response.end(
          asked.searchParams.has("utf8") ? Buffer.from("café €") : Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x93, 0x9d]),
        );
        return;
      }
      if (asked.pathname === "/answer/utf16") {
        response.writeHead(200, { "Content-Type": "application/json; charset=utf-16le" });
        response.end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"é":"ü"}', "utf16le")]));
        return;
      }
      if (asked.pathname === "/answer/pretty") {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end('{\n  "b": [1, 2.50],\n  "a": "\\u00e9"\n}\n');
        return;
      }
      if (asked.pathname === "/answer/bytes") {
        response.writeHead(200, { "Content-Type": "application/octet-stream; charset=utf-16" });
        response.end(Buffer.from('{"é":"ü"}', "utf16le").swap16());
        return;
      }
      // A JSON body compressed as its query says (answers-encodings.postman_collection.json): gzip, deflate (zlib), deflate
      // without its zlib header (`raw`, as some servers send it), brotli.
      if (asked.pathname === "/answer/zip") {
        const how = asked.searchParams.get("how") ?? "gzip";
        const plain = Buffer.from('{"zipped":"é"}');
        const zippers: Record<string, (bytes: Buffer) => Buffer> = {
          gzip: gzipSync,
          deflate: deflateSync,
          raw: deflateRawSync,
          br: brotliCompressSync,
        };
        const zipped = zippers[how](plain);
        response.writeHead(200, {
          "Content-Type": "application/json",
          "Content-Encoding": how === "raw" ? "deflate" : how,
          "Content-Length": String(zipped.length),
        });
        response.end(zipped);
        return;
      }
      // Set-Cookie of every kind a jar must sort: another path, expired, Secure over HTTP, another domain, quoted, empty, twice.
      if (asked.pathname === "/answer/cookies") {
        response.writeHead(200, {
          "Content-Type": "text/plain",
          "Set-Cookie": [
            "plain=1",
            "withpath=2; Path=/answer",
            "otherpath=3; Path=/elsewhere",
            "expired=4; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
            "maxage0=5; Max-Age=0",
            "secure=6; Secure",
            "httponly=7; HttpOnly",
            "otherdomain=8; Domain=example.com",
            'quoted="q v"',
            "spaces=a b c",
            "samesite=9; SameSite=Strict",
            "empty=",
            "=novalue",
            "dup=1",
            "dup=2",
          ],
        });
        response.end("cookies");
        return;
      }
      // A status (and a reason phrase) its query gives; 204 and 304 with no body.
      if (asked.pathname === "/answer/status") {
        const code = Number(asked.searchParams.get("code"));
        response.writeHead(code, asked.searchParams.get("reason") ?? undefined, { "Content-Type": "text/plain" });
        response.end(code === 204 || code === 304 ? undefined : "status body");
        return;
      }
      if (asked.pathname === "/answer/chunked") {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.write('{"a":');
        setImmediate(() => response.end("[1,2]}"));
        return;
      }
      // An answer whose Content-Type, status and body its query gives (`/answer/as?type=text/xml&status=201&body=<a/>`).
      if (asked.pathname === "/answer/as") {
        response.writeHead(Number(asked.searchParams.get("status") ?? 200), {
          "Content-Type": asked.searchParams.get("type") ?? "text/plain",
        });
        response.end(asked.searchParams.get("body") ?? "");
        return;
      }
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end('{"ok":true}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${address.port}`, seen, server });
    }),
  );
}

let echo: Echo;
const scratch = mkdtempSync(join(tmpdir(), "mockman-wire-"));
beforeAll(async () => {
  echo = await echoServer();
});
afterAll(() => {
  echo.server.closeAllConnections();
  echo.server.close();
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * What a collection is run with besides {{baseUrl}}: more environment values (in the file both tools read),
 * and an iteration data file (-d), beside the collection.
 */
const INPUTS: Record<string, { environment?: Array<Record<string, unknown>>; data?: string }> = {
  "variables.postman_collection.json": {
    // Values of other types than text, one cast by its type; `email` hidden by the data row's null.
    environment: [
      { key: "retries", value: 3, enabled: true },
      { key: "debug", value: true, enabled: true },
      { key: "level", value: "5", type: "number", enabled: true },
      { key: "settings", value: { q: 1 }, enabled: true },
      { key: "unset", value: null, enabled: true },
      { key: "email", value: "from-env", enabled: true },
    ],
    data: "variables.data.json",
  },
  // A variable both the environment and the collection define: the environment's wins.
  "edges.postman_collection.json": {
    environment: [{ key: "both", value: "environment", enabled: true }],
  },
  // A CSV (its BOM, quoted commas, quotes and a line break, empty fields, numbers as text) over two iterations.
  "flow.postman_collection.json": { data: "flow.data.csv" },
  // JSON rows of every type (nested objects and lists, null, a key with a dot, a row without some keys), a typed environment value.
  "iteration-data.postman_collection.json": {
    environment: [{ key: "level", value: "5", type: "number", enabled: true }],
    data: "iteration-data.data.json",
  },
  // A name the environment file gives twice (the collection has it too), and a disabled row.
  "references.postman_collection.json": {
    environment: [
      { key: "dup", value: "environment 1", enabled: true },
      { key: "dup", value: "environment 2", enabled: true },
      { key: "envOff", value: "off", enabled: false },
    ],
  },
};

const inputsOf = (file: string) => INPUTS[basename(file)] ?? {};

function environmentFile(url: string, file?: string): string {
  const path = join(scratch, "environment.json");
  const values = [{ key: "baseUrl", value: url, type: "default", enabled: true }, ...((file && inputsOf(file).environment) ?? [])];
  writeFileSync(path, JSON.stringify({ name: "wire", values }));
  return path;
}

/** Newman's run options for a collection: its environment, working directory and data. */
function newmanOptions(file: string) {
  const data = inputsOf(file).data;
  return {
    collection: file,
    environment: environmentFile(echo.url, file),
    workingDir: dirname(file),
    reporters: [],
    timeoutRequest: 10_000,
    ...(data && { iterationData: join(dirname(file), data) }),
  };
}

/** mockman replay's arguments for the same run. */
function mockmanArguments(file: string): string[] {
  const data = inputsOf(file).data;
  return [
    "replay",
    file,
    "-e",
    environmentFile(echo.url, file),
    "--working-dir",
    dirname(file),
    "--json",
    ...(data ? ["-d", join(dirname(file), data)] : []),
  ];
}

/** What the echo server got while `run` ran. */
async function recorded(run: () => Promise<unknown>): Promise<Seen[]> {
  echo.seen.length = 0;
  await run();
  return [...echo.seen];
}

/** A Postman collection of `items` written to the scratch folder as NAME.postman_collection.json: its path. */
function scratchCollection(name: string, items: unknown[]): string {
  const file = join(scratch, `${name}.postman_collection.json`);
  writeFileSync(
    file,
    JSON.stringify({ info: { name, schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" }, item: items }),
  );
  return file;
}

/** What Newman sent for `file`, given `extra` options (--cookie-jar, --ignore-redirects...). */
const viaNewman = (file: string, extra: Partial<RunOptions> = {}) =>
  recorded(
    () =>
      new Promise<void>((resolve, reject) =>
        newman.run({ ...newmanOptions(file), ...extra }, (error) => (error ? reject(error) : resolve())),
      ),
  );

const viaMockman = (file: string) =>
  recorded(async () => {
    const ran = await processCli(mockmanArguments(file));
    if (!ran.stdout.startsWith("{")) throw new Error(`mockman replay gave no report (exit ${ran.code}): ${ran.stderr}`);
  });

const COLLECTIONS = [
  "query.postman_collection.json",
  "bodies.postman_collection.json",
  "auth.postman_collection.json",
  // A pre-request script's pm.sendRequest of each body mode, then the request itself; one with digest auth (its
  // challenge answered), one with files (taken out).
  "send-request.postman_collection.json",
  // Repeated headers, a Host and a Cookie header of its own, dot segments, redirects and protocolProfileBehavior, values of other types.
  "behaviour.postman_collection.json",
  // Typed collection and environment variables (cast by their type, set through it), and a null in the data.
  "variables.postman_collection.json",
  // URL edges (a bare `?`, empty pairs, a fragment, bad percents, path variables with reserved characters or none),
  // nested and circular variables, header rows (empty, padded, a variable's name), script changes to the request,
  // auth values to encode.
  "edges.postman_collection.json",
  // Iterations of CSV rows, pm.sendRequest's shapes, skipRequest and setNextRequest, a folder's auth and scripts, URLs given by parts.
  "flow.postman_collection.json",
  // `{{…}}` references of odd shapes (spaces, dots, brackets, braces too many or too few, a name a variable builds,
  // dynamic ones misspelt or unclosed), a name the environment gives twice, disabled rows, in a path, a query and a header.
  "references.postman_collection.json",
  // Item- and folder-level variable arrays, path variables holding {{variables}}, query params by parts, a path beyond
  // ASCII, urlencoded and formdata rows repeated, disabled or described, raw languages, GraphQL's variants, header rows.
  "shapes.postman_collection.json",
  // A pre-request script's body of each mode, query and header edits, a URL with a path variable, auth set by script;
  // pm.sendRequest with AWS v4, Hawk, an API key and basic auth, header rows of two shapes, a URL as text to encode.
  "script-requests.postman_collection.json",
  // Rows of iteration data of every JSON type, filled into a URL.
  "iteration-data.postman_collection.json",
];

/**
 * Each assertion of a run, in the order the requests ran: `assertion: verdict`. The collection's
 * scripts write what they read into their assertions' names (header rows, a body's characters), so equal
 * names are equal readings.
 */
interface NewmanExecution {
  assertions?: Array<{ assertion: string; skipped?: boolean; error?: unknown }>;
}

const judgedByNewman = (file: string) =>
  new Promise<string[]>((resolve, reject) =>
    newman.run(newmanOptions(file), (error, summary) =>
      error
        ? reject(error)
        : resolve(
            // Newman's summary pushes an item's one execution again for each request it makes (a pm.sendRequest's too).
            [...new Set(summary.run.executions as NewmanExecution[])].flatMap((e) =>
              (e.assertions ?? []).map((a) => `${a.assertion}: ${a.skipped ? "skipped" : a.error ? "fail" : "pass"}`),
            ),
          ),
    ),
  );

async function judgedByMockman(file: string): Promise<string[]> {
  const ran = await processCli(mockmanArguments(file));
  if (!ran.stdout.startsWith("{")) throw new Error(`mockman replay gave no report (exit ${ran.code}): ${ran.stderr}`);
  const report = JSON.parse(ran.stdout) as {
    results: Array<{ name: string; assertions: Array<{ name: string; pass: boolean; skipped?: boolean }> }>;
  };
  return report.results.flatMap((r) => r.assertions.map((a) => `${a.name}: ${a.skipped ? "skipped" : a.pass ? "pass" : "fail"}`));
}

describe("Newman and mockman replay read the same answers the same way", () => {
  // Header rows as the server wrote them (names in its case, a name twice as two rows), a body decoded by its charset;
  // variables as scripts read them (a typed collection variable cast by its type, an environment file's numbers); what
  // scripts read of an answer (chai-postman's helpers, responseSize, its stream) and of the sandbox's libraries, and pm.environment.name.
  // answers-encodings: compressed bodies, Set-Cookie of every kind, statuses with and without a reason or a body, a chunked
  // body; references and iteration-data: what replaceIn and pm.iterationData read.
  for (const name of [
    "answers.postman_collection.json",
    "variables.postman_collection.json",
    "scripts.postman_collection.json",
    "answers-encodings.postman_collection.json",
    "references.postman_collection.json",
    "iteration-data.postman_collection.json",
  ])
    it(name, { timeout: 120_000 }, async () => {
      const file = join(WIRE, name);
      const byNewman = await judgedByNewman(file);
      const byMockman = await judgedByMockman(file);
      if (process.env.SHOW_WIRE) console.log(name, JSON.stringify({ byNewman, byMockman }, null, 1));
      // The collection's checks hold under Newman: what it asserts is what Newman reads.
      expect(byNewman.filter((a) => !a.endsWith(": pass"))).toEqual([]);
      expect(byNewman.length).toBeGreaterThan(10);
      expect(byMockman).toEqual(byNewman);
    });
});

describe("Newman and mockman replay send the same requests, byte for byte", () => {
  for (const name of COLLECTIONS) {
    it(name, { timeout: 120_000 }, async () => {
      const file = join(WIRE, name);
      const byNewman = await viaNewman(file);
      const byMockman = await viaMockman(file);
      if (process.env.SHOW_WIRE) console.log(name, JSON.stringify({ byNewman, byMockman }, null, 1));
      const known = KNOWN_DIFFERENCES.filter((d) => d.collection === name);
      for (const difference of known) {
        // Still a difference: Newman sends it, mockman does not.
        expect(
          byNewman.some((s) => s.url === difference.path),
          `${difference.what}: Newman no longer sends it`,
        ).toBe(true);
        expect(
          byMockman.some((s) => s.url === difference.path),
          `${difference.what}: now sent, take it off KNOWN_DIFFERENCES`,
        ).toBe(false);
      }
      const expected = byNewman.filter((s) => !known.some((d) => d.path === s.url));
      expect(byNewman.length).toBeGreaterThan(3);
      expect(byMockman).toEqual(expected);
    });
  }
});

describe("Newman and mockman replay export the same environment, globals and collection", () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  /** The ids postman-collection gives what has none (the scope, an item, a script, the collection's info): a fresh UUID each. */
  const FRESH_IDS = new Set(["id", "_postman_id"]);
  const withoutFreshIds = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(withoutFreshIds);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        FRESH_IDS.has(key) && typeof v === "string" && UUID.test(v) ? "<fresh uuid>" : withoutFreshIds(v),
      ]),
    );
  };
  /**
   * An exported file with what cannot agree written over in its place: the time, the tool (returned apart), and
   * the fresh ids (but the environment's, which its file gives).
   */
  const exported = (path: string) => {
    const json = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    expect(Date.parse(json._postman_exported_at as string)).not.toBeNaN();
    const tool = json._postman_exported_using;
    json._postman_exported_at = "<time>";
    json._postman_exported_using = "<tool>";
    return { json: withoutFreshIds(json) as Record<string, unknown>, tool };
  };
  const text = (json: unknown) => JSON.stringify(json, null, 2);

  // postman-collection's VariableScope of each file, as Newman exports it: the environment file's id, name and `_postman_*`
  // fields kept, each variable `{type, value, key}` (`any` unless postman-collection knows its type: a secret or default one
  // too), rows where the scripts' sets and unsets left them (an unset then a later set moves a row to the end, a set on a
  // disabled last row adds one, an unset removes each enabled row of its key), --env-var set first; the globals file has no
  // id. The collection as postman-collection writes it, with the stamps.
  it("exports.postman_collection.json", { timeout: 120_000 }, async () => {
    const file = join(WIRE, "exports.postman_collection.json");
    const environment = JSON.parse(readFileSync(join(WIRE, "exports.environment.json"), "utf8")) as { values: unknown[] };
    environment.values.push({ key: "baseUrl", value: echo.url, type: "default", enabled: true });
    const environmentPath = join(scratch, "exports.environment.json");
    writeFileSync(environmentPath, JSON.stringify(environment));
    const globals = join(WIRE, "exports.globals.json");
    const out = (tool: string, scope: string) => join(scratch, `${tool}-exported-${scope}.json`);
    // The collection variables as Newman's run left them: its export has them as read (below), the last script's scope has them.
    let collectionVariables: unknown;
    await new Promise<void>((resolve, reject) =>
      newman
        .run(
          {
            collection: file,
            environment: environmentPath,
            globals,
            envVar: [
              { key: "extra", value: "1" },
              { key: "given", value: "9" },
            ],
            globalVar: [{ key: "given", value: "2" }],
            reporters: [],
            exportEnvironment: out("newman", "environment"),
            exportGlobals: out("newman", "globals"),
            exportCollection: out("newman", "collection"),
          },
          (error) => (error ? reject(error) : resolve()),
        )
        .on("script", (_error: unknown, o: { execution: { collectionVariables: { toJSON(): { values: unknown } } } }) => {
          collectionVariables = o.execution.collectionVariables.toJSON().values;
        }),
    );
    const ran = await processCli([
      "replay",
      file,
      "-e",
      environmentPath,
      "-g",
      globals,
      "--env-var",
      "extra=1",
      "--env-var",
      "given=9",
      "--global-var",
      "given=2",
      "--export-environment",
      out("mockman", "environment"),
      "--export-globals",
      out("mockman", "globals"),
      "--export-collection",
      out("mockman", "collection"),
    ]);
    expect(ran.code, ran.stderr).toBe(0);
    for (const scope of ["environment", "globals", "collection"]) {
      const [byNewman, byMockman] = [exported(out("newman", scope)), exported(out("mockman", scope))];
      if (scope === "collection") {
        // Newman writes the collection's variables as it read them (postman-runtime runs on a copy, newman#2680): mockman
        // writes them as the run left them. And postman-runtime's mark of each script it ran, a fresh UUID, mockman has not.
        const read = JSON.parse(readFileSync(file, "utf8")) as { variable: Array<Record<string, unknown>> };
        expect((byNewman.json.variable as Array<{ key: string }>).map((v) => v.key)).toEqual(read.variable.map((v) => v.key));
        expect(collectionVariables).not.toEqual(byNewman.json.variable);
        byNewman.json.variable = collectionVariables;
        const scripts = (byNewman.json.item as Array<{ event: Array<{ script: Record<string, unknown> }> }>)[0].event;
        for (const { script } of scripts) {
          expect(script._lastExecutionId).toMatch(UUID);
          delete script._lastExecutionId;
        }
      }
      expect(text(byMockman.json), scope).toBe(text(byNewman.json));
      // Each stamps its own name and version.
      expect([byNewman.tool, byMockman.tool]).toEqual([expect.stringMatching(/^Newman\/6\./), expect.stringMatching(/^mockman\/\d/)]);
    }
    // The environment file's own id (a UUID too, so written over above) is kept by both.
    for (const tool of ["newman", "mockman"])
      expect(JSON.parse(readFileSync(out(tool, "environment"), "utf8"))).toMatchObject({
        id: "5f0c3f9e-1b7d-4c51-9a41-0e6f3c2a7b10",
        name: "wire exports",
      });
  });
});

describe("Newman and mockman replay start and export the same cookie jar", () => {
  // --cookie-jar: tough-cookie's JSON (a jar's toJSON), read by CookieJar.fromJSON; --export-cookie-jar: the run's jar's
  // toJSON. One cookie from the file, one set by an answer (Path=/), one set by a script; the next request carries all three.
  it("--cookie-jar and --export-cookie-jar", { timeout: 120_000 }, async () => {
    const host = new URL(echo.url).hostname;
    const start = join(scratch, "start.cookies.json");
    writeFileSync(
      start,
      JSON.stringify({
        cookies: [
          { key: "fromfile", value: "f0", domain: host, path: "/", hostOnly: true, creation: "2020-01-01T00:00:00.000Z" },
          { key: "gone", value: "x", domain: host, path: "/", expires: "2000-01-01T00:00:00.000Z", creation: "2020-01-01T00:00:00.000Z" },
        ],
      }),
    );
    const file = scratchCollection("jar", [
      { name: "set", request: { method: "GET", url: "{{baseUrl}}/cookies/set?fresh=f1" } },
      {
        name: "script",
        request: { method: "GET", url: "{{baseUrl}}/jar/one" },
        event: [
          {
            listen: "prerequest",
            script: { exec: ["pm.cookies.jar().set(pm.environment.get('baseUrl'), 'byscript', 's1', () => {});"] },
          },
        ],
      },
      { name: "carry", request: { method: "GET", url: "{{baseUrl}}/jar/two" } },
    ]);
    const out = (tool: string) => join(scratch, `${tool}-cookies.json`);
    const byNewman = await viaNewman(file, { cookieJar: start, exportCookieJar: out("newman") });
    const byMockman = await recorded(async () => {
      const ran = await processCli([...mockmanArguments(file), "--cookie-jar", start, "--export-cookie-jar", out("mockman")]);
      expect(ran.code, ran.stderr).toBe(0);
    });
    const cookieRows = (seen: Seen[]) => seen.map((s) => `${s.url} ${s.headers.filter((h) => h.startsWith("cookie:")).join(" | ")}`);
    expect(cookieRows(byNewman).at(-1)).toBe("/jar/two cookie: fromfile=f0; fresh=f1; byscript=s1");
    expect(cookieRows(byMockman)).toEqual(cookieRows(byNewman));
    // The times are each run's own: a cookie read from the file keeps its creation.
    const jar = (tool: string) => {
      const json = JSON.parse(readFileSync(out(tool), "utf8")) as { cookies: Array<Record<string, unknown>> };
      for (const cookie of json.cookies) {
        if (cookie.creation !== "2020-01-01T00:00:00.000Z") cookie.creation = "<time>";
        cookie.lastAccessed = "<time>";
      }
      return JSON.stringify(json, null, 2);
    };
    expect(jar("mockman")).toBe(jar("newman"));
    expect(JSON.parse(jar("newman")).cookies.map((c: { key: string }) => c.key)).toEqual(["fromfile", "fresh", "byscript"]);
  });
});

describe("Newman and mockman replay measure the same request", () => {
  it("pm.request.size() agrees but for the User-Agent's length, the figure cli/README.md gives", { timeout: 120_000 }, async () => {
    const sized = (name: string, header: unknown[]) => ({
      name,
      request: { method: "POST", url: "{{baseUrl}}/size", header, body: { mode: "raw", raw: '{"a":1}' } },
      event: [{ listen: "test", script: { exec: ["pm.test(JSON.stringify(pm.request.size()), () => {});"] } }],
    });
    const file = scratchCollection("size", [sized("own agent", [{ key: "User-Agent", value: "probe/1" }]), sized("no agent", [])]);
    const sizes = (judged: string[]) => judged.map((a) => JSON.parse(a.replace(/: pass$/, "")) as { header: number; total: number });
    const [newmanOwn, newmanNone] = sizes(await judgedByNewman(file));
    const [ours, oursNone] = sizes(await judgedByMockman(file));
    expect(ours).toEqual(newmanOwn);
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    const fewer = "PostmanRuntime/7.39.1".length - `mockman/${version}`.length;
    expect({ ...oursNone, header: oursNone.header + fewer, total: oursNone.total + fewer }).toEqual(newmanNone);
    const stated = /`pm\.request\.size\(\)\.header` reads (\d+) bytes fewer/.exec(readFileSync(join(ROOT, "cli/README.md"), "utf8"));
    expect(Number(stated?.[1])).toBe(fewer);
  });
});

describe("Newman and mockman replay: pm.sendRequest to another host and the jar", () => {
  // Newman sends it to that host with the jar's cookies for that host (postman-runtime's requester has one jar); mockman
  // sends it to the run's target, with the same Cookie header.
  it("carries the jar's cookies for the host it names, not the target's", { timeout: 120_000 }, async () => {
    let otherUrl = "";
    const other = createServer((request, response) => {
      echo.seen.push({
        method: request.method ?? "",
        url: `other ${request.url}`,
        headers: [`cookie: ${request.headers.cookie}`],
        body: "",
      });
      const set = [...new URL(request.url ?? "/", otherUrl).searchParams].map(([k, v]) => `${k}=${v}; Path=/`);
      response.writeHead(200, set.length ? { "Set-Cookie": set } : {}).end("{}");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.2", resolve));
    otherUrl = `http://127.0.0.2:${(other.address() as { port: number }).port}`;
    try {
      const file = scratchCollection("other-host", [
        { name: "set", request: { method: "GET", url: "{{baseUrl}}/cookies/set?target=t" } },
        {
          name: "send",
          request: { method: "GET", url: "{{baseUrl}}/jar/after" },
          event: [
            {
              listen: "prerequest",
              script: {
                exec: [
                  `pm.cookies.jar().set('${otherUrl}', 'byscript', 'o', () => {`,
                  `  pm.sendRequest('${otherUrl}/cookies/set?fromother=1', () => pm.sendRequest('${otherUrl}/jar/again', () => {}));`,
                  "});",
                ],
              },
            },
          ],
        },
      ]);
      const cookieRows = (seen: Seen[]) =>
        seen.map((s) => `${s.url.replace(/^other /, "")} ${s.headers.filter((h) => h.startsWith("cookie:")).join(" | ")}`);
      const byNewman = cookieRows(await viaNewman(file));
      expect(byNewman).toEqual([
        "/cookies/set?target=t ",
        "/cookies/set?fromother=1 cookie: byscript=o",
        "/jar/again cookie: byscript=o; fromother=1",
        "/jar/after cookie: target=t",
      ]);
      expect(cookieRows(await viaMockman(file))).toEqual(byNewman);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe("Newman and mockman replay under --ignore-redirects", () => {
  // Newman gives postman-runtime's requester followRedirects: false; a request's protocolProfileBehavior still wins
  // (core.js resolveWithProtocolProfileBehavior), and pm.sendRequest goes through the same requester.
  it(
    "a redirect is not followed, but where protocolProfileBehavior says followRedirects; pm.sendRequest's neither",
    { timeout: 120_000 },
    async () => {
      const file = scratchCollection("redirects", [
        {
          name: "run-wide",
          request: { method: "GET", url: "{{baseUrl}}/redirect/302?to=/not-followed" },
          event: [
            {
              listen: "prerequest",
              script: { exec: ["pm.sendRequest(pm.environment.get('baseUrl') + '/redirect/302?to=/not-followed-either', () => {});"] },
            },
          ],
        },
        {
          name: "own",
          protocolProfileBehavior: { followRedirects: true },
          request: { method: "GET", url: "{{baseUrl}}/redirect/302?to=/followed" },
        },
      ]);
      const byNewman = await viaNewman(file, { ignoreRedirects: true });
      const byMockman = await recorded(async () => {
        const ran = await processCli([...mockmanArguments(file), "--ignore-redirects"]);
        expect(ran.code, ran.stderr).toBe(0);
      });
      expect(byNewman.map((s) => s.url)).toEqual([
        "/redirect/302?to=/not-followed-either",
        "/redirect/302?to=/not-followed",
        "/redirect/302?to=/followed",
        "/followed",
      ]);
      expect(byMockman).toEqual(byNewman);
    },
  );
});
