// What the Code dialog and the copied commands write in for an auth the form does not show: authAdditions
// must be exactly what wire().build() adds when it signs (the request built once with its auth, once with
// none), for every auth type of tests/collection/wire/auth.postman_collection.json, whose wire the
// newman-wire test compares with Newman's. Where the auth cannot be written in (a challenge, a body it
// signs into, a signature over text still holding {{ }}), it must say so instead of giving a partial answer.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { authAdditions, wire, type WireInput } from "#mock/tester/engine/wire";
import { fullScopes, substitute } from "#mock/tester/engine/variables";
import type { MultipartWriter } from "#mock/tester/engine/exchange";

interface Item {
  name: string;
  item?: Item[];
  request?: Record<string, unknown> & { auth?: { type?: string } };
  auth?: { type?: string };
}

const file = JSON.parse(readFileSync(join(import.meta.dirname, "wire/auth.postman_collection.json"), "utf8")) as Item & {
  variable: Array<{ key: string; value: string }>;
};
const scopes = fullScopes({
  collectionVariables: Object.fromEntries(file.variable.map((v) => [v.key, v.value])),
  environment: { baseUrl: "http://127.0.0.1:9" },
});
const filled = (text: string) => substitute(text, scopes);

/** A formdata body's bytes do not matter here (no auth signs them): a writer that writes none. */
const multipart: MultipartWriter = async (_parts, boundary = "x") => ({
  body: new Uint8Array(),
  type: `multipart/form-data; boundary=${boundary}`,
});

/** Each request with the auth it inherits (the nearest folder's or the collection's that has a type). */
function requests(items: Item[], inherited: Item["auth"], path = ""): Array<{ name: string; input: Omit<WireInput, "fill"> }> {
  return items.flatMap((item) => {
    const own = item.auth?.type ? item.auth : inherited;
    if (item.item) return requests(item.item, own, `${path}${item.name}/`);
    return [{ name: path + item.name, input: { definition: item.request!, multipart, ...(own ? { inherited: own } : {}) } }];
  });
}

const all = requests(file.item ?? [], file.auth);
/** Signed anew at each build: a timestamp or nonce the collection does not fix. */
const FRESH = new Set(["jwt", "edgegrid", "awsv4"]);
const pairsMinus = (after: Array<[string, string]>, before: Array<[string, string]>) =>
  after.filter(([k, v]) => !before.some(([bk, bv]) => bk === k && bv === v));
/** The query as written on the wire, not decoded: the additions are written into the endpoint's text as they are. */
const queryOf = (url: string) =>
  (url.split("#")[0].split("?")[1] ?? "")
    .split("&")
    .filter(Boolean)
    .map((pair) => [pair.split("=")[0], pair.split("=").slice(1).join("=")] as [string, string]);

/** The only requests whose additions are not the whole of what their Send does, and why. */
const GAPS: Record<string, string> = {
  "OAuth 1.0 HMAC-SHA1 in the body, with urlencoded fields": "body",
  "digest, answering the server's challenge": "challenge",
  "digest with qop auth-int over a file body, answering the server's challenge": "challenge",
  "digest with qop auth-int over a raw body": "challenge",
  "digest MD5-sess": "challenge",
  "digest SHA-256": "challenge",
  "digest, a challenge without qop": "challenge",
  "AWS Signature v4 over a file body (an S3 upload), with a session token": "file",
  "AWS Signature v4 over an empty file body": "file",
  "Hawk's payload hash of a file body": "file",
  "OAuth 1.0's body hash of a file body": "file",
  "Akamai EdgeGrid's hash of a POST's file body": "file",
  NTLM: "challenge",
  "an auth type postman-runtime has no handler for": "no handler",
};
/** Those that sign nothing: no additions, and nothing missing. */
const UNSIGNED = ["noauth", "a folder's basic auth/its own inherit"];

