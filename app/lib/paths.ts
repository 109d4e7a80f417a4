// The app's own URLs for things, one place each.
export const postPath = (postId: string) => `/post/${encodeURIComponent(postId)}`;
export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;
export const tagPath = (tag: string) => `/tags/${encodeURIComponent(tag)}`;
export const peoplePath = (username: string, which: "followers" | "following") => `${profilePath(username)}/${which}`;

const PAGE_NAMES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^\/(home|explore|notifications|bookmarks|settings)\/?$/, (m) => m[1][0].toUpperCase() + m[1].slice(1)],
  [/^\/profile\/([^/]+)\/?$/, (m) => `@${m[1]}'s profile`],
  [/^\/profile\/([^/]+)\/followers\/?$/, (m) => `@${m[1]}'s followers`],
  [/^\/profile\/([^/]+)\/following\/?$/, (m) => `the people @${m[1]} follows`],
  [/^\/tags\/([^/]+)\/?$/, (m) => `#${m[1]}`],
  [/^\/post\/[^/]+\/?$/, () => "the post"],
];

/** What a person calls the page at an app path ("Settings", "@ada's profile"), for "Log in to continue to …". */
export function pageName(path: string): string {
  const pathname = path.split(/[?#]/)[0];
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: named as typed.
  }
  for (const [pattern, name] of PAGE_NAMES) {
    const m = pattern.exec(decoded);
    if (m) return name(m);
  }
  return "the page you opened";
}
