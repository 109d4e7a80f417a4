// A Postman request as Newman puts it on the wire, built by Postman's own
// libraries instead of our string work:
// - the model is postman-collection's (Request, Url with its path variables and
//   query params, RequestBody, RequestAuth), resolved as postman-runtime's
//   resolveVariables does (lib/runner/util.js): the URL as its text, filled, then
//   parsed again; the headers, body and auth filled value by value;
// - the URL is encoded by postman-url-encoder's toNodeUrl, as postman-runtime's
//   requester does (lib/requester/core.js);
// - the body by postman-runtime's own core-body-builder (raw with its language's
//   Content-Type, urlencoded, formdata, file, graphql), with the pruning and the
//   empty-body rules of its getRequestBody, and JSON comments stripped as its
//   pre-send helper does (strip-json-comments);
// - the auth by postman-runtime's authorizers (lib/authorizer/*.js: pre, sign,
//   post; digest's challenge answered by asking for the request again, as its
//   replay does).
// Loaded on first use (the page's first load and the CLI's start hold none of it);
// the CLI bundles it into a file of its own (cli/build.mjs).
//
// The multipart body is written by the host's MultipartWriter (exchange.ts), from
// the parts core-body-builder gives: the CLI's is postman-request's own form-data,
// which needs Node's streams; the page's worker's is the browser's FormData.
//
// What stays ours, and why: filling {{variables}} (engine/variables.ts: it keeps
// a filled text within BOUNDS.expandedChars, where postman-collection's
// SuperString would grow a self-referencing variable to gigabytes), the
// urlencoded text (postman-request writes it with Node's querystring, which the
// page's worker has not: `formText` below writes the same bytes), and reading
// files through the run's FileSource (its --working-dir rules).
import sdk from "postman-collection";
import urlEncoder from "postman-url-encoder";
import bodyBuilder from "postman-runtime/lib/requester/core-body-builder.js";
import createAuthInterface from "postman-runtime/lib/authorizer/auth-interface.js";
import stripJsonComments from "strip-json-comments";
import mime from "mime-types";
import DYNAMIC_VARIABLES from "postman-collection/lib/superstring/dynamic-variables.js";
import { Buffer as BufferPackage } from "buffer";
import processPackage from "process/browser.js";
import { withPostmanUrl } from "#mock/tester/postman/url";
import { signsNothing } from "#mock/tester/postman/convert";
import { mapStrings } from "./variables";
import { rowsByName, type FileSource, type FormFile, type FormPart, type MultipartWriter } from "./exchange";
import { BOUNDS, NotSent } from "./limits";

// CommonJS packages, by their default export: Node's ESM (tsx, when the CLI runs from source) finds no named
// exports in postman-collection's.
const { Request, Response, Url } = sdk;
type Request = InstanceType<typeof Request>;
type Response = InstanceType<typeof Response>;
const { toNodeUrl } = urlEncoder;
const mimeTypes = mime.types;

// postman-url-encoder percent-encodes through Node's Buffer, and basic auth's handler writes base64 with it:
// the page's run worker has none, so it gets the buffer package's (the one browserify gives Postman's own
// browser builds). In Node this is Node's own and nothing changes.
if (typeof globalThis.Buffer === "undefined") (globalThis as { Buffer?: unknown }).Buffer = BufferPackage;
// The authorizers that hash and sign (digest, oauth1, hawk, awsv4, edgegrid) get crypto-browserify there
// (vite.config.ts, mock/stubs/aliases.mjs), which, as browserify's builds do, reads `global` and `process`
// as it loads: the worker gets browserify's too (the process package's, whose `versions` names no Node).
if (typeof globalThis.global === "undefined") (globalThis as { global?: unknown }).global = globalThis;
if (typeof globalThis.process === "undefined") (globalThis as { process?: unknown }).process = processPackage;

/** postman-collection itself: the CLI's exports are its VariableScope and Collection JSON (cli/exports.ts). */
export { sdk };
/** Postman's dynamic variables, by name (engine/dynamic.ts): postman-collection's own. */
export { DYNAMIC_VARIABLES };
/** A `{ raw, variable }` URL as Postman writes one (postman/url.ts), for the run's pm.request. */
export { withPostmanUrl };

/** postman-runtime's handler of one auth type (lib/authorizer/auth-interface.js documents it). */
interface AuthHandler {
  init(auth: unknown, response: unknown, done: (error?: unknown) => void): void;
  pre(auth: unknown, done: (error: unknown, success?: boolean, request?: unknown) => void): void;
  sign(auth: unknown, request: Request, done: (error?: unknown) => void): void;
  post(auth: unknown, response: Response, done: (error: unknown, success?: boolean) => void): void;
}

/**
 * Each auth type's handler, loaded when a request uses it (asap and jwt bring node-forge and jose): those of
 * postman-runtime's AuthLoader (lib/authorizer/index.js). A type it has none for is sent unsigned, with a warning.
 */
