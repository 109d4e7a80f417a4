// Shared steps for the microblog specs (links, post page, search, notifications, safer actions).
import { expect, type Page } from "@playwright/test";
import { postWith, expectToast } from "./helpers";

/** Writes a post from the Home composer and waits for its card. */
export async function createPost(page: Page, content: string) {
  const composer = page.getByRole("region", { name: "Create a post" });
  await composer.getByRole("textbox", { name: "What's happening?" }).fill(content);
  await composer.getByRole("button", { name: "Post" }).click();
  // Attached, not visible: the toast lives 3 s, and on a loaded machine the first look can come
  // while it is already leaving (seen in CI: found twice, both times mid-exit).
  await expectToast(page, "Post created successfully");
  await expect(postWith(page, content.slice(0, 20))).toBeVisible();
}

/** Calls the mock's API from the page, as the app would (same origin, the page's session). */
export async function apiCall(page: Page, method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  return page.evaluate(
    async ({ method, path, token, body }) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (token) headers.authorization = token;
      const r = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: r.status, body: (await r.json()) as Record<string, any> };
    },
    { method, path, token: options.token, body: options.body },
  );
}
