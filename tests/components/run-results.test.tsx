// Issue 46, a Run's results: named as the collection names its requests ("List posts", not a
// slug), each opening to the request sent, the response and every assertion, with All and Failed
// filters, at 375 and 1280 px, axe clean in both themes. Was tests/e2e/mockman-run-results.spec.ts:
// the Run dialog alone, on the collection as the page's import reads it, its run in the page's own
// run worker (scripts in its QuickJS sandbox), each request answered by the page's mock in this frame.
// Also the environment a Run uses: the page's active one unless another, or none, is picked for it, and what its scripts set there.
import { expect, test } from "vitest";
import { page, userEvent, type Locator } from "@vitest/browser/context";
import RunnerDialog from "#app/mockman/components/RunnerDialog";
import { EMPTY_STATE } from "#app/mockman/lib/environments";
import { collectionFromFile } from "#app/mockman/lib/saved";
import { atWidth, axeInBothThemes, pageMock, renderInMockman, testerWithCollection, WIDTHS } from "./harness";

const test_ = (source: string) => [{ listen: "test", script: { exec: [source] } }];
const COLLECTION = JSON.stringify({
  info: { name: "Moments API", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
  item: [
    {
      name: "Todos",
      request: { method: "GET", url: "/api/test-todos" },
      event: test_("pm.test('answers 200', () => pm.response.to.have.status(200));"),
    },
    {
      name: "Posts",
      item: [
        {
          name: "List posts",
          request: { method: "GET", url: "/api/posts?limit=2" },
          event: test_(
            "pm.test('has posts', () => pm.expect(pm.response.json().posts.length).to.equal(2)); pm.test('never holds', () => pm.expect(pm.response.code).to.equal(299));",
          ),
        },
      ],
    },
  ],
});

/** The collection run as its menu's Run does: the dialog, one iteration, Run, until the summary says Done. */
async function runCollection(json = COLLECTION, name = "Moments API") {
  await pageMock();
  const { collection } = await collectionFromFile(json, "moments.postman_collection.json", 0);
  const screen = renderInMockman(
    <RunnerDialog
      collection={collection}
      folder={null}
      vars={{ environments: { state: EMPTY_STATE }, globals: {}, keepRun: () => {} }}
      onClose={() => {}}
    />,
  );
  const runner = screen.getByRole("dialog", { name: `Run ${name}` });
  await runner.getByLabelText("Iterations").fill("1");
  await runner.getByRole("button", { name: "Run", exact: true }).click();
  await expect.element(runner.getByTestId("run-summary"), { timeout: 60_000 }).toHaveTextContent("Done.");
  return runner;
}

/** A run boots the run worker and its script isolate, served module by module in this mode: a minute for Done, as the spec waited. */
const RUN = { timeout: 120_000 };

/** The results with a summary (a row of the list), in order. */
const resultsOf = (runner: Locator) => [...runner.getByRole("list", { name: "Run results" }).element().querySelectorAll("li:has(summary)")];
const text = (el: Element | null | undefined) => el?.textContent ?? "";

for (const width of WIDTHS) {
  test(`at ${width} px a Run's results carry the requests' names and open to request, response and every assertion`, RUN, async () => {
    await atWidth(width);
    const runner = await runCollection();
    await expect.poll(() => resultsOf(runner)).toHaveLength(2);
    let results = resultsOf(runner);
    expect(text(results[0].querySelector(".mm-run-name"))).toBe("Todos");
    expect(text(results[1].querySelector(".mm-run-name"))).toBe("List posts");
    expect(runner.element().textContent).not.toContain("list-posts");

    // Opened: the request sent, the response and each assertion, passed and failed.
    await page.elementLocator(results[1].querySelector("summary")!).click();
    await expect.poll(() => results[1].querySelector(".mm-run-detail")).not.toBeNull();
    const detail = results[1].querySelector<HTMLElement>(".mm-run-detail")!;
    await expect.element(detail).toBeVisible();
    expect(detail.textContent).toContain("GET /api/posts?limit=2");
    expect(detail.textContent).toContain("200 OK");
    expect(text([...detail.querySelectorAll("pre")].at(-1))).toContain('"posts"');
    const assertions = [...detail.querySelector('[aria-label="Assertions of List posts"]')!.querySelectorAll("li")].map(
      (li) => li.textContent,
    );
    expect(assertions).toHaveLength(2);
    expect(assertions[0]).toBe("✓ has posts");
    expect(assertions[1]).toMatch(/^✗ never holds/);

    // Filters: Failed shows only List posts; All both again.
    await runner.getByRole("radio", { name: "Failed (1)" }).click();
    await expect.poll(() => resultsOf(runner)).toHaveLength(1);
    results = resultsOf(runner);
    expect(text(results[0].querySelector(".mm-run-name"))).toBe("List posts");
    await runner.getByRole("radio", { name: "All (2)" }).click();
    await expect.poll(() => resultsOf(runner)).toHaveLength(2);
  });
}

test("an opened Run result passes axe in the light and the dark theme at 375 and 1280 px", RUN, async () => {
  const runner = await runCollection();
  await expect.poll(() => resultsOf(runner)).toHaveLength(2);
  await page.elementLocator(runner.getByRole("list", { name: "Run results" }).element().querySelectorAll("summary")[1]).click();
  await expect.poll(() => runner.element().querySelector(".mm-run-detail")).not.toBeNull();
  await expect.element(runner.element().querySelector(".mm-run-detail")!).toBeVisible();
  await axeInBothThemes();
});

test("a Run whose server variable nothing defines says to add it under Environment, not a command-line flag", RUN, async () => {
  const json = JSON.stringify({
    info: { name: "Store", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
    item: [{ name: "Orders", request: { method: "GET", url: "{{storeUrl}}/orders" } }],
  });
  const runner = await runCollection(json, "Store");
  await expect.poll(() => resultsOf(runner)).toHaveLength(1);
  const shown = runner.element().textContent ?? "";
  expect(shown).toContain("Add storeUrl under Environment, or to the collection's variables");
  expect(shown).toContain("which has no value when it is sent (add storeUrl under Environment)");
  expect(shown).not.toContain("--env-var");
});

test(
  "a Run with an environment other than the active one picked sends that environment's values, says so, and keeps what it set there",
  RUN,
  async () => {
    const seen: Request[] = [];
    await pageMock(seen);
    const json = JSON.stringify({
      info: { name: "Environments", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
      item: [
        {
          name: "Todos",
          request: { method: "GET", url: "/api/test-todos?from={{which}}" },
          event: test_("pm.environment.set('after', 'set');"),
        },
      ],
    });
    const { collection } = await collectionFromFile(json, "environments.postman_collection.json", 0);
    const env = (name: string) => ({ id: name, name, variables: [{ name: "which", value: name.toLowerCase(), secret: false }] });
    const kept: Array<[Record<string, unknown>, string | null | undefined]> = [];
    const screen = renderInMockman(
      <RunnerDialog
        collection={collection}
        folder={null}
        vars={{
          environments: { state: { environments: [env("Staging"), env("Production")], activeId: "Staging" } },
          globals: {},
          keepRun: (scopes, _collection, environmentId) => kept.push([scopes.environment, environmentId]),
        }}
        onClose={() => {}}
      />,
    );
    const runner = screen.getByRole("dialog", { name: "Run Environments" });
    const picker = runner.getByLabelText("Environment", { exact: true });
    await expect.element(picker).toHaveValue("Staging");
    await picker.selectOptions("Production");
    await runner.getByRole("button", { name: "Run", exact: true }).click();
    await expect.element(runner.getByTestId("run-summary"), { timeout: 60_000 }).toHaveTextContent("Done.");
    expect(runner.getByTestId("run-summary").element().textContent).toMatch(/Environment: Production\.$/);
    expect(seen.map((r) => new URL(r.url).search)).toEqual(["?from=production"]);
    expect(kept).toEqual([[expect.objectContaining({ which: "production", after: "set" }), "Production"]]);
  },
);

test(
  "a Run with No environment picked leaves the environment's {{x}} unfilled, fills the collection's and the globals', and hands what it set back with no environment named",
  RUN,
  async () => {
    const seen: Request[] = [];
    await pageMock(seen);
    const json = JSON.stringify({
      info: { name: "Bare", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
      variable: [{ key: "c", value: "coll" }],
      item: [
        {
          name: "Todos",
          request: { method: "GET", url: "/api/test-todos?x={{x}}&c={{c}}&g={{g}}" },
          event: test_("pm.environment.set('after', 'set');"),
        },
      ],
    });
    const { collection } = await collectionFromFile(json, "bare.postman_collection.json", 0);
    const staging = { id: "Staging", name: "Staging", variables: [{ name: "x", value: "staging", secret: false }] };
    const kept: Array<[Record<string, unknown>, string | null | undefined]> = [];
    const screen = renderInMockman(
      <RunnerDialog
        collection={collection}
        folder={null}
        vars={{
          environments: { state: { environments: [staging], activeId: "Staging" } },
          globals: { g: "glob" },
          keepRun: (scopes, _collection, environmentId) => kept.push([scopes.environment, environmentId]),
        }}
        onClose={() => {}}
      />,
    );
    const runner = screen.getByRole("dialog", { name: "Run Bare" });
    // Opened, the focus is on its first control in reading order, as in Postman's runner; Enter in a field runs.
    const picker = runner.getByLabelText("Environment", { exact: true });
    await expect.element(picker).toHaveFocus();
    await picker.selectOptions("No environment");
    await runner.getByLabelText("Iterations").click();
    await userEvent.keyboard("{Enter}");
    await expect.element(runner.getByTestId("run-summary"), { timeout: 60_000 }).toHaveTextContent("Done.");
    expect(runner.getByTestId("run-summary").element().textContent).toMatch(/No environment\.$/);
    expect(seen.map((r) => decodeURIComponent(new URL(r.url).search))).toEqual(["?x={{x}}&c=coll&g=glob"]);
    expect(kept).toEqual([[expect.objectContaining({ after: "set" }), null]]);
  },
);

test(
  "what a Run's scripts set with pm.environment.set is written back to the environment it ran with, as its editor shows",
  RUN,
  async () => {
    const { screen, panel } = await testerWithCollection(
      "Kept",
      [
        {
          name: "Todos",
          request: { method: "GET", url: "/api/test-todos?x={{x}}" },
          event: test_("pm.environment.set('x', 'changed'); pm.environment.set('token', 'from-run');"),
        },
      ],
      "kept.postman_collection.json",
    );
    const openEnvironments = async () => {
      await screen.getByRole("button", { name: "Environment", exact: true }).click();
      return screen.getByRole("dialog", { name: "Environments" });
    };
    let editor = await openEnvironments();
    await editor.getByRole("button", { name: "New environment" }).click();
    await editor.getByLabelText("Environment name").fill("Staging");
    await editor.getByRole("button", { name: "Add variable" }).click();
    await editor.getByLabelText("Variable 2 name").fill("x");
    await editor.getByLabelText("Variable 2 value").fill("one");
    await editor.getByRole("button", { name: "Done" }).click();

    await panel.getByRole("button", { name: "Actions for Kept" }).click();
    await screen.getByRole("menuitem", { name: "Run" }).click();
    const runner = screen.getByRole("dialog", { name: "Run Kept" });
    await expect.element(runner.getByLabelText("Environment", { exact: true })).toHaveDisplayValue("Staging");
    await runner.getByRole("button", { name: "Run", exact: true }).click();
    await expect.element(runner.getByTestId("run-summary"), { timeout: 60_000 }).toHaveTextContent("Done.");
    await runner.getByRole("button", { name: "Close" }).click();

    editor = await openEnvironments();
    await expect.element(editor.getByLabelText("Variable 2 value")).toHaveValue("changed");
    await expect.element(editor.getByLabelText("Variable 3 name")).toHaveValue("token");
    await expect.element(editor.getByLabelText("Variable 3 value")).toHaveValue("from-run");
  },
);
