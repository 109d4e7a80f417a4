// The CONTRACT §8 catalogue: every message the API sends, in one place.

/** Ids and paths echoed in messages are cut short: a 100k-character id makes no better message. */
const echo = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

export const MSG = {
  NOT_REGISTERED: "The username you entered is not Registered. Not Found error",
  BAD_CREDENTIALS: "The credentials you entered are invalid. Unauthorized access error.",
  BAD_TOKEN: "The token is invalid. Unauthorized access error.",
  USERNAME_TAKEN: "Unprocessable Entity. Username Already Exists.",
  EDIT_POST_NOT_OWNER: "Cannot edit a Post doesn't belong to the logged in User.",
  DELETE_POST_NOT_OWNER: "Cannot delete a Post doesn't belong to the logged in User.",
  ALREADY_LIKED: "Cannot like a post that is already liked.",
  LIKES_AT_ZERO: "Cannot decrement like less than 0.",
  ALREADY_DISLIKED: "Cannot dislike a post that is already disliked.",
  ALREADY_BOOKMARKED: "This Post is already bookmarked",
  NOT_BOOKMARKED: "Post not bookmarked yet",
  ALREADY_FOLLOWING: "User Already following",
  NOT_FOLLOWING: "User already not following",
  EDIT_COMMENT_NOT_OWNER: "Cannot edit a comment doesn't belong to the User.",
  DELETE_COMMENT_NOT_OWNER: "Cannot delete a comment doesn't belong to the User.",
  ALREADY_UPVOTED: "Cannot upvote a post that is already upvoted.",
  ALREADY_DOWNVOTED: "Cannot downvote a post that is already downvoted.",
  // Beyond CONTRACT §8: what the spec leaves unsaid, worded the same way.
  FOLLOW_SELF: "You cannot follow yourself.",
  POST_NOT_FOUND: (id: string) => `No post with id ${echo(id)}. Not Found error`,
  USER_NOT_FOUND: (id: string) => `No user with id or username ${echo(id)}. Not Found error`,
  COMMENT_NOT_FOUND: (id: string) => `No comment with id ${echo(id)} on this post. Not Found error`,
  TODO_NOT_FOUND: (id: string) => `No todo with id ${echo(id)}. Not Found error`,
  NO_ROUTE: (method: string, path: string) => `No route for ${echo(method)} ${echo(path)}. Not Found error`,
  METHOD_NOT_ALLOWED: (method: string, path: string, allowed: string[]) =>
    `${echo(method)} is not allowed on ${echo(path)}; use ${allowed.join(", ")}.`,
  BAD_JSON: (detail: string) => `The request body is not valid JSON: ${detail}`,
  /** 507: the store refused the write; the reason follows. */
  NOT_SAVED: "Your change was not saved, so nothing changed: the mock's storage refused the write.",
  PHOTO_NOT_FOUND: (ref: string) => `No photo at ${echo(ref)}: its owner is gone or has no such photo. Not Found error`,
  /** 422: a write sent a photo reference (answers give them) that names no photo. */
  PHOTO_REF_GONE: (field: string, ref: string) =>
    `${field} refers to a photo that is no longer there (${echo(ref)}). Choose the photo again. Nothing was changed.`,
  ANSWER_TOO_LARGE:
    "The answer would be larger than this server can build (about 512 MB of text). Nothing was changed. Ask for fewer at once (?limit=).",
} as const;

/** A refusal the client caused; becomes `{ errors: [message] }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message: string) => new ApiError(404, message);
