// The tester: request and response side by side, history below the request.
import { useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent } from "react";
import { GUEST } from "#mock/seed";
import { INITIAL_BODY, blockedSubmitMessage, checkBody, sendsBody } from "../lib/body";
import { CurlError, parseCurl, printCurl, type CurlRequest } from "../lib/curl";
import { headersToSend, initialHeaderRows, rowsFromHeaders, savedHeaderRows, setHeader, type HeaderRow } from "../lib/headers";
import type { HistoryEntry } from "../lib/history";
import { sendRequest, tokenIn, type Outcome } from "../lib/send";
import { useHistory } from "../useHistory";
import { CurlDialog } from "./CurlDialog";
import { MockSettings } from "./MockSettings";
import { HistoryPanel } from "./HistoryPanel";
import { RequestPanel } from "./RequestPanel";
import { useRouteSuggestions } from "../lib/suggestions";
import { RequestTools } from "./RequestTools";
import { ResponsePanel } from "./ResponsePanel";

interface Notice {
  text: string;
  isError: boolean;
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
    setSending(true);
    const body = bodyCheck.ok ? bodyCheck.value : undefined;
    const result = await sendRequest({ method, endpoint: endpoint.trim(), headers: headersToSend(rows), body });
    setOutcome(result);
    setSending(false);
    const entry: HistoryEntry = { sentAt: Date.now(), method, endpoint: endpoint.trim(), headers: savedHeaderRows(rows), body: bodyText };
    if (result.kind === "response") {
      const { status, statusText, ms, size } = result.response;
      Object.assign(entry, { status, statusText, ms: Math.round(ms), size, token: tokenIn(result.response) });
    } else entry.failure = result.error;
    await history.add(entry);
  };

  // Ctrl/Cmd+Enter sends from anywhere on the page, except inside the cURL dialog.
  const submitRef = useRef(submit);
  submitRef.current = submit;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
      if ((event.target as Element | null)?.closest?.("dialog")) return;
      event.preventDefault();
      void submitRef.current();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

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
      fill(parseCurl(text, window.location.origin));
      say("Filled the form from the pasted cURL command.");
    } catch (error) {
      say(error instanceof CurlError ? `Could not read the cURL command: ${error.message}` : String(error), true);
    }
  };

  const copyCurl = async () => {
    const headers = headersToSend(rows);
    const withBody = sendsBody(method);
    if (withBody && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) headers["content-type"] = "application/json";
    const command = printCurl({ method, endpoint, headers, body: withBody ? bodyText : undefined }, window.location.origin);
    try {
      await navigator.clipboard.writeText(command);
      setCopyFallback(null);
      say("Copied the request as a cURL command.");
    } catch {
      setCopyFallback(command);
    }
  };

  const fillGuestToken = async () => {
    const result = await sendRequest({ method: "POST", endpoint: "/api/auth/login", headers: {}, body: GUEST });
    const token = result.kind === "response" ? tokenIn(result.response) : undefined;
    if (!token) {
      const why = result.kind === "response" ? `${result.response.status} ${result.response.statusText}` : result.error;
      say(`Could not log in as ${GUEST.username}: ${why}`, true);
      return;
    }
    setRows((r) => setHeader(r, "authorization", token));
    say(`Logged in as ${GUEST.username}; the authorization header now carries the token.`);
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
              onGuestToken={fillGuestToken}
              onCopyCurl={copyCurl}
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
        onFill={(r) => {
          fill(r);
          say("Filled the form from the cURL command.");
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
  const url = URL.createObjectURL(new Blob([await response.text()], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: "moments.openapi.json" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
