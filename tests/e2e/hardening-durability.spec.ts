// Browser durability (issue 7): after each mutation, reload the page at once;
// the change is on screen and in IndexedDB. The mock commits before it answers,
// so the toast (the answer) is the point after which nothing may be lost.
import { expect, test, type Page, scaled } from "./fixtures";
import { feed, loginAsGuest, PNG_1x1, postAction, postWith, expectToast } from "./helpers";
import { readIndexedDb } from "./hardening/api";

const POST = "Durable post, written before a reload";

interface Step {
  name: string;
  run: (page: Page) => Promise<void>;
  /** What must hold on screen after the reload. */
  check: (page: Page) => Promise<void>;
  /** Whether the UI toasts the server's answer (then the reload comes right after the toast). */
  toasts?: boolean;
  /** What must hold in the raw IndexedDB rows. */
  stored: (db: Awaited<ReturnType<typeof readIndexedDb>>) => void;
}

const guestOf = (db: Awaited<ReturnType<typeof readIndexedDb>>) => db.users.find((u) => u.username === "guest");
const postOf = (db: Awaited<ReturnType<typeof readIndexedDb>>, content = POST) => db.posts.find((p) => p.content === content);
const mine = (page: Page) => postWith(page, POST);

const STEPS: Step[] = [
  {
    name: "post with an image",
    toasts: true,
    run: async (page) => {
      const composer = page.getByRole("region", { name: "Create a post" });
      await composer.getByRole("textbox", { name: "What's happening?" }).fill(POST);
      await composer.getByLabel("Add an image").setInputFiles({
        name: "dot.png",
        mimeType: "image/png",
        buffer: PNG_1x1,
      });
      await composer.getByRole("button", { name: "Post" }).click();
      await expectToast(page, "Post created successfully");
    },
    check: async (page) => {
      await expect(mine(page)).toBeVisible();
      await expect(mine(page).getByRole("img", { name: /Picture posted by/ })).toHaveAttribute("src", /^data:image\/png/);
    },
    stored: (db) => expect(postOf(db)?.postPic).toMatch(/^data:image\/png/),
  },
  {
    name: "like",
    run: async (page) => {
      await mine(page).getByRole("button", { name: "Like" }).click();
      await expect(mine(page).getByText("1 like", { exact: true })).toBeAttached();
    },
    check: async (page) => await expect(mine(page).getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "true"),
    stored: (db) => expect(postOf(db)?.likes.likeCount).toBe(1),
  },
  {
    name: "comment",
    toasts: true,
    run: async (page) => {
      await mine(page).getByRole("button", { name: "Comment" }).click();
      const dialog = page.getByRole("dialog", { name: "Add comment" });
      await dialog.getByRole("textbox", { name: "Your comment" }).fill("A durable comment");
      await dialog.getByRole("button", { name: "Reply" }).click();
      await expectToast(page, "comment added successfully!");
    },
    check: async (page) => await expect(mine(page).getByText("1 comment", { exact: true })).toBeAttached(),
    stored: (db) =>
      expect(db.comments.filter((c) => c.postId === postOf(db)?._id).map((c: { commentVal: string }) => c.commentVal)).toEqual([
        "A durable comment",
      ]),
  },
  {
    name: "bookmark",
    toasts: true,
    run: async (page) => {
      await mine(page).getByRole("button", { name: "Bookmark" }).click();
      await expectToast(page, "Added to Bookmarks !");
    },
    check: async (page) => await expect(mine(page).getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true"),
    stored: (db) => expect(guestOf(db).bookmarks).toContain(postOf(db)._id),
  },
  {
    name: "unlike",
    run: async (page) => {
      await mine(page).getByRole("button", { name: "Like" }).click();
      await expect(mine(page).getByText("0 likes", { exact: true })).toBeAttached();
    },
    check: async (page) => await expect(mine(page).getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "false"),
    stored: (db) => expect(postOf(db)?.likes.likeCount).toBe(0),
  },
  {
    name: "follow",
    toasts: true,
    run: async (page) => {
      await page.getByRole("region", { name: "Who to follow" }).getByRole("button", { name: "Follow @adasterling" }).click();
      await expectToast(page, "followed");
    },
    check: async (page) => {
      await page.goto("/profile/adasterling");
      // The profile's own button (the right column's Who to follow shows Ada too at 1280 px).
      await expect(page.getByRole("main").getByRole("button", { name: "Following @adasterling" })).toBeVisible();
      await page.goto("/home");
    },
    stored: (db) => {
      // Follows are stored as user ids; answers join the names in.
      const ada = db.users.find((u) => u.username === "adasterling");
      expect(guestOf(db).following).toContain(ada._id);
      expect(ada.followers).toContain(guestOf(db)._id);
    },
  },
  {
    name: "profile edit",
    toasts: true,
    run: async (page) => {
      await page.goto("/profile/guest");
      await page.getByRole("button", { name: "Edit profile" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit profile" });
      await dialog.getByLabel("Bio", { exact: true }).fill("A bio that survives reloads");
      await dialog.getByLabel("Bio Link", { exact: true }).fill("https://example.com/durable");
      await dialog.getByRole("button", { name: "Update" }).click();
      await expectToast(page, "updated successfully");
    },
    check: async (page) => {
      await page.goto("/profile/guest");
      await expect(page.locator(".profile__bio")).toHaveText("A bio that survives reloads");
      await page.goto("/home");
    },
    stored: (db) =>
      expect(guestOf(db)).toMatchObject({
        bio: "A bio that survives reloads",
        link: "https://example.com/durable",
      }),
  },
  {
    name: "unbookmark",
    toasts: true,
    run: async (page) => {
      await mine(page).getByRole("button", { name: "Bookmark" }).click();
      await expectToast(page, "Removed from Bookmarks !");
    },
    check: async (page) => await expect(mine(page).getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "false"),
    stored: (db) => expect(guestOf(db).bookmarks).not.toContain(postOf(db)._id),
  },
  {
    name: "delete post",
    run: async (page) => {
      await postAction(mine(page), "Delete post");
      await page.getByRole("alertdialog", { name: "Delete post?" }).getByRole("button", { name: "Delete" }).click();
      await expect(mine(page)).toHaveCount(0);
    },
    check: async (page) => {
      await expect(feed(page).getByRole("article").first()).toBeVisible();
      await expect(mine(page)).toHaveCount(0);
    },
    stored: (db) => expect(postOf(db)).toBeUndefined(),
  },
];

test("each mutation survives an immediate reload: post, like, comment, bookmark, unlike, follow, profile edit, unbookmark, delete", async ({
  page,
}) => {
  test.setTimeout(scaled(120_000));
  await loginAsGuest(page);
  let reloads = 0;
  for (const step of STEPS) {
    await test.step(step.name, async () => {
      await step.run(page);
      // Likes and deletes show before the answer and toast nothing: wait for the answer's write.
      if (!step.toasts)
        await expect
          .poll(async () => {
            try {
              step.stored(await readIndexedDb(page));
              return true;
            } catch {
              return false;
            }
          })
          .toBe(true);
      await page.reload();
      reloads++;
      await expect(feed(page).getByRole("article").first()).toBeVisible();
      await step.check(page);
      step.stored(await readIndexedDb(page));
    });
  }
  const line = `durability: ${STEPS.length} mutation kinds, ${reloads} reloads, 0 lost`;
  console.log(line);
  test.info().annotations.push({ type: "figure", description: line });
});
