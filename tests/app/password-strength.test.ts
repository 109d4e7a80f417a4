// The signup form's password hint (issue 34): weak, fair or strong, never a rule.
import { describe, expect, it } from "vitest";
import { passwordStrength, strengthHint } from "#app/lib/password-strength";

describe("passwordStrength", () => {
  it("calls short or one-kind passwords weak", () => {
    expect(passwordStrength("a")).toBe("weak");
    expect(passwordStrength("abcdefgh")).toBe("weak");
    expect(passwordStrength("abc12")).toBe("weak");
  });
  it("calls 8+ characters of two kinds fair, 12+ of two kinds or 16+ of any strong", () => {
    expect(passwordStrength("secret-1")).toBe("fair");
    expect(passwordStrength("secret-12345")).toBe("strong");
    expect(passwordStrength("abcdefghijklmnop")).toBe("strong");
  });
  it("counts characters as people do (an emoji is one)", () => {
    expect(passwordStrength("😀😀😀😀😀😀😀a")).toBe("fair");
  });
  it("says nothing before anything is typed", () => {
    expect(strengthHint("")).toBeNull();
    expect(strengthHint("a")).toMatch(/^Strength: weak/);
  });
});