const HANDLERS: Record<string, () => Promise<{ default?: AuthHandler } & Partial<AuthHandler>>> = {
  noauth: () => import("postman-runtime/lib/authorizer/noauth.js"),
  basic: () => import("postman-runtime/lib/authorizer/basic.js"),
  bearer: () => import("postman-runtime/lib/authorizer/bearer.js"),
  apikey: () => import("postman-runtime/lib/authorizer/apikey.js"),
  oauth2: () => import("postman-runtime/lib/authorizer/oauth2.js"),
  digest: () => import("postman-runtime/lib/authorizer/digest.js"),
  oauth1: () => import("postman-runtime/lib/authorizer/oauth1.js"),
  hawk: () => import("postman-runtime/lib/authorizer/hawk.js"),
  awsv4: () => import("postman-runtime/lib/authorizer/aws4.js"),
  edgegrid: () => import("postman-runtime/lib/authorizer/edgegrid.js"),
  jwt: () => import("postman-runtime/lib/authorizer/jwt.js"),
  asap: () => import("postman-runtime/lib/authorizer/asap.js"),
  // Sent unsigned first; a 401 or 403 NTLM challenge asks for it again with each message of the handshake.
  ntlm: () => import("postman-runtime/lib/authorizer/ntlm.js"),
};

/** postman-runtime's requester sends no body with these methods (its default body pruning). */
const METHODS_WITHOUT_BODY = new Set(["get", "copy", "head", "purge", "unlock"]);

/** A row of a Request's header list as postman-collection's JSON has it: `system` when the sdk or runtime added it. */
export interface ListedHeader {
  key: string;
  value: string;
  system?: true;
  disabled?: true;
}

export interface WireRequest {
  method: string;
  /** The whole URL, encoded as Newman sends it. */
  url: string;
  headers: Array<[string, string]>;
  body?: string | Uint8Array;
  /**
   * Its header list as postman-runtime's Request holds it, what a test script's pm.request.headers lists before
   * the requester's system headers: its own rows, then the `system` ones its body and auth added (a raw body's
   * Content-Type, an Authorization). Not the type postman-request writes for a form body (it is not listed).
   */
  listed: ListedHeader[];
  /** Files that could not be read, an auth type with no handler: Newman warns and sends the request all the same. */
  warnings: string[];
  /** postman-request writes its body text first (OutgoingRequest.textFirst): raw, urlencoded, GraphQL, formdata. */
  textFirst?: true;
  /** Its body as postman-collection's JSON, filled (any mode, as a script left it): what a test script's pm.request.body reads. */
  bodyJson?: unknown;
}

export interface WireInput {
  /** The request as postman-collection's JSON (pm.request as the pre-request scripts left it). */
  definition: Record<string, unknown>;
  /** The auth it inherits from its folders and collection, used when its own is none or `inherit`. */
  inherited?: Record<string, unknown>;
  /** Fills {{variables}} (bounded, engine/variables.ts). */
  fill: (text: string) => string;
  files?: FileSource;
  /** Writes a formdata body (the host's: exchange.ts MultipartWriter); without one, such a request is not sent. */
  multipart?: MultipartWriter;
  /**
   * Send its body whatever the method: the item's `protocolProfileBehavior.disableBodyPruning`, and always for a
   * script's pm.sendRequest (postman-runtime's event.command.js sets it there). Else a GET's body is dropped.
   */
  keepBody?: boolean;
  /** protocolProfileBehavior.disableUrlEncoding: the URL goes as written, as postman-url-encoder leaves it then. */
  disableUrlEncoding?: boolean;
}

/**
 * A request being sent: `build` gives what goes out now; `answered` takes the answer and says whether the
 * auth wants the request again (digest's 401 challenge), signed anew by `build`: at most AUTH_REPLAYS times.
 */
export interface Wire {
  /** Its URL filled, before it is encoded: what the run checks for a host still written {{host}}. */
  urlText: string;
  build(): Promise<WireRequest>;
  answered(code: number, headers: Array<[string, string]>): Promise<boolean>;
}

/**
 * How many times an auth may ask for its request again, as postman-runtime's ReplayController bounds the
 * replays of one request (MAX_REPLAY_COUNT): the run's requests and a script's pm.sendRequest alike.
 */
const AUTH_REPLAYS = 3;

const loadedHandlers = new Map<string, AuthHandler>();

async function handlerFor(type: string): Promise<AuthHandler | undefined> {
  if (!Object.hasOwn(HANDLERS, type)) return undefined;
  if (!loadedHandlers.has(type)) {
    const loaded = await HANDLERS[type]();
    loadedHandlers.set(type, (loaded.default ?? loaded) as AuthHandler);
  }
  return loadedHandlers.get(type);
}

const call = <T>(fn: (done: (error: unknown, value?: T) => void) => void) =>
  new Promise<T | undefined>((resolve, reject) => fn((error, value) => (error ? reject(error) : resolve(value))));

