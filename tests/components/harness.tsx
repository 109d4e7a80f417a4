// What the component tests share: the app's style sheets, an answer made the way the page makes
// one, the themes, axe. Each test file renders its components alone in Chromium (vitest's browser
// mode, the "components" project in vite.config.ts): no app boot, no mock worker, no login.
import "#app/styles/app.css";
import "#app/mockman/mockman.css";
import axe from "axe-core";
import { page } from "@vitest/browser/context";
import { render } from "vitest-browser-react";
import { afterEach } from "vitest";
import type { ReactNode } from "react";
import { ResponseView } from "#app/mockman/components/ResponseView";
import { sendRequest, type Outcome } from "#app/mockman/lib/send";

export const THEMES = ["light", "dark"] as const;
export const WIDTHS = [375, 1280] as const;

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

/** The window at `width` px (the test's frame), 800 px high. */
export const atWidth = (width: number) => page.viewport(width, 800);

/** The theme as root.tsx sets it (data-theme on <html>), which both style sheets key on. */
export function theme(scheme: (typeof THEMES)[number]) {
  if (scheme === "dark") document.documentElement.dataset.theme = "dark";
  else delete document.documentElement.dataset.theme;
}

/** Renders inside the tester's page frame (.mm-page holds its colours and type). */
export const renderInMockman = (node: ReactNode) =>
  render(
    <div className="mm-page">
      <main className="mm-main">{node}</main>
    </div>,
  );

/** An answer as the page's Send makes it: `body` served as `contentType`, read by lib/send.ts's sendRequest. */
export async function answer(body: string, contentType = "application/json"): Promise<Extract<Outcome, { kind: "response" }>> {
  const outcome = await sendRequest(
    { method: "GET", endpoint: "/answer", headers: {}, body: undefined },
    async () => new Response(body, { status: 200, headers: { "content-type": contentType } }),
  );
  if (outcome.kind !== "response") throw new Error(outcome.error);
  return outcome;
}

/** The response viewer (Body, Headers, Cookies, its tools and search) showing `outcome`, as the page shows it. */
export const renderAnswer = (outcome: Extract<Outcome, { kind: "response" }>) =>
  renderInMockman(<ResponseView outcome={outcome} onNextPage={null} request={{ method: "GET", endpoint: "/answer" }} pagingHint={null} />);

/** Finishes what is half way through a transition (as the e2e suite's animationsAtRest), so axe reads final colours. */
function animationsAtRest() {
  for (const animation of document.getAnimations())
    if (animation.effect?.getComputedTiming().iterations !== Infinity && (animation.pending || animation.playState === "running"))
      animation.finish();
}

/** axe-core's serious and critical findings on the document as it is, one line each: [] when clean (the e2e suite's rules). */
export async function seriousViolations(): Promise<string[]> {
  animationsAtRest();
  const { violations } = await axe.run(document);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
