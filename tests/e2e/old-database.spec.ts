// A browser that ran an older version keeps its data: a database written the way
// version 2 wrote it (Dexie schema 1: one row per record, posts holding their
// comments, users quoted by copy) is upgraded in place by the mock's worker on the
// next visit, and every post and comment shows as before.
import { expect, test } from "./fixtures";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { feed, loginAsGuest, postWith } from "./screen-helpers";

const V2 = JSON.parse(readFileSync(resolve(import.meta.dirname, "../api/fixtures/export-v2.json"), "utf8")) as {
  data: {
    users: { _id: string }[];
    posts: { _id: string; content: string; comments: { commentVal: string }[] }[];
    todos: { _id: string }[];
  };
};

test("an IndexedDB database of version 2's layout is upgraded on the next visit, nothing lost", async ({ page }) => {
  // A page of this origin without the app, so nothing opens the database before it is written.
  await page.route("**/old-version", (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>old</title>" }));
  await page.goto("/old-version");
  await page.evaluate(
    (data) =>
      new Promise<void>((done, fail) => {
        // Dexie's schema version 1 is IndexedDB version 10.
        const open = indexedDB.open("moments-mock", 10);
        open.onupgradeneeded = () => {
          for (const name of ["users", "posts", "todos"]) open.result.createObjectStore(name, { keyPath: "id" }).createIndex("seq", "seq");
          open.result.createObjectStore("meta", { keyPath: "key" });
        };
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(["users", "posts", "todos", "meta"], "readwrite");
          for (const name of ["users", "posts", "todos"] as const)
            data[name].forEach((record, seq) => tx.objectStore(name).put({ id: record._id, seq, data: record }));
          tx.objectStore("meta").put({ key: "seeded", at: "2026-01-01T00:00:00.000Z" });
          tx.objectStore("meta").put({ key: "version", value: 7 });
          tx.oncomplete = () => {
            db.close();
            done();
          };
          tx.onerror = () => fail(tx.error);
        };
      }),
    V2.data,
  );
  await page.unrouteAll();

  await loginAsGuest(page);
  await expect(feed(page).getByRole("article")).toHaveCount(V2.data.posts.length);
  for (const post of V2.data.posts) await expect(postWith(page, post.content.slice(0, 30))).toBeVisible();
  // The comments moved to their own table and still belong to their post.
  const commented = V2.data.posts.find((p) => p.comments.length > 0)!;
  await postWith(page, commented.content.slice(0, 30))
    .getByRole("button", { name: /comment/i })
    .first()
    .click();
  for (const comment of commented.comments) await expect(page.getByRole("dialog").getByText(comment.commentVal)).toBeVisible();

  // And the upgraded data is what the next visit reads: no second migration, nothing lost.
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(feed(page).getByRole("article")).toHaveCount(V2.data.posts.length);
});
