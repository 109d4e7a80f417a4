// What a post's text holds besides words: #tags and @mentions, one definition
// for the app (which links them, app/components/PostText.tsx) and the mock
// (which indexes them, mock/features/search-index.ts), so a tag the app links is the tag
// its page finds. Terms are folded: lower case, accents dropped ("Café" = "cafe").

/** `#` then letters, digits or `_`, not inside a word ("a#b" is no tag). */
export const TAG_PATTERN = /(?<![\p{L}\p{N}_#&])#([\p{L}\p{N}_]{1,64})/gu;
/** `@` then a username's characters (USERNAME_PATTERN), not inside a word or an e-mail address. */
export const MENTION_PATTERN = /(?<![\p{L}\p{N}_@.-])@([A-Za-z0-9_.-]{1,30})/gu;
const WORD = /[\p{L}\p{N}]+/gu;
// Most text is ASCII: the same rules without Unicode property lookups, several times faster.
const ASCII = /^[\u0020-\u007e\s]*$/;
const ASCII_WORD = /[a-z0-9]+/g;

/** Lower case without accents: what terms are compared as. */
export function fold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** A mention's username without the sentence's closing punctuation ("@ada." → "ada"). */
export const mentionName = (raw: string) => raw.replace(/[.-]+$/, "");

/** The folded words of a text, each once. */
export function wordsOf(text: string): string[] {
  const folded = fold(text);
  return [...new Set(folded.match(ASCII.test(folded) ? ASCII_WORD : WORD) ?? [])];
}

/** The tags of a text, folded, without `#`, each once, in order. */
export function tagsOf(text: string): string[] {
  if (!text.includes("#")) return [];
  return [...new Set([...text.matchAll(TAG_PATTERN)].map((m) => fold(m[1])))];
}

/** The usernames a text mentions, as written (usernames are case sensitive), each once. */
export function mentionsOf(text: string): string[] {
  if (!text.includes("@")) return [];
  return [...new Set([...text.matchAll(MENTION_PATTERN)].map((m) => mentionName(m[1])).filter(Boolean))];
}

/** A post's search terms: its words, `#tag` for each tag and `@name` (folded) for each mention. */
export function postTerms(content: string): string[] {
  return [...new Set([...wordsOf(content), ...tagsOf(content).map((t) => `#${t}`), ...mentionsOf(content).map((m) => `@${fold(m)}`)])];
}
