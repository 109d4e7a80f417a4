// A phone's Back with the comment sheet open closes the sheet and stays on the page, as on X
// and Instagram (it used to leave the page, and what was typed with it). Back then goes back
// as before; the sheet's own ways of closing (Close, Escape) leave the history as it was, and
// focus goes back to the post's Comment button either way. 'Open post' inside the sheet still
// goes to the post. On the tab's first page too, where a Back would otherwise leave the app; and
// there a link inside the sheet opens its page in the sheet's place: Back from it shows the first
// page, and the next Back leaves, with no dead Back between (the sheet's entry used to stay behind).
import { expect, test, type Page } from "./fixtures";
import { setMockFaults } from "./helpers";
import { loginAsGuest, postWith, shoot, watchErrors } from "./screen-helpers";

test.use({ viewport: { width: 375, height: 812 }, reducedMotion: "reduce" });

const POST = "Hiring senior";

async function openSheet(page: Page) {
  const comment = postWith(page, POST).getByRole("button", { name: "Comment" });
  await comment.click();
  const sheet = page.getByRole("dialog", { name: "Add comment" });
  await expect(sheet).toBeVisible();
  return { comment, sheet, box: sheet.getByPlaceholder("Write a comment...") };
}

test("Back closes the comment sheet first, then goes back", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await page.getByRole("link", { name: "Explore" }).last().click();
  await expect(page).toHaveURL(/\/explore$/);
  const { comment, sheet, box } = await openSheet(page);
  await box.fill("Half a thought");
  await shoot(page, "comment-sheet");

  await page.goBack();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/\/explore$/);
  await expect(postWith(page, POST)).toBeVisible();
  await expect(comment).toBeFocused();

  // The next Back is the page's own: Home, where Explore was opened from.
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: "Homepage" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("closing the sheet with Close or Escape leaves the history as it was; Open post still opens the post", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await page.getByRole("link", { name: "Explore" }).last().click();
  await expect(page).toHaveURL(/\/explore$/);

  let { comment, sheet } = await openSheet(page);
  await sheet.getByRole("button", { name: "Close" }).click();
  await expect(sheet).toHaveCount(0);
  await expect(comment).toBeFocused();
  ({ comment, sheet } = await openSheet(page));
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await expect(comment).toBeFocused();
  // One Back from Explore: Home.
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);

  await page.goForward();
  await expect(page).toHaveURL(/\/explore$/);
  ({ sheet } = await openSheet(page));
  await sheet.getByRole("link", { name: "Open post" }).click();
  await expect(page).toHaveURL(/\/post\//);
  await expect(sheet).toHaveCount(0);
  // Back from the post: Explore, once.
  await page.goBack();
  await expect(page).toHaveURL(/\/explore$/);
  expect(errors).toEqual([]);
});

test("on the tab's first page, Back closes the sheet instead of leaving the app; then Back leaves", async ({ page }) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  // The tab came from elsewhere: Home is the app's first page in it, and a Back from there leaves the app.
  await page.goto("data:text/html,<title>Elsewhere</title><p>Elsewhere</p>");
  await page.goto("/home");
  await expect(postWith(page, POST)).toBeVisible();
  const opened = await openSheet(page);
  let { comment, sheet } = opened;
  await opened.box.fill("Half a thought");

  await page.goBack();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/\/home$/);
  await expect(postWith(page, POST)).toBeVisible();
  await expect(comment).toBeFocused();
  // The page is as it was: the sheet opens and closes again, and Close takes its entry back out.
  ({ comment, sheet } = await openSheet(page));
  await sheet.getByRole("button", { name: "Close" }).click();
  await expect(sheet).toHaveCount(0);
  await expect(comment).toBeFocused();
  await expect(page).toHaveURL(/\/home$/);
  expect(errors).toEqual([]);

  // One Back leaves the app, as it would have without the sheet.
  await page.goBack();
  await expect(page).toHaveURL(/^data:text\/html/);
});

