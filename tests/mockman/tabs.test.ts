// Request tabs in storage: forms round-trip with fresh row ids, answers are kept
// only when small, and unreadable storage starts afresh instead of failing.
import { describe, expect, it } from "vitest";
import {
  ANSWER_KEPT,
  activeTab,
  addTab,
  blankTab,
  changedAnswers,
  closeTab,
  duplicateTab,
  loadTabs,
  loadedForm,
  patchTab,
  replaceTab,
  saveAnswer,
  saveForms,
  tabTitle,
} from "#app/mockman/lib/tabs";
import type { Outcome } from "#app/mockman/lib/send";
import { rowsAfterTyping } from "#app/mockman/lib/query";
import { formOf, formSnapshot, isPreview, tabForm } from "#app/mockman/lib/saved";
import type { PostmanItem } from "#mock/tester/postman/convert";
import { MemoryStorage } from "../app/memory-storage";
import { formdataRequest, formRow } from "../fixtures/postman";

/** A fresh localStorage of its own, for the functions that take one. */
const memoryStorage = (): Storage => new MemoryStorage() as Storage;

const answer = (size: number): Outcome => ({
  kind: "response",
  response: { status: 200, statusText: "OK", headers: {}, body: { n: "x".repeat(size) }, isJson: true, ms: 1, size: size + 8 },
});

