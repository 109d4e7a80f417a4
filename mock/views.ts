// What leaves the mock: users without their password hash, bookmarks as posts.
import type { Tables } from "./tables";
import type { PostRecord, UserRecord, UserRef } from "./types";

export type PublicUser = Omit<UserRecord, "passwordHash">;

export function publicUser(user: UserRecord): PublicUser {
  const { passwordHash: _omit, ...rest } = user;
  return rest;
}

export function userRef(user: UserRecord): UserRef {
  return { _id: user._id, username: user.username, firstName: user.firstName, lastName: user.lastName, userPhoto: user.userPhoto };
}

/** The user's bookmarks as the current posts, oldest first. */
export function bookmarkedPosts(db: Tables, user: UserRecord): PostRecord[] {
  const posts: PostRecord[] = [];
  for (const id of user.bookmarks) {
    const post = db.posts.get(id);
    if (post) posts.push(post);
  }
  return posts;
}