describe("authAdditions: what signing adds, as build() adds it", () => {
  it.each(all.map((r) => [r.name, r] as const))("%s", async (name, { input }) => {
    const additions = await authAdditions({ ...input, fill: filled });
    const signed = await wire({ ...input, fill: filled }).build();
    const unsigned = await wire({ ...input, definition: { ...input.definition, auth: { type: "noauth" } }, fill: filled }).build();
    expect(additions.gap).toBe(GAPS[name]);
    if (additions.gap) return;
    const headers = pairsMinus(signed.headers, unsigned.headers);
    const query = pairsMinus(queryOf(signed.url), queryOf(unsigned.url));
    if (FRESH.has(additions.type!)) {
      expect(additions.headers.map(([k]) => k)).toEqual(headers.map(([k]) => k));
      expect(additions.query.map(([k]) => k)).toEqual(query.map(([k]) => k));
    } else {
      expect(additions.headers).toEqual(headers);
      expect(additions.query).toEqual(query);
    }
    expect(headers.length + query.length > 0).toBe(!UNSIGNED.includes(name));
    expect(additions.coversUrl).toBe(["oauth1", "hawk", "awsv4", "edgegrid"].includes(additions.type!));
  });

  it("writes Bearer's, API Key's and OAuth 2.0's values in as written, {{ }} kept", async () => {
    const keep = (text: string) => text;
    const bearer = all.find((r) => r.name === "inherits the collection's bearer")!.input;
    const withRef = { ...bearer, inherited: { type: "bearer", bearer: [{ key: "token", value: "{{token}}" }] } };
    expect(await authAdditions({ ...withRef, fill: keep })).toMatchObject({ headers: [["Authorization", "Bearer {{token}}"]] });
    expect((await authAdditions({ ...withRef, fill: keep })).gap).toBeUndefined();
    const inQuery = await authAdditions({ ...all.find((r) => r.name === "API key in the query")!.input, fill: keep });
    expect([inQuery.gap, inQuery.query.length]).toEqual([undefined, 1]);
    const oauth2 = {
      type: "oauth2",
      oauth2: [
        { key: "accessToken", value: "{{tok}}" },
        { key: "addTokenTo", value: "header" },
      ],
    };
    const token = await authAdditions({ ...bearer, inherited: oauth2, fill: keep });
    expect([token.gap, token.headers]).toEqual([undefined, [["Authorization", "Bearer {{tok}}"]]]);
  });

  it("a value computed from its own fields waits for them to be filled; a signature over the URL waits for the URL too", async () => {
    const keep = (text: string) => text;
    // Basic's base64 of `{{user}}:{{secret}}` is not what a Send writes; of literal credentials it is, {{baseUrl}} or not.
    const basic = all.find((r) => r.name === "basic")!.input;
    expect(JSON.stringify(basic.definition.auth)).toContain("{{");
    expect((await authAdditions({ ...basic, fill: keep })).gap).toBe("variables");
    expect((await authAdditions({ ...basic, fill: filled })).gap).toBeUndefined();
    const literal = { ...basic, definition: { ...basic.definition, auth: { type: "basic", basic: [{ key: "username", value: "ada" }] } } };
    expect(JSON.stringify(literal.definition)).toContain("{{baseUrl}}");
    expect((await authAdditions({ ...literal, fill: keep })).gap).toBeUndefined();
    // Hawk signs the URL: {{baseUrl}} kept, its signature is not the Send's.
    const hawk = all.find((r) => r.name === "Hawk")!.input;
    expect((await authAdditions({ ...hawk, fill: keep })).gap).toBe("variables");
    expect((await authAdditions({ ...hawk, fill: filled })).gap).toBeUndefined();
  });

  it("a dynamic variable in what it signs is drawn anew by each fill: not written in", async () => {
    const hawk = all.find((r) => r.name === "Hawk")!.input;
    const dynamic = { ...hawk, definition: { ...hawk.definition, url: "{{baseUrl}}/hawk?id={{$guid}}" } };
    expect((await authAdditions({ ...dynamic, fill: filled })).gap).toBe("variables");
  });

  it("digest signs its first request once a nonce is saved, but a command cannot answer the next challenge: not written in", async () => {
    const digest = all.find((r) => r.name === "digest, answering the server's challenge")!.input;
    const auth = digest.definition.auth as { digest: Array<{ key: string; value: string }> };
    const saved = { type: "digest", digest: [...auth.digest, { key: "realm", value: "r" }, { key: "nonce", value: "n" }] };
    const additions = await authAdditions({ ...digest, definition: { ...digest.definition, auth: saved }, fill: filled });
    expect(additions.headers.map(([k]) => k)).toEqual(["Authorization"]);
    expect(additions.gap).toBe("challenge");
  });
});
