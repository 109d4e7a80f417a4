// The tester page's keys in localStorage (its tabs, the split, the base URL of copied commands): all
// under one prefix, so a first visit can be made by removing them (tests/components/harness.tsx).
export const PAGE_KEY_PREFIX = "mockman.";

/** The page's localStorage key for `name`. */
export const pageKey = (name: string) => `${PAGE_KEY_PREFIX}${name}`;
