// Who to follow, live across tabs (app/lib/live-changes.ts readOwnRecord): a follow or unfollow made in
// one tab shows on this tab's Who to follow buttons without a move to another screen, and a follow made
// in Who to follow shows on the other tab's profile page. The rows' follow state once came only with the
// shell's loader, read again by a revalidation that waits for every read of the screen (Who to follow's
// own list among them) and is dropped when asked while another runs: here the list's read is held, as a
// slow mock or a big data set holds it, and the follow must show all the same; once the held read lands,
// the older user record it came with must not take back the newer unfollow (newer wins, versioned-ids.ts).
import { expect, test, type Page } from "./fixtures";
import { expectToast, loginAsGuest } from "./helpers";

type Holding = Window & { __releaseList?: () => void; __heldLists?: number };

const panel = (page: Page) => page.getByRole("region", { name: "Who to follow" });
const lenaIn = (page: Page) => panel(page).getByRole("button", { name: /@lenaokafor(: unfollow)?$/ });

/** Two tabs of one browser, signed in as the guest, both on /home with Who to follow in the right column. */
async function twoTabs(context: import("@playwright/test").BrowserContext) {
  const here = await context.newPage();
  await loginAsGuest(here);
  const there = await context.newPage();
  await there.goto("/home");
  await expect(lenaIn(there)).toHaveAccessibleName("Follow @lenaokafor");
  return { here, there };
}

/**
 * Holds this tab's reads of the people list (GET /api/users, Who to follow's) until `releaseList`; the
 * held answers name Lena "Lena, read late", so the test sees when the revalidation that waited has landed.
 */
async function holdPeopleList(page: Page) {
  await page.evaluate(() => {
    const tab = window as Holding;
    const mock = tab.__moments!.mock;
    const handle = mock.handle.bind(mock);
    const released = new Promise<void>((resolve) => (tab.__releaseList = resolve));
    tab.__heldLists = 0;
    mock.handle = async (request: Request) => {
      if (request.method !== "GET" || new URL(request.url).pathname !== "/api/users") return handle(request);
      tab.__heldLists! += 1;
      await released;
      const answer = await handle(request);
      const body = (await answer.text()).replace('"firstName":"Lena"', '"firstName":"Lena, read late"');
      return new Response(body, { status: answer.status, headers: answer.headers });
    };
  });
}

const heldLists = (page: Page) => page.evaluate(() => (window as Holding).__heldLists ?? 0);
const releaseList = (page: Page) => page.evaluate(() => (window as Holding).__releaseList?.());

test("a follow and an unfollow in another tab show on Who to follow at once, while its list is still read; newer wins", async ({
  context,
}) => {
  const { here, there } = await twoTabs(context);
  await expect(lenaIn(here)).toHaveAccessibleName("Follow @lenaokafor");
  const rows = panel(here).getByRole("listitem");
  const people = await rows.allTextContents();
  await holdPeopleList(here);

  await lenaIn(there).click();
  await expectToast(there, "followed");
  // The announcement made this tab's loaders read again, and that revalidation waits on the held list ...
  await expect.poll(() => heldLists(here), { message: "the revalidation's list read is held" }).toBeGreaterThan(0);
  // ... but the row shows the follow now, without a move to another screen.
  await expect(lenaIn(here)).toHaveAccessibleName("Following @lenaokafor: unfollow");
  await expect(lenaIn(here)).toHaveText("Following");
  // The person stays in the list, showing "Following", as Bluesky and X keep them: no row moves under the pointer.
  await expect(rows).toHaveText(people.map((row) => row.replace(/Follow$/, (follow) => (row.includes("Lena") ? "Following" : follow))));

  // An unfollow there while the revalidation (whose user record was read after the follow) still waits.
  await lenaIn(there).click();
  await expectToast(there, "unfollowed");
  await expect(lenaIn(here)).toHaveAccessibleName("Follow @lenaokafor");

  // The held read lands with the older user record: the newer unfollow stays.
  await releaseList(here);
  await expect(panel(here).getByRole("link", { name: /Lena, read late/ })).toBeVisible();
  await expect(lenaIn(here)).toHaveAccessibleName("Follow @lenaokafor");

  // And a click here, newer than the broadcast, wins over it: both tabs end in its state.
  await lenaIn(here).click();
  await expectToast(here, "followed");
  await expect(lenaIn(here)).toHaveAccessibleName("Following @lenaokafor: unfollow");
  await expect(lenaIn(there)).toHaveAccessibleName("Following @lenaokafor: unfollow");
});

