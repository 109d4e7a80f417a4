// Part 2's small rules outside the forms: which refusals end a session, the
// export file's name, the import check, and the storage event the shell hears.
import { describe, expect, it } from "vitest";
import { MSG } from "#mock/errors";
import { toExportFile } from "#mock/export-file";
import { checkExportFile, describeExport, exportFileName } from "#app/lib/data-tools";
import { isFollowing } from "#app/lib/follow";
import { SESSION_ENDED_TOAST, isSessionDeath } from "#app/lib/session-end";

describe("a dead session", () => {
  it("is a 404 'not Registered' (user gone, or no token) or a 401 bad token", () => {
    expect(isSessionDeath(404, MSG.NOT_REGISTERED)).toBe(true);
    expect(isSessionDeath(401, MSG.BAD_TOKEN)).toBe(true);
  });

  it("is not any other refusal: an unknown post, wrong credentials, a rule", () => {
    expect(isSessionDeath(404, MSG.POST_NOT_FOUND("x"))).toBe(false);
    expect(isSessionDeath(401, MSG.BAD_CREDENTIALS)).toBe(false);
    expect(isSessionDeath(400, MSG.ALREADY_FOLLOWING)).toBe(false);
    expect(isSessionDeath(500, MSG.NOT_REGISTERED)).toBe(false);
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
    expect(checkExportFile("{ nope").problem).toMatch(/^not JSON/);
    expect(
      checkExportFile(JSON.stringify({ mockman: "export", version: 3, exportedAt: "", data: { users: [], posts: [], todos: [] } })).problem,
    ).toMatch(/unsupported export version/);
    const empty = toExportFile({ users: [], posts: [], todos: [] }, new Date("2025-01-05T10:00:00Z"));
    const checked = checkExportFile(JSON.stringify(empty));
    expect(checked.problem).toBeNull();
    expect(checked.file && describeExport(checked.file)).toMatch(/^0 users and 0 posts, exported /);
  });
});
