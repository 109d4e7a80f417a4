// What the component tests share: the app's style sheets, an answer made the way the page makes
// one, the themes, axe. Each test file renders its components alone in Chromium (vitest's browser
// mode, the "components" project in vite.config.ts): no app boot, no mock worker, no login.
import "#app/styles/app.css";
import "#app/mockman/mockman.css";
import axe from "axe-core";
import { page } from "@vitest/browser/context";
import { render } from "vitest-browser-react";
import { afterEach, expect } from "vitest";
import type { ReactNode } from "react";
import { ResponsePanel, ResponseView } from "#app/mockman/components/ResponsePanel";
import { PAGE_KEY_PREFIX } from "#app/mockman/lib/page-keys";
import { sendRequest, type Outcome } from "#app/mockman/lib/send";

const THEMES = ["light", "dark"] as const;
export const WIDTHS = [375, 1280] as const;

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

/** The window at `width` px (the test's frame), 800 px high. */
export const atWidth = (width: number) => page.viewport(width, 800);

/** The theme as root.tsx sets it (data-theme on <html>), which both style sheets key on. */
function theme(scheme: (typeof THEMES)[number]) {
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

/** A GET of `endpoint` as the page's Send makes it (lib/send.ts's sendRequest), through `fetcher` (this frame's fetch by default). */
export const get = (endpoint: string, fetcher?: typeof fetch) => sendRequest({ method: "GET", endpoint, headers: {} }, fetcher);

/** The response panel (status line, tools, Body, Headers, Cookies) showing `outcome` of a GET of `endpoint`, as the page shows it. */
export const renderPanel = (outcome: Outcome, endpoint: string) =>
  renderInMockman(<ResponsePanel outcome={outcome} sending={false} request={{ method: "GET", endpoint }} />);

/** An answer as the page's Send makes it: `body` served as `contentType`, read by lib/send.ts's sendRequest. */
export async function answer(body: string, contentType = "application/json"): Promise<Extract<Outcome, { kind: "response" }>> {
  const outcome = await get("/answer", async () => new Response(body, { status: 200, headers: { "content-type": contentType } }));
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

/**
 * At 375 and 1280 px in the light then the dark theme: no sideways scroll and no serious or critical axe
 * finding (the e2e suite's checkInBothThemes, on what the test rendered).
 */
export async function axeInBothThemes() {
  for (const scheme of THEMES) {
    theme(scheme);
    for (const width of WIDTHS) {
      await atWidth(width);
      const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
      expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(), `${scheme} at ${width} px`).toEqual([]);
    }
  }
}

/** axe-core's serious and critical findings on the document as it is, one line each: [] when clean (the e2e suite's rules). */
export async function seriousViolations(): Promise<string[]> {
  animationsAtRest();
  // Every rule; only violations written out in full (no selector or excerpt built for each node that passed).
  const { violations } = await axe.run(document, { resultTypes: ["violations"] });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** This frame's fetch before `pageMock` patched it, put back after each test. */
let fetchBeforeMock: typeof window.fetch | null = null;
afterEach(() => {
  if (fetchBeforeMock) window.fetch = fetchBeforeMock;
  fetchBeforeMock = null;
});

/**
 * The page's mock in this frame: mock/core's createMock on a MemoryStore with the spec's seed (what the
 * page's mock worker runs on IndexedDB), answering same-origin /api/* fetches as the page's door does
 * (mock/browser/door.ts: the Request as plain data, the answer made a Response by web-raw's fromRaw,
 * its Set-Cookie kept beside it), each request it answers put in `seen` first. Loaded on first use: files
 * that do not call it never load the mock.
 */
export async function pageMock(seen?: Request[]) {
  const [{ createMock }, { MemoryStore }] = await Promise.all([import("#mock/core/create-mock"), import("#mock/store/memory")]);
  const mock = await createMock({ store: new MemoryStore() });
  const before = window.fetch;
  fetchBeforeMock ??= before;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const owned = url.origin === window.location.origin && (url.pathname === "/api" || url.pathname.startsWith("/api/"));
    if (owned) seen?.push(request.clone());
    return owned ? mock.handle(request) : before(input, init);
  };
  return mock;
}

/**
 * The tester's request column, MockmanPage's own RequestColumn: the notice, the tab strip and
 * RequestWorkspace (the URL bar, the request's sections and headers, the response below), its state
 * from the page's own useMockman, the page's mock (`pageMock`) answering /api in this frame (its
 * OpenAPI description fills the endpoint's suggestions). The collections, history and settings panels
 * are left out; the hooks still open their IndexedDB stores, and a Send is recorded in the history as
 * on the page. The tabs start blank, as on a first visit: the page's localStorage keys are removed first.
 */
export async function renderWorkspace() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PAGE_KEY_PREFIX)) localStorage.removeItem(key);
  const [{ useMockman }, { RequestColumn }] = await Promise.all([
    import("#app/mockman/hooks/useMockman"),
    import("#app/mockman/components/MockmanPage"),
    pageMock(),
  ]);
  function Workspace() {
    return <RequestColumn page={useMockman()} />;
  }
  return renderInMockman(<Workspace />);
}

