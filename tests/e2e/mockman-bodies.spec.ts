// Every body type, chosen on the Body section and sent to the tab's mock and to
// `mockman serve` (the shipped bin): each arrives as a client sends it. The tab's
// JSON route answers a body that is not JSON with its clear 400, which quotes what
// arrived; serve's admin echo (POST /__mockman/echo) answers what arrived byte for
// byte, so its type, text, multipart parts and files' bytes are checked directly.
// GraphQL arrives as the JSON {query, variables}; the JSON default stays.
import { expect, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scaled } from "./fixtures";
import { startServe, stopServe } from "./cli-helpers";
import { expectNoSeriousAxeViolations, mockmanUi, openMockman, section } from "./mockman-helpers";

let dir: string;
let server: ChildProcess;
let serveUrl: string;

/** What serve's echo answers (cli/README.md, the admin API). */
interface Echo {
  method: string;
  contentType: string | null;
  bytes: number;
  sha256: string;
  text: string | null;
  base64: string;
}
type EchoWindow = { echoes: string[] };
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
/** A file of every byte value: no UTF-8, so only its exact bytes can match. */
const EVERY_BYTE = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "moments-bodies-"));
  ({ url: serveUrl, child: server } = await startServe(["--db", join(dir, "db.json")]));
});

test.afterAll(async () => {
  await stopServe(server);
  rmSync(dir, { recursive: true, force: true });
});

