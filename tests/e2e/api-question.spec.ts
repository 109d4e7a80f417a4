// A link's `?api=` naming a server that is not on this machine (issue 21): the
// app asks first, full screen, naming the origin and what would go there, with
// Cancel focused; nothing is stored or sent there until the person confirms.
// Chromium resolves api.example.test to 127.0.0.1 (--host-resolver-rules), where
// a recording proxy forwards to a real `mockman serve --allowed-host api.example.test`.
import { expect, test } from "./fixtures";
import { type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mockman, startServe, stopServe } from "./cli-helpers";
import config from "./playwright.config";
import { loginAsGuest, watchErrors } from "./screen-helpers";

const HOST = "api.example.test";

const launch = config.use!.launchOptions!;
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${HOST} 127.0.0.1`] } });

let dir: string;
let server: ChildProcess;
let proxy: Server;
let apiOrigin: string;
/** Every request that reached the foreign-looking API: method, path and body. */
const seen: { method: string; url: string; body: string }[] = [];

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "moments-api-question-"));
  const db = join(dir, "db.json");
  await mockman("request", "POST", "/api/posts", "--db", db, "--as", "guest", "-d", '{"postData":{"content":"Only on the other server"}}');
  const served = await startServe(["--db", db, "--allowed-host", HOST]);
  server = served.child;
  const serveUrl = new URL(served.url);
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? "", url: req.url ?? "", body: body.toString("utf8") });
      const forward = request(
        { host: "127.0.0.1", port: serveUrl.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on("error", () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
  apiOrigin = `http://${HOST}:${(proxy.address() as { port: number }).port}`;
});

test.afterAll(async () => {
  await stopServe(server);
  proxy?.closeAllConnections();
  await new Promise((done) => proxy?.close(done));
  rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(() => {
  seen.length = 0;
});

const question = (page: import("@playwright/test").Page) => page.getByRole("alertdialog", { name: `Send your data to ${apiOrigin}?` });

test("the question names the server and what goes there, Cancel is focused, and Cancel keeps the in-browser mock", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`/?api=${encodeURIComponent(apiOrigin)}`);
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText("your username and your password");
  await expect(question(page).getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
  // Nothing stored, nothing sent, the app not started behind it.
  expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({});
  expect(await page.evaluate(() => "__moments" in window)).toBe(false);
  await page.keyboard.press("Tab");
  await expect(question(page).getByRole("button", { name: `Use ${apiOrigin}` })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(question(page).getByRole("button", { name: "Cancel" })).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(question(page)).toHaveCount(0);
  await expect(page.getByText("Everything stays in this browser.")).toBeVisible();
  // The app starts on the same page, on the in-browser mock.
  await page.getByRole("button", { name: "Login as Guest" }).click();
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Using the API at" })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("moments-api"))).toBeNull();
  expect(seen).toEqual([]);
  expect(errors).toEqual([]);
});

test("no request reaches the server until the person confirms; then login, signup and welcome name it", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`/?api=${encodeURIComponent(apiOrigin)}`);
  await expect(question(page)).toBeVisible();
  if (process.env.SCREENSHOTS) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/api-question-${width}.png` });
    }
  }
  await page.waitForTimeout(500);
  expect(seen).toEqual([]);

  await question(page)
    .getByRole("button", { name: `Use ${apiOrigin}` })
    .click();
  await expect(question(page)).toHaveCount(0);
  const line = page.getByRole("note").filter({ hasText: `This page uses the API at ${apiOrigin}` });
  await expect(line).toBeVisible();
  await expect(page.getByText("Everything stays in this browser.")).toHaveCount(0);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Login" }).getByRole("note")).toContainText(apiOrigin);
  if (process.env.SCREENSHOTS) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/api-login-${width}.png` });
    }
  }
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Signup", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Signup" }).getByRole("note")).toContainText(apiOrigin);
  await page.keyboard.press("Escape");
  expect(seen.filter((r) => r.body.includes("password"))).toEqual([]);

  await loginAsGuest(page);
  await expect(page.getByText("Only on the other server")).toBeVisible();
  expect(seen.some((r) => r.method === "POST" && r.url === "/api/auth/login" && r.body.includes('"password"'))).toBe(true);
  // Remembered: a reload asks nothing.
  await page.reload();
  await expect(page.getByRole("note").filter({ hasText: `Using the API at ${apiOrigin}` })).toBeVisible();
  await expect(question(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a target an older version saved without asking is asked about again", async ({ page }) => {
  await page.goto("/mockman");
  await page.evaluate((origin) => localStorage.setItem("moments-api", origin), apiOrigin);
  await page.goto("/");
  await expect(question(page)).toBeVisible();
  await question(page).getByRole("button", { name: "Cancel" }).click();
  expect(await page.evaluate(() => localStorage.getItem("moments-api"))).toBeNull();
  expect(seen).toEqual([]);
});
