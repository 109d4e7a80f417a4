// How strong a password looks, said as you type on signup (issue 34). A hint only:
// 'required' stays the one rule the form and the API enforce (CONTRACT §5).

export type Strength = "weak" | "fair" | "strong";

/** Length counts most; mixing kinds of characters (lower, upper, digits, others) adds to it. */
export function passwordStrength(password: string): Strength {
  const length = [...password].length;
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((re) => re.test(password)).length;
  if (length >= 12 && kinds >= 2) return "strong";
  if (length >= 16) return "strong";
  if (length >= 8 && kinds >= 2) return "fair";
  return "weak";
}

/** The hint under the password field, or none before anything is typed. */
export function strengthHint(password: string): string | null {
  if (!password) return null;
  const strength = passwordStrength(password);
  if (strength === "strong") return "Strength: strong.";
  if (strength === "fair") return "Strength: fair. A longer password is stronger.";
  return "Strength: weak. Try 12 or more characters, mixing letters with digits or symbols.";
}
