// CONTRACT §5 form rules as the forms apply them: through Conform's parseWithZod, which
// turns an empty input into undefined, exactly as in the browser.
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { COMMENT_MAX, NAME_MAX, POST_MAX, USERNAME_MAX } from "#mock/core/rules";
import { commentSchema, editProfileSchema, loginSchema, postSchema, signupSchema } from "#app/lib/schemas";
import { PNG_URL } from "../fixtures/images";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

const goodSignup = { firstName: "Nina", username: "nina_k", password: "secret-1", confirmPassword: "secret-1" };

describe("signup", () => {
  it("accepts a complete signup", () => {
    expect(errorsOf(signupSchema, goodSignup)).toEqual({});
  });

  it("requires Name, Username, Password and Confirm Password", () => {
    expect(errorsOf(signupSchema, { firstName: "", username: "", password: "", confirmPassword: "" })).toEqual({
      firstName: ["Name is required"],
      username: ["Username is required"],
      password: ["Password is required"],
      confirmPassword: ["Confirm Password is required"],
    });
  });

  it("treats a Name of only spaces as missing", () => {
    expect(errorsOf(signupSchema, { ...goodSignup, firstName: "   " }).firstName).toEqual(["Name is required"]);
  });

  it(`allows a Name of ${NAME_MAX} characters and refuses ${NAME_MAX + 1}`, () => {
    expect(errorsOf(signupSchema, { ...goodSignup, firstName: "n".repeat(NAME_MAX) }).firstName).toBeUndefined();
    expect(errorsOf(signupSchema, { ...goodSignup, firstName: "n".repeat(NAME_MAX + 1) }).firstName).toEqual([
      `Name must be at most ${NAME_MAX} characters`,
    ]);
  });

  it(`allows a Username of ${USERNAME_MAX} characters and refuses ${USERNAME_MAX + 1}`, () => {
    expect(errorsOf(signupSchema, { ...goodSignup, username: "u".repeat(USERNAME_MAX) }).username).toBeUndefined();
    expect(errorsOf(signupSchema, { ...goodSignup, username: "u".repeat(USERNAME_MAX + 1) }).username).toContain(
      `Username must be at most ${USERNAME_MAX} characters`,
    );
  });

  it("refuses usernames no profile URL could carry", () => {
    expect(errorsOf(signupSchema, { ...goodSignup, username: "nina k" }).username).toEqual([
      "Username may hold only letters, digits, '_', '.' and '-'",
    ]);
  });

  it("compares the passwords: 'Password do not match' under Confirm Password (CONTRACT §10)", () => {
    expect(errorsOf(signupSchema, { ...goodSignup, confirmPassword: "secret-2" })).toEqual({ confirmPassword: ["Password do not match"] });
  });
});

describe("login", () => {
  it("requires username and password", () => {
    expect(errorsOf(loginSchema, { username: "", password: "" })).toEqual({
      username: ["Username is required"],
      password: ["Password is required"],
    });
  });

  it("accepts any non-empty pair (the server judges them)", () => {
    expect(errorsOf(loginSchema, { username: "guest", password: "x" })).toEqual({});
  });
});

describe("post composer", () => {
  it("requires content, spaces alone included", () => {
    expect(errorsOf(postSchema, { content: "" }).content).toEqual(["Post is required"]);
    expect(errorsOf(postSchema, { content: "  \n " }).content).toEqual(["Post is required"]);
  });

  it(`allows ${POST_MAX} characters and refuses ${POST_MAX + 1}`, () => {
    expect(errorsOf(postSchema, { content: "p".repeat(POST_MAX) })).toEqual({});
    expect(errorsOf(postSchema, { content: "p".repeat(POST_MAX + 1) }).content).toEqual([`Post must be at most ${POST_MAX} characters`]);
  });

  it("makes the image optional and keeps it when given", () => {
    const ok = parseWithZod(form({ content: "hi" }), { schema: postSchema });
    expect(ok.status === "success" && ok.value).toEqual({ content: "hi", postPic: "", postPicAlt: "" });
    const withPic = parseWithZod(form({ content: "hi", postPic: PNG_URL }), { schema: postSchema });
    expect(withPic.status === "success" && withPic.value.postPic).toBe(PNG_URL);
  });
});

describe("comment", () => {
  it("is required", () => {
    expect(errorsOf(commentSchema, { commentVal: "" }).commentVal).toEqual(["Comment is required"]);
  });

  it(`allows ${COMMENT_MAX} characters and refuses ${COMMENT_MAX + 1}`, () => {
    expect(errorsOf(commentSchema, { commentVal: "c".repeat(COMMENT_MAX) })).toEqual({});
    expect(errorsOf(commentSchema, { commentVal: "c".repeat(COMMENT_MAX + 1) }).commentVal).toEqual([
      `Comment must be at most ${COMMENT_MAX} characters`,
    ]);
  });
});

it("the limits are the spec's numbers (CONTRACT §9)", () => {
  expect({ POST_MAX, COMMENT_MAX, NAME_MAX, USERNAME_MAX }).toEqual({ POST_MAX: 210, COMMENT_MAX: 60, NAME_MAX: 12, USERNAME_MAX: 12 });
});

it("counts characters as the API does (code points): 12 emoji are a name, 210 emoji a post; one more is refused", () => {
  const emoji = (n: number) => "😀".repeat(n); // 2 UTF-16 units each
  expect(errorsOf(commentSchema, { commentVal: emoji(COMMENT_MAX) })).toEqual({});
  expect(errorsOf(commentSchema, { commentVal: emoji(COMMENT_MAX + 1) }).commentVal).toEqual([
    `Comment must be at most ${COMMENT_MAX} characters`,
  ]);
  expect(errorsOf(postSchema, { content: emoji(POST_MAX) })).toEqual({});
  expect(errorsOf(postSchema, { content: emoji(POST_MAX + 1) }).content).toEqual([`Post must be at most ${POST_MAX} characters`]);
  const signup = { firstName: emoji(NAME_MAX), username: "emoji", password: "x", confirmPassword: "x" };
  expect(errorsOf(signupSchema, signup)).toEqual({});
  expect(errorsOf(signupSchema, { ...signup, firstName: emoji(NAME_MAX + 1) }).firstName).toEqual([
    `Name must be at most ${NAME_MAX} characters`,
  ]);
});

describe("Edit profile's Bio Link", () => {
  const edit = (link: string) => parseWithZod(form({ firstName: "Guest", link }), { schema: editProfileSchema });
  it("sends example.org/me as https://example.org/me", () => {
    const ok = edit("example.org/me");
    expect(ok.status === "success" && ok.value.link).toBe("https://example.org/me");
  });
  it("refuses javascript: and any other scheme at the field, saying why", () => {
    expect(errorsOf(editProfileSchema, { firstName: "Guest", link: "javascript:alert(1)" }).link).toEqual([
      "Bio Link: link must be a web address (https://…): javascript:, mailto: and other schemes are refused",
    ]);
  });
});

describe("the composer sends the picture's size", () => {
  it("as postPicSize {width, height}, numbers", () => {
    const ok = parseWithZod(form({ content: "hi", postPic: "/p.png", "postPicSize.width": "75", "postPicSize.height": "162" }), {
      schema: postSchema,
    });
    expect(ok.status === "success" && ok.value.postPicSize).toEqual({ width: 75, height: 162 });
  });
});