/** Its URL as postman-collection writes it (path variables put in, disabled params left out), filled: a result's URL when it was not sent. */
export const urlTextOf = (definition: Record<string, unknown>, fill: (text: string) => string): string =>
  fill(new Request(withPostmanUrl(definition) as never).url.toString());

/** The request with its variables filled, as postman-runtime's resolveVariables leaves it. */
export function resolvedRequest(input: WireInput): Request {
  const { fill } = input;
  const request = new Request(withPostmanUrl(input.definition) as never);
  // The URL as text, filled, then parsed again.
  const url = urlTextOf(input.definition, fill);
  const json = request.toJSON() as Record<string, unknown>;
  const auth = authOf(json.auth, input.inherited);
  const resolved = new Request({
    method: fill(String(json.method ?? "GET")),
    header: mapStrings(json.header ?? [], fill),
    body: mapStrings(json.body, fill),
    ...(auth ? { auth: mapStrings(auth, fill) } : {}),
  } as never);
  resolved.url = new Url(url);
  return resolved;
}

/** The auth a request goes with: its own when it names a type (`inherit` written out too), else the one it inherits. */
const authOf = (own: unknown, inherited: WireInput["inherited"]) => ((own as { type?: string } | undefined)?.type ? own : inherited);

/**
 * What Postman's model throws on a request it cannot read (an auth type named `__proto__`, a file `src` that is
 * an object, credentials that are no list), as NotSent: that request is not sent, and the run goes on.
 */
function unreadable(error: unknown): unknown {
  if (error instanceof NotSent) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new NotSent(`Postman's model cannot read the request: ${message.replace(/\s+/g, " ").slice(0, 300)}`);
}

/** A request to send as Newman sends it; NotSent when Postman's model cannot read it. */
export function wire(input: WireInput): Wire {
  try {
    return wireOf(input);
  } catch (error) {
    throw unreadable(error);
  }
}

function wireOf(input: WireInput): Wire {
  const request = resolvedRequest(input);
  const auth = request.auth as unknown as { type?: string } | undefined;
  const type = auth?.type;
  // `inherit` written on the request itself has no handler: postman-runtime warns and sends it unsigned.
  const authInterface = signsNothing(type) ? undefined : createAuthInterface(auth);
  const prune = !input.keepBody;
  const files = loadFiles(request, input.files);
  files.catch(() => {}); // awaited (and its NotSent thrown) by build(); a request refused before that leaves it unread
  let replays = 0;
  return {
    urlText: request.url.toString(),
    build: () =>
      build().catch((error: unknown) => {
        throw unreadable(error);
      }),
    async answered(code, headers) {
      if (!authInterface || replays >= AUTH_REPLAYS) return false;
      const handler = await handlerFor(type!);
      if (!handler) return false;
      let again: boolean;
      try {
        const response = new Response({ code, header: headers.map(([key, value]) => ({ key, value })) } as never);
        again = (await call<boolean>((done) => handler.post(authInterface, response, done))) === false;
      } catch {
        return false; // postman-runtime warns and keeps the answer
      }
      if (again) replays++;
      return again;
    },
  };

  async function build(): Promise<WireRequest> {
    const { loaded, warnings, fields } = await files;
    // Signed on a copy: a replay signs the request as it was before, with what the answer taught the auth.
    const sent = new Request(request.toJSON() as never);
    prepareRawJson(sent, prune);
    const bodyJson = sent.body?.toJSON();
    withFileStream(sent, loaded);
    if (authInterface) {
      const handler = await handlerFor(type!);
      // postman-runtime warns ("could not find a handler for auth") and sends it unsigned.
      if (handler) await authorize(handler, authInterface, sent);
      else warnings.push(`its ${type} auth has no handler in postman-runtime; sent unsigned`);
    }
    // postman-request's header object (postman-runtime's getHeaders): rows of one name in one case as one entry, a
    // list when there are several; caseless reads a name in any case as its last entry.
    // The Request's enabled rows as postman-collection's JSON has them (`system` when the sdk or an auth added one).
    // A test script lists the disabled rows too (postman-runtime's Request keeps them); none is sent.
    const rowsOf = (disabledToo = false): ListedHeader[] =>
      headersOf(sent)
        .filter((h) => (disabledToo || !h.disabled) && h.key)
        .map((h) => ({
          key: h.key,
          value: h.value === null ? "null" : String(h.value ?? ""),
          ...((h as { system?: boolean }).system ? { system: true as const } : {}),
          ...(h.disabled ? { disabled: true as const } : {}),
        }));
    const dict = () => rowsByName(rowsOf().map(({ key, value }): [string, string] => [key, value]));
    const typeKeys = (entries: Map<string, string[]>) => [...entries.keys()].filter((key) => key.toLowerCase() === "content-type");
    const typeRead = (entries: Map<string, string[]>) => {
      const values = entries.get(typeKeys(entries).at(-1) ?? "");
      return values && (values.length === 1 ? values[0] : values);
    };
    // Built before the headers are read: core-body-builder adds raw's and GraphQL's Content-Type to the request.
    // A list has no .match: no boundary of the request's own.
    const before = typeRead(dict());
    const body = await bodyOf(sent, { loaded, fields }, prune, typeof before === "string" ? before : undefined, input.multipart);
    const entries = dict();
    const read = typeRead(entries);
    if (body?.type && read === undefined) entries.set("Content-Type", [body.type]);
    // postman-request puts its own type over one a form body cannot have (form() in its request.js): a multipart
    // type read by String#match (a list has none), an urlencoded one by RegExp#test (a list read joined). Its
    // setHeader replaces the first entry of the name in any case; Node then sends the last.
    else if (body?.type && body.keeps) {
      const kept = typeof read === "string" ? body.keeps.test(read) : body.keeps === URLENCODED_TYPE && body.keeps.test(read!.join(","));
      if (!kept) entries.set(typeKeys(entries)[0], [body.type]);
    }
    const headers = nodeRows([...entries].flatMap(([name, values]) => values.map((value): [string, string] => [name, value])));
    const listed = rowsOf(true);
    return {
      method: String(sent.method).toUpperCase(),
      url: toNodeUrl(sent.url, input.disableUrlEncoding).href,
      headers,
      listed,
      ...(body?.content !== undefined ? { body: body.content } : {}),
      ...(body?.content !== undefined && sent.body?.mode !== "file" ? { textFirst: true as const } : {}),
      ...(bodyJson ? { bodyJson } : {}),
      warnings,
    };
  }
}

