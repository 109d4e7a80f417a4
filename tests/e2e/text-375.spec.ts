// Long unbroken text and long links at 375 px (issue 33, links and text): a post
// of 210 characters without a space, a 200-character link in a post and as a
// profile link, and a 250-character bio without a space are wrapped or clipped
// inside the screen: no text runs past the viewport's right edge and the page
// never scrolls sideways, on the feed and on the profile.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { loginAsGuest, postWith, keepShot } from "./helpers";
import { apiCall } from "./microblog-helpers";

test.use({ viewport: { width: 375, height: 812 } });

const WORD = "Unbroken" + "W".repeat(202);
const LINK = `https://example.com/${"a-very-long-path-segment-".repeat(7)}end`.slice(0, 200);
const BIO = "Bio" + "M".repeat(247);

/** How far past the viewport's right edge the text holding `needle` (each of its lines) and the page reach, in px (0: none). */
async function overflow(page: Page, needle: string) {
  return page.evaluate((needle) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let found = 0;
    let past = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(needle.slice(0, 30))) continue;
      found++;
      const range = document.createRange();
      range.selectNodeContents(node);
      // Text clipped by an ancestor (overflow hidden, ellipsis) is not seen: measure what is visible.
      let clip = window.innerWidth;
      for (let el = node.parentElement; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.overflowX !== "visible") clip = Math.min(clip, el.getBoundingClientRect().right);
      }
      for (const rect of range.getClientRects()) past = Math.max(past, Math.min(rect.right, clip) - window.innerWidth);
    }
    return { found, past, page: document.documentElement.scrollWidth - window.innerWidth };
  }, needle);
}

// Not yet run: written at the session's deadline while the shared browser lock was busy. Run it once
// (`npx playwright test -c tests/e2e text-375.spec.ts`) and drop the fixme when it is green.
test("long unbroken text and long links stay inside a 375 px screen, on the feed and the profile", async ({ page }) => {
  await loginAsGuest(page);
  const login = await apiCall(page, "POST", "/auth/login", { body: { username: "guest", password: "guest1234" } });
  const token = login.body.encodedToken as string;
  for (const content of [WORD, `See ${LINK}`]) {
    expect((await apiCall(page, "POST", "/posts", { token, body: { postData: { content } } })).status).toBe(201);
  }
  expect((await apiCall(page, "POST", "/users/edit", { token, body: { userData: { bio: BIO, link: LINK } } })).status).toBe(201);

  await page.goto("/explore");
  await expect(postWith(page, WORD.slice(0, 20))).toBeVisible();
  await expect(postWith(page, "See https://example.com")).toBeVisible();
  for (const needle of [WORD, LINK]) {
    const seen = await overflow(page, needle);
    expect(seen.found, needle.slice(0, 20)).toBeGreaterThan(0);
    expect(seen.past, `${needle.slice(0, 20)} runs past the right edge`).toBeLessThanOrEqual(0.5);
    expect(seen.page, "the page scrolls sideways").toBeLessThanOrEqual(0);
  }

  await page.goto("/profile/guest");
  await expect(page.getByText(BIO.slice(0, 20))).toBeVisible();
  for (const needle of [BIO, LINK.replace(/^https:\/\//, "").slice(0, 40)]) {
    const seen = await overflow(page, needle);
    expect(seen.found, needle.slice(0, 20)).toBeGreaterThan(0);
    expect(seen.past, `${needle.slice(0, 20)} runs past the right edge`).toBeLessThanOrEqual(0.5);
    expect(seen.page, "the page scrolls sideways").toBeLessThanOrEqual(0);
  }
  await keepShot(page, "profile-375.png");
});
