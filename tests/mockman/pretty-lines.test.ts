import { describe, expect, it } from "vitest";
import { countLabel, foldedFrom, prettyLines, visibleLines, type PrettyLine } from "#app/mockman/lib/pretty-lines";

/** The lines as text, the way the Pretty view writes them (two spaces a level). */
const text = (lines: PrettyLine[], folded: ReadonlySet<number> = new Set()) =>
  visibleLines(lines, folded)
    .map((i) => {
      const l = lines[i];
      const end = folded.has(i) ? ` … ${lines[l.close!].text}` : "";
      const comma = l.comma && (l.kind !== "open" || folded.has(i)) ? "," : "";
      return `${"  ".repeat(l.depth)}${l.key === null ? "" : `${l.key}: `}${l.text}${end}${comma}`;
    })
    .join("\n");

const body = { posts: [{ _id: "a1", tags: ["x", "y"], likes: {} }, { _id: "b2" }], total: 2, next: null, ok: true, 'a "q"': [] };

describe("prettyLines", () => {
  it("lays a value out line for line as JSON.stringify(value, null, 2) does, brackets and commas included", () => {
    expect(text(prettyLines(body))).toBe(JSON.stringify(body, null, 2));
    expect(text(prettyLines("just text"))).toBe('"just text"');
    expect(text(prettyLines([]))).toBe("[]");
  });

  it("gives each opening line its closing line, its count and a name for its toggle", () => {
    const lines = prettyLines(body);
    const posts = lines.find((l) => l.key === '"posts"')!;
    expect(posts).toMatchObject({ kind: "open", count: 2, array: true, name: "posts" });
    expect(lines[posts.close!]).toMatchObject({ kind: "close", text: "]", comma: true });
    expect(lines[0]).toMatchObject({ name: "body", count: 5, array: false });
    expect(lines[lines.indexOf(posts) + 1]).toMatchObject({ name: "0", key: null, kind: "open" });
    expect(countLabel(posts)).toBe("2 items");
    expect(countLabel(lines[0])).toBe("5 keys");
    expect(countLabel({ count: 1, array: true })).toBe("1 item");
    expect(countLabel({ count: 1, array: false })).toBe("1 key");
  });

  it("folds a node to its opening line, and folds from a depth", () => {
    const lines = prettyLines(body);
    const posts = lines.findIndex((l) => l.key === '"posts"');
    const shown = visibleLines(lines, new Set([posts]));
    expect(shown).toHaveLength(lines.length - (lines[posts].close! - posts));
    expect(text(lines, new Set([posts]))).toContain('  "posts": [ … ],\n  "total": 2,');
    expect(text(lines, foldedFrom(lines, 1))).toBe(
      ["{", '  "posts": [ … ],', '  "total": 2,', '  "next": null,', '  "ok": true,', '  "a \\"q\\"": []', "}"].join("\n"),
    );
    expect(foldedFrom(lines, undefined).size).toBe(0);
  });

  it("takes a nesting far deeper than the call stack would", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const lines = prettyLines(deep);
    expect(lines).toHaveLength(200_001);
    expect(lines[0].close).toBe(200_000);
  });
});
