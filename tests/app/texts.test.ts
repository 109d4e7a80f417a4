// The CONTRACT §1/§2/§8 texts, letter for letter (their odd spacing and capitals are the spec's).
import { describe, expect, it } from "vitest";
import { MSG } from "#mock/core/errors";
import { ApiError, errorMessage } from "#app/lib/api";
import { authFailureMessage } from "#app/lib/auth";
import { TEXT, TOAST, TOAST_OPTIONS } from "#app/lib/texts";

describe("texts", () => {
  it("has every toast of CONTRACT §8 this part shows", () => {
    expect(TOAST).toMatchObject({
      login: "LoggedIn successfully",
      signup: "Loggedin Successfully",
      logout: "Logged out successfully",
      postCreated: "Post created successfully",
      commentAdded: "comment added successfully!",
      bookmarkAdded: "Added to Bookmarks !",
      bookmarkRemoved: "Removed from Bookmarks !",
      userNotFound: "user not found",
    });
  });

  it("has the screens' words", () => {
    expect(TEXT.taglines).toEqual(["Share moments", "Connect", "Know the world"]);
    expect(TEXT).toMatchObject({
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
    });
  });

  it("puts toasts top-right for 3000 ms (CONTRACT §2, §9)", () => {
    expect(TOAST_OPTIONS).toEqual({ position: "top-right", autoClose: 3000 });
  });
});

describe("failure messages", () => {
  it("says 'user not found' for an unknown username", () => {
    expect(authFailureMessage(new ApiError(404, MSG.NOT_REGISTERED))).toBe("user not found");
  });

  it("passes the server's message on otherwise (CONTRACT §10)", () => {
    expect(authFailureMessage(new ApiError(422, MSG.USERNAME_TAKEN))).toBe("Unprocessable Entity. Username Already Exists.");
    expect(authFailureMessage(new ApiError(401, MSG.BAD_CREDENTIALS))).toBe(MSG.BAD_CREDENTIALS);
  });

  it("reads the API's { errors: [...] } shape, and falls back to the status", () => {
    const res = { status: 400, statusText: "Bad Request" };
    expect(errorMessage({ errors: ["Post not bookmarked yet"] }, res)).toBe("Post not bookmarked yet");
    expect(errorMessage({ error: "legacy" }, res)).toBe("legacy");
    expect(errorMessage("<html>", res)).toBe("Request failed: 400 Bad Request");
  });
});
