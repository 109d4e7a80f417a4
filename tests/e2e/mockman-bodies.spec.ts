// Every body type, chosen on the Body section and sent to the tab's mock and to
// `mockman serve` (the shipped bin): each arrives as a client sends it. The JSON
// route answers a body that is not JSON with its clear 400, which quotes what
// arrived; GraphQL arrives as the JSON {query, variables}; the JSON default stays.
import { expect, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scaled } from "./fixtures";
import { startServe, stopServe } from "./cli-helpers";
import { expectNoSeriousAxeViolations, mockmanUi, openMockman, section } from "./mockman-helpers";

let dir: string;
let server: ChildProcess;
let serveUrl: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "moments-bodies-"));
  ({ url: serveUrl, child: server } = await startServe(["--db", join(dir, "db.json")]));
});

test.afterAll(async () => {
  await stopServe(server);
  rmSync(dir, { recursive: true, force: true });
});

for (const width of [1280, 375]) {
  test(`each body type reaches the mock and mockman serve as sent, at ${width} px`, async ({ page }) => {
    test.setTimeout(scaled(180_000));
    await page.setViewportSize({ width, height: 900 });
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
    const both = async (status: RegExp, text: string | RegExp) => {
      await sendTo("", status, text);
      await sendTo(serveUrl, status, text);
    };

    await type.selectOption("text");
    await page.getByLabel("Raw text body").fill("plain words");
    await expect(page.getByText("Sent as text/plain; a Content-Type header row overrides it.")).toBeVisible();
    await both(/400/, /not valid JSON.*plain words/);

    await type.selectOption("xml");
    await page.getByLabel("XML body").fill("<todo/>");
    await both(/400/, /not valid JSON.*<todo\/>/);

    await type.selectOption("urlencoded");
    await page.getByLabel("Field 1 name").fill("title");
    await page.getByLabel("Field 1 value").fill("a b&c");
    await both(/400/, /not valid JSON.*title=a%20b%26c/);

    await type.selectOption("formdata");
    await page.getByLabel("Part 1 name").fill("note");
    await page.getByLabel("Part 1 value").fill("hello");
    await page.getByRole("button", { name: "Add part" }).click();
    await page.getByLabel("Part 2 name").fill("pic");
    await page.getByLabel("Part 2 kind").selectOption("file");
    await page.getByLabel("Part 2 file").setInputFiles({ name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("file text") });
    // A multipart body starts with its --boundary line, which the JSON parser stops at.
    await both(/400/, /not valid JSON: No number after minus sign/);

    await type.selectOption("binary");
    await page.getByLabel("Binary body file").setInputFiles({ name: "b.txt", mimeType: "text/plain", buffer: Buffer.from("binary bytes") });
    await both(/400/, /not valid JSON.*binary bytes/);

    await type.selectOption("graphql");
    await page.getByLabel("GraphQL query").fill("{ todos }");
    await page.getByLabel("GraphQL variables (JSON)").fill('{"n": 1}');
    // Parsed as JSON by the route: it then asks for the title it needs.
    await both(/400/, /title/);
    await expectNoSeriousAxeViolations(page);

    await type.selectOption("none");
    await both(/400/, /title/);

    // JSON, the default, still sends the editor's text.
    await type.selectOption("json");
    await ui.body.fill('{"title": "from the JSON body"}');
    await both(/201/, "from the JSON body");
  });
}