/** The rows postman-runtime's requester writes into the Request from what went out (requester.js OVERWRITTEN_HEADERS). */
const OVERWRITTEN = new Set(["cookie", "content-length"]);

/**
 * The Request's header list after it went out, as a test script's pm.request.headers reads it: `listed` (its own rows,
 * then those its body and auth added) in postman-collection's HeaderList; each row the sender added (`system`:
 * User-Agent…, the transport's, the jar's Cookie, in the order they went out) added as core.js addSystemHeaders adds
 * them, unless the request has one; then, as requester.js addMissingRequestHeaders does over every row sent
 * (`own` first), the Cookie and Content-Length upserted as `system` rows (a name listed twice removed first).
 */
export function listedAfterSend(listed: ListedHeader[], own: Array<[string, string]>, system: Array<[string, string]>): ListedHeader[] {
  const list = new sdk.HeaderList(
    null,
    listed.map((row) => new sdk.Header(row)),
  );
  const reference = (list as unknown as { reference: Record<string, unknown> }).reference;
  for (const [key, value] of system) if (!OVERWRITTEN.has(key.toLowerCase()) && !list.has(key)) list.add({ key, value, system: true });
  for (const [key, value] of [...own, ...system]) {
    if (!OVERWRITTEN.has(key.toLowerCase())) continue;
    if (Array.isArray(reference[key.toLowerCase()])) list.remove(key, undefined);
    list.upsert(new sdk.Header({ key, value, system: true } as never));
  }
  return (list.all() as Array<{ key: string; value: unknown; system?: boolean; disabled?: boolean }>).map(
    ({ key, value, system: added, disabled }) => ({
      key,
      value: String(value ?? ""),
      ...(added ? { system: true as const } : {}),
      ...(disabled ? { disabled: true as const } : {}),
    }),
  );
}

/** Why an auth's additions are not the whole of what a Send does to the request. */
export type AdditionsGap =
  /** postman-runtime has no handler for its type: Newman warns and sends it unsigned. */
  | "no handler"
  /** It signs in answer to the server's challenge (digest's, NTLM's handshake), which postman-runtime's post() replays. */
  | "challenge"
  /** It writes into the body (OAuth 1.0 there). */
  | "body"
  /**
   * It hashes the file a file body sends (AWS v4, Hawk's payload hash, OAuth 1.0's body hash, EdgeGrid's), which
   * only a Send reads.
   */
  | "file"
  /**
   * Its values are computed from text still holding a `{{ }}` reference (Basic's base64 of the credentials, a
   * signature over the URL and body), or from a dynamic variable each fill draws anew (`{{$timestamp}}`).
   */
  | "variables";

/** What an auth adds to a request as build() signs it: headers (one it replaces included) and query parameters. */
export interface AuthAdditions {
  /** The auth's type, as the request goes with it (its own, else the one it inherits). */
  type?: string;
  headers: Array<[string, string]>;
  /** Each as the wire has it, encoded: `key=value` written after a URL's `?` or `&` sends it as the Send does. */
  query: Array<[string, string]>;
  /**
   * Set when these are not the whole of it, and why. Bearer, API Key and OAuth 2.0 write their values as they
   * are, so `{{token}}` in them is written in as `{{token}}`, for the command's own fill.
   */
  gap?: AdditionsGap;
  /** A signature over the URL (Hawk, AWS, EdgeGrid, OAuth 1.0): right only for a request sent to that very URL. */
  coversUrl: boolean;
}

