// An import applies the profile link rule the API applies (issue 33, link rule):
// a link the API refuses with 400 (direction-changing or invisible characters,
// user@host) is refused in an export file too, naming the user and the same
// reason, and the store keeps what it held; a link the API takes imports.
import { describe, expect, it } from "vitest";
import { createMock } from "#mock/core/create-mock";
import { FormatError, parseExportFile } from "#mock/data/export-file";
import { MemoryStore } from "#mock/store/memory";
import { ITERATIONS, call, loginAsGuest } from "../store/helpers";

const BAD_LINKS = [
  ["a right-to-left override", "https://\u202Eelpmaxe.live"],
  ["a zero-width space", "https://exa\u200bmple.org"],
  ["user@host", "https://paypal.com@evil.example/login"],
];

describe("a profile link in an export file", () => {
  it.each(BAD_LINKS)("with %s: the API answers 400, and an import refuses it with the same reason", async (_what, link) => {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: ITERATIONS });
    const token = await loginAsGuest(mock);
    const api = await call(mock, "POST", "/api/users/edit", { userData: { link } }, token);
    expect(api.status).toBe(400);
    const reason = (api.body.errors as string[]).join(" ");

    const file = mock.exportData();
    const at = file.data.users.findIndex((u) => u.username === "guest");
    file.data.users[at].link = link;
    let refused: unknown;
    try {
      parseExportFile(JSON.stringify(file));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(FormatError);
    const message = (refused as Error).message;
    expect(message).toContain(`data.users.${at}.link: `);
    const said = message.slice(message.indexOf(`data.users.${at}.link: `) + `data.users.${at}.link: `.length).split(";")[0];
    expect(reason).toContain(said);
    await mock.shutdown();
  });

  it("a link the API takes imports as it is", async () => {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: ITERATIONS });
    const file = mock.exportData();
    file.data.users[0].link = "https://例え.jp/ページ";
    expect(parseExportFile(JSON.stringify(file)).data.users[0].link).toBe("https://例え.jp/ページ");
    await mock.shutdown();
  });
});
