// 'Edit profile' starts from the user's own values; an absent optional field
// starts (and is sent back) as an empty text, which the rules accept.
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { photoDefaults, profileDefaults } from "#app/components/profile/profile-form";
import { editProfileSchema } from "#app/lib/schemas";
import type { User } from "#app/lib/types";

const bare = { username: "sam", firstName: "Sam" } as unknown as User;

describe("'Edit profile' starts from the user", () => {
  it("with an absent optional field as empty text", () => {
    expect(profileDefaults(bare)).toEqual({ firstName: "Sam", lastName: "", link: "", bio: "", userPhotoAlt: "", coverPhotoAlt: "" });
    expect(photoDefaults(bare)).toEqual({ userPhoto: "", coverPhoto: "" });
  });

  it("with the user's own values, which pass the rules unchanged", () => {
    const user = { ...bare, lastName: "Rivera", link: "https://sam.example.org", bio: "Hi.", userPhoto: "/seed/a.svg" } as User;
    const defaults = { ...profileDefaults(user), ...photoDefaults(user) };
    expect(defaults).toMatchObject({ lastName: "Rivera", link: "https://sam.example.org", bio: "Hi.", userPhoto: "/seed/a.svg" });
    const data = new FormData();
    for (const [k, v] of Object.entries(defaults)) data.set(k, v);
    expect(parseWithZod(data, { schema: editProfileSchema }).status).toBe("success");
  });
});
