// What one tab saves shows in the other without a reload (the mock workers
// announce saved writes on a BroadcastChannel; app/lib/live-changes.ts): a new
// post waits behind "Show 1 new post" (the feed never jumps), a like changes the
// card in place, a delete takes the card away, a bookmark and a follow show.
import { expect, test } from "./fixtures";
import { expectToast, feed, loginAsGuest, postAction, postWith } from "./helpers";

test("a post, a like, a bookmark, a follow and a delete in one tab show in the other", async ({ context }) => {
  const here = await context.newPage();
  await loginAsGuest(here);
  const there = await context.newPage();
  await there.goto("/home");
  await expect(there.getByRole("heading", { name: "Homepage" })).toBeVisible();

  // A new post: announced behind a button, not pushed into the list.
  const composer = there.getByRole("region", { name: "Create a post" });
  await composer.getByRole("textbox", { name: "What's happening?" }).fill("Written in the other tab");
  await composer.getByRole("button", { name: "Post" }).click();
  await expectToast(there, "Post created successfully");
  const showNew = here.getByRole("button", { name: "Show 1 new post" });
  await expect(showNew).toBeVisible();
  await expect(feed(here).getByText("Written in the other tab")).toHaveCount(0);
  await showNew.click();
  await expect(feed(here).getByRole("article").first()).toContainText("Written in the other tab");
  await expect(showNew).toHaveCount(0);
  // The writer's own tab shows its post at once, and never the button.
  await expect(there.getByRole("button", { name: /new post/ })).toHaveCount(0);

  // A like: the card's count and state change in place.
  const card = postWith(here, "Hiring senior engineers");
  await expect(card.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "false");
  await postWith(there, "Hiring senior engineers").getByRole("button", { name: "Like" }).click();
  await expect(card.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByText("1,501")).toBeVisible();

  // A bookmark: the shell reads the user's bookmarks again.
  await postWith(there, "Hiring senior engineers").getByRole("button", { name: "Bookmark" }).click();
  await expect(card.getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");

  // A follow from 'Who to follow': the panel there shows it here too.
  const panel = (page: typeof here) => page.getByRole("region", { name: "Who to follow" });
  await expect(panel(here).getByRole("button", { name: "Follow @lenaokafor" })).toBeVisible();
  await panel(there).getByRole("button", { name: "Follow @lenaokafor" }).click();
  await expect(panel(here).getByRole("button", { name: "Following @lenaokafor" })).toBeVisible();

  // A delete: the card leaves this tab's feed.
  const mine = postWith(there, "Written in the other tab");
  await postAction(mine, "Delete post");
  await there.getByRole("alertdialog", { name: "Delete post?" }).getByRole("button", { name: "Delete" }).click();
  await expect(feed(here).getByText("Written in the other tab")).toHaveCount(0);

  // A new post deleted before anyone asked to see it: the button goes with it.
  await composer.getByRole("textbox", { name: "What's happening?" }).fill("Gone before it was shown");
  await composer.getByRole("button", { name: "Post" }).click();
  await expect(here.getByRole("button", { name: "Show 1 new post" })).toBeVisible();
  await postAction(postWith(there, "Gone before it was shown"), "Delete post");
  await there.getByRole("alertdialog", { name: "Delete post?" }).getByRole("button", { name: "Delete" }).click();
  await expect(here.getByRole("button", { name: /new post/ })).toHaveCount(0);
});

// The mock stamps a post in local time with its offset, whole seconds; the tab that did not
// write once compared that text with an ISO instant, and west of UTC every post read as older
// than the tab: no "Show 1 new post", ever (app/lib/live-changes.ts createdSince).
test.describe("west of UTC", () => {
  test.use({ timezoneId: "America/New_York" });

  test("a post written in one tab is announced in the other", async ({ context }) => {
    const here = await context.newPage();
    await loginAsGuest(here);
    const there = await context.newPage();
    await there.goto("/home");
    const composer = there.getByRole("region", { name: "Create a post" });
    await composer.getByRole("textbox", { name: "What's happening?" }).fill("Written in New York");
    await composer.getByRole("button", { name: "Post" }).click();
    await expectToast(there, "Post created successfully");
    await here.getByRole("button", { name: "Show 1 new post" }).click();
    await expect(feed(here).getByRole("article").first()).toContainText("Written in New York");
  });
});
