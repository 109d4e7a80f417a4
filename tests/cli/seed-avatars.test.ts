// `mockman seed` gives each person an avatar of their own (cli/avatar.ts): an
// SVG with their own initials on a colour from their id, small enough to stay
// inline, and one the photo safety check takes; the sample users keep theirs.
import { describe, expect, it } from "vitest";
import { realisticData } from "../../cli/seed-data";
import { avatarDataUrl, avatarSvg, hueOf, initialsOf } from "#cli/avatar";
import { PHOTO_INLINE_MAX, photoDanger } from "#mock/data/photos";
import { parseExportFile, toExportFile } from "#mock/data/export-file";
import { createMock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";
import { SEED_USERS } from "#mock/data/seed";

const svgOf = (dataUrl: string) => new TextDecoder().decode(Uint8Array.from(atob(dataUrl.split(",")[1]), (c) => c.charCodeAt(0)));

describe("seeded people's avatars", () => {
  it("each person's own: their initials, a colour from their id, distinct, small, and safe", async () => {
    const { users } = await realisticData({ users: 200, posts: 0, seed: 11, iterations: 1000 });
    const photos = new Set<string>();
    for (const u of users) {
      expect(u.userPhoto).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(photoDanger(u.userPhoto), u.username).toBeNull();
      expect(u.userPhoto.length).toBeLessThan(PHOTO_INLINE_MAX);
      const svg = svgOf(u.userPhoto);
      expect(svg).toContain(`>${initialsOf(u.firstName, u.lastName)}</text>`);
      expect(svg).toBe(avatarSvg(u.firstName, u.lastName, u._id));
      photos.add(u.userPhoto);
    }
    expect(photos.size).toBe(users.length);
    // None wears a sample user's face.
    expect(users.some((u) => u.userPhoto.startsWith("/seed/"))).toBe(false);
  });

  it("initials are the first letters of the first and last names; the colour follows the id alone", () => {
    expect(initialsOf("Misael", "Gulgowski")).toBe("MG");
    expect(initialsOf("élodie", "")).toBe("É");
    expect(initialsOf("", "")).toBe("?");
    expect(initialsOf("<b>", "&x")).toBe("BX");
    expect(hueOf("a")).not.toBe(hueOf("b"));
    const one = avatarDataUrl("Ada", "Sterling", "id-1");
    expect(avatarDataUrl("Ada", "Sterling", "id-1")).toBe(one);
    expect(avatarDataUrl("Ada", "Sterling", "id-2")).not.toBe(one);
  });

  it("a seeded set imports beside the sample users, who keep their pictures", async () => {
    const mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
    const current = mock.exportData().data;
    const generated = await realisticData({ users: 5, posts: 5, seed: 3, iterations: 1000 });
    const file = parseExportFile(
      JSON.stringify(
        toExportFile({ ...current, users: [...current.users, ...generated.users], posts: [...current.posts, ...generated.posts] }),
      ),
    );
    await mock.importData(file);
    const users = mock.exportData().data.users;
    for (const sample of SEED_USERS) expect(users.find((u) => u.username === sample.username)?.userPhoto).toBe(sample.userPhoto);
    expect(users.filter((u) => u.userPhoto.startsWith("data:image/svg+xml"))).toHaveLength(5);
    await mock.shutdown();
  });
});
