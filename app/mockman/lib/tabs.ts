// Request tabs: each holds its own form (method, endpoint, parameters, headers,
// body, auth) and its last answer with its test results. Kept in localStorage so
// they survive a reload: the forms under one key, each answer (its test results
// with it) under its own key and only when it is small (ANSWER_KEPT), so a 50 MB
// answer is never copied into storage and typing never rewrites an answer.
import { INITIAL_BODY } from "./body";
import { readParts, str, type BodyParts } from "./bodies";
import { initialHeaderRows, rowsFromHeaders, type HeaderRow, type SavedHeader } from "./headers";
import { newParamId, rowsAfterTyping, type ParamRow } from "./query";
import { pageKey } from "./page-keys";
import { NO_SCRIPTS, type Scripts, type TestRun } from "./scripts";
import type { Outcome } from "./send";
import type { TypedRequest } from "./typed";

/** Where a saved request lives (app/mockman/lib/saved.ts), carried by the tab that opened it. */
export interface SavedLink {
  collectionId: string;
  itemId: string;
  name: string;
  /** The form as it was saved or opened, to tell unsaved changes. */
  snapshot: string;
}

export type AuthKind = "none" | "bearer" | "basic";

/** What the Authorization helper shows; the header it writes lives in the header rows. */
export interface AuthFields {
  kind: AuthKind;
  token: string;
  username: string;
  password: string;
}

export interface RequestTab {
  id: string;
  method: string;
  endpoint: string;
  params: ParamRow[];
  headers: HeaderRow[];
  bodyText: string;
  /** The body type and what types other than JSON hold; absent: a JSON body (bodyText). */
  bodies?: BodyParts;
  auth: AuthFields;
  /** The last answer, or null (none yet, or too large to have been kept across a reload). */
  outcome: Outcome | null;
  /** The last answer's test results, when its Send ran scripts (hooks/useScripts.ts); kept and dropped with the answer. */
  tests?: TestRun;
  /** The URL the last answer came from (variables filled), to name a saved file. */
  lastEndpoint: string;
  /** The saved request this tab edits, when it was opened from or saved into a collection. */
  saved?: SavedLink;
  /** Its pre-request and test scripts (lib/scripts.ts); absent when it has none. */
  scripts?: Scripts;
  /**
   * Opened from the Collections panel and not kept yet: while it is unchanged and unsent, the next saved
   * request opened there takes its place, as Postman's preview tab does (lib/saved.ts isPreview).
   */
  preview?: boolean;
}

export interface TabsState {
  tabs: RequestTab[];
  activeId: string;
}

export const INITIAL_ENDPOINT = "/api/test-todos";
export const NO_AUTH: AuthFields = { kind: "none", token: "", username: "", password: "" };

/** Answers up to this many characters of JSON are kept across reloads; larger ones are sent again on demand. */
export const ANSWER_KEPT = 256 * 1024;
/** At most this many tabs; New and Duplicate say so past it. */
export const MAX_TABS = 20;
export const TOO_MANY_TABS = `At most ${MAX_TABS} tabs are open at once; close one first.`;

const FORMS_KEY = pageKey("tabs");
const answerKey = (id: string) => pageKey(`tab-answer.${id}`);

export const newTabId = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export function blankTab(): RequestTab {
  return {
    id: newTabId(),
    method: "GET",
    endpoint: INITIAL_ENDPOINT,
    params: rowsAfterTyping(INITIAL_ENDPOINT, []),
    headers: initialHeaderRows(),
    bodyText: INITIAL_BODY,
    auth: NO_AUTH,
    outcome: null,
    lastEndpoint: "",
  };
}

/** A copy with fresh ids (rows keep focus by id, so two tabs must not share them); the answer comes along. */
export function duplicateTab(tab: RequestTab): RequestTab {
  return {
    ...tab,
    id: newTabId(),
    params: tab.params.map((row) => ({ ...row, id: newParamId() })),
    headers: rowsFromHeaders(tab.headers),
    // A duplicate is a new, unsaved request.
    saved: undefined,
    preview: false,
  };
}

/** A whole request to load into the form (a cURL command, a history entry, a saved request). */
export interface FormContent extends Omit<TypedRequest, "headers" | "bodyText"> {
  headers: SavedHeader[] | Record<string, string>;
  /** Undefined when the request carries none: the form gets the initial body. */
  bodyText?: string;
  /** Query parameters left out of the endpoint (a saved request's disabled ones): unticked rows. */
  disabledParams?: OffParam[];
}

/** A query parameter the URL does not send: the Params table shows it unticked. */
export type OffParam = Pick<ParamRow, "key" | "value">;

/** The form fields of a tab that a loaded request sets: its endpoint's own parameters, its headers as rows. */
export const loadedForm = (request: FormContent) => ({
  method: request.method,
  endpoint: request.endpoint,
  params: [
    ...rowsAfterTyping(request.endpoint, []),
    ...(request.disabledParams ?? []).map((p) => ({ id: newParamId(), enabled: false, key: p.key, value: p.value })),
  ],
  headers: rowsFromHeaders(request.headers),
  bodyText: request.bodyText ?? INITIAL_BODY,
  bodies: request.bodies,
});