/** Auths whose additions are their own values as written. */
const VERBATIM_AUTHS = new Set(["bearer", "apikey", "oauth2"]);
/** Auths whose first request is signed for a challenge, not for an answer (postman-runtime's post() replays them). */
const CHALLENGE_AUTHS = new Set(["digest", "ntlm"]);
/** Auths that sign the URL (and the body): their values depend on the whole request. */
const URL_AUTHS = new Set(["hawk", "awsv4", "edgegrid", "oauth1"]);

/**
 * The headers and query parameters the request's auth adds, as build() signs it (pre, then sign, on the
 * request with its JSON body prepared), without reading its files or building its body: what the Code dialog
 * and the copied commands write in for an auth the form does not show. A signature with a time or a nonce in
 * it is made now: the caller signs when it writes.
 */
export async function authAdditions(input: WireInput): Promise<AuthAdditions> {
  const request = resolvedRequest(input);
  const auth = request.auth as unknown as { type?: string } | undefined;
  const type = auth?.type ?? "";
  const coversUrl = URL_AUTHS.has(type);
  const result = (headers: Array<[string, string]>, query: Array<[string, string]>, gap?: AdditionsGap): AuthAdditions => ({
    ...(type ? { type } : {}),
    headers,
    query,
    ...(gap ? { gap } : {}),
    coversUrl,
  });
  if (signsNothing(type)) return result([], []);
  const handler = await handlerFor(type);
  if (!handler) return result([], [], "no handler");
  const sent = new Request(request.toJSON() as never);
  prepareRawJson(sent, !input.keepBody);
  const pairs = (list: HeaderLike[]) =>
    list.filter((p) => !p.disabled && p.key).map((p) => [p.key, String(p.value ?? "")] as [string, string]);
  // The query as it goes on the wire (postman-url-encoder's), pair by pair: the text a command's URL carries.
  const queryOf = () => {
    const href = toNodeUrl(sent.url).href;
    const search = href.slice(0, href.includes("#") ? href.indexOf("#") : href.length).replace(/^[^?]*\??/, "");
    return search ? search.split("&").map((pair) => [pair.split("=")[0], pair.split("=").slice(1).join("=")] as [string, string]) : [];
  };
  const bodyOfSent = () => JSON.stringify(sent.body?.toJSON() ?? null);
  const added = (before: Array<[string, string]>) => (pair: [string, string]) => !before.some(([k, v]) => k === pair[0] && v === pair[1]);
  const [headersBefore, queryBefore, bodyBefore] = [pairs(headersOf(sent)), queryOf(), bodyOfSent()];
  // No file is read here: a stand-in tells whether the handler reads one.
  let readsFile = false;
  const file = fileBodyOf(sent);
  if (file) file.content = fileStream(new Uint8Array(), () => (readsFile = true));
  await authorize(handler, createAuthInterface(auth), sent);
  const headers = pairs(headersOf(sent)).filter(added(headersBefore));
  const query = queryOf().filter(added(queryBefore));
  if (CHALLENGE_AUTHS.has(type)) return result(headers, query, "challenge");
  if (readsFile) return result(headers, query, "file");
  if (bodyOfSent() !== bodyBefore) return result(headers, query, "body");
  if (VERBATIM_AUTHS.has(type)) return result(headers, query);
  // What its values are computed from: the whole request for a signature over the URL, else its own fields.
  const source = (json: unknown) => JSON.stringify(coversUrl ? json : (json as { auth?: unknown } | undefined)?.auth);
  const given = source({ ...input.definition, auth: authOf(input.definition.auth, input.inherited) });
  if (source(request.toJSON()).includes("{{") || given.includes("{{$")) return result(headers, query, "variables");
  return result(headers, query);
}

/** postman-runtime's pre and sign (lib/runner/request-helpers-presend.js): a failed or refused pre sends the request unsigned. */
async function authorize(handler: AuthHandler, authInterface: unknown, request: Request): Promise<void> {
  let go: boolean | undefined;
  try {
    go = await call<boolean>((done) => handler.pre(authInterface, done));
  } catch {
    return;
  }
  // (A pre that asks for a request of its own first, as no handler of postman-runtime 7.39 does, is sent unsigned.)
  if (!go) return;
  try {
    await call((done) => handler.sign(authInterface, request, done));
  } catch {
    // postman-runtime warns ("could not sign the request") and sends it unsigned.
  }
}

interface HeaderLike {
  key: string;
  value: unknown;
  disabled?: boolean;
}

const headersOf = (request: Request) => request.headers.all() as unknown as HeaderLike[];

