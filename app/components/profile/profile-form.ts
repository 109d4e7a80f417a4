// What 'Edit profile' starts from: the user's own values, an absent optional
// field as an empty text (the form sends it back as it is, never "undefined").
import type { User } from "#app/lib/types";

export function profileDefaults(user: User) {
  return {
    firstName: user.firstName,
    lastName: user.lastName ?? "",
    link: user.link ?? "",
    bio: user.bio ?? "",
    userPhotoAlt: user.userPhotoAlt ?? "",
    coverPhotoAlt: user.coverPhotoAlt ?? "",
  };
}

/** The photos the form starts with ("" for none). */
export const photoDefaults = (user: User) => ({ userPhoto: user.userPhoto ?? "", coverPhoto: user.coverPhoto ?? "" });