test("on the tab's first page, a link inside the sheet takes the sheet's place: Back shows the page, the next Back leaves", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await page.goto("data:text/html,<title>Elsewhere</title><p>Elsewhere</p>");
  await page.goto("/home");
  await expect(postWith(page, POST)).toBeVisible();
  let { sheet } = await openSheet(page);
  await sheet.getByRole("link", { name: "Open post" }).click();
  await expect(page).toHaveURL(/\/post\//);
  await expect(sheet).toHaveCount(0);

  // The router still counts its entries right: Back with the post's own sheet open (held by the
  // router's blocker, which puts the entry back by the count) closes the sheet and stays on the post.
  const onPost = page.getByRole("article").filter({ hasText: POST }).first();
  await onPost.getByRole("button", { name: "Comment" }).click();
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/\/post\//);
  await expect(onPost).toBeVisible();

  // Back from the post: Home, with no sheet; Forward and Back again agree.
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(postWith(page, POST)).toBeVisible();
  await expect(sheet).toHaveCount(0);
  await page.goForward();
  await expect(page).toHaveURL(/\/post\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(postWith(page, POST)).toBeVisible();
  // The next Back leaves the app: no second Home between.
  await page.goBack();
  await expect(page).toHaveURL(/^data:text\/html/);

  // A mention in a comment does the same as Open post.
  await page.goto("/home");
  await expect(postWith(page, POST)).toBeVisible();
  const again = await openSheet(page);
  sheet = again.sheet;
  await again.box.fill("Ask @marcoreyes about docs");
  await sheet.getByRole("button", { name: "Reply" }).click();
  await sheet.getByRole("link", { name: "@marcoreyes" }).click();
  await expect(page).toHaveURL(/\/profile\/marcoreyes$/);
  await expect(sheet).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(postWith(page, POST)).toBeVisible();
  await expect(sheet).toHaveCount(0);
  expect(errors).toEqual([]);
  await page.goBack();
  await expect(page).toHaveURL(/^data:text\/html/);
});

// A link inside the sheet starts the next screen's loaders, and the screen under the sheet gives way to
// its skeleton at once: the sheet closes before the new page has loaded, and takes its entry back out
// (a Back of its own) while the router still waits. With the mock slowed, the post page then lands where
// the sheet's entry was: Back shows the first page, the next Back leaves, Escape meanwhile changes nothing.
test("on the tab's first page, a link inside the sheet to a slow page: the page comes, Back shows the first page, the next Back leaves", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await loginAsGuest(page);
  await page.goto("data:text/html,<title>Elsewhere</title><p>Elsewhere</p>");
  await page.goto("/home");
  await expect(postWith(page, POST)).toBeVisible();
  const { sheet } = await openSheet(page);
  await setMockFaults(page, { delay: 1500 });
  await sheet.getByRole("link", { name: "Open post" }).click();
  // Still loading: the sheet has gone with the screen under it, and Escape finds nothing to close.
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/\/home$/);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/post\//);
  await expect(page.getByRole("article").filter({ hasText: POST }).first()).toBeVisible();
  await setMockFaults(page, null);

  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(postWith(page, POST)).toBeVisible();
  await expect(sheet).toHaveCount(0);
  await page.goForward();
  await expect(page).toHaveURL(/\/post\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  expect(errors).toEqual([]);
  await page.goBack();
  await expect(page).toHaveURL(/^data:text\/html/);
});

// The sheet's Back is the browser's to make, and a busy browser may make it late: here it waits until
// the router has finished loading the post (an init script holds history.back() until then). The router's
// entry for the post used to go in past the sheet's, and the late Back then left the post on screen under
// the first page's URL (a reload showed Home, and Back seemed to do nothing). The router's entry now waits
// for that Back, and goes in where the sheet's entry was.
test("on the tab's first page, a link inside the sheet while the sheet's own Back is late: the URL is the post's, Back shows the first page", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    const w = window as unknown as {
      __lateBack?: boolean;
      __lateBackDone?: boolean;
      __remixRouter?: { state: { navigation: { state: string } } };
    };
    const back = history.back.bind(history);
    history.back = () => {
      if (!w.__lateBack) return back();
      const when = () => {
        if (w.__remixRouter?.state.navigation.state !== "idle") return requestAnimationFrame(when);
        w.__lateBack = false;
        back();
        w.__lateBackDone = true;
      };
      requestAnimationFrame(when);
    };
  });
  await loginAsGuest(page);
  await page.goto("data:text/html,<title>Elsewhere</title><p>Elsewhere</p>");
  await page.goto("/home");
  await expect(postWith(page, POST)).toBeVisible();
  const { sheet } = await openSheet(page);
  // Slow enough that the skeleton (and the sheet's Back) comes first.
  await setMockFaults(page, { delay: 300 });
  await page.evaluate(() => ((window as unknown as { __lateBack: boolean }).__lateBack = true));
  await sheet.getByRole("link", { name: "Open post" }).click();
  await expect(sheet).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __lateBackDone?: boolean }).__lateBackDone === true)).toBe(true);
  await expect(page.getByRole("article").filter({ hasText: POST }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/post\//);
  await setMockFaults(page, null);

  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(postWith(page, POST)).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/post\//);
  await expect(page.getByRole("article").filter({ hasText: POST }).first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  expect(errors).toEqual([]);
  await page.goBack();
  await expect(page).toHaveURL(/^data:text\/html/);
});
