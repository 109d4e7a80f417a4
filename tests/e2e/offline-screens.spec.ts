// Moments needs no network once it has loaded: the API is the mock in the tab's worker. But each
// screen's code is a module of its own, fetched the first time the screen is opened, and Remix answers
// a module it cannot fetch by reloading the page: with the network gone (a train, a tunnel), a tap on
// Explore put the browser's own "No internet" page in place of the app, and what was on screen went
// with it. Found going offline by hand at 375 and 1280 px. Once the signed-in shell is idle, every
// screen's modules (not /mockman's) are now fetched ahead, so every screen opens offline.
import { expect, test, type Page } from "./fixtures";
import { feed, loginAsGuest, postWith, watchErrors } from "./screen-helpers";

/** The module files of every route but /mockman, from the manifest the page runs with. */
const screenFiles = (page: Page) =>
  page.evaluate(() => {
    const manifest = (
      window as unknown as { __remixManifest: { routes: Record<string, { id: string; module: string; imports?: string[] }> } }
    ).__remixManifest;
    return [...new Set(Object.values(manifest.routes).flatMap((r) => (r.id === "routes/mockman" ? [] : [r.module, ...(r.imports ?? [])])))];
  });

/** The files the page has fetched so far (absolute paths). */
const fetched = (page: Page) => page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));

for (const width of [1280, 375]) {
  test(`at ${width} px, gone offline after the shell has settled, every screen still opens, without a reload`, async ({
    page,
    context,
  }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height: 812 });
    await loginAsGuest(page);
    const files = await screenFiles(page);
    // A state, not a wait: every screen's file has arrived.
    await expect
      .poll(
        async () => {
          const got = new Set(await fetched(page));
          return files.filter((f) => !got.has(f));
        },
        { message: "every screen's files fetched" },
      )
      .toEqual([]);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await context.setOffline(true);

    const nav = (name: string) => page.getByRole("link", { name, exact: true }).last();
    for (const [link, heading] of [
      ["Explore", "Explore"],
      ["Notifications", "Notifications"],
      ["Bookmarks", "Bookmark"],
      ["Settings", "Settings"],
      ["Home", "Homepage"],
    ] as const) {
      await nav(link).click();
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    await nav("Profile").click();
    await expect(page).toHaveURL(/\/profile\/guest$/);
    await expect(page.getByRole("heading", { name: "Guest Developer" })).toBeVisible();
    await nav("Home").click();
    await expect(postWith(page, "Hiring senior")).toBeVisible();
    // A post's page (its time link), a tag and a path that is no page.
    await postWith(page, "Hiring senior").locator(".post-card__permalink").click();
    await expect(page).toHaveURL(/\/post\//);
    await page.goBack();
    await expect(feed(page)).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState({}, "", "/tags/nothing-here");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page.getByRole("heading", { name: "#nothing-here" })).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState({}, "", "/no/such/page");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page.getByText("Error 404: PageNotFound")).toBeVisible();
    // All of it in the one page the test began with: nothing reloaded.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await context.setOffline(false);
    // Chromium's console names each file it could not fetch offline (the photos): nothing else went wrong.
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });
}
