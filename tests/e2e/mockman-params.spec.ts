// The query parameters table: paging suggested from the OpenAPI description, and
// "Next page" from an answer's `next`; Submit brings the answer into view. The table
// in step with the endpoint both ways is tests/components/query-params.test.tsx's (issue 49).
import { expect, test } from "./fixtures";
import { answerScrolledIn, mockmanUi, openMockman, section, sendAndAwaitAnswer } from "./mockman-helpers";

test("a paged route suggests limit and cursor; Next page follows the answer's next to the last page", async ({ page }) => {
  await openMockman(page);
  const ui = mockmanUi(page);
  const params = page.getByRole("region", { name: "Query parameters" });
  await section(page, /^Params/);
  await ui.endpoint.fill("/api/posts");
  await expect(params.getByRole("button", { name: "Add limit" })).toBeVisible();
  await expect(params.getByRole("button", { name: "Add cursor" })).toBeVisible();
  // Not a paged route: nothing suggested.
  await ui.endpoint.fill("/api/test-todos");
  await expect(params.getByRole("button", { name: "Add limit" })).toBeHidden();

  await ui.endpoint.fill("/api/posts");
  await params.getByRole("button", { name: "Add limit" }).click();
  await expect(ui.endpoint).toHaveValue("/api/posts?limit=20");
  await params.getByLabel("Parameter 1 value").fill("4");
  // Awaited until the history has it (just after the answer shows), so Next page's count below starts from it.
  await sendAndAwaitAnswer(page, () => ui.submit.click());
  await expect(ui.status).toContainText("200 OK");
  await expect(ui.response).toContainText("total");

  // Six seeded posts: a page of 4, then a last page of 2.
  const next = page.getByRole("button", { name: "Next page" });
  // The first page's "200 OK" stays on screen while the next is fetched: wait for this Send's own answer.
  await sendAndAwaitAnswer(page, () => next.click());
  await expect(ui.endpoint).toHaveValue(/^\/api\/posts\?limit=4&cursor=[\w-]+$/);
  await expect(params.getByLabel("Parameter 2 name")).toHaveValue("cursor");
  await expect(ui.status).toContainText("200 OK");
  await expect(page.getByRole("heading", { name: "History (2)" })).toBeVisible();
  await expect(next).toBeHidden();
});

test("Submit scrolls the answer, below the request, into view at 375 and at 1280 px", async ({ page }) => {
  // A short phone screen: the answer starts below the fold (on a taller one its top is already in view).
  await page.setViewportSize({ width: 375, height: 600 });
  await openMockman(page);
  const ui = mockmanUi(page);
  await expect(ui.response).not.toBeInViewport();
  await ui.submit.click();
  await expect(ui.status).toContainText("200 OK");
  await expect(page.getByRole("heading", { name: "Response" })).toBeInViewport();
  // The scroll is smooth: it must end before the next part, or it goes on after scrollTo(0, 0).
  await answerScrolledIn(page);

  // At 1280 px too the answer sits below the request (Postman's and Hoppscotch's layout): Submit brings it into view.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await ui.submit.click();
  await expect(page.getByRole("heading", { name: "History (2)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Response" })).toBeInViewport();
  await answerScrolledIn(page);
});
