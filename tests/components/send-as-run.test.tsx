// A saved Postman request sent on its own from /mockman goes out as its collection's Run sends it (issues 43
// and 45): its path variables filled from `url.variable` (Postman's Params tab, "Path Variables"), and the auth
// it inherits from its folder or collection applied, with no script anywhere in the collection; saving it over
// keeps its path variables' values. The tester
// without its top bar (harness renderTester), the collection imported through the Collections panel's file
// field, the page's mock answering /api in this frame.
import { expect, test } from "vitest";
import { page } from "@vitest/browser/context";
import { GUEST, POST_IDS } from "#mock/data/seed";
import { CollectionStore } from "#app/mockman/lib/saved-store";
import { importCollection, renderTester, workspaceUi } from "./harness";

type Screen = Awaited<ReturnType<typeof renderTester>>;

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

/**
 * A collection as Postman writes one: a path variable in one request, a request's own bearer token, one its
 * folder's requests inherit, an API key (an auth the helper has no fields for), and a folder that says No Auth.
 * The collection's own bearer token is one the mock refuses (401, "The token is invalid"): a request that went
 * out with it instead of its folder's or its own auth would say so.
 */
const collection = (origin: string, token: string) => ({
  info: { name: "Path and auth", schema: SCHEMA },
  auth: { type: "bearer", bearer: [{ key: "token", value: "{{refusedToken}}", type: "string" }] },
  variable: [
    { key: "baseUrl", value: origin },
    { key: "token", value: token },
    { key: "refusedToken", value: "not.a.token" },
  ],
  item: [
    {
      name: "Post by id",
      request: {
        method: "GET",
        url: {
          raw: "{{baseUrl}}/api/posts/:postId",
          host: ["{{baseUrl}}"],
          path: ["api", "posts", ":postId"],
          variable: [{ key: "postId", value: POST_IDS[0] }],
        },
      },
    },
    {
      name: "Own token",
      request: {
        method: "GET",
        url: "{{baseUrl}}/api/users/bookmark",
        auth: { type: "bearer", bearer: [{ key: "token", value: "{{token}}", type: "string" }] },
      },
    },
    {
      name: "Signed in",
      auth: { type: "bearer", bearer: [{ key: "token", value: "{{token}}", type: "string" }] },
      item: [{ name: "Bookmarks", request: { method: "GET", url: "{{baseUrl}}/api/users/bookmark" } }],
    },
    {
      name: "API key",
      request: {
        method: "GET",
        url: "{{baseUrl}}/api/users/bookmark",
        auth: {
          type: "apikey",
          apikey: [
            { key: "key", value: "Authorization" },
            { key: "value", value: "{{token}}" },
            { key: "in", value: "header" },
          ],
        },
      },
    },
    {
      name: "Public",
      auth: { type: "noauth" },
      item: [{ name: "Bookmarks unsigned", request: { method: "GET", url: "{{baseUrl}}/api/users/bookmark" } }],
    },
  ],
});

const savedButton = (screen: Screen, what: string) =>
  screen.getByRole("region", { name: "Collections" }).getByRole("button", { name: what, exact: true });

test(
  "a saved request's path variables, its own auth and the auth it inherits go out as its Run sends them",
  { timeout: 120_000 },
  async () => {
    await page.viewport(1280, 800);
    const screen = await renderTester();
    const ui = workspaceUi(screen);
    await expect.element(ui.submit).toBeEnabled();
    const login = await fetch("/api/auth/login", { method: "POST", body: JSON.stringify(GUEST) });
    const { encodedToken } = (await login.json()) as { encodedToken: string };
    const json = collection(window.location.origin, encodedToken);
    await importCollection(screen, JSON.stringify(json), json.info.name, "path-and-auth.postman_collection.json");

    await savedButton(screen, "GET Post by id").click();
    await ui.submit.click();
    await expect.element(ui.status).toHaveTextContent("200 OK");
    await expect.element(ui.response).toHaveTextContent(POST_IDS[0]);

    // Saved over with a query added, the request keeps its path variable's value (Postman's Params tab keeps it too).
    await ui.endpoint.fill("{{baseUrl}}/api/posts/:postId?full=1");
    await ui.save.click();
    await expect.element(screen.getByRole("status").filter({ hasText: "Saved Post by id." })).toBeVisible();
    const [stored] = await new CollectionStore().all();
    expect(stored.postman.item![0].request).toMatchObject({
      url: { raw: "{{baseUrl}}/api/posts/:postId?full=1", variable: [{ key: "postId", value: POST_IDS[0] }] },
    });
    await ui.submit.click();
    await expect.element(ui.response).toHaveTextContent(POST_IDS[0]);

    await savedButton(screen, "GET Bookmarks").click();
    await ui.submit.click();
    await expect.element(ui.status).toHaveTextContent("200 OK");

    // Its own Bearer, which the Authorization helper shows as opened (it writes a header row only when changed).
    await savedButton(screen, "GET Own token").click();
    await expect.element(screen.getByLabelText("Auth type")).toHaveValue("bearer");
    await ui.submit.click();
    await expect.element(ui.status).toHaveTextContent("200 OK");

    // An API key in a header: the helper has no fields for it, and it goes out all the same.
    await savedButton(screen, "GET API key").click();
    await ui.submit.click();
    await expect.element(ui.status).toHaveTextContent("200 OK");

    // A folder's No Auth stops the collection's token: its request goes out unsigned, as its Run sends it (the
    // mock answers an unsigned call for the bookmarks as it answers a token of no user: 404, no such user; the
    // collection's token would be refused with 401).
    await savedButton(screen, "GET Bookmarks unsigned").click();
    await ui.submit.click();
    await expect.element(ui.status).toHaveTextContent("404 Not Found");
    await expect.element(ui.response).toHaveTextContent("The username you entered is not Registered");
  },
);
