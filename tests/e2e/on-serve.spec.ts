// The app on a running `mockman serve`: `/?api=URL` sends every /api call to
// that server over HTTP (CORS, tokens), so data made with the CLI shows at
// once; the choice is remembered, shown in the shell, and can be undone.
import { expect, test } from "./fixtures";
import { type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mockman, startServe, stopServe } from "./cli-helpers";
import { feed, loginAsGuest, postWith, watchErrors } from "./screen-helpers";

let dir: string;
let server: ChildProcess;
let apiUrl: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "moments-on-serve-"));
  const db = join(dir, "db.json");
  await mockman("seed", "--db", db, "--users", "5", "--posts", "30", "--seed", "3");
  await mockman(
    "request",
    "POST",
    "/api/posts",
    "--db",
    db,
    "--as",
    "guest",
    "-d",
    JSON.stringify({ postData: { content: "Written in a terminal" } }),
  );
  ({ url: apiUrl, child: server } = await startServe(["--db", db]));
});

test.afterAll(async () => {
  await stopServe(server);
  rmSync(dir, { recursive: true, force: true });
});

test("?api= points the app at mockman serve: CLI data shows, a like lands on the server, and the way back works", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`/?api=${encodeURIComponent(apiUrl)}`);
  await expect(page).toHaveURL(/\/$/); // the parameter is taken, then dropped from the address bar
  await loginAsGuest(page);
  const notice = page.getByRole("note").filter({ hasText: "Using the API at" });
  await expect(notice).toContainText(apiUrl);
  const post = postWith(page, "Written in a terminal");
  await expect(post).toBeVisible();
  // The tab's own mock never loaded.
  expect(await page.evaluate(() => "__moments" in window)).toBe(false);

  await post.getByRole("button", { name: "Like" }).click();
  await expect(post.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(async () => {
      const { posts } = await (await fetch(`${apiUrl}/api/posts`)).json();
      const mine = posts.find((p: { content: string }) => p.content === "Written in a terminal");
      return mine.likes.likedBy.map((u: { username: string }) => u.username);
    })
    .toEqual(["guest"]);

  // Remembered across a reload.
  await page.reload();
  await expect(postWith(page, "Written in a terminal")).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Using the API at" })).toBeVisible();

  await page.getByRole("button", { name: "Use the in-browser mock" }).click();
  await expect(page.getByRole("button", { name: "Login as Guest" })).toBeVisible();
  await loginAsGuest(page);
  await expect(feed(page).getByRole("article").first()).toBeVisible();
  await expect(feed(page).getByText("Written in a terminal")).toHaveCount(0);
  await expect(page.getByRole("note").filter({ hasText: "Using the API at" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("?api= with something that is not an http(s) URL changes nothing", async ({ page }) => {
  await page.goto("/?api=javascript:alert(1)");
  await loginAsGuest(page);
  await expect(page.getByRole("note").filter({ hasText: "Using the API at" })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("moments-api"))).toBeNull();
});
