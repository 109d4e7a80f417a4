// Links and text shown as what they are (issue 33, item 14): a link's host as the URL
// parser reads it, nothing hidden by direction or zero-width characters, no user@ part
// passed off as the host; blank-line runs and stacks of combining marks kept in bounds.
import { describe, expect, it } from "vitest";
import { linkProblem, shownLink } from "#mock/core/rules";
import { richParts, shownText } from "#app/lib/rich-text";

describe("a link shows what it is", () => {
  it("a host in other scripts shows in punycode; an ordinary one as written", () => {
    expect(shownLink("https://раураl.com/login")).toEqual({ href: "https://xn--l-7sba6dbr.com/login", text: "xn--l-7sba6dbr.com/login" });
    expect(shownLink("https://example.org/me")).toEqual({ href: "https://example.org/me", text: "example.org/me" });
  });

  it("a user@ part or a direction override is never shown as a link", () => {
    expect(shownLink("https://paypal.com@evil.example/")).toBeNull();
    expect(shownLink("https://\u202Eevil.example")).toBeNull();
    expect(shownLink("https://evil\u200B.example")).toBeNull();
    expect(shownLink("javascript:alert(1)")).toBeNull();
  });

  it("the API refuses them in a profile link, naming why", () => {
    expect(linkProblem("https://\u202Eelpmaxe.live")).toMatch(/invisible or direction-changing/);
    expect(linkProblem("https://paypal.com@evil.example")).toMatch(/user name or password/);
    expect(linkProblem("https://example.org/me")).toBeNull();
    expect(linkProblem("my site: example.org")).toBeNull();
  });

  it("in a post, the same: look-alike hosts in punycode, user@ links left as text", () => {
    const parts = richParts("see https://раураl.com/x and https://paypal.com@evil.example/ and https://example.com/a");
    expect(parts.filter((p) => p.kind === "url")).toEqual([
      { kind: "url", text: "xn--l-7sba6dbr.com/x", href: "https://xn--l-7sba6dbr.com/x" },
      { kind: "url", text: "https://example.com/a", href: "https://example.com/a" },
    ]);
    expect(parts.some((p) => p.kind === "text" && p.text.includes("paypal.com@evil.example"))).toBe(true);
  });
});

describe("post text as shown", () => {
  it("a run of blank lines reads as one", () => {
    expect(shownText(`top${"\n".repeat(150)}bottom`)).toBe("top\n\nbottom");
    expect(shownText("a\n\nb\nc")).toBe("a\n\nb\nc");
    expect(shownText("a\n \n\t\n\nb")).toBe("a\n\nb");
  });

  it("at most three combining marks stay on a character", () => {
    const zalgo = `Z${"\u0336\u0301\u0317\u0353\u035c".repeat(20)}ok`;
    const shown = shownText(zalgo);
    expect(shown).toBe("Z\u0336\u0301\u0317ok");
    expect(shownText("café naïve")).toBe("café naïve");
  });
});
