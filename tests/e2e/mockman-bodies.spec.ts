// Every body type, chosen on the Body section and sent to the tab's mock and to
// `mockman serve` (the shipped bin): each arrives as a client sends it. The tab's
// JSON route answers a body that is not JSON with its clear 400, which quotes what
// arrived; serve's admin echo (POST /__mockman/echo) answers what arrived byte for
// byte, so its type, text, multipart parts and files' bytes are checked directly.
// GraphQL arrives as the JSON {query, variables}; the JSON default stays.
import { expect, type Page, scaled, test } from "./fixtures";
import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formdataItem, formRow, postmanCollection } from "../fixtures/postman";
import { startServe, stopServe } from "./cli-helpers";
import {
  checkInBothThemes,
  expectNoSeriousAxeViolations,
  importCollection,
  mockmanUi,
  openMockman,
  responseSection,
  section,
  sendAndAwaitAnswer,
} from "./mockman-helpers";

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

/** Records the echo's answers as the page receives them (the browser's own fetch, wrapped before the page loads). */
async function recordEchoes(page: Page) {
  await page.addInitScript(() => {
    const echoes: string[] = ((window as unknown as EchoWindow).echoes = []);
    const original = window.fetch;
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      if (String(input instanceof Request ? input.url : input).includes("/__mockman/echo")) echoes.push(await response.clone().text());
      return response;
    };
  });
}

/** Sends the request as the page has it to serve's echo: what serve received, as the page read it. */
async function echoOf(page: Page): Promise<Echo> {
  const ui = mockmanUi(page);
  await ui.endpoint.fill(`${serveUrl}/__mockman/echo`);
  const before = await page.evaluate(() => (window as unknown as EchoWindow).echoes.length);
  // Echoes come one after another: the last echo's "200" and "sha256" stay on screen while this one is sent.
  await sendAndAwaitAnswer(page, () => ui.submit.click(), { timeout: scaled(20_000) });
  await expect(ui.status).toContainText(/200/);
  await expect(ui.response).toContainText("sha256");
  await expect.poll(() => page.evaluate(() => (window as unknown as EchoWindow).echoes.length)).toBe(before + 1);
  const echo = JSON.parse(await page.evaluate(() => (window as unknown as EchoWindow).echoes.at(-1)!)) as Echo;
  expect(echo.method).toBe("POST");
  return echo;
}

/** A multipart echo's parts, parsed back. */
const parts = async (echo: Echo) =>
  new Response(Buffer.from(echo.base64, "base64"), { headers: { "content-type": echo.contentType! } }).formData();

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
    await recordEchoes(page);
    await openMockman(page);
    const ui = mockmanUi(page);
    await section(page, "Body");
    const type = page.getByLabel("Body type");
    await expect(type).toHaveValue("json");
    await expect(ui.body).toHaveText("{}");
    await ui.method.selectOption("POST");

    const sendTo = async (base: string, status: RegExp, text: string | RegExp) => {
      await ui.endpoint.fill(`${base}/api/test-todos`);
      // Until the history has recorded this Send (it does so just after the answer shows), the next echo's
      // count of it would read one short (clean clone a of stop 76: History (4) where 3 was awaited).
      await sendAndAwaitAnswer(page, () => ui.submit.click(), { timeout: scaled(20_000) });
      await expect(ui.status).toContainText(status);
      await expect(ui.response).toContainText(text);
    };
    const echoed = () => echoOf(page);

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
    await sendTo("", /400/, /not valid JSON: it was sent as application\/x-www-form-urlencoded; send JSON/);
    expect(await echoed()).toMatchObject({ contentType: "application/x-www-form-urlencoded", text: "title=a%20b%26c" });

    await type.selectOption("formdata");
    await page.getByLabel("Part 1 name").fill("note");
    await page.getByLabel("Part 1 value").fill("hello");
    await page.getByRole("button", { name: "Add part" }).click();
    await page.getByLabel("Part 2 name").fill("pic");
    await page.getByLabel("Part 2 kind").selectOption("file");
    await page.getByLabel("Part 2 file").setInputFiles({ name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("file text") });
    // The mock names a form body's type, where the JSON parser would stop at its --boundary line's minus sign.
    await sendTo("", /400/, /not valid JSON: it was sent as multipart\/form-data; send JSON/);
    const textPart = await echoed();
    // Written by the browser's own FormData (the run worker's multipart writer): Chromium's boundary, which the body uses.
    expect(textPart.contentType).toMatch(/^multipart\/form-data; boundary=----WebKitFormBoundary\w{16}$/);
    expect(Buffer.from(textPart.base64, "base64").toString("latin1")).toMatch(
      new RegExp(`^--${textPart.contentType!.split("boundary=")[1]}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`),
    );
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

