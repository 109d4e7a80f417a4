// Small rules outside the forms: which refusals end a session, the
// export file's name, the import check, and the storage event the shell hears.
import { describe, expect, it } from "vitest";
import { createMock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";
import { parseExportFile, toExportFile } from "#mock/data/export-file";
import { describeExport, exportFileName } from "#app/lib/data-tools";
import { isFollowing } from "#app/lib/follow";
import { SESSION_ENDED_TOAST, isSessionDeath } from "#app/lib/session-end";

describe("a dead session", () => {
  const mockAnswers = async () => {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
    const call = (method: string, path: string, token?: string, body?: unknown) =>
      mock.handle(
        new Request(`http://localhost/api${path}`, {
          method,
          headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    return { mock, call };
  };

  it("is what the API marks as one: no token, a token that no longer verifies, a user gone (not the message text)", async () => {
    const { mock, call } = await mockAnswers();
    const signup = await (await call("POST", "/auth/signup", undefined, { username: "gone", password: "pw", firstName: "Gone" })).json();
    await mock.reset(); // the user who signed up is no longer in the data
    for (const token of [undefined, "not-a-token", signup.encodedToken as string]) {
      const answer = await call("GET", "/users/bookmark", token);
      expect([401, 404]).toContain(answer.status);
      expect(isSessionDeath(answer)).toBe(true);
    }
    await mock.shutdown();
  });

  it("is not any other refusal: an unknown post, wrong credentials, a rule", async () => {
    const { mock, call } = await mockAnswers();
    const login = await (await call("POST", "/auth/login", undefined, { username: "guest", password: "guest1234" })).json();
    const refusals = [
      await call("GET", "/posts/nope", login.encodedToken),
      await call("POST", "/auth/login", undefined, { username: "guest", password: "wrong" }),
      await call("POST", `/users/follow/${login.foundUser._id}`, login.encodedToken, {}),
    ];
    expect(refusals.map((r) => r.status)).toEqual([404, 401, 400]);
    for (const answer of refusals) expect(isSessionDeath(answer)).toBe(false);
    await mock.shutdown();
  });

  it("says so plainly", () => {
    expect(SESSION_ENDED_TOAST).toBe("Your session has ended: please log in again.");
  });
});

describe("follow state", () => {
  it("reads the target's followers by username", () => {
    const ref = { _id: "1", username: "guest", firstName: "Guest", lastName: "", userPhoto: "" };
    expect(isFollowing({ followers: [ref] }, "guest")).toBe(true);
    expect(isFollowing({ followers: [] }, "guest")).toBe(false);
  });
});

describe("data tools", () => {
  it("names the export moments-export-YYYY-MM-DD.json by the local date", () => {
    expect(exportFileName(new Date(2025, 0, 5, 23, 59))).toBe("moments-export-2025-01-05.json");
  });

  it("checks an import file whole and says where it is wrong", () => {
    expect(() => parseExportFile("{ nope")).toThrow(/^not JSON/);
    expect(() =>
      parseExportFile(
        JSON.stringify({
          mockman: "export",
          version: 6,
          exportedAt: "",
          data: { users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] },
        }),
      ),
    ).toThrow(/unsupported export version/);
    const empty = toExportFile(
      { users: [], posts: [], comments: [], todos: [], photos: [], notifications: [] },
      new Date("2025-01-05T10:00:00Z"),
    );
    const checked = parseExportFile(JSON.stringify(empty));
    expect(describeExport({ users: 0, posts: 0, exportedAt: checked.exportedAt })).toMatch(/^0 users and 0 posts, exported /);
  });
});