/**
 * The rows as Node writes postman-request's header object (postman-runtime's getHeaders: rows of one name in one
 * case gathered into a list): each name set with Node's setHeader, which takes a name in any case as one header,
 * so a later one replaces an earlier in its place and with its name; a list goes as rows, a Cookie list as one
 * row joined by "; ".
 */
function nodeRows(rows: Array<[string, string]>): Array<[string, string]> {
  const set = new Map<string, [string, string[]]>();
  for (const [name, values] of rowsByName(rows)) set.set(name.toLowerCase(), [name, values]);
  return [...set].flatMap(([lower, [name, values]]) =>
    lower === "cookie" ? [[name, values.join("; ")] as [string, string]] : values.map((value): [string, string] => [name, value]),
  );
}

/**
 * postman-runtime's first pre-send helper: a raw body that is JSON (by its language, else by the request's
 * Content-Type) is built once before the auth signs (core-body-builder then adds its Content-Type, which
 * Hawk's payload hash and AWS's signed headers see), and its JSON comments are stripped.
 */
function prepareRawJson(request: Request, prune: boolean) {
  const body = request.body as (Request["body"] & { options?: { raw?: { language?: string } } }) | undefined;
  if (!body || body.mode !== "raw") return;
  const language = body.options?.raw?.language;
  const type = headersOf(request)
    .filter((h) => !h.disabled && h.key?.toLowerCase() === "content-type")
    .map((h) => h.value)[0];
  if (!language && type === undefined) return;
  if (language && language !== "json") return;
  if (!language && typeof type === "string" && !/^application\/(\S+\+)?json/.test(type)) return;
  const built = requestBody(request, prune);
  const raw = built && typeof built.body === "string" ? built.body : undefined;
  if (!raw || (!raw.includes("//") && !raw.includes("/*"))) return;
  body.raw = stripJsonComments(raw, { whitespace: false });
}

/**
 * A file body's file as postman-runtime's pre-send helper leaves it for the authorizers: `body.file.content`, the
 * read stream whose `cloneReadStream` reads the file again (lib/runner/util.js createReadStream). AWS v4's
 * X-Amz-Content-Sha256, Hawk's payload hash, OAuth 1.0's oauth_body_hash, EdgeGrid's and digest's auth-int hash of
 * a file body are computed from it: without it they hash nothing. Here the bytes read, emitted as one chunk (the
 * handlers listen for `data` and `end` only) once the handler has put its listeners on; an empty file emits none.
 */
function withFileStream(request: Request, loaded: Map<string, FormFile>) {
  const file = fileBodyOf(request);
  const read = typeof file?.src === "string" ? loaded.get(file.src) : undefined;
  if (file && read) file.content = fileStream(read.bytes);
}

/** A file body's `{src, content}` read from a file, or none. */
function fileBodyOf(request: Request): { src?: unknown; content?: unknown } | undefined {
  const file = request.body?.mode === "file" ? (request.body.file as { src?: unknown; content?: unknown } | undefined) : undefined;
  return typeof file?.src === "string" && file.src ? file : undefined;
}

/** A stand-in for the read stream postman-runtime gives the authorizers: `onRead` is told each time one reads it. */
function fileStream(bytes: Uint8Array, onRead?: () => void) {
  return {
    cloneReadStream(callback: (error: unknown, stream?: unknown) => void) {
      onRead?.();
      const listeners: Record<string, Array<(chunk?: unknown) => void>> = {};
      const stream = {
        on(event: string, listener: (chunk?: unknown) => void) {
          (listeners[event] ??= []).push(listener);
          return stream;
        },
      };
      callback(null, stream);
      void Promise.resolve().then(() => {
        if (bytes.length) for (const listener of listeners.data ?? []) listener((globalThis.Buffer as typeof BufferPackage).from(bytes));
        for (const listener of listeners.end ?? []) listener();
      });
    },
  };
}

/** A file field's paths (one, or several in one field). */
const sourcesOf = (src: unknown) => (Array.isArray(src) ? src : src ? [src] : []).map(String);

/**
 * Reads the files of a formdata or file body, as postman-runtime's pre-send file loading does: those read, by
 * path, and its warnings. A file field none of whose files could be read is left out (marked disabled).
 */
