// The tester: request and response side by side, history below the request.
import { Suspense, lazy, useCallback, useEffect, useMemo, useState, type ClipboardEvent } from "react";
import { downloadText } from "#app/lib/download";
import { INITIAL_BODY, blockedSubmitMessage, checkBody, sendsBody } from "../lib/body";
import {
  CurlError,
  DEFAULT_BASE_URL,
  checkBaseUrl,
  ignoredNote,
  parseCurlCommand,
  printCurl,
  printMockmanRequest,
  type CurlRequest,
  type ParsedCurl,
} from "../lib/curl";
import { basicAuthorization, dropHeader, headersToSend, rowsFromHeaders, savedHeaderRows, setHeader, type HeaderRow } from "../lib/headers";
import { AuthHelper, authChoiceOf, type AuthChoice } from "./AuthHelper";
import type { HistoryEntry } from "../lib/history";
import { entryFor, failureLine, guestLogin, type SentRequest } from "../lib/record";
import { sendRequest, tokenIn, type Outcome } from "../lib/send";
import { useHistory } from "../hooks/useHistory";
import { CurlDialog } from "./CurlDialog";
import { MockSettings } from "./MockSettings";
import { HistoryPanel } from "./HistoryPanel";
import { RequestPanel } from "./RequestPanel";
import { useRouteSuggestions } from "../lib/suggestions";
import { RequestTools } from "./RequestTools";
import { ResponsePanel } from "./ResponsePanel";
import { useLatest } from "#app/lib/use-latest";
import { DEFAULT_LIMIT } from "#mock/data/paging";
import { encodeParam, endpointWith, newParamId, rowsAfterTyping, type ParamRow } from "../lib/query";
import { routeOf } from "../lib/suggestions";
import { QueryParams } from "./QueryParams";
import { listLength } from "../lib/response-file";
import { resolveRequest, unresolvedMessage, unresolvedRefs, fillText } from "../lib/variables";
import { maskedVariablesOf, variablesOf } from "../lib/environments";
import { useEnvironments } from "../hooks/useEnvironments";
import { EnvironmentBar } from "./EnvironmentBar";
import { EnvironmentDialog } from "./EnvironmentDialog";
import { TabBar, tabDomId } from "./TabBar";
import {
  MAX_TABS,
  blankTab,
  closeTab,
  duplicateTab,
  forgetAnswer,
  loadTabs,
  saveAnswer,
  saveForms,
  type AuthFields,
  type RequestTab,
  type TabsState,
} from "../lib/tabs";

interface Notice {
  text: string;
  isError: boolean;
}

// The Code dialog brings httpsnippet: loaded on first open only.
const CodeDialog = lazy(() => import("./CodeDialog"));

const REQUEST_PANEL_ID = "mm-request-panel";
const BASE_URL_KEY = "mockman.baseUrl";

const PAGING = ["limit", "cursor"];

/** A paged answer's `next` cursor ({posts, next, total}), or null on the last page or any other answer. */
function nextCursorIn(body: unknown): string | null {
  const next = body && typeof body === "object" ? (body as { next?: unknown }).next : undefined;
  return typeof next === "string" && next !== "" ? next : null;
}

/**
 * On a narrow screen the answer renders below the whole form: bring its top
 * into view. Where it sits beside the form (wide screens) nothing moves.
 */
function showAnswer() {
  const panel = document.getElementById("mm-response-title")?.closest("section");
  if (!panel || panel.getBoundingClientRect().top < window.innerHeight * 0.6) return;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  panel.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" });
}

function storedBaseUrl(): string {
  try {
    return window.localStorage.getItem(BASE_URL_KEY) ?? DEFAULT_BASE_URL;
  } catch {
    return DEFAULT_BASE_URL;
  }
}

/** The absolute URL a request went to, for the console. */
function absolute(endpoint: string): string {
  try {
    return new URL(endpoint, window.location.href).href;
  } catch {
    return endpoint;
  }
}

