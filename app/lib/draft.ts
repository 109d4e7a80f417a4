// The composer's draft, kept per user in this browser (localStorage) so text
// typed and not yet posted survives a move to another screen and a reload; it
// goes once the post is created. Storage that refuses (private mode, quota)
// only means no draft is kept.
const key = (username: string) => `moments-draft:${username}`;

export function readDraft(username: string): string {
  try {
    return localStorage.getItem(key(username)) ?? "";
  } catch {
    return "";
  }
}

export function saveDraft(username: string, text: string) {
  try {
    if (text.trim()) localStorage.setItem(key(username), text);
    else localStorage.removeItem(key(username));
  } catch {
    // Not kept: the text is still in the box.
  }
}

export const clearDraft = (username: string) => saveDraft(username, "");
