// The e2e suite's `test`: every page keeps a log of the toasts it showed, so a spec
// checks that a toast was shown, not that it is still on screen. A toast closes
// itself after 3 s, and on a busy machine the look can come after that (issue 36:
// 'LoggedIn successfully' was gone before the test looked for it).
import { test as base, expect, type BrowserContext, type Page, type Request } from "@playwright/test";

// Everything else as Playwright has it: specs import from here only.
export * from "@playwright/test";
export { scaled, TIME_SCALE } from "./time-scale";

/** One toast as the page showed it: its text (white space collapsed) and react-toastify's type. */
export interface ShownToast {
  text: string;
  kind: string;
  /** Whether an `expectToast` has already claimed it (each shown toast answers one check). */
  claimed: boolean;
}

const logs = new WeakMap<Page, ShownToast[]>();
const installed = new WeakSet<BrowserContext>();

/**
 * From the next load on, every page of `context` reports each toast it shows (and each
 * new text a shown toast gets) to the test, across reloads. The `test` below does it for
 * its `context`; a spec that opens a context of its own calls it there.
 */
export async function installToastLog(context: BrowserContext): Promise<void> {
  if (installed.has(context)) return;
  installed.add(context);
  await context.exposeBinding("__e2eToastShown", ({ page }, shown: { text: string; kind: string }) => {
    const log = logs.get(page) ?? [];
    logs.set(page, log);
    log.push({ ...shown, claimed: false });
  });
  await context.addInitScript(() => {
    const said = new WeakMap<Element, string>();
    const report = (window as unknown as { __e2eToastShown: (shown: { text: string; kind: string }) => void }).__e2eToastShown;
    const look = () => {
      for (const toast of document.querySelectorAll(".Toastify__toast")) {
        const text = (toast.textContent ?? "").replace(/\s+/g, " ").trim();
        if (!text || said.get(toast) === text) continue;
        said.set(toast, text);
        report({ text, kind: /Toastify__toast--(\w+)/.exec(toast.className)?.[1] ?? "default" });
      }
    };
    // Observing the document only reads it: nothing is added for React to trip over.
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Every toast `page` has shown since the test began, oldest first. */
export function toastsShown(page: Page): ShownToast[] {
  if (!keepsToastLog(page))
    throw new Error("this page keeps no toast log: import `test` from ./fixtures (or call installToastLog on its context)");
  return logs.get(page) ?? [];
}

/** Whether `page` reports its toasts (its context went through installToastLog). */
export const keepsToastLog = (page: Page) => installed.has(page.context());

const matches = (text: string, wanted: string | RegExp) => (typeof wanted === "string" ? text === wanted : wanted.test(text));

/**
 * Waits until `page` has shown a toast reading `wanted` (the whole text when a string) that
 * no earlier call claimed, and claims it: two calls for the same text need two toasts.
 * Whether it is still on screen does not matter.
 */
export async function expectToast(page: Page, wanted: string | RegExp, options: { kind?: string; timeout?: number } = {}) {
  const find = () => toastsShown(page).find((t) => !t.claimed && matches(t.text, wanted) && (!options.kind || t.kind === options.kind));
  try {
    // Without a timeout of its own, the suite's expect timeout (playwright.config.ts).
    await expect.poll(() => find() !== undefined, { timeout: options.timeout }).toBe(true);
  } catch {
    const seen = toastsShown(page).map((t) => `${JSON.stringify(t.text)} (${t.kind}${t.claimed ? ", claimed" : ""})`);
    throw new Error(`no toast ${String(wanted)} was shown; shown so far: ${seen.join(", ") || "none"}`);
  }
  find()!.claimed = true;
}

/**
 * From the next load on, toasts stay until clicked: their progress bar, whose end closes
 * them, does not run. For specs that look at toasts on screen (where they sit, two at once).
 * A style sheet adopted by the document, not an element React could find in its way.
 */
export const holdToasts = (page: Page) =>
  page.addInitScript(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(".Toastify__progress-bar { animation-play-state: paused !important; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });

/**
 * Brings to rest whatever is half way through an animation or a transition, in `scope` (a
 * selector) or the whole page: a toast coming in, a dialog fading up, colours easing. Each
 * finite one is finished (jumped to its end, as if it had run), so the checks that follow read
 * the final colours and places. Endless ones (a spinner, a caret's blink) and the toasts'
 * progress bars (whose end closes the toast) are left running.
 *
 * Finishing rather than awaiting `finished`: that promise moves only when the page draws a
 * frame, and one CI run waited 30 s on it (issue 36) with nothing drawn. Finishing needs no
 * frame. A look that still finds something moving (a new transition the last one started)
 * looks again; a page that never comes to rest fails the wait naming what kept moving.
 */
export async function animationsAtRest(page: Page, scope?: string) {
  await expect
    .poll(
      () =>
        page.evaluate((selector) => {
          const root = selector ? document.querySelector(selector) : document;
          if (!root) return "";
          const moving = root
            .getAnimations(selector ? { subtree: true } : undefined)
            .filter((a) => !((a.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains("Toastify__progress-bar"))
            .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
            .filter((a) => a.pending || a.playState === "running");
          const described = moving.map((a) => {
            const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
            const what =
              a instanceof CSSTransition
                ? `transition ${a.transitionProperty}`
                : a instanceof CSSAnimation
                  ? `animation ${a.animationName}`
                  : `animation ${a.id || "(script)"}`;
            const where = target
              ? `${target.tagName.toLowerCase()}${target.id ? `#${target.id}` : ""}${[...target.classList].map((c) => `.${c}`).join("")}`
              : "(no target)";
            return `${what} on ${where}`;
          });
          for (const a of moving) {
            try {
              a.finish();
            } catch {
              // An animation with no end to jump to (it cannot finish): named in the result.
            }
          }
          return described.join("; ");
        }, scope),
      { message: "nothing left half way through an animation or a transition" },
    )
    .toBe("");
}

/** Where the toasts rest, by the page's own account (entry animations, the stack's transitions). */
export const toastsAtRest = (page: Page) => animationsAtRest(page, ".Toastify");

/**
 * What a context's pages were waiting for, for a test that ran out of time: each page's URL, whether
 * its main thread still answers (and its document's readyState), and the requests it started that
 * never ended. One full run saw a `page.reload()` wait 7 minutes for a `load` that never came
 * (microblog-actions, 375 px, not reproduced in 16 runs beside two burners): the next such hang says
 * whether a request stalled, the page's thread hung, or the navigation never began.
 */
function watchPending(context: BrowserContext) {
  const pending = new Map<Request, { page: Page | null; at: number }>();
  const start = Date.now();
  const pageOf = (request: Request) => {
    try {
      return request.frame().page();
    } catch {
      return null; // A service worker's request has no frame.
    }
  };
  context.on("request", (request) => pending.set(request, { page: pageOf(request), at: Date.now() }));
  context.on("requestfinished", (request) => pending.delete(request));
  context.on("requestfailed", (request) => pending.delete(request));
  return async function describe(): Promise<string> {
    const lines: string[] = [];
    for (const page of context.pages()) {
      const answer = await Promise.race([
        page.evaluate(() => document.readyState).then((state) => `main thread answers, readyState ${state}`),
        new Promise<string>((resolve) => setTimeout(() => resolve("main thread did not answer within 2 s"), 2_000)),
      ]).catch((error: unknown) => `main thread: ${(error as Error).message.split("\n")[0]}`);
      lines.push(`page ${page.url()}: ${answer}`);
      for (const [request, { page: owner, at }] of pending)
        if (owner === page)
          lines.push(
            `  pending since ${((at - start) / 1000).toFixed(1)} s: ${request.method()} ${request.resourceType()} ${request.url().slice(0, 160)}`,
          );
    }
    return lines.join("\n");
  };
}

export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    await installToastLog(context);
    const describe = watchPending(context);
    await use(context);
    if (testInfo.status === "timedOut") {
      const state = await describe().catch((error: unknown) => `could not read the pages: ${String(error)}`);
      console.error(`[${testInfo.title}] timed out; its pages:\n${state}`);
      await testInfo.attach("pages at timeout", { body: state, contentType: "text/plain" });
    }
  },
});
