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

/** Each request with the auth it inherits (the nearest folder's or the collection's that has a type). */
function requests(items: Item[], inherited: Item["auth"], path = ""): Array<{ name: string; input: Omit<WireInput, "fill"> }> {
  return items.flatMap((item) => {
    const own = item.auth?.type ? item.auth : inherited;
    if (item.item) return requests(item.item, own, `${path}${item.name}/`);
    return [{ name: path + item.name, input: { definition: item.request!, ...(own ? { inherited: own } : {}) } }];
  });
}

const all = requests(file.item ?? [], file.auth);
/** Signed anew at each build: a timestamp or nonce the collection does not fix. */
const FRESH = new Set(["jwt", "edgegrid", "awsv4"]);
const pairsMinus = (after: Array<[string, string]>, before: Array<[string, string]>) =>
  after.filter(([k, v]) => !before.some(([bk, bv]) => bk === k && bv === v));
/** The query as written on the wire, not decoded: the additions are written into the endpoint's text as they are. */
const queryOf = (url: string) =>
  (url.split("?")[1] ?? "")
    .split("&")
    .filter(Boolean)
    .map((pair) => [pair.split("=")[0], pair.split("=").slice(1).join("=")] as [string, string]);

describe("authAdditions: what signing adds, as build() adds it", () => {
  it.each(all.map((r) => [r.name, r] as const))("%s", async (_name, { input }) => {
    const additions = await authAdditions({ ...input, fill: filled });
    const signed = await wire({ ...input, fill: filled }).build();
    const unsigned = await wire({ ...input, definition: { ...input.definition, auth: { type: "noauth" } }, fill: filled }).build();
    const type = additions.type;
    if (!additions.complete) {
      // Nothing partial is handed on as if it were the whole: these are the types the page keeps its note for.
      expect(["noauth", "inherit", "digest", "ntlm", "oauth1", "fancy", undefined]).toContain(type);
      return;
    }
    const headers = pairsMinus(signed.headers, unsigned.headers);
    const query = pairsMinus(queryOf(signed.url), queryOf(unsigned.url));
    if (FRESH.has(type!)) {
      expect(additions.headers.map(([k]) => k)).toEqual(headers.map(([k]) => k));
      expect(additions.query.map(([k]) => k)).toEqual(query.map(([k]) => k));
    } else {
      expect(additions.headers).toEqual(headers);
      expect(additions.query).toEqual(query);
    }
    expect(headers.length + query.length).toBeGreaterThan(0);
  });

  it("writes Bearer's and API Key's values in as written, {{ }} kept, and nothing else that way", async () => {
    const keep = (text: string) => text;
    const bearer = all.find((r) => r.name === "inherits the collection's bearer")!.input;
    const withRef = { ...bearer, inherited: { type: "bearer", bearer: [{ key: "token", value: "{{token}}" }] } };
    expect(await authAdditions({ ...withRef, fill: keep })).toMatchObject({
      headers: [["Authorization", "Bearer {{token}}"]],
      complete: true,
    });
    const inQuery = all.find((r) => r.name === "API key in the query")!.input;
    const additions = await authAdditions({ ...inQuery, fill: keep });
    expect(additions.complete).toBe(true);
    expect(additions.query.length).toBe(1);
    // Basic's base64 of `{{user}}:{{secret}}` is not what a Send writes: kept, it is not complete.
    const basic = all.find((r) => r.name === "basic")!.input;
    expect(JSON.stringify(basic.definition.auth)).toContain("{{");
    expect((await authAdditions({ ...basic, fill: keep })).complete).toBe(false);
    expect((await authAdditions({ ...basic, fill: filled })).complete).toBe(true);
  });

  it("OAuth 1.0 in the body and the challenge auths are not written in", async () => {
    for (const name of ["OAuth 1.0 HMAC-SHA1 in the body, with urlencoded fields", "digest, answering the server's challenge", "NTLM"]) {
      const { input } = all.find((r) => r.name === name)!;
      expect(await authAdditions({ ...input, fill: filled }), name).toMatchObject({ complete: false });
    }
  });
});
