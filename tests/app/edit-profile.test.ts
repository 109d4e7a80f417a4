// 'Edit profile' (CONTRACT §5): Name required, max 12; Bio max 250; Bio Link has no rule
// of its own; photos follow the composer's image rules. Run through Conform's
// parseWithZod, which turns an emptied input into undefined as the browser does.
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { BIO_MAX, IMAGE_MAX_BYTES, LINK_MAX, NAME_MAX } from "#mock/core/rules";
import { IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE, imageProblem } from "#app/lib/image";
import { editProfileSchema } from "#app/lib/schemas";
import { TEXT, TOAST } from "#app/lib/texts";
import { TINY_URL, bigPng } from "../fixtures/images";

const good = {
  firstName: "Sam",
  lastName: "Rivera",
  link: "https://sam.example.org",
  bio: "Hello.",
  userPhoto: "/seed/avatar-guest.svg",
  coverPhoto: "",
};

function submit(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return parseWithZod(data, { schema: editProfileSchema });
}

function errorsOf(fields: Record<string, string>) {
  const submission = submit(fields);
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("edit profile form", () => {
  it("accepts a complete profile and sends every field", () => {
    const submission = submit(good);
    expect(submission.status).toBe("success");
    // The photo descriptions are sent too, emptied when not given, so a removed one clears.
    expect(submission.status === "success" && submission.value).toEqual({ ...good, userPhotoAlt: "", coverPhotoAlt: "" });
  });

  it("requires Name, also when it is only spaces", () => {
    expect(errorsOf({ ...good, firstName: "" }).firstName).toEqual(["Name is required"]);
    expect(errorsOf({ ...good, firstName: "   " }).firstName).toEqual(["Name is required"]);
  });

  it(`allows a Name of ${NAME_MAX} characters and refuses ${NAME_MAX + 1}`, () => {
    expect(NAME_MAX).toBe(12);
    expect(errorsOf({ ...good, firstName: "n".repeat(NAME_MAX) })).toEqual({});
    expect(errorsOf({ ...good, firstName: "n".repeat(NAME_MAX + 1) }).firstName).toEqual(["Name must be at most 12 characters"]);
  });

  it(`allows a Bio of ${BIO_MAX} characters and refuses ${BIO_MAX + 1}`, () => {
    expect(BIO_MAX).toBe(250);
    expect(errorsOf({ ...good, bio: "b".repeat(BIO_MAX) })).toEqual({});
    expect(errorsOf({ ...good, bio: "b".repeat(BIO_MAX + 1) }).bio).toEqual(["Bio must be at most 250 characters"]);
  });

  it("puts no rule on Bio Link's text (only the API's length cap); showing it as a link is decided elsewhere", () => {
    expect(errorsOf({ ...good, link: "not a url at all" })).toEqual({});
    expect(errorsOf({ ...good, link: "l".repeat(LINK_MAX + 1) }).link).toEqual([`Bio Link must be at most ${LINK_MAX} characters`]);
  });

  it("sends an emptied Bio, Bio Link, last name or photo as '' so the profile clears it", () => {
    const submission = submit({ firstName: "Sam" });
    expect(submission.status === "success" && submission.value).toEqual({
      firstName: "Sam",
      lastName: "",
      link: "",
      bio: "",
      userPhoto: "",
      coverPhoto: "",
      userPhotoAlt: "",
      coverPhotoAlt: "",
    });
  });

  it("accepts photos as data URLs of the composer's types, /paths and http(s) URLs", () => {
    for (const photo of [
      ...Object.values(TINY_URL),
      "data:image/svg+xml;base64,PHN2Zz4=",
      "/seed/cover-default.svg",
      "https://example.com/me.jpg",
    ]) {
      expect(errorsOf({ ...good, userPhoto: photo, coverPhoto: photo })).toEqual({});
    }
  });

  it("refuses a photo of another type or over the size limit", () => {
    expect(errorsOf({ ...good, userPhoto: "data:text/html;base64,PGgxPg==" }).userPhoto?.[0]).toMatch(/^Avatar must be an image/);
    expect(errorsOf({ ...good, coverPhoto: "javascript:alert(1)" }).coverPhoto?.[0]).toMatch(
      /^Cover photo must be an image .* of at most 2 MB$/,
    );
    const huge = bigPng(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 200);
    expect(errorsOf({ ...good, coverPhoto: huge }).coverPhoto).toHaveLength(1);
  });
});

describe("the photo pickers' file checks (the composer's rules)", () => {
  it("takes every CONTRACT §5 type up to 2 MB", () => {
    for (const [name, type] of [
      ["a.png", "image/png"],
      ["a.jpg", "image/jpeg"],
      ["a.webp", "image/webp"],
      ["a.svg", "image/svg+xml"],
      ["a.gif", "image/gif"],
      ["a.avif", "image/avif"],
      ["a.apng", "image/apng"],
    ]) {
      expect(imageProblem({ name, type, size: IMAGE_MAX_BYTES })).toBeNull();
    }
  });

  it("refuses another type, or a file over 2 MB, with a clear message", () => {
    expect(imageProblem({ name: "cv.pdf", type: "application/pdf", size: 10 })).toBe(IMAGE_TYPE_MESSAGE);
    expect(imageProblem({ name: "big.png", type: "image/png", size: IMAGE_MAX_BYTES + 1 })).toBe(IMAGE_SIZE_MESSAGE);
    expect(IMAGE_SIZE_MESSAGE).toContain("2 MB");
  });
});

describe("texts (CONTRACT §2, §8)", () => {
  it("names the modal, its button and its toast as the spec does", () => {
    expect(TEXT.editProfile).toBe("Edit profile");
    expect(TEXT.update).toBe("Update");
    expect(TOAST.profileUpdated).toBe("updated successfully");
  });

  it("has the follow toasts, the bookmarks texts and the 404 text", () => {
    expect(TOAST.followed).toBe("followed");
    expect(TOAST.unfollowed).toBe("unfollowed");
    expect(TEXT.bookmarkHeading).toBe("Bookmark");
    expect(TEXT.nothingToShow).toBe("Nothing to show...");
    expect(TEXT.pageNotFound).toBe("Error 404: PageNotFound");
  });
});