describe("request tabs", () => {
  it("keeps forms and small answers across a reload, with fresh row ids", () => {
    const storage = memoryStorage();
    const endpoint = "/api/posts?limit=2";
    const a = { ...blankTab(), method: "POST", endpoint, params: rowsAfterTyping(endpoint, []), bodyText: '{"x":1}' };
    const b = duplicateTab(a);
    saveForms({ tabs: [a, b], activeId: b.id }, storage);
    expect(saveAnswer({ id: a.id, outcome: answer(100) }, storage)).toBe(true);
    const loaded = loadTabs(storage);
    expect(loaded.activeId).toBe(b.id);
    expect(loaded.tabs.map((t) => [t.method, t.endpoint, t.bodyText])).toEqual([
      ["POST", "/api/posts?limit=2", '{"x":1}'],
      ["POST", "/api/posts?limit=2", '{"x":1}'],
    ]);
    expect(loaded.tabs[0].params.map((p) => [p.key, p.value])).toEqual([["limit", "2"]]);
    expect(loaded.tabs[0].outcome).toEqual(answer(100));
    expect(loaded.tabs[1].outcome).toBeNull();
    const ids = loaded.tabs.flatMap((t) => [...t.headers, ...t.params].map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a JSON answer's text once, so one of 150 kB still fits and comes back whole", () => {
    const storage = memoryStorage();
    const tab = blankTab();
    const body = { n: "x".repeat(150 * 1024) };
    const raw = JSON.stringify(body, null, 1);
    const { response } = answer(0) as Extract<Outcome, { kind: "response" }>;
    const outcome: Outcome = { kind: "response", response: { ...response, body, raw, size: raw.length } };
    expect(saveAnswer({ id: tab.id, outcome }, storage)).toBe(true);
    expect(storage.getItem(`mockman.tab-answer.${tab.id}`)!.length).toBeLessThan(raw.length + 1024);
    saveForms({ tabs: [tab], activeId: tab.id }, storage);
    expect(loadTabs(storage).tabs[0].outcome).toEqual(outcome);
  });

  it("never stores a large answer, and drops the one it replaces", () => {
    const storage = memoryStorage();
    const tab = blankTab();
    saveAnswer({ id: tab.id, outcome: answer(100) }, storage);
    expect(saveAnswer({ id: tab.id, outcome: answer(ANSWER_KEPT + 1) }, storage)).toBe(false);
    expect(storage.length).toBe(0);
  });

  it("starts with one blank tab when storage is empty, unreadable or malformed", () => {
    for (const text of [null, "{", '{"tabs": [{"id": "bad id!"}]}', '{"tabs": "no"}']) {
      const storage = memoryStorage();
      if (text !== null) storage.setItem("mockman.tabs", text);
      const state = loadTabs(storage);
      expect(state.tabs).toHaveLength(1);
      expect(state.tabs[0].endpoint).toBe("/api/test-todos");
    }
  });

  it("a stored tab from an older or broken version opens, each field that is missing or malformed taking its fallback", () => {
    const storage = memoryStorage();
    const saved = { collectionId: "c", itemId: "i", name: "n", snapshot: "{}" };
    const stored = [
      {
        id: "old",
        method: 5,
        params: [null, "x", { key: "a", value: 1, enabled: false }, []],
        headers: "no",
        auth: "no",
        lastEndpoint: null,
      },
      {
        id: "odd",
        method: "",
        params: "no",
        headers: [7, { header: "X-A", value: "1" }],
        auth: { kind: "digest", token: 3, username: "u" },
      },
      { id: "new", method: "post", endpoint: "/api/x?a=1", saved, scripts: { test: "t" }, preview: true, bodyText: "[]" },
      { id: "half", saved: { ...saved, snapshot: 1 }, scripts: { prerequest: "", test: 5 }, preview: "yes", bodies: { kind: "xml" } },
    ];
    storage.setItem("mockman.tabs", JSON.stringify({ activeId: "gone", tabs: [...stored, { id: "bad id!" }, { id: "new" }] }));
    const { tabs, activeId } = loadTabs(storage);
    const rows = (list: Array<{ id: string }>) => list.map(({ id: _id, ...row }) => row);
    expect(activeId).toBe("old");
    expect(tabs.map((t) => [t.id, t.method, t.endpoint, t.bodyText, t.lastEndpoint])).toEqual([
      ["old", "GET", "/api/test-todos", blankTab().bodyText, ""],
      ["odd", "GET", "/api/test-todos", blankTab().bodyText, ""],
      ["new", "POST", "/api/x?a=1", "[]", ""],
      ["half", "GET", "/api/test-todos", blankTab().bodyText, ""],
    ]);
    expect(rows(tabs[0].params)).toEqual([
      { enabled: false, key: "a", value: "" },
      { enabled: true, key: "", value: "" },
    ]);
    expect(rows(tabs[0].headers)).toEqual(rows(blankTab().headers));
    expect(tabs[0].auth).toEqual({ kind: "none", token: "", username: "", password: "" });
    expect(rows(tabs[1].params)).toEqual(rows(rowsAfterTyping("/api/test-todos", [])));
    expect(rows(tabs[1].headers)).toEqual([
      { isUsed: true, header: "X-A", value: "1" },
      { isUsed: false, header: "", value: "" },
    ]);
    expect(tabs[1].auth).toEqual({ kind: "none", token: "", username: "u", password: "" });
    expect(rows(tabs[2].params)).toEqual([{ enabled: true, key: "a", value: "1" }]);
    expect([tabs[2].saved, tabs[2].scripts, tabs[2].preview]).toEqual([saved, { prerequest: "", test: "t" }, true]);
    expect([tabs[3].saved, tabs[3].scripts, tabs[3].preview, tabs[3].bodies?.kind]).toEqual([undefined, undefined, undefined, "xml"]);
  });

  it("closing picks the right-hand neighbour, and the last tab is replaced by a blank one", () => {
    const [a, b, c] = [blankTab(), blankTab(), blankTab()];
    expect(closeTab({ tabs: [a, b, c], activeId: b.id }, b.id).activeId).toBe(c.id);
    expect(closeTab({ tabs: [a, b, c], activeId: c.id }, c.id).activeId).toBe(b.id);
    const last = closeTab({ tabs: [a], activeId: a.id }, a.id);
    expect(last.tabs).toHaveLength(1);
    expect(last.tabs[0].id).not.toBe(a.id);
  });

  it("names a tab by method and path", () => {
    expect(tabTitle({ method: "GET", endpoint: "/api/posts?limit=5" })).toBe("GET /api/posts");
  });

  it("a change goes to the active tab unless another is named, and leaves the rest as they were", () => {
    const [a, b] = [blankTab(), blankTab()];
    const state = { tabs: [a, b], activeId: b.id };
    const typed = patchTab(state, () => ({ endpoint: "/api/posts" }));
    expect(typed.tabs.map((t) => t.endpoint)).toEqual(["/api/test-todos", "/api/posts"]);
    expect(typed.tabs[0]).toBe(a);
    // An answer arriving for the tab it was sent from, after the user moved to another.
    const answered = patchTab(typed, () => ({ outcome: answer(1), lastEndpoint: "/api/x" }), a.id);
    expect(answered.tabs[0].outcome).toEqual(answer(1));
    expect(answered.tabs[1].outcome).toBeNull();
    expect(answered.activeId).toBe(b.id);
  });

  it("a new tab goes at the end and becomes active; a stale active id falls back to the first tab", () => {
    const [a, b] = [blankTab(), blankTab()];
    const state = addTab({ tabs: [a], activeId: a.id }, b);
    expect(state).toEqual({ tabs: [a, b], activeId: b.id });
    expect(activeTab(state)).toBe(b);
    expect(activeTab({ tabs: [a, b], activeId: "gone" })).toBe(a);
  });

  it("a preview tab is one opened from a collection, unchanged and unsent; it is kept across a reload and takes no part in a duplicate", () => {
    const opened = blankTab();
    const tab = { ...opened, saved: { collectionId: "c", itemId: "i", name: "r", snapshot: formSnapshot(tabForm(opened)) }, preview: true };
    expect(isPreview(tab)).toBe(true);
    expect(isPreview({ ...tab, endpoint: "/api/posts" })).toBe(false);
    expect(isPreview({ ...tab, outcome: { kind: "failure", error: "x", ms: 1 } })).toBe(false);
    expect(isPreview({ ...tab, preview: false })).toBe(false);
    expect(isPreview(duplicateTab(tab))).toBe(false);
    const storage = memoryStorage();
    saveForms({ tabs: [tab], activeId: tab.id }, storage);
    expect(isPreview(loadTabs(storage).tabs[0])).toBe(true);
    const [other, next] = [blankTab(), blankTab()];
    expect(replaceTab({ tabs: [other, tab], activeId: other.id }, tab.id, next)).toEqual({ tabs: [other, next], activeId: next.id });
  });

  // Every body kind other than JSON read as the tab shows it: the tables it does not use once had a blank row with
  // a new id each time the form was compared, so such a request opened from a collection was changed at once.
  it.each([
    ["none", { method: "DELETE", url: "/api/x" }],
    ["text", { method: "PUT", url: "/api/x", body: { mode: "raw", raw: "hi", options: { raw: { language: "text" } } } }],
    ["urlencoded", { method: "POST", url: "/api/x", body: { mode: "urlencoded", urlencoded: [{ key: "a", value: "1" }] } }],
    [
      "formdata",
      formdataRequest("/api/x", [
        formRow.text("t", "v"),
        formRow.file("f", "/tmp/a.png"),
        formRow.base64("b", "aGk=", { fileName: "hi.txt", contentType: "text/plain" }),
      ]),
    ],
    ["binary", { method: "POST", url: "/api/x", body: { mode: "file", file: { src: "/tmp/a.bin" } } }],
    ["graphql", { method: "POST", url: "/api/x", body: { mode: "graphql", graphql: { query: "{a}", variables: "" } } }],
  ])("a request with a %s body opened from a collection is unchanged, and after a reload", (_, request) => {
    const form = formOf({ id: "i", name: "r", request } as PostmanItem);
    const opened = { ...blankTab(), ...loadedForm(form), auth: form.auth };
    const tab = { ...opened, saved: { collectionId: "c", itemId: "i", name: "r", snapshot: formSnapshot(tabForm(opened)) }, preview: true };
    expect(isPreview(tab)).toBe(true);
    const storage = memoryStorage();
    saveForms({ tabs: [tab], activeId: tab.id }, storage);
    expect(isPreview(loadTabs(storage).tabs[0])).toBe(true);
  });

  it("writes each answer once when it changes, not again when only the form changes", () => {
    const [a, b] = [{ ...blankTab(), outcome: answer(1) }, blankTab()];
    const kept = new Map([[a.id, a.outcome]]);
    // A new tab is written once (its empty answer removes any stale one).
    expect(changedAnswers([a, b], kept).map((t) => [t.id, t.outcome])).toEqual([[b.id, null]]);
    expect(changedAnswers([a, b], kept)).toEqual([]);
    const typed = patchTab({ tabs: [a, b], activeId: a.id }, () => ({ bodyText: "{}" }));
    expect(changedAnswers(typed.tabs, kept)).toEqual([]);
    const fresh = answer(2);
    const answered = patchTab(typed, () => ({ outcome: fresh }), b.id);
    expect(changedAnswers(answered.tabs, kept).map((t) => [t.id, t.outcome])).toEqual([[b.id, fresh]]);
    expect(changedAnswers(answered.tabs, kept)).toEqual([]);
  });
});
