// Every text the spec fixes (CONTRACT §1, §2, §8), in one place so tests and screens agree.
export const TOAST = {
  login: "LoggedIn successfully",
  signup: "Loggedin Successfully",
  logout: "Logged out successfully",
  postCreated: "Post created successfully",
  commentAdded: "comment added successfully!",
  bookmarkAdded: "Added to Bookmarks !",
  bookmarkRemoved: "Removed from Bookmarks !",
  userNotFound: "user not found",
  // Profiles and follows (CONTRACT §8).
  followed: "followed",
  unfollowed: "unfollowed",
  profileUpdated: "updated successfully",
  commentDeleted: "Comment deleted!",
  // Beyond the spec: editing from the UI (issue 24).
  postUpdated: "Post updated",
  commentUpdated: "Comment updated",
  // An edit too large for this browser's storage (outbox.ts): sent, but not kept over a reload.
  editNotKept: "This edit could not be kept offline: keep this page open until it is saved.",
  photosNotKept: "Your new photos are too large to keep offline: keep this page open until they are saved.",
} as const;

export const TEXT = {
  taglines: ["Share moments", "Connect", "Know the world"],
  signup: "Signup",
  login: "Login",
  guest: "Login as Guest",
  homeHeading: "Homepage",
  exploreHeading: "Explore",
  whoToFollow: "Who to follow",
  addComment: "Add comment",
  commentPlaceholder: "Write a comment...",
  reply: "Reply",
  passwordMismatch: "Password do not match",
  appError: "Unexpected Application Error!",
  // Bookmarks, profiles and the protected group's 404 (CONTRACT §2, §8).
  bookmarkHeading: "Bookmark",
  nothingToShow: "Nothing to show...",
  pageNotFound: "Error 404: PageNotFound",
  editProfile: "Edit profile",
  update: "Update",
} as const;

/** Toasts sit top-right and close after 3000 ms (CONTRACT §2, §9). */
export const TOAST_OPTIONS = { position: "top-right", autoClose: 3000 } as const;
