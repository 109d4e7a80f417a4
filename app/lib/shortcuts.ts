// Keyboard shortcuts of the signed-in app, as Bluesky, Mastodon and X have them:
// j/k move between posts, l/b/c act on the focused post, n writes, / explores,
// ? lists them. They work on the DOM's roles (the feed's <article>s and their
// named buttons), so every list gets them, windowed or not.

export interface Shortcut {
  keys: string[];
  does: string;
}

export const SHORTCUTS: Shortcut[] = [
  { keys: ["j"], does: "Next post" },
  { keys: ["k"], does: "Previous post" },
  { keys: ["l"], does: "Like or unlike the post" },
  { keys: ["b"], does: "Bookmark the post, or remove the bookmark" },
  { keys: ["c"], does: "Comment on the post" },
  { keys: ["n"], does: "Write a new post" },
  { keys: ["/"], does: "Go to Explore" },
  { keys: ["?"], does: "Show these shortcuts" },
  { keys: ["Page Down", "Page Up"], does: "Next or previous post" },
  { keys: ["Ctrl", "Enter"], does: "Post, or send the comment, from the text box (⌘ Enter on a Mac)" },
];

export type ShortcutAction =
  | { kind: "move"; by: 1 | -1 }
  | { kind: "press"; control: "Like" | "Bookmark" | "Comment" }
  | { kind: "compose" }
  | { kind: "explore" }
  | { kind: "help" }
  | { kind: "submit"; form: HTMLFormElement };

/** True where a key is text the person is typing, not a command. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !["checkbox", "radio", "button", "submit", "reset", "file", "range", "color"].includes(target.type);
  return false;
}

/** What a keydown asks for, or null when it is not a shortcut here. */
export function shortcutFor(event: KeyboardEvent, dialogOpen: boolean): ShortcutAction | null {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.altKey) {
    const field = event.target;
    const form = field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement ? field.form : null;
    return form ? { kind: "submit", form } : null;
  }
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return null;
  if (isTyping(event.target) || dialogOpen) return null;
  switch (event.key) {
    case "j":
      return { kind: "move", by: 1 };
    case "k":
      return { kind: "move", by: -1 };
    case "l":
      return { kind: "press", control: "Like" };
    case "b":
      return { kind: "press", control: "Bookmark" };
    case "c":
      return { kind: "press", control: "Comment" };
    case "n":
      return { kind: "compose" };
    case "/":
      return { kind: "explore" };
    case "?":
      return { kind: "help" };
    default:
      return null;
  }
}

/** The posts of the list on screen, in reading order. */
function posts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[role="feed"] article')];
}

/** The post the person is on: the focused one, or the one holding focus. */
export function currentPost(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement ? (active.closest<HTMLElement>('[role="feed"] article') ?? null) : null;
}

/** Moves focus to the next or previous post (the first one when none is focused). */
export function movePost(by: 1 | -1): void {
  const current = currentPost();
  if (current) {
    void stepFrom(current, by);
    return;
  }
  const first = posts()[0];
  first?.focus({ preventScroll: true });
  first?.scrollIntoView({ block: "nearest" });
}

const frame = () => new Promise((done) => requestAnimationFrame(done));

/** How long a step waits for the post to be rendered: on a slow device the window fills in over many frames. */
const STEP_WAIT_MS = 3000;

/**
 * Focuses the post `by` places from `current` by its place in the list
 * (aria-posinset). A windowed feed may not have rendered it yet: when the
 * window ends before it, the page scrolls on a little; when the window
 * reaches it but has not drawn it yet (its cards arrive a few per frame),
 * it waits. Either way it looks again each frame, up to STEP_WAIT_MS.
 */
export async function stepFrom(current: HTMLElement, by: 1 | -1): Promise<HTMLElement | null> {
  const place = Number(current.getAttribute("aria-posinset"));
  const size = Number(current.getAttribute("aria-setsize"));
  const wanted = place + by;
  if (!place || wanted < 1 || (size > 0 && wanted > size)) return null;
  const feed = current.closest('[role="feed"]');
  const deadline = performance.now() + STEP_WAIT_MS;
  while (feed && performance.now() < deadline) {
    const next = feed.querySelector<HTMLElement>(`article[aria-posinset="${wanted}"]`);
    if (next) {
      next.focus({ preventScroll: true });
      next.scrollIntoView({ block: "nearest" });
      return next;
    }
    const places = [...feed.querySelectorAll("article[aria-posinset]")].map((card) => Number(card.getAttribute("aria-posinset")));
    const windowEndsBefore = by > 0 ? Math.max(...places) < wanted : Math.min(...places) > wanted;
    if (windowEndsBefore) window.scrollBy(0, by * Math.max(200, current.offsetHeight));
    await frame();
    await frame();
  }
  return null;
}

/** Presses a named control of the focused post; returns it, or null when there is none. */
export function pressOnPost(control: string): HTMLButtonElement | null {
  const post = currentPost();
  const button = post?.querySelector<HTMLButtonElement>(`button[aria-label="${control}"]`) ?? null;
  button?.click();
  return button;
}

export function composerField(): HTMLTextAreaElement | null {
  return document.querySelector<HTMLTextAreaElement>('section[aria-label="Create a post"] textarea');
}
