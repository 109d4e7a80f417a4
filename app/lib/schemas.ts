// The CONTRACT §5 form rules. Limits come from #mock/rules so the UI and the API agree.
import {
  ALT_MAX,
  BIO_MAX,
  COMMENT_MAX,
  IMAGE_KIND_LIST,
  IMAGE_MAX_BYTES,
  LINK_MAX,
  NAME_MAX,
  POST_MAX,
  USERNAME_MAX,
  USERNAME_PATTERN,
  charCount,
  imageRef,
  linkProblem,
  normalLink,
} from "#mock/core/rules";
import { z } from "zod";
import { TEXT } from "./texts";

/** A required text field: Conform turns an empty input into undefined, so both cases say "required". */
const requiredText = (label: string, max?: number) => {
  const base = z.string({ required_error: `${label} is required` }).refine((v) => v.trim().length > 0, `${label} is required`);
  return max === undefined ? base : base.refine((v) => charCount(v) <= max, `${label} must be at most ${max} characters`);
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
  // CONTRACT §10: the passwords are compared (CONTRACT §5 says they never were).
  .refine((v) => v.password === v.confirmPassword, { message: TEXT.passwordMismatch, path: ["confirmPassword"] });

export const ALT_REQUIRED = "Describe the image (alt text): Settings asks for a description on every image.";

/** The composer's rules; `requireAlt` (Settings) refuses an image without a description. */
export const postSchemaFor = (requireAlt: boolean) =>
  z
    .object({
      content: requiredText("Post", POST_MAX),
      postPic: z.string().optional().default(""),
      postPicAlt: z
        .string()
        .refine((v) => charCount(v) <= ALT_MAX, `Description must be at most ${ALT_MAX} characters`)
        .optional()
        .default(""),
      // Measured by the browser when the picture was chosen (app/lib/image.ts), not typed.
      postPicSize: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).optional(),
    })
    .refine((v) => !requireAlt || !v.postPic || v.postPicAlt.trim().length > 0, { message: ALT_REQUIRED, path: ["postPicAlt"] });

export const postSchema = postSchemaFor(false);

/** Editing a post's text (the API's POST /posts/edit): the composer's rule. */
export const editPostSchema = z.object({
  content: requiredText("Post", POST_MAX),
});

export const commentSchema = z.object({
  commentVal: requiredText("Comment", COMMENT_MAX),
});

/** Optional text: Conform sends an emptied field as undefined, which means "clear it". */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => charCount(v) <= max, `${label} must be at most ${max} characters`);

/** The pickers check type and size first (app/lib/image.ts); this holds the line if anything slips past them. */
const photo = (label: string) =>
  z
    .string()
    .optional()
    .transform((v) => v ?? "")
    .refine(
      (v) => imageRef.safeParse(v).success,
      `${label} must be an image (${IMAGE_KIND_LIST}) of at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
    );

/** CONTRACT §5 Edit profile: Name required, max 12; Bio max 250; Bio Link has no CONTRACT §5 rule beyond the API's length cap. */
export const editProfileSchema = z.object({
  firstName: requiredText("Name", NAME_MAX),
  lastName: optionalText("Last name", NAME_MAX),
  // The API's rules, said at the field: no javascript: or other scheme, no hiding characters;
  // `example.org/me` is sent as `https://example.org/me`.
  link: optionalText("Bio Link", LINK_MAX)
    .refine(
      (v) => linkProblem(v) === null,
      (v) => ({ message: `Bio Link: ${linkProblem(v)}` }),
    )
    .transform(normalLink),
  bio: optionalText("Bio", BIO_MAX),
  userPhoto: photo("Avatar"),
  coverPhoto: photo("Cover photo"),
  userPhotoAlt: optionalText("Avatar description", ALT_MAX),
  coverPhotoAlt: optionalText("Cover photo description", ALT_MAX),
});

export { ALT_MAX, BIO_MAX, COMMENT_MAX, LINK_MAX, NAME_MAX, POST_MAX, USERNAME_MAX };
