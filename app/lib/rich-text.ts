// A post's text as parts to render: plain text, http(s) links (linkify-it, a
// well-kept linkifier), #tags and @mentions (the mock's own rules, so the tag
// the app links is the tag its page finds). Parts are data, rendered as React
// elements: no text ever becomes HTML.
import LinkifyIt from "linkify-it";
import { shownLink } from "#mock/core/rules";
import { MENTION_PATTERN, TAG_PATTERN, fold, mentionName } from "#mock/features/text-terms";

export type RichPart =
  | { kind: "text"; text: string }
  | { kind: "url"; text: string; href: string }
  | { kind: "tag"; text: string; tag: string }
  | { kind: "mention"; text: string; username: string };

// Only links written with http:// or https://: no "example.com" guesses, e-mail addresses, ftp: or //.
const linkify = new LinkifyIt()
  .add("ftp:", null)
  .add("mailto:", null)
  .add("//", null)
  .set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });

/**
 * The text as it is shown (the stored text is unchanged): a run of blank lines reads as one,
 * so 150 empty lines do not make a card four screens tall; and at most three combining marks
 * stay on a character, so a stack of them cannot draw over the lines above and below.
 */
export function shownText(text: string): string {
  return text.replace(/\n[^\S\n]*(?:\n[^\S\n]*){2,}/g, "\n\n").replace(/(\p{M}{3})\p{M}+/gu, "$1");
}

export function richParts(text: string): RichPart[] {
  const parts: RichPart[] = [];
  let at = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!/^https?:\/\//i.test(match.url)) continue;
    // A link shows what the URL parser reads (the host in punycode); one with a user@ part or a hiding character stays text.
    const shown = shownLink(match.url);
    if (!shown) continue;
    if (match.index > at) parts.push(...tagsAndMentions(text.slice(at, match.index)));
    const writtenHost = match.raw
      .replace(/^https?:\/\//i, "")
      .split(/[/?#]/)[0]
      .toLowerCase();
    const sameHost = writtenHost === new URL(shown.href).host;
    parts.push({ kind: "url", text: sameHost ? match.raw : shown.text, href: shown.href });
    at = match.lastIndex;
  }
  if (at < text.length) parts.push(...tagsAndMentions(text.slice(at)));
  return parts;
}

const TAG_OR_MENTION = new RegExp(`${TAG_PATTERN.source}|${MENTION_PATTERN.source}`, "gu");

function tagsAndMentions(text: string): RichPart[] {
  const parts: RichPart[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG_OR_MENTION)) {
    const [whole, tag, mention] = match;
    let end = match.index + whole.length;
    let part: RichPart;
    if (tag !== undefined) part = { kind: "tag", text: whole, tag: fold(tag) };
    else {
      const username = mentionName(mention);
      if (!username) continue;
      // "@ada." mentions ada; the full stop stays text.
      end = match.index + 1 + username.length;
      part = { kind: "mention", text: `@${username}`, username };
    }
    if (match.index > at) parts.push({ kind: "text", text: text.slice(at, match.index) });
    parts.push(part);
    at = end;
  }
  if (at < text.length) parts.push({ kind: "text", text: text.slice(at) });
  return parts;
}
