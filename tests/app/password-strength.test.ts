// The signup form's password hint (issue 34): weak, fair or strong, never a rule.
import { describe, expect, it } from "vitest";
import { passwordStrength, strengthHint } from "#app/lib/password-strength";

describe("passwordStrength", () => {
  it.each([
    ["a", "weak"],
    ["abcdefgh", "weak"],
    ["abc12", "weak"],
    ["secret-1", "fair"],
    ["secret-12345", "strong"],
    ["abcdefghijklmnop", "strong"],
  ])("calls %s %s (8+ of two kinds fair; 12+ of two kinds or 16+ of any strong)", (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
  it("counts characters as people do (an emoji is one)", () => {
    expect(passwordStrength("😀😀😀😀😀😀😀a")).toBe("fair");
  });
  it("says nothing before anything is typed", () => {
    expect(strengthHint("")).toBeNull();
    expect(strengthHint("a")).toMatch(/^Strength: weak/);
  });
});