async function loadFiles(
  request: Request,
  files: FileSource | undefined,
): Promise<{ loaded: Map<string, FormFile>; warnings: string[]; fields: Set<number> }> {
  const loaded = new Map<string, FormFile>();
  const warnings: string[] = [];
  const warn = (why: string) => warnings.push(`a file of its body was not sent: ${why}`);
  // Each path read once, however many parts name it; the parts' bytes together within BOUNDS.fileBytesPerRequest
  // (a field whose src names one file a thousand times would otherwise be a body of a thousand copies).
  const reads = new Map<string, Promise<boolean>>();
  let partBytes = 0;
  const readOnce = async (path: string): Promise<boolean> => {
    if (!files) {
      warn(`${path}: this run reads no files`);
      return false;
    }
    try {
      loaded.set(path, { bytes: await files.read(path), path });
      return true;
    } catch (error) {
      // A path the run may not read (outside --working-dir) fails the request; a missing file is Newman's warning.
      if (error instanceof NotSent) throw error;
      warn(`${path}: ${(error as Error).message}`);
      return false;
    }
  };
  const read = async (path: string): Promise<boolean> => {
    if (!reads.has(path)) reads.set(path, readOnce(path));
    const ok = await reads.get(path)!;
    if (ok && (partBytes += loaded.get(path)!.bytes.length) > BOUNDS.fileBytesPerRequest)
      throw new NotSent(
        `its files come to more than ${BOUNDS.fileBytesPerRequest.toLocaleString("en-US")} bytes (the bound on one request's file parts, a file named twice counted twice)`,
      );
    return ok;
  };
  const body = request.body;
  if (!body || body.disabled) return { loaded, warnings, fields: new Set() };
  const src = body.mode === "file" ? (body.file as { src?: unknown } | undefined)?.src : undefined;
  if (typeof src === "string" && src) await read(src);
  const params = body.mode === "formdata" && body.formdata ? (body.formdata.all() as unknown as FormParamLike[]) : [];
  const fields = fieldsLoaded(params);
  for (const field of params.filter((_, at) => fields.has(at))) {
    // A value given without src is the file's content in base64 (decoded by formParts, below), as postman-runtime's
    // pre-send helper takes it; with src empty, none, or an empty list and no value, the file is missing.
    if (inlineFile(field)) continue;
    const sources = sourcesOf(field.src);
    if (!sources.length) warn(`form param \`${field.key}\`: missing file source`);
    // Several files in one field: one part each, as postman-runtime explodes them.
    else if (!(await Promise.all(sources.map(read))).some(Boolean)) field.disabled = true;
  }
  return { loaded, warnings, fields };
}

/**
 * The file fields postman-runtime's pre-send helper loads (lib/runner/request-helpers-presend.js): each enabled one
 * in order, up to the first that names a list of files. Its callback for that field ends the helper (it calls
 * `done()` where the other fields go on with `callback()`), so the file fields after it go as written: no file
 * read, a base64 value not decoded, a field without a value named "" (core-body-builder), as Newman sends them.
 */
function fieldsLoaded(params: FormParamLike[]): Set<number> {
  const files = params.flatMap((param, at) => (param && param.type === "file" && !param.disabled ? [at] : []));
  const list = files.findIndex((at) => Array.isArray(params[at].src) && (params[at].src as unknown[]).length > 0);
  return new Set(list < 0 ? files : files.slice(0, list + 1));
}

/** The Content-Type the mime-types table gives a file body by its name (postman-request's pipe handler). */
function mimeOf(path: string): string | undefined {
  const ext = path
    .replace(/^.*[\\/]/, "")
    .replace(/^.*\./, "")
    .toLowerCase();
  return ext ? mimeTypes[ext] || undefined : undefined;
}

/**
 * A file given as its content in base64, without src (a formdata field's `value`, a file body's `content`):
 * postman-runtime's pre-send helper sends Buffer.from(text, "base64") of it, Node's lenient decoding (or the
 * buffer package's in the page's worker, as Postman's browser builds have it).
 */
const inlineFile = (file: { src?: unknown; value?: unknown }) => !file.src && typeof file.value === "string" && file.value !== "";