for (const width of [1280, 375]) {
  test(`each body type reaches the mock and mockman serve as sent (serve's echo), at ${width} px`, async ({ page }) => {
    test.setTimeout(scaled(180_000));
    await page.setViewportSize({ width, height: 900 });
    // The echo's answers as the page receives them (the browser's own fetch, wrapped before the page loads).
    await page.addInitScript(() => {
      const echoes: string[] = ((window as unknown as EchoWindow).echoes = []);
      const original = window.fetch;
      window.fetch = async (input, init) => {
        const response = await original(input, init);
        if (String(input instanceof Request ? input.url : input).includes("/__mockman/echo")) echoes.push(await response.clone().text());
        return response;
      };
    });
    await openMockman(page);
    const ui = mockmanUi(page);
    await section(page, "Body");
    const type = page.getByLabel("Body type");
    await expect(type).toHaveValue("json");
    await expect(ui.body).toHaveText("{}");
    await ui.method.selectOption("POST");

    const sendTo = async (base: string, status: RegExp, text: string | RegExp) => {
      await ui.endpoint.fill(`${base}/api/test-todos`);
      await ui.submit.click();
      await expect(ui.status).toContainText(status, { timeout: scaled(20_000) });
      await expect(ui.response).toContainText(text);
    };
    /** Sends the request as the page has it to serve's echo: what serve received, as the page read it. */
    const echoed = async (): Promise<Echo> => {
      await ui.endpoint.fill(`${serveUrl}/__mockman/echo`);
      const before = await page.evaluate(() => (window as unknown as EchoWindow).echoes.length);
      await ui.submit.click();
      await expect(ui.status).toContainText(/200/, { timeout: scaled(20_000) });
      await expect(ui.response).toContainText("sha256");
      await expect.poll(() => page.evaluate(() => (window as unknown as EchoWindow).echoes.length)).toBe(before + 1);
      const echo = JSON.parse(await page.evaluate(() => (window as unknown as EchoWindow).echoes.at(-1)!)) as Echo;
      expect(echo.method).toBe("POST");
      return echo;
    };

    await type.selectOption("text");
    await page.getByLabel("Raw text body").fill("plain words ✓");
    await expect(page.getByText("Sent as text/plain; a Content-Type header row overrides it.")).toBeVisible();
    await sendTo("", /400/, /not valid JSON.*plain words/);
    expect(await echoed()).toMatchObject({ contentType: "text/plain", text: "plain words ✓", sha256: sha256("plain words ✓") });

    await type.selectOption("xml");
    await page.getByLabel("XML body").fill("<todo/>");
    await sendTo("", /400/, /not valid JSON.*<todo\/>/);
    expect(await echoed()).toMatchObject({ contentType: "application/xml", text: "<todo/>" });

    await type.selectOption("urlencoded");
    await page.getByLabel("Field 1 name").fill("title");
    await page.getByLabel("Field 1 value").fill("a b&c");
    await sendTo("", /400/, /not valid JSON.*title=a%20b%26c/);
    expect(await echoed()).toMatchObject({ contentType: "application/x-www-form-urlencoded", text: "title=a%20b%26c" });

    await type.selectOption("formdata");
    await page.getByLabel("Part 1 name").fill("note");
    await page.getByLabel("Part 1 value").fill("hello");
    await page.getByRole("button", { name: "Add part" }).click();
    await page.getByLabel("Part 2 name").fill("pic");
    await page.getByLabel("Part 2 kind").selectOption("file");
    await page.getByLabel("Part 2 file").setInputFiles({ name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("file text") });
    // A multipart body starts with its --boundary line, which the JSON parser stops at.
    await sendTo("", /400/, /not valid JSON: No number after minus sign/);
    const textPart = await echoed();
    expect(textPart.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    const parts = async (echo: Echo) =>
      new Response(Buffer.from(echo.base64, "base64"), { headers: { "content-type": echo.contentType! } }).formData();
    const first = await parts(textPart);
    expect(first.get("note")).toBe("hello");
    const textFile = first.get("pic") as File;
    expect([textFile.name, textFile.type, await textFile.text()]).toEqual(["a.txt", "text/plain", "file text"]);
    // A file of every byte value arrives byte for byte.
    await page.getByLabel("Part 2 file").setInputFiles({ name: "every.bin", mimeType: "application/octet-stream", buffer: EVERY_BYTE });
    const binaryPart = (await parts(await echoed())).get("pic") as File;
    expect([binaryPart.name, sha256(new Uint8Array(await binaryPart.arrayBuffer()))]).toEqual(["every.bin", sha256(EVERY_BYTE)]);

    await type.selectOption("binary");
    await page.getByLabel("Binary body file").setInputFiles({ name: "b.txt", mimeType: "text/plain", buffer: Buffer.from("binary bytes") });
    await sendTo("", /400/, /not valid JSON.*binary bytes/);
    expect(await echoed()).toMatchObject({ contentType: "text/plain", text: "binary bytes", bytes: 12 });
    await page.getByLabel("Binary body file").setInputFiles({ name: "every.bin", mimeType: "", buffer: EVERY_BYTE });
    const binary = await echoed();
    // A file the browser knows no type for goes as octet-stream.
    expect(binary).toMatchObject({ contentType: "application/octet-stream", bytes: 256, sha256: sha256(EVERY_BYTE), text: null });
    expect(Buffer.from(binary.base64, "base64").equals(EVERY_BYTE)).toBe(true);

    await type.selectOption("graphql");
    await page.getByLabel("GraphQL query").fill("{ todos }");
    await page.getByLabel("GraphQL variables (JSON)").fill('{"n": 1}');
    // Parsed as JSON by the route: it then asks for the title it needs.
    await sendTo("", /400/, /title/);
    const graphql = await echoed();
    expect(graphql.contentType).toBe("application/json");
    expect(JSON.parse(graphql.text!)).toEqual({ query: "{ todos }", variables: { n: 1 } });
    await expectNoSeriousAxeViolations(page);

    await type.selectOption("none");
    await sendTo("", /400/, /title/);
    expect(await echoed()).toMatchObject({ contentType: null, bytes: 0, text: "" });

    // JSON, the default, still sends the editor's JSON.
    await type.selectOption("json");
    await ui.body.fill('{"title": "from the JSON body"}');
    await sendTo("", /201/, "from the JSON body");
    const json = await echoed();
    // The page sends the editor's JSON as it parsed it (compact).
    expect([json.contentType, JSON.parse(json.text!)]).toEqual(["application/json", { title: "from the JSON body" }]);
  });
}