/** The tab's name in the tab strip: method and path, without the query string. */
export function tabTitle(tab: Pick<RequestTab, "method" | "endpoint">): string {
  const path = tab.endpoint.trim().split(/[?#]/)[0] || "new request";
  return `${tab.method} ${path.length > 32 ? `${path.slice(0, 31)}…` : path}`;
}

/** The state after closing a tab: the neighbour to its right (or left) becomes active; the last tab is replaced by a blank one. */
export function closeTab(state: TabsState, id: string): TabsState {
  const index = state.tabs.findIndex((tab) => tab.id === id);
  if (index < 0) return state;
  const tabs = state.tabs.filter((tab) => tab.id !== id);
  if (tabs.length === 0) {
    const fresh = blankTab();
    return { tabs: [fresh], activeId: fresh.id };
  }
  const activeId = state.activeId === id ? tabs[Math.min(index, tabs.length - 1)].id : state.activeId;
  return { tabs, activeId };
}

/** The tab the form edits: the active one, or the first if the active id is stale. */
export function activeTab(state: TabsState): RequestTab {
  return state.tabs.find((t) => t.id === state.activeId) ?? state.tabs[0];
}

/** The state with one tab changed (the active one unless named); the others are kept as they are. */
export function patchTab(state: TabsState, change: (tab: RequestTab) => Partial<RequestTab>, id = state.activeId): TabsState {
  return { ...state, tabs: state.tabs.map((t) => (t.id === id ? { ...t, ...change(t) } : t)) };
}

/** The state with one tab put in another's place, made active. */
export function replaceTab(state: TabsState, id: string, fresh: RequestTab): TabsState {
  return { tabs: state.tabs.map((t) => (t.id === id ? fresh : t)), activeId: fresh.id };
}

/** The state with a new tab at the end, made active. The caller checks MAX_TABS first, to say why it is refused. */
export function addTab(state: TabsState, fresh: RequestTab): TabsState {
  return { tabs: [...state.tabs, fresh], activeId: fresh.id };
}

/**
 * The answers that changed since they were last written, by tab, and `kept` brought up to date:
 * an answer is written once when it arrives, not again on every keystroke in its form.
 */
export function changedAnswers(tabs: RequestTab[], kept: Map<string, Outcome | null>): RequestTab[] {
  const changed = tabs.filter((t) => kept.get(t.id) !== t.outcome);
  for (const t of changed) kept.set(t.id, t.outcome);
  return changed;
}

// --- storage -------------------------------------------------------------

/** A tab as stored: its rows without their ids, and no answer (saveAnswer keeps that apart). */
type StoredForm = Omit<RequestTab, "params" | "headers" | "outcome" | "tests"> & {
  params: Array<Omit<ParamRow, "id">>;
  headers: SavedHeader[];
};

function formOf(tab: RequestTab): StoredForm {
  return {
    id: tab.id,
    method: tab.method,
    endpoint: tab.endpoint,
    params: tab.params.map(({ enabled, key, value }) => ({ enabled, key, value })),
    headers: tab.headers.map(({ isUsed, header, value }) => ({ isUsed, header, value })),
    bodyText: tab.bodyText,
    ...(tab.bodies ? { bodies: tab.bodies } : {}),
    auth: tab.auth,
    lastEndpoint: tab.lastEndpoint,
    ...(tab.saved ? { saved: tab.saved } : {}),
    ...(tab.scripts ? { scripts: tab.scripts } : {}),
    ...(tab.preview ? { preview: true } : {}),
  };
}

function scriptsOfStored(raw: unknown): { scripts?: Scripts } {
  if (!raw || typeof raw !== "object") return {};
  const s = raw as Partial<Record<keyof Scripts, unknown>>;
  const scripts = { ...NO_SCRIPTS, prerequest: str(s.prerequest), test: str(s.test) };
  return scripts.prerequest || scripts.test ? { scripts } : {};
}

/** A stored form back into a tab, with fresh row ids; anything malformed falls back to the blank tab's value. */
function tabOf(raw: unknown): RequestTab | null {
  if (!raw || typeof raw !== "object") return null;
  const form = raw as Partial<Record<keyof StoredForm, unknown>>;
  if (typeof form.id !== "string" || !/^[\w-]{1,40}$/.test(form.id)) return null;
  const blank = blankTab();
  const endpoint = str(form.endpoint, blank.endpoint);
  const params = Array.isArray(form.params)
    ? form.params
        .filter((row): row is Record<string, unknown> => !!row && typeof row === "object")
        .map((row) => ({ id: newParamId(), enabled: row.enabled !== false, key: str(row.key), value: str(row.value) }))
    : rowsAfterTyping(endpoint, []);
  const headers = Array.isArray(form.headers)
    ? rowsFromHeaders(
        form.headers
          .filter((row): row is Record<string, unknown> => !!row && typeof row === "object")
          .map((row) => ({ isUsed: row.isUsed !== false, header: str(row.header), value: str(row.value) })),
      )
    : blank.headers;
  const auth = (form.auth && typeof form.auth === "object" ? form.auth : {}) as Partial<Record<keyof AuthFields, unknown>>;
  const kind: AuthKind = auth.kind === "bearer" || auth.kind === "basic" ? auth.kind : "none";
  const bodies = readParts(form.bodies);
  return {
    id: form.id,
    method: str(form.method, "GET").toUpperCase().slice(0, 20) || "GET",
    endpoint,
    params,
    headers,
    bodyText: str(form.bodyText, INITIAL_BODY),
    ...(bodies ? { bodies } : {}),
    auth: { kind, token: str(auth.token), username: str(auth.username), password: str(auth.password) },
    outcome: null,
    lastEndpoint: str(form.lastEndpoint),
    ...savedLinkOf(form.saved),
    ...scriptsOfStored(form.scripts),
    ...(form.preview === true ? { preview: true } : {}),
  };
}

/** A stored link to a saved request, when it is whole. */
function savedLinkOf(raw: unknown): { saved?: SavedLink } {
  if (!raw || typeof raw !== "object") return {};
  const link = raw as Partial<Record<keyof SavedLink, unknown>>;
  const fields = [link.collectionId, link.itemId, link.name, link.snapshot];
  return fields.every((f) => typeof f === "string") ? { saved: link as SavedLink } : {};
}

/** A stored answer is the outcome, with its test results in `tests` when it has them. */
function readAnswer(storage: Storage, id: string): Pick<RequestTab, "outcome" | "tests"> {
  try {
    const text = storage.getItem(answerKey(id));
    if (!text) return { outcome: null };
    const { tests, ...outcome } = JSON.parse(text) as Outcome & { tests?: TestRun };
    if (outcome.kind !== "response" && outcome.kind !== "failure") return { outcome: null };
    // A JSON answer is kept once, as the text it came as (saveAnswer): its body is that text parsed.
    if (outcome.kind === "response" && outcome.response.isJson && outcome.response.raw !== undefined)
      outcome.response.body = JSON.parse(outcome.response.raw);
    return { outcome, ...(tests && Array.isArray(tests.notes) ? { tests } : {}) };
  } catch {
    return { outcome: null };
  }
}

/** The tabs as last kept, or one blank tab (nothing kept, storage refused, or what was kept is unreadable). */
export function loadTabs(storage: Storage | null = safeStorage()): TabsState {
  try {
    const text = storage?.getItem(FORMS_KEY);
    if (storage && text) {
      const parsed = JSON.parse(text) as { tabs?: unknown; activeId?: unknown };
      const tabs = (Array.isArray(parsed.tabs) ? parsed.tabs : [])
        .slice(0, MAX_TABS)
        .map(tabOf)
        .filter((tab): tab is RequestTab => tab !== null)
        .filter((tab, i, all) => all.findIndex((other) => other.id === tab.id) === i)
        .map((tab) => ({ ...tab, ...readAnswer(storage, tab.id) }));
      if (tabs.length > 0) {
        const activeId = tabs.some((tab) => tab.id === parsed.activeId) ? String(parsed.activeId) : tabs[0].id;
        return { tabs, activeId };
      }
    }
  } catch {
    // Unreadable: start afresh rather than fail the page.
  }
  const tab = blankTab();
  return { tabs: [tab], activeId: tab.id };
}

/** Writes the forms (small, on every change). Returns false when storage refused. */
export function saveForms(state: TabsState, storage: Storage | null = safeStorage()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(FORMS_KEY, JSON.stringify({ activeId: state.activeId, tabs: state.tabs.map(formOf) }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes one tab's answer, with its test results, when it is small enough, and removes a stale one otherwise.
 * Returns whether the answer is kept.
 */
export function saveAnswer(
  { id, outcome, tests }: Pick<RequestTab, "id" | "outcome" | "tests">,
  storage: Storage | null = safeStorage(),
): boolean {
  if (!storage) return false;
  try {
    storage.removeItem(answerKey(id));
    if (!outcome || answerTooLarge(outcome)) return false;
    // A JSON answer's body is its raw text parsed: kept once, as that text, not twice.
    const kept =
      outcome.kind === "response" && outcome.response.isJson && outcome.response.raw !== undefined
        ? { ...outcome, response: { ...outcome.response, body: undefined } }
        : outcome;
    const text = JSON.stringify(tests ? { ...kept, tests } : kept);
    if (text.length > ANSWER_KEPT) return false;
    storage.setItem(answerKey(id), text);
    return true;
  } catch {
    return false;
  }
}

/** A cheap size check first, so a huge answer is never stringified just to be measured. */
function answerTooLarge(outcome: Outcome): boolean {
  if (outcome.kind === "failure") return outcome.error.length > ANSWER_KEPT;
  const { response } = outcome;
  return response.size > ANSWER_KEPT || (response.image?.length ?? 0) > ANSWER_KEPT || (response.raw?.length ?? 0) > ANSWER_KEPT;
}

export function forgetAnswer(id: string, storage: Storage | null = safeStorage()) {
  try {
    storage?.removeItem(answerKey(id));
  } catch {
    // Storage refused: nothing was kept.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
