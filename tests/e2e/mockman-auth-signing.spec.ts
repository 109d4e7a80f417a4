// Issue 43, auth signed on the page: a Postman collection imported through the
// page's UI and run there signs its requests with postman-runtime's own
// authorizers in the run worker (digest, OAuth 1.0, Hawk, EdgeGrid, AWS v4,
// JWT), as `mockman replay` does, instead of failing them as not sent. The
// requests go to a path of the page's own origin that page.route answers: digest
// gets its 401 challenge and its response hash is recomputed here with
// node:crypto; the signatures with a fixed nonce and time are those engine/wire.ts
// computes in Node for the same request (the CLI's signer); AWS's is checked with
// the aws4 package; the JWT's with node:crypto's HMAC.
import { createHash, createHmac } from "node:crypto";
import aws4 from "aws4";
import { wire } from "#mock/tester/engine/wire";
import { expect, scaled, test, type Page, type Request } from "./fixtures";
import { checkInBothThemes, expectNoSeriousAxeViolations, importCollection, tool } from "./mockman-helpers";

const CHALLENGE =
  'Digest realm="page@example", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", qop="auth", opaque="5ccc069c403ebaf9f0171e9517f40e41"';
const AWS = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
const JWT_SECRET = "jwt-s3cret";

const kv = (pairs: Record<string, unknown>) => Object.entries(pairs).map(([key, value]) => ({ key, value }));

/** The requests, each with its auth; `{{baseUrl}}` is the page's origin under /signed. */
const ITEMS = [
  {
    name: "Digest",
    request: {
      method: "GET",
      url: "{{baseUrl}}/digest?q=1",
      auth: { type: "digest", digest: kv({ username: "Mufasa", password: "Circle of Life" }) },
    },
  },
  {
    name: "OAuth 1.0",
    request: {
      method: "GET",
      url: "{{baseUrl}}/oauth1?b=2&a=1",
      auth: {
        type: "oauth1",
        oauth1: kv({
          consumerKey: "ck",
          consumerSecret: "cs",
          token: "tk",
          tokenSecret: "ts",
          signatureMethod: "HMAC-SHA1",
          timestamp: "1700000000",
          nonce: "fixednonce",
          version: "1.0",
          addParamsToHeader: true,
        }),
      },
    },
  },
  {
    name: "Hawk",
    request: {
      method: "POST",
      url: "{{baseUrl}}/hawk?x=1",
      body: { mode: "raw", raw: '{"a":1}', options: { raw: { language: "json" } } },
      auth: {
        type: "hawk",
        hawk: kv({
          authId: "dh37fgj492je",
          authKey: "werxhqb98rpaxn39848xrunpaw3489ruxnpa98w4rxn",
          algorithm: "sha256",
          nonce: "Ygvqdz",
          timestamp: "1700000000",
          includePayloadHash: true,
        }),
      },
    },
  },
  {
    name: "EdgeGrid",
    request: {
      method: "GET",
      url: "{{baseUrl}}/edgegrid",
      auth: {
        type: "edgegrid",
        edgegrid: kv({
          accessToken: "akab-access",
          clientToken: "akab-client",
          clientSecret: "c2VjcmV0",
          nonce: "nonce-fixed",
          timestamp: "20240101T00:00:00+0000",
        }),
      },
    },
  },
  {
    name: "AWS",
    request: {
      method: "POST",
      url: "{{baseUrl}}/aws?b=2&a=1",
      body: { mode: "raw", raw: "signed body" },
      auth: {
        type: "awsv4",
        awsv4: kv({ accessKey: AWS.accessKeyId, secretKey: AWS.secretAccessKey, region: "us-east-1", service: "execute-api" }),
      },
    },
  },
  {
    name: "JWT",
    request: {
      method: "GET",
      url: "{{baseUrl}}/jwt",
      auth: {
        type: "jwt",
        jwt: kv({
          algorithm: "HS256",
          secret: JWT_SECRET,
          payload: '{"sub": "page", "iat": 1700000000}',
          addTokenTo: "header",
          headerPrefix: "Bearer",
        }),
      },
    },
  },
];