// A request with scripts goes through the run worker (app/mockman/lib/run-client.ts): the files
// chosen in the form go with it, so its file parts and binary body arrive as a plain Send's do.
test("with scripts, a Send takes its chosen files: form-data file parts and a binary body arrive byte for byte", async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await recordEchoes(page);
  await openMockman(page);
  const ui = mockmanUi(page);
  await ui.method.selectOption("POST");
  await section(page, /^Scripts/);
  await page.getByLabel("Tests").first().fill("pm.test('echoed', () => pm.response.to.have.status(200));");
  await section(page, "Body");
  const type = page.getByLabel("Body type");
  await type.selectOption("formdata");
  await page.getByLabel("Part 1 name").fill("note");
  await page.getByLabel("Part 1 value").fill("hello");
  for (const [n, name, buffer] of [
    [2, "every.bin", EVERY_BYTE],
    [3, "every.bin", Buffer.from("same name, other bytes")],
  ] as const) {
    await page.getByRole("button", { name: "Add part" }).click();
    await page.getByLabel(`Part ${n} name`).fill(`pic${n}`);
    await page.getByLabel(`Part ${n} kind`).selectOption("file");
    await page.getByLabel(`Part ${n} file`).setInputFiles({ name, mimeType: "application/octet-stream", buffer });
  }
  const form = await parts(await echoOf(page));
  await responseSection(page, "Test results (1/1)");
  expect(form.get("note")).toBe("hello");
  // Two files of one name stay apart.
  for (const [field, bytes] of [
    ["pic2", EVERY_BYTE],
    ["pic3", Buffer.from("same name, other bytes")],
  ] as const) {
    const file = form.get(field) as File;
    expect([file.name, file.type, sha256(new Uint8Array(await file.arrayBuffer()))]).toEqual([
      "every.bin",
      "application/octet-stream",
      sha256(bytes),
    ]);
  }
  await expect(page.getByTestId("test-results")).not.toContainText("reads no files");

  await section(page, "Body");
  await type.selectOption("binary");
  await page.getByLabel("Binary body file").setInputFiles({ name: "every.bin", mimeType: "image/png", buffer: EVERY_BYTE });
  const binary = await echoOf(page);
  // It carries its file's type, as a plain Send does.
  expect(binary).toMatchObject({ contentType: "image/png", bytes: 256, sha256: sha256(EVERY_BYTE) });
  await responseSection(page, "Test results (1/1)");
});

test("a Postman form-data file given as base64 content without src shows as a file row, is sent decoded, and can be replaced or removed", async ({
  page,
}) => {
  test.setTimeout(scaled(120_000));
  await page.setViewportSize({ width: 1280, height: 900 });
  await recordEchoes(page);
  const echo = `${serveUrl}/__mockman/echo`;
  const collection = postmanCollection("Inline files", [
    formdataItem("Upload", echo, [
      formRow.text("note", "hi"),
      // Postman's file given as its content: no src, the bytes in base64, no name of its own.
      formRow.base64("pic", EVERY_BYTE.toString("base64")),
      formRow.base64("doc", Buffer.from("hello file").toString("base64"), { fileName: "hello.txt", contentType: "text/plain" }),
    ]),
    { name: "Other", request: { method: "GET", url: echo } },
  ]);
  await importCollection(page, JSON.stringify(collection), "Inline files", 2);
  await page.getByRole("region", { name: "Collections" }).getByRole("button", { name: "POST Upload", exact: true }).click();
  await section(page, "Body");
  const table = page.getByTestId("formdata-table");
  await expect(page.getByLabel("Part 2 kind")).toHaveValue("file");
  // Each names what it holds: its fileName, else its decoded size; the file field says so to a screen reader too.
  await expect(page.getByLabel("Part 2 file")).toHaveAccessibleDescription("base64 content, 256 bytes");
  await expect(page.getByLabel("Part 3 file")).toHaveAccessibleDescription("hello.txt");
  await expect(table.getByTestId("form-file-content")).toHaveText(["base64 content, 256 bytes", "hello.txt"]);
  await checkInBothThemes(page, "formdata-base64");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Sent as it is, decoded (postman-runtime's Buffer.from(value, "base64")), the field's fileName and type on its part.
  const sent = await parts(await echoOf(page));
  expect(sent.get("note")).toBe("hi");
  const pic = sent.get("pic") as File;
  expect(sha256(new Uint8Array(await pic.arrayBuffer()))).toBe(sha256(EVERY_BYTE));
  const doc = sent.get("doc") as File;
  expect([doc.name, doc.type, await doc.text()]).toEqual(["hello.txt", "text/plain", "hello file"]);

  // A file chosen takes its place; × removes a part.
  await page.getByLabel("Part 2 file").setInputFiles({ name: "new.txt", mimeType: "text/plain", buffer: Buffer.from("new bytes") });
  await expect(table.getByTestId("form-file-content")).toHaveText(["hello.txt"]);
  await expect(table.getByText("new.txt")).toBeVisible();
  await page.getByRole("button", { name: "Remove part 3 (doc)" }).click();
  const after = await parts(await echoOf(page));
  const replaced = after.get("pic") as File;
  expect([replaced.name, await replaced.text()]).toEqual(["new.txt", "new bytes"]);
  expect(after.has("doc")).toBe(false);
});