function base64Bytes(text: string): Uint8Array {
  const bytes = (globalThis.Buffer as typeof BufferPackage).from(text, "base64");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/**
 * postman-runtime's getRequestBody (lib/requester/core.js): nothing for an empty or disabled body, a
 * formdata or urlencoded one whose every field is off, a GET's (its body pruning), or a mode its builder
 * does not know; else what core-body-builder makes of it (which adds raw's and GraphQL's Content-Type).
 */
function requestBody(request: Request, prune: boolean): { body?: unknown; form?: Record<string, unknown> } | undefined {
  const body = request.body;
  if (!body || body.disabled || body.isEmpty()) return undefined;
  const mode = body.mode as keyof typeof bodyBuilder;
  const content = (body as unknown as Record<string, unknown>)[mode] as { all?: () => Array<{ disabled?: boolean }> } | undefined;
  if (content && typeof content.all === "function" && content.all().every((p) => !p || p.disabled)) return undefined;
  if (prune && METHODS_WITHOUT_BODY.has(String(request.method).toLowerCase())) return undefined;
  if (!Object.prototype.hasOwnProperty.call(bodyBuilder, mode)) return undefined;
  if (mode === "file" || mode === "formdata") return {}; // read from the files loaded, below
  return bodyBuilder[mode](content, request);
}

/**
 * The body's bytes or text, with the Content-Type postman-request adds when the request has none, and for a form
 * the types of the request's own it keeps (any other it replaces); a multipart type's boundary is the one used
 * when the writer keeps it (form-data does), else the writer's type replaces the request's (the browser's FormData
 * writes a boundary of its own).
 */
async function bodyOf(
  request: Request,
  { loaded, fields }: { loaded: Map<string, FormFile>; fields: Set<number> },
  prune: boolean,
  ownType?: string,
  multipart?: MultipartWriter,
): Promise<{ content?: string | Uint8Array; type?: string; keeps?: RegExp } | undefined> {
  const built = requestBody(request, prune);
  if (!built) return undefined;
  const body = request.body!;
  if (body.mode === "file") {
    const given = body.file as { src?: unknown; content?: unknown } | undefined;
    // Its content in base64 without src: the decoded bytes, which postman-request sends untyped (a Buffer body).
    if (given && inlineFile({ src: given.src, value: given.content })) return { content: base64Bytes(given.content as string) };
    // A file streamed as the body: typed by its name (postman-request's pipe handler), else octet-stream.
    const file = loaded.get(String(given?.src));
    return file ? { content: file.bytes, type: mimeOf(file.path) || "application/octet-stream" } : undefined;
  }
  if (body.mode === "formdata") {
    if (!multipart) throw new NotSent("its formdata body cannot be written here: the run was given no multipart writer");
    const own = ownType?.match(MULTIPART_TYPE);
    const boundary = own?.[1] || own?.[2] || undefined;
    const written = await multipart(formParts(body.formdata!.all() as unknown as FormParamLike[], loaded, fields), boundary);
    const kept = boundary === undefined || boundaryOf(written.type) === boundary;
    return { content: written.body, type: written.type, keeps: kept ? MULTIPART_TYPE : KEEPS_NONE };
  }
  if (built.form) return { content: formText(built.form), type: "application/x-www-form-urlencoded", keeps: URLENCODED_TYPE };
  return { content: built.body === undefined ? undefined : String(built.body) };
}

/** The types postman-request keeps on a form body: a multipart one with its boundary, an urlencoded one. */
const MULTIPART_TYPE = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;]+))/;
const URLENCODED_TYPE = /^application\/x-www-form-urlencoded\b/;
/** For a multipart body whose writer did not keep the request's boundary: the request's type goes, the writer's is sent. */
const KEEPS_NONE = /(?!)/;
const boundaryOf = (type: string) => {
  const match = MULTIPART_TYPE.exec(type);
  return match?.[1] || match?.[2];
};

/**
 * postman-request's urlencoded text (its lib/querystring.js with useQuerystring, as postman-runtime asks):
 * Node's querystring.stringify, whose escaping is encodeURIComponent's, then !'()* escaped too (RFC 3986).
 * A repeated key is written once per value; a value that is no string, number or boolean is empty.
 */
function formText(form: Record<string, unknown>): string {
  const escape = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const primitive = (v: unknown) =>
    typeof v === "string" || typeof v === "number" || typeof v === "boolean" || typeof v === "bigint" ? String(v) : "";
  return Object.entries(form)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${escape(key)}=${escape(primitive(v))}`))
    .join("&");
}

interface FormParamLike {
  key: string;
  value: unknown;
  type?: string;
  disabled?: boolean;
  contentType?: string;
  fileName?: string;
  src?: unknown;
}

/**
 * The formdata fields as postman-runtime hands them to postman-request's form-data: its pre-send helper puts the
 * files in, in the fields of fieldsLoaded (a file read as its FormFile, a base64 value without src as its bytes, a
 * field of several files as one field each, in its place), then core-body-builder's formdata makes the parts
 * (disabled fields left out, a text field's value that is no text as JSON, a file field with no value and no
 * fileName named "", a field's fileName and contentType as its options).
 */
function formParts(params: FormParamLike[], loaded: Map<string, FormFile>, fields: Set<number>): FormPart[] {
  const withFiles = params.flatMap((param, at): unknown[] => {
    if (!fields.has(at) || param.disabled) return [param];
    if (inlineFile(param)) return [{ ...param, value: base64Bytes(param.value as string) }];
    // No src: the field as it is (its value as text); a file that could not be read: left out (marked disabled).
    if (!Array.isArray(param.src)) {
      const file = param.src ? loaded.get(String(param.src)) : undefined;
      return [file ? { ...param, value: file } : param];
    }
    if (!param.src.length) return [param];
    return sourcesOf(param.src).flatMap((src) => (loaded.has(src) ? [{ ...param, src, value: loaded.get(src) }] : []));
  });
  const { formData } = bodyBuilder.formdata(withFiles) as {
    formData: Array<{ key: string; value: unknown; options?: FormPart["options"] }>;
  };
  // Each value is text (postman-collection's FormParam keeps a file field's value only when it is text; core-body-builder
  // writes a text field's that is no text as JSON), or the bytes or file put in above.
  return formData.map(({ key, value, options }) => ({
    key: String(key),
    value: value as FormPart["value"],
    ...(options ? { options } : {}),
  }));
}