const collectionFor = (baseUrl: string) =>
  JSON.stringify({
    info: { name: "Signed", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
    variable: [{ key: "baseUrl", value: baseUrl }],
    item: ITEMS,
  });

/** What the page sent under /signed: each request's path, headers and body, in order. */
interface Seen {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

async function answerSigned(page: Page): Promise<Seen[]> {
  const seen: Seen[] = [];
  await page.route("**/signed/**", async (route) => {
    const request: Request = route.request();
    const url = new URL(request.url());
    const headers = await request.allHeaders();
    seen.push({ method: request.method(), path: url.pathname + url.search, headers, body: request.postData() ?? "" });
    if (url.pathname.endsWith("/digest") && !headers.authorization) {
      await route.fulfill({ status: 401, headers: { "WWW-Authenticate": CHALLENGE }, body: "challenge" });
      return;
    }
    await route.fulfill({ status: 200, contentType: "application/json", body: '{"ok":true}' });
  });
  return seen;
}

/** The Authorization the CLI's signer (engine/wire.ts, in Node) writes for the same request. */
async function signedInNode(name: string, baseUrl: string): Promise<string | undefined> {
  const item = ITEMS.find((i) => i.name === name)!;
  const built = await wire({ definition: item.request, fill: (text) => text.replaceAll("{{baseUrl}}", baseUrl) }).build();
  return built.headers.find(([k]) => k.toLowerCase() === "authorization")?.[1];
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");
const param = (header: string, name: string) => header.match(new RegExp(`${name}="?([^",]*)"?`))?.[1];

for (const width of [1280, 375]) {
  test(`at ${width} px: a collection run on the page signs digest, OAuth 1.0, Hawk, EdgeGrid, AWS v4 and JWT as the CLI does`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const seen = await answerSigned(page);
    const baseUrl = `${baseURL}/signed`;
    const menu = await importCollection(page, collectionFor(baseUrl), "Signed", ITEMS.length);
    await menu("Run");
    const runner = page.getByRole("dialog", { name: "Run Signed" });
    await runner.getByRole("button", { name: "Run", exact: true }).click();
    await expect(runner.getByTestId("run-summary")).toContainText("Done.", { timeout: scaled(60_000) });
    // None is refused as "not sent": every request went out and was answered.
    await expect(runner.getByTestId("run-summary")).toContainText("6 requests: 6 passed, 0 failed");
    await expect(runner.getByText(/not sent/)).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `test-results/mockman-auth-signing-${width}.png` });

    const at = (path: string) => seen.filter((s) => s.path.startsWith(`/signed${path}`));

    // Digest: asked, challenged, then answered with the hash of this challenge, recomputed here.
    const digest = at("/digest");
    expect(digest).toHaveLength(2);
    expect(digest[0].headers.authorization).toBeUndefined();
    const answer = digest[1].headers.authorization;
    expect(answer).toMatch(/^Digest /);
    const [nonce, nc, cnonce, uri] = ["nonce", "nc", "cnonce", "uri"].map((n) => param(answer, n)!);
    expect(uri).toBe("/signed/digest?q=1");
    const ha1 = md5("Mufasa:page@example:Circle of Life");
    const ha2 = md5(`GET:${uri}`);
    expect(param(answer, "response")).toBe(md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`));

    // OAuth 1.0, Hawk and EdgeGrid (fixed nonce and time): the very header the CLI's signer writes.
    for (const [name, path] of [
      ["OAuth 1.0", "/oauth1"],
      ["Hawk", "/hawk"],
      ["EdgeGrid", "/edgegrid"],
    ]) {
      const [sent] = at(path);
      expect(sent.headers.authorization, name).toBe(await signedInNode(name, baseUrl));
    }
    expect(at("/oauth1")[0].headers.authorization).toContain('oauth_signature_method="HMAC-SHA1"');

    // AWS v4: signed now, so checked with aws4 over the headers it names as signed, and the body's hash.
    const [aws] = at("/aws");
    const signedNames = aws.headers.authorization.match(/SignedHeaders=([^,]+)/)![1].split(";");
    // (Playwright's view of a routed request has no Host: it is the URL's.)
    const signedHeaders = Object.fromEntries(signedNames.map((n) => [n, n === "host" ? new URL(baseUrl).host : aws.headers[n]]));
    expect(
      signedNames.every((n) => n === "host" || aws.headers[n] !== undefined),
      signedNames.join(";"),
    ).toBe(true);
    const again = aws4.sign(
      { method: "POST", host: signedHeaders.host, path: aws.path, headers: signedHeaders, service: "execute-api", region: "us-east-1" },
      AWS,
    ) as { headers: Record<string, string> };
    expect(aws.headers.authorization).toBe(again.headers.Authorization);
    expect(aws.headers["x-amz-content-sha256"]).toBe(createHash("sha256").update("signed body").digest("hex"));
    expect(aws.body).toBe("signed body");

    // JWT HS256: the token's signature is the HMAC of its first two parts with the secret.
    const token = at("/jwt")[0].headers.authorization.replace(/^Bearer /, "");
    const [head, payload, signature] = token.split(".");
    expect(JSON.parse(Buffer.from(payload, "base64url").toString())).toEqual({ sub: "page", iat: 1700000000 });
    expect(JSON.parse(Buffer.from(head, "base64url").toString())).toMatchObject({ alg: "HS256" });
    expect(signature).toBe(createHmac("sha256", JWT_SECRET).update(`${head}.${payload}`).digest("base64url"));
  });
}

test("Code writes in the signature a saved request's Send signs it with, as the CLI's signer writes it, once its variables are filled", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Another server: the commands send there as typed, so a signature over its URL holds.
  const elsewhere = "https://api.example.test/signed";
  await importCollection(page, collectionFor(elsewhere), "Signed", ITEMS.length);
  const sidebar = page.getByRole("region", { name: "Collections" });
  const dialog = page.getByRole("dialog", { name: "Code" });
  const snippet = dialog.getByTestId("code-snippet");
  const fill = dialog.getByRole("checkbox", { name: /Fill in variables/ });
  for (const [name, method, saved] of [
    ["OAuth 1.0", "GET", "its saved OAuth 1.0 auth"],
    ["Hawk", "POST", "its saved Hawk Authentication"],
  ]) {
    await sidebar.getByRole("button", { name: `${method} ${name}`, exact: true }).click();
    await tool(page, "Code");
    // Its signature covers the URL, still {{baseUrl}} here: it is named, not written.
    await expect(dialog).toContainText(`which this code leaves out: it is computed from {{variables}}`);
    await expect(snippet).not.toContainText("Authorization");
    await fill.check();
    await expect(snippet).toContainText(`Authorization: ${await signedInNode(name, elsewhere)}`);
    await expect(dialog).toContainText(`Written in as its Send signs it: ${saved}.`);
    if (name === "Hawk") await checkInBothThemes(page, "code-signed");
    await fill.uncheck();
    await dialog.getByRole("button", { name: "Close" }).click();
  }
});

test("Code names, and does not write in, a signature over a URL on the page's own origin: the code goes to another server", async ({
  page,
  baseURL,
}) => {
  await importCollection(page, collectionFor(`${baseURL}/signed`), "Signed", ITEMS.length);
  const sidebar = page.getByRole("region", { name: "Collections" });
  const dialog = page.getByRole("dialog", { name: "Code" });
  const snippet = dialog.getByTestId("code-snippet");
  const fill = dialog.getByRole("checkbox", { name: /Fill in variables/ });
  await sidebar.getByRole("button", { name: "POST Hawk", exact: true }).click();
  await tool(page, "Code");
  await fill.check();
  await expect(dialog).toContainText(
    "which this code leaves out: its signature covers the URL it was signed for, and this code sends the request elsewhere.",
  );
  await expect(snippet).not.toContainText("Authorization");
});