export function MockmanPage() {
  // Every open request is a tab; the form below edits the active one.
  const [tabsState, setTabsState] = useState<TabsState>(loadTabs);
  const tab = tabsState.tabs.find((t) => t.id === tabsState.activeId) ?? tabsState.tabs[0];
  const { method, endpoint, bodyText, outcome, lastEndpoint } = tab;
  const paramRows = tab.params;
  const rows = tab.headers;
  /** Changes one tab (the active one unless named): the form's setters all go through here. */
  const patchTab = useCallback((change: (tab: RequestTab) => Partial<RequestTab>, id?: string) => {
    setTabsState((state) => {
      const target = id ?? state.activeId;
      return { ...state, tabs: state.tabs.map((t) => (t.id === target ? { ...t, ...change(t) } : t)) };
    });
  }, []);
  // The forms are written on every change (small); each answer only when it changes.
  useEffect(() => {
    saveForms(tabsState);
  }, [tabsState]);
  const [keptAnswers] = useState(() => new Map(tabsState.tabs.map((t) => [t.id, t.outcome])));
  useEffect(() => {
    for (const t of tabsState.tabs) {
      if (keptAnswers.get(t.id) === t.outcome) continue;
      saveAnswer(t.id, t.outcome);
      keptAnswers.set(t.id, t.outcome);
    }
  }, [tabsState, keptAnswers]);
  const setMethod = (value: string) => patchTab(() => ({ method: value }));
  const setRows = (update: HeaderRow[] | ((rows: HeaderRow[]) => HeaderRow[])) =>
    patchTab((t) => ({ headers: typeof update === "function" ? update(t.headers) : update }));
  const setBodyText = (value: string) => patchTab(() => ({ bodyText: value }));
  const typeEndpoint = (text: string) => patchTab((t) => ({ endpoint: text, params: rowsAfterTyping(text, t.params) }));
  /** A new request's endpoint (restore, cURL, a suggestion): its own parameters only. */
  const loadEndpoint = (text: string) => patchTab(() => ({ endpoint: text, params: rowsAfterTyping(text, []) }));
  const changeParams = (rows: ParamRow[]) => patchTab((t) => ({ params: rows, endpoint: endpointWith(t.endpoint, rows) }));
  const suggestions = useRouteSuggestions();
  // A suggestion ("POST /api/posts") sets the method and the path, and a body
  // template when the body is still untouched.
  const chooseEndpoint = (value: string) => {
    const picked = suggestions.find((s) => s.value === value);
    if (!picked) return typeEndpoint(value);
    setMethod(picked.method);
    loadEndpoint(picked.path);
    if (picked.body && (bodyText.trim() === "" || bodyText.trim() === INITIAL_BODY.trim())) setBodyText(picked.body);
  };
  // The tab being sent from: its answer goes there even when another tab is active by then.
  const [sendingId, setSendingId] = useState<string | null>(null);
  const sending = sendingId !== null;
  // Counts answers, so each one can be scrolled into view once it has rendered.
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered > 0) showAnswer();
  }, [answered]);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [curlOpen, setCurlOpen] = useState(false);
  // null until first opened: the dialog's code (and httpsnippet) loads then.
  const [codeOpen, setCodeOpen] = useState<boolean | null>(null);
  const [copyFallback, setCopyFallback] = useState<string | null>(null);
  const [baseUrl, setBaseUrl] = useState(storedBaseUrl);
  const baseUrlCheck = useMemo(() => checkBaseUrl(baseUrl), [baseUrl]);
  const changeBaseUrl = (text: string) => {
    setBaseUrl(text);
    try {
      window.localStorage.setItem(BASE_URL_KEY, text);
    } catch {
      // Storage refused (private mode, quota): the field still works for this visit.
    }
  };
  const history = useHistory();
  const environments = useEnvironments();
  const [environmentOpen, setEnvironmentOpen] = useState(false);
  const variables = useMemo(() => variablesOf(environments.active), [environments.active]);
  const environmentName = environments.active?.name ?? null;
  const endpointPreview = useMemo(() => {
    if (!endpoint.includes("{{")) return { url: null, unresolved: [] };
    const unresolved = unresolvedRefs([endpoint], variables);
    return { url: unresolved.length ? null : fillText(endpoint.trim(), maskedVariablesOf(environments.active)), unresolved };
  }, [endpoint, variables, environments.active]);
  // The body is checked as it will be sent: with its variables filled, when they all are.
  const bodyCheck = useMemo(
    () => checkBody(unresolvedRefs([bodyText], variables).length ? bodyText : fillText(bodyText, variables)),
    [bodyText, variables],
  );
  const codeRequest = useMemo(
    () => ({ method, endpoint: endpoint.trim(), headers: headersToSend(rows), body: sendsBody(method) ? bodyText : undefined }),
    [method, endpoint, rows, bodyText],
  );
  const say = useCallback((text: string, isError = false) => setNotice({ text, isError }), []);

  const submit = async (endpointNow?: string) => {
    // "Next page" passes the endpoint it has just set, which this render does not hold yet.
    const typedEndpoint = endpointNow ?? endpoint;
    if (sending) return;
    if (!typedEndpoint.trim()) return setProblem("Not sent: enter an endpoint first, for example /api/test-todos.");
    const withBody = sendsBody(method);
    const resolved = resolveRequest(
      { endpoint: typedEndpoint.trim(), headers: headersToSend(rows), bodyText: withBody ? bodyText : "" },
      variables,
    );
    if (!resolved.ok) return setProblem(unresolvedMessage(resolved.unresolved, environmentName));
    const check = checkBody(resolved.request.bodyText);
    const blocked = withBody ? blockedSubmitMessage(check) : null;
    if (blocked) return setProblem(blocked);
    setProblem(null);
    // The history keeps the request as typed ({{token}}, not the secret), so it replays under any environment.
    const typed = { method, endpoint: typedEndpoint.trim(), headers: savedHeaderRows(rows), bodyText };
    await send(typed, resolved.request.headers, check.ok ? check.value : undefined, resolved.request.endpoint);
  };

  /** Sends, shows the outcome, logs a failure to the console and records the request in the history. */
  const send = async (request: SentRequest, headers: Record<string, string>, body: unknown, url = request.endpoint): Promise<Outcome> => {
    const tabId = tab.id;
    setSendingId(tabId);
    const result = await sendRequest({ method: request.method, endpoint: url, headers, body });
    patchTab(() => ({ outcome: result, lastEndpoint: url }), tabId);
    setSendingId(null);
    setAnswered((n) => n + 1);
    const line = failureLine(request.method, absolute(url), result);
    if (line) console.error(line);
    await history.add(entryFor(request, result));
    return result;
  };

  // Ctrl/Cmd+Enter sends from anywhere on the page, except inside the cURL dialog.
  const submitRef = useLatest(submit);

  // Paging: the route's `limit`/`cursor` from the OpenAPI description, and the answer's `next`.
  const route = useMemo(() => routeOf(suggestions, method, endpoint), [suggestions, method, endpoint]);
  const next = outcome?.kind === "response" ? nextCursorIn(outcome.response.body) : null;
  const suggestedParams = (route?.query ?? []).filter((name) => PAGING.includes(name) && !paramRows.some((row) => row.key === name));
  const setParam = (name: string, value: string) => {
    const rows = paramRows.some((row) => row.key === name)
      ? paramRows.map((row) => (row.key === name ? { ...row, enabled: true, value } : row))
      : [...paramRows, { id: newParamId(), enabled: true, key: name, value }];
    changeParams(rows);
    return endpointWith(endpoint, rows);
  };
  // Stable callbacks: the response panel is memoized, and a big tree must not re-render as the form is typed in.
  const latest = useLatest({ next, setParam, submit });
  const [{ followNext, addLimit }] = useState(() => ({
    followNext() {
      const { next, setParam, submit } = latest.current;
      if (next) void submit(setParam("cursor", encodeParam(next)));
    },
    addLimit() {
      latest.current.setParam("limit", String(DEFAULT_LIMIT));
    },
  }));
  const hasNext = next !== null && method === "GET";
  // A list route called without paging that answered a long list: suggest ?limit=.
  const answeredList =
    outcome?.kind === "response" && outcome.response.isJson ? (outcome.response.tree?.longestList ?? listLength(outcome.response.body)) : 0;
  const pagingHint =
    route?.query.includes("limit") && !paramRows.some((row) => row.enabled && row.key === "limit") && answeredList > DEFAULT_LIMIT
      ? `This list came back whole (${answeredList.toLocaleString("en-US")} items); this route pages with ?limit=N&cursor=….`
      : null;
  const lastRequest = useMemo(() => ({ method, endpoint: lastEndpoint }), [method, lastEndpoint]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
      if ((event.target as Element | null)?.closest?.("dialog")) return;
      event.preventDefault();
      void submitRef.current();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [submitRef]);

  const fill = (request: CurlRequest) => {
    setMethod(request.method);
    loadEndpoint(request.endpoint);
    setRows(rowsFromHeaders(request.headers));
    setBodyText(request.body ?? INITIAL_BODY);
    setProblem(null);
  };

  const restore = (entry: HistoryEntry) => {
    setMethod(entry.method);
    loadEndpoint(entry.endpoint);
    setRows(rowsFromHeaders(entry.headers));
    setBodyText(entry.body);
    setProblem(null);
    say(`Restored ${entry.method} ${entry.endpoint} into the request panel.`);
  };

  const openTab = (fresh: RequestTab) => {
    if (tabsState.tabs.length >= MAX_TABS) return say(`At most ${MAX_TABS} tabs are open at once; close one first.`, true);
    setTabsState((state) => ({ tabs: [...state.tabs, fresh], activeId: fresh.id }));
    setProblem(null);
  };

  const closeRequestTab = (id: string) => {
    if (id === sendingId) return say("That tab is still sending; close it once its answer is in.", true);
    setTabsState((state) => closeTab(state, id));
    keptAnswers.delete(id);
    forgetAnswer(id);
    setProblem(null);
  };

  const pasteIntoEndpoint = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData("text");
    if (!/^\s*curl\s/.test(text)) return;
    event.preventDefault();
    try {
      const { request, ignored } = parseCurlCommand(text, window.location.origin);
      fill(request);
      say(`Filled the form from the pasted cURL command.${ignoredNote(ignored)}`);
    } catch (error) {
      say(error instanceof CurlError ? `Could not read the cURL command: ${error.message}` : String(error), true);
    }
  };

  const copy = async (command: string, done: string) => {
    try {
      await navigator.clipboard.writeText(command);
      setCopyFallback(null);
      say(done);
    } catch {
      setCopyFallback(command);
    }
  };

  const copyCurl = async () => {
    if (!baseUrlCheck.ok) return say(`Not copied: ${baseUrlCheck.message} in "Server for Copy as cURL".`, true);
    const headers = headersToSend(rows);
    const withBody = sendsBody(method);
    if (withBody && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) headers["content-type"] = "application/json";
    const command = printCurl(
      { method, endpoint: endpoint.trim(), headers, body: withBody ? bodyText : undefined },
      baseUrlCheck.url,
      window.location.origin,
    );
    await copy(command, `Copied the request as a cURL command for ${baseUrlCheck.url}; it needs npx mockman serve running there.`);
  };

  const copyMockman = async () => {
    const request = { method, endpoint: endpoint.trim(), headers: headersToSend(rows), body: sendsBody(method) ? bodyText : undefined };
    await copy(printMockmanRequest(request, { pageOrigin: window.location.origin }), "Copied the request as a mockman request command.");
  };

  const changeAuth = (fields: AuthFields) => {
    patchTab(() => ({ auth: fields }));
    chooseAuth(authChoiceOf(fields));
  };

  const chooseAuth = (choice: AuthChoice) => {
    // Basic encodes its text, so variables are filled now (where the active environment defines them).
    const filled = (text: string) => (unresolvedRefs([text], variables).length ? text : fillText(text, variables));
    if (choice.kind === "none") return setRows((r) => dropHeader(r, "Authorization"));
    const value =
      choice.kind === "bearer" ? `Bearer ${choice.token}` : basicAuthorization(filled(choice.username), filled(choice.password));
    setRows((r) => setHeader(r, "Authorization", value));
  };

  // A real login, sent and recorded like any request: an exported collection
  // then refers to its token ({{post-auth-login.body.encodedToken}}) instead of copying it.
  const fillGuestToken = async () => {
    if (sending) return;
    const login = guestLogin();
    const result = await send(login, headersToSend(rowsFromHeaders(login.headers)), JSON.parse(login.bodyText));
    const token = result.kind === "response" ? tokenIn(result.response) : undefined;
    if (!token) {
      const why = result.kind === "response" ? `${result.response.status} ${result.response.statusText}` : result.error;
      say(`Could not log in as guest: ${why}`, true);
      return;
    }
    setRows((r) => setHeader(r, "authorization", token));
    say("Logged in as guest (the login is in the history); the authorization header now carries the token.");
  };

  return (
    <div className="mm-page">
      <header className="mm-topbar">
        <h1 className="mm-logo">mockman</h1>
        <p className="mm-tagline">Request tester for the Moments mock API</p>
        <button type="button" className="mm-openapi-link" onClick={() => void downloadOpenApi()}>
          OpenAPI description
        </button>
        <a className="mm-home-link" href="/">
          Moments
        </a>
      </header>
      <main className="mm-main">
        <p className={notice?.isError ? "mm-notice mm-notice-error" : "mm-notice"} role="status">
          {notice?.text}
        </p>
        <TabBar
          tabs={tabsState.tabs}
          activeId={tab.id}
          panelId={REQUEST_PANEL_ID}
          busyId={sendingId}
          onSelect={(activeId) => setTabsState((state) => ({ ...state, activeId }))}
          onNew={() => openTab(blankTab())}
          onDuplicate={() => openTab(duplicateTab(tab))}
          onClose={closeRequestTab}
        />
        <RequestPanel
          {...{ method, endpoint, rows, bodyText, bodyCheck, sending, problem }}
          panelId={REQUEST_PANEL_ID}
          tabId={tabDomId(tab.id)}
          environment={
            <EnvironmentBar
              state={environments.state}
              resolvedUrl={endpointPreview.url}
              unresolved={endpointPreview.unresolved}
              onActive={(activeId) => environments.update((s) => ({ ...s, activeId }))}
              onEdit={() => setEnvironmentOpen(true)}
            />
          }
          tools={
            <RequestTools
              busy={sending}
              copyFallback={copyFallback}
              baseUrl={baseUrl}
              baseUrlProblem={baseUrlCheck.ok ? null : baseUrlCheck.message}
              onBaseUrl={changeBaseUrl}
              onGuestToken={fillGuestToken}
              onCopyCurl={copyCurl}
              onCopyMockman={copyMockman}
              onPasteCurl={() => setCurlOpen(true)}
              onCode={() => setCodeOpen(true)}
            />
          }
          onMethod={setMethod}
          onEndpoint={chooseEndpoint}
          auth={<AuthHelper key={tab.id} value={tab.auth} onChange={changeAuth} />}
          params={
            <QueryParams
              rows={paramRows}
              suggested={suggestedParams}
              onChange={changeParams}
              onSuggest={(name) => setParam(name, name === "limit" ? String(DEFAULT_LIMIT) : (next ?? ""))}
            />
          }
          suggestions={suggestions}
          onEndpointPaste={pasteIntoEndpoint}
          onRows={setRows}
          onBody={setBodyText}
          onSubmit={() => void submit()}
        />
        <ResponsePanel
          outcome={outcome}
          sending={sending}
          onNextPage={hasNext ? followNext : null}
          request={lastRequest}
          pagingHint={pagingHint}
          onAddLimit={addLimit}
        />
        <HistoryPanel history={history} onRestore={restore} onNotice={say} />
        <MockSettings />
      </main>
      {codeOpen !== null && (
        <Suspense fallback={null}>
          <CodeDialog
            open={codeOpen}
            onClose={() => setCodeOpen(false)}
            request={codeRequest}
            variables={variables}
            environmentName={environmentName}
            baseUrl={baseUrlCheck.ok ? baseUrlCheck.url : DEFAULT_BASE_URL}
          />
        </Suspense>
      )}
      <EnvironmentDialog open={environmentOpen} environments={environments} onClose={() => setEnvironmentOpen(false)} />
      <CurlDialog
        open={curlOpen}
        onClose={() => setCurlOpen(false)}
        onFill={({ request, ignored }: ParsedCurl) => {
          fill(request);
          say(`Filled the form from the cURL command.${ignoredNote(ignored)}`);
        }}
      />
    </div>
  );
}

/**
 * Downloads the API's OpenAPI 3.1 description. The API lives in this tab, so
 * the file comes through it (the static server has no /api), ready for
 * Postman, Insomnia, Bruno or Swagger UI to import.
 */
async function downloadOpenApi() {
  const response = await fetch("/api/openapi.json");
  downloadText(await response.text(), "moments.openapi.json");
}
