import { describe, expect, it } from "vitest";
import { fullDate, relativeTime } from "#app/lib/time";

const now = new Date("2026-03-10T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("relativeTime", () => {
  it("reads like '5m', '2h', '3d'", () => {
    expect(relativeTime(ago(20_000), now)).toBe("now");
    expect(relativeTime(ago(5 * 60_000), now)).toBe("5m");
    expect(relativeTime(ago(2 * 3600_000 + 59 * 60_000), now)).toBe("2h");
    expect(relativeTime(ago(3 * 86400_000), now)).toBe("3d");
  });

  it("shows a date once a post is a month old", () => {
    expect(relativeTime("2026-01-02T12:00:00Z", now)).toBe("Jan 2");
    expect(relativeTime("2024-01-02T12:00:00Z", now)).toBe("Jan 2, 2024");
  });

  it("reads the mock's timestamps with an offset", () => {
    expect(relativeTime("2026-03-10T13:55:00+02:00", now)).toBe("5m");
  });

  it("gives the full date for the hover title", () => {
    expect(fullDate("2026-03-10T12:00:00Z")).toMatch(/2026/);
    expect(fullDate("not a date")).toBe("not a date");
  });
});
