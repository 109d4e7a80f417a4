// The §5 form rules. Limits come from #mock/rules so the UI and the API agree.
import { COMMENT_MAX, NAME_MAX, POST_MAX, USERNAME_MAX, USERNAME_PATTERN } from "#mock/rules";
import { z } from "zod";
import { TEXT } from "./texts";

/** A required text field: Conform turns an empty input into undefined, so both cases say "required". */
const requiredText = (label: string, max?: number) => {
  const base = z
    .string({ required_error: `${label} is required` })
    .refine((v) => v.trim().length > 0, `${label} is required`);
  return max === undefined ? base : base.refine((v) => v.length <= max, `${label} must be at most ${max} characters`);
};

export const loginSchema = z.object({
  username: requiredText("Username"),
  password: requiredText("Password"),
});

export const signupSchema = z
  .object({
    firstName: requiredText("Name", NAME_MAX),
    username: requiredText("Username", USERNAME_MAX).refine(
      (v) => USERNAME_PATTERN.test(v),
      "Username may hold only letters, digits, '_', '.' and '-'",
    ),
    password: requiredText("Password"),
    confirmPassword: requiredText("Confirm Password"),
  })
  // DESIGN: the passwords are compared (§5 says they never were).
  .refine((v) => v.password === v.confirmPassword, { message: TEXT.passwordMismatch, path: ["confirmPassword"] });

export const postSchema = z.object({
  content: requiredText("Post", POST_MAX),
  postPic: z.string().optional().default(""),
});

export const commentSchema = z.object({
  commentVal: requiredText("Comment", COMMENT_MAX),
});

export { COMMENT_MAX, NAME_MAX, POST_MAX, USERNAME_MAX };
