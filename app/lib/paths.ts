// The app's own URLs for things, one place each.
export const postPath = (postId: string) => `/post/${encodeURIComponent(postId)}`;
export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;
export const tagPath = (tag: string) => `/tags/${encodeURIComponent(tag)}`;
export const peoplePath = (username: string, which: "followers" | "following") => `${profilePath(username)}/${which}`;