test("a follow from Who to follow shows at once on the other tab's profile page, its count and its own Who to follow", async ({
  context,
}) => {
  const { here, there } = await twoTabs(context);
  await here.goto("/profile/lenaokafor");
  const header = here.getByRole("region", { name: "Lena Okafor" });
  const counts = header.getByRole("list", { name: "Follow counts" });
  await expect(header.getByRole("button", { name: "Follow @lenaokafor" })).toBeVisible();
  await expect(counts).toContainText(/0\s*Followers/);
  await holdPeopleList(here);

  await lenaIn(there).click();
  await expectToast(there, "followed");
  await expect.poll(() => heldLists(here), { message: "the revalidation's list read is held" }).toBeGreaterThan(0);
  await expect(header.getByRole("button", { name: "Following @lenaokafor: unfollow" })).toBeVisible();
  await expect(counts).toContainText(/1\s*Follower\b/);
  await expect(lenaIn(here)).toHaveAccessibleName("Following @lenaokafor: unfollow");

  // Once the screen's reads land, the count is the record's own, not counted twice.
  await releaseList(here);
  await expect(panel(here).getByRole("link", { name: /Lena, read late/ })).toBeVisible();
  await expect(counts).toContainText(/1\s*Follower\b/);
  await expect(header.getByRole("button", { name: "Following @lenaokafor: unfollow" })).toBeVisible();
});

// A change announced while the screen still reads the last one's was dropped (the revalidation ran only
// when idle), so what it changed showed only at the next screen: here a second Bio saved in the other tab
// while this tab's profile still read the first. It is read once the running one lands.
test("a change announced while the screen still reads the last one is read once that lands", async ({ context }) => {
  const { here, there } = await twoTabs(context);
  await here.goto("/profile/guest");
  const header = here.getByRole("region", { name: "Guest Developer" });
  await expect(header).toBeVisible();
  await holdPeopleList(here);
  await there.goto("/profile/guest");
  const saveBio = async (bio: string) => {
    await there.getByRole("button", { name: "Edit profile" }).click();
    const dialog = there.getByRole("dialog", { name: "Edit profile" });
    await dialog.getByLabel("Bio", { exact: true }).fill(bio);
    await dialog.getByRole("button", { name: "Update" }).click();
    await expectToast(there, "updated successfully");
    await expect(dialog).toHaveCount(0);
  };

  await saveBio("First words.");
  // The revalidation it asked for has read the profile (the first Bio) and waits on the held list.
  await expect.poll(() => heldLists(here), { message: "the revalidation's list read is held" }).toBeGreaterThan(0);
  await saveBio("Second words.");
  await releaseList(here);
  await expect(panel(here).getByRole("link", { name: /Lena, read late/ })).toBeVisible();
  await expect(header).toContainText("Second words.");
});

// The same read carries the bookmarks (the user record holds both): a bookmark made in another tab shows on
// this tab's card at once, not once the screen's slowest read lands.
test("a bookmark in another tab shows on this tab's card at once, while the screen's reads are held", async ({ context }) => {
  const { here, there } = await twoTabs(context);
  const firstCard = (page: Page) => page.getByRole("feed").getByRole("article").first();
  const text = (await firstCard(there).locator("p").first().textContent())!.slice(0, 30);
  const card = (page: Page) => page.getByRole("feed").getByRole("article").filter({ hasText: text }).first();
  await expect(card(here).getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "false");
  await holdPeopleList(here);

  await card(there).getByRole("button", { name: "Bookmark" }).click();
  await expect(card(there).getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => heldLists(here), { message: "the revalidation's list read is held" }).toBeGreaterThan(0);
  await expect(card(here).getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");
  await releaseList(here);
  await expect(panel(here).getByRole("link", { name: /Lena, read late/ })).toBeVisible();
  await expect(card(here).getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");
});
