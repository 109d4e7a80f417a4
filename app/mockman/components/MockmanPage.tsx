// The tester: request and response side by side, history below the request.
import { useCallback, useEffect, useMemo, useState, type ClipboardEvent } from "react";
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
import { headersToSend, initialHeaderRows, rowsFromHeaders, savedHeaderRows, setHeader, type HeaderRow } from "../lib/headers";
import type { HistoryEntry } from "../lib/history";
import { entryFor, failureLine, guestLogin, type SentRequest } from "../lib/record";
import { sendRequest, tokenIn, type Outcome } from "../lib/send";
import { useHistory } from "../useHistory";
import { CurlDialog } from "./CurlDialog";
import { MockSettings } from "./MockSettings";
import { HistoryPanel } from "./HistoryPanel";
import { RequestPanel } from "./RequestPanel";
import { useRouteSuggestions } from "../lib/suggestions";
import { RequestTools } from "./RequestTools";
import { ResponsePanel } from "./ResponsePanel";
import { useLatest } from "#app/lib/use-latest";

interface Notice {
  text: string;
  isError: boolean;
}

const BASE_URL_KEY = "mockman.baseUrl";

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
  const [method, setMethod] = useState("GET");
  const [endpoint, setEndpoint] = useState("/api/test-todos");
  const [rows, setRows] = useState<HeaderRow[]>(initialHeaderRows);
  const [bodyText, setBodyText] = useState(INITIAL_BODY);
  const suggestions = useRouteSuggestions();
  // A suggestion ("POST /api/posts") sets the method and the path, and a body
  // template when the body is still untouched.
  const chooseEndpoint = (value: string) => {
    const picked = suggestions.find((s) => s.value === value);
    if (!picked) return setEndpoint(value);
    setMethod(picked.method);
    setEndpoint(picked.path);
    if (picked.body && (bodyText.trim() === "" || bodyText.trim() === INITIAL_BODY.trim())) setBodyText(picked.body);
  };
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [curlOpen, setCurlOpen] = useState(false);
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
  const bodyCheck = useMemo(() => checkBody(bodyText), [bodyText]);
  const say = useCallback((text: string, isError = false) => setNotice({ text, isError }), []);

  const submit = async () => {
    if (sending) return;
    const blocked = sendsBody(method) ? blockedSubmitMessage(bodyCheck) : null;
    if (blocked || !endpoint.trim()) {
      setProblem(blocked ?? "Not sent: enter an endpoint first, for example /api/test-todos.");
      return;
    }
    setProblem(null);
    const body = bodyCheck.ok ? bodyCheck.value : undefined;
    await send({ method, endpoint: endpoint.trim(), headers: savedHeaderRows(rows), bodyText }, headersToSend(rows), body);
  };

  /** Sends, shows the outcome, logs a failure to the console and records the request in the history. */
  const send = async (request: SentRequest, headers: Record<string, string>, body: unknown): Promise<Outcome> => {
    setSending(true);
    const result = await sendRequest({ method: request.method, endpoint: request.endpoint, headers, body });
    setOutcome(result);
    setSending(false);
    const line = failureLine(request.method, absolute(request.endpoint), result);
    if (line) console.error(line);
    await history.add(entryFor(request, result));
    return result;
  };

  // Ctrl/Cmd+Enter sends from anywhere on the page, except inside the cURL dialog.
  const submitRef = useLatest(submit);
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
    setEndpoint(request.endpoint);
    setRows(rowsFromHeaders(request.headers));
    setBodyText(request.body ?? INITIAL_BODY);
    setProblem(null);
  };

  const restore = (entry: HistoryEntry) => {
    setMethod(entry.method);
    setEndpoint(entry.endpoint);
    setRows(rowsFromHeaders(entry.headers));
    setBodyText(entry.body);
    setProblem(null);
    say(`Restored ${entry.method} ${entry.endpoint} into the request panel.`);
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
        <RequestPanel
          {...{ method, endpoint, rows, bodyText, bodyCheck, sending, problem }}
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
            />
          }
          onMethod={setMethod}
          onEndpoint={chooseEndpoint}
          suggestions={suggestions}
          onEndpointPaste={pasteIntoEndpoint}
          onRows={setRows}
          onBody={setBodyText}
          onSubmit={submit}
        />
        <ResponsePanel outcome={outcome} sending={sending} />
        <HistoryPanel history={history} onRestore={restore} onNotice={say} />
        <MockSettings />
      </main>
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