/** The URL bar's and the response's controls in what `renderWorkspace` rendered (the e2e suite's mockmanUi). */
export const workspaceUi = (screen: Awaited<ReturnType<typeof renderWorkspace>>) => ({
  method: screen.getByLabelText("Method"),
  endpoint: screen.getByLabelText("Endpoint"),
  body: screen.getByLabelText("JSON body"),
  submit: screen.getByRole("button", { name: "Submit" }),
  save: screen.getByRole("button", { name: "Save", exact: true }),
  tools: screen.getByRole("button", { name: "Tools" }),
  response: screen.getByRole("region", { name: "Response" }),
  status: screen.getByTestId("status-line"),
  headerRows: () => screen.getByTestId("header-row").elements(),
});

/** Deletes every IndexedDB database of the frame's origin (the page's collections, history and environments), so no test sees another's. */
export async function deleteDatabases() {
  for (const { name } of await indexedDB.databases())
    if (name)
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      });
}

/**
 * The tester as MockmanPage lays it out (MockmanLayout), without its top bar and Mock settings: the request
 * column, the Collections and History panels and the page's dialogs (Paste cURL, Environments, a Run), all on
 * one useMockman, the page's mock (`pageMock`) answering /api. The page's databases are deleted and its
 * localStorage keys removed first: a first visit.
 */
export async function renderTester(seen?: Request[]) {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PAGE_KEY_PREFIX)) localStorage.removeItem(key);
  await deleteDatabases();
  const [{ MockmanLayout }] = await Promise.all([import("#app/mockman/components/MockmanPage"), pageMock(seen)]);
  return render(<MockmanLayout />);
}

/** Picks `file` in the Collections panel's file field as the browser hands a picked file over (the input's files set, then its change event). */
export function pickCollectionFile(screen: Awaited<ReturnType<typeof renderTester>>, file: File) {
  const input = screen.getByLabelText("Collection file to import").element() as HTMLInputElement;
  const picked = new DataTransfer();
  picked.items.add(file);
  input.files = picked.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

/** Imports a collection file's `text` through the Collections panel and waits for the collection `name` to show; gives the panel. */
export async function importCollection(screen: Awaited<ReturnType<typeof renderTester>>, text: string, name: string, fileName: string) {
  pickCollectionFile(screen, new File([text], fileName, { type: "application/json" }));
  const panel = screen.getByRole("region", { name: "Collections" });
  await expect.element(panel.getByRole("heading", { name })).toBeVisible();
  return panel;
}

/**
 * The tester at 1280 px, ready to send, with a Postman v2.1 collection of `name` and `item` imported from `fileName`
 * through the Collections panel: what a test of saved requests starts from.
 */
export async function testerWithCollection(name: string, item: unknown[], fileName: string) {
  await page.viewport(1280, 800);
  const screen = await renderTester();
  const ui = workspaceUi(screen);
  await expect.element(ui.submit).toBeEnabled();
  const json = { info: { name, schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" }, item };
  const panel = await importCollection(screen, JSON.stringify(json), name, fileName);
  return { screen, ui, panel };
}

/** Runs one of the Tools menu's items (by the URL bar) in what `renderWorkspace` or `renderTester` rendered. */
export async function tool(screen: Awaited<ReturnType<typeof renderTester>>, name: string) {
  await screen.getByRole("button", { name: "Tools" }).click();
  await screen.getByRole("menu", { name: "Tools" }).getByRole("menuitem", { name, exact: true }).click();
}
