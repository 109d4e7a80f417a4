import { expect, test } from "./fixtures";

test("the build boots the in-browser mock and keeps data across a reload", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/");
  await page.waitForFunction(() => window.__moments);
  const call = (method: string, path: string, body?: unknown, token?: string) =>
    page.evaluate(
      async ([method, path, body, token]) => {
        const res = await fetch(path as string, {
          method: method as string,
          headers: token ? { authorization: token as string } : {},
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      },
      [method, path, body, token] as const,
    );
  const login = await call("POST", "/api/auth/login", { username: "guest", password: "guest1234" });
  expect(login.status).toBe(200);
  const created = await call("POST", "/api/posts", { postData: { content: "survives a reload" } }, login.body.encodedToken);
  expect(created.status).toBe(201);

  await page.reload();
  await page.waitForFunction(() => window.__moments);
  const after = await call("GET", "/api/posts");
  expect(after.body.posts.map((p: { content: string }) => p.content)).toContain("survives a reload");
  expect(errors).toEqual([]);
});
