// Sending: which tabs are waiting for their answers (each answer goes to its
// tab even when another is active by then; each tab sends on its own, as in
// Postman), why the form was not sent, and the
// answer brought into view once it has rendered. Ctrl/Cmd+Enter sends from
// anywhere on the page, except inside a dialog.
import { useEffect, useMemo, useState } from "react";
import { useStableActions } from "#app/lib/use-latest";
import type { HistoryEntry } from "../lib/history";
import { entryFor, failureLine } from "../lib/record";
import type { TypedRequest } from "../lib/typed";
import { sendRequest, type Outcome } from "../lib/send";
import { keptParts } from "../lib/bodies";
import { prepareSubmit } from "../lib/submit";
import type { Variables } from "../lib/variables";
import { savedHeaderRows } from "../lib/headers";
import type { RequestTab } from "../lib/tabs";
import type { TestRun } from "../lib/scripts";
import type { RequestTabs } from "./useRequestTabs";
import { useShortcut } from "./useShortcut";
import { dynamicVariables } from "#mock/tester/engine/dynamic";

interface Options {
  tabs: RequestTabs;
  history: { add(entry: HistoryEntry): Promise<void> };
  variables: Variables;
  environmentName: string | null;
  /** A request with scripts goes through the engine instead (hooks/useScripts.ts). */
  scripted: {
    applies(tab: RequestTab): boolean;
    setsVariables(tab: RequestTab): boolean;
    /** endpoint(): with a saved request's path variables' values in it, what the history keeps, so a restore sends it there. */
    signing(tab: RequestTab): { needsRun: boolean; endpoint(): string };
    send(tab: RequestTab, scripts?: boolean): Promise<{ outcome: Outcome; url: string; tests?: TestRun }>;
  };
}

export function useSend({ tabs, history, variables, environmentName, scripted }: Options) {
  const [sendingIds, setSendingIds] = useState<ReadonlySet<string>>(() => new Set());
  /** The active tab is waiting for its answer: its Submit waits, the others' do not. */
  const sending = sendingIds.has(tabs.tab.id);
  const [problem, setProblem] = useState<string | null>(null);
  // Counts answers, so each one can be scrolled into view once it has rendered.
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered > 0) showAnswer();
  }, [answered]);
  // A tab whose Send would run scripts: the run worker boots its isolate now, not when Send is pressed.
  const scriptsApply = scripted.applies(tabs.tab);
  // A body other than JSON is built in the run worker: it loads Postman's libraries now, its isolate only for scripts.
  // So does a saved request the engine sends (its path variables, its inherited auth).
  const viaWorker = (tabs.tab.bodies?.kind ?? "json") !== "json" || scripted.signing(tabs.tab).needsRun;
  useEffect(() => {
    if (scriptsApply || viaWorker) void import("../lib/run-client").then((client) => client.warmRuns(scriptsApply));
  }, [scriptsApply, viaWorker]);

  /** A tab that is sending is kept: a preview tab no longer gives its place to the next request opened. */
  const startSending = (tabId: string) => {
    setSendingIds((ids) => new Set(ids).add(tabId));
    tabs.patch(() => ({ preview: false }), tabId);
  };
  const doneSending = (tabId: string) =>
    setSendingIds((ids) => {
      const left = new Set(ids);
      left.delete(tabId);
      return left;
    });

  /** Sends, shows the outcome, logs a failure to the console and records the request in the history. */
  const send = async (
    request: TypedRequest,
    headers: Record<string, string>,
    body: string | undefined,
    url = request.endpoint,
  ): Promise<Outcome> => {
    const tabId = tabs.tab.id;
    startSending(tabId);
    const result = await sendRequest({ method: request.method, endpoint: url, headers, body });
    tabs.patch(() => ({ outcome: result, lastEndpoint: url, tests: undefined }), tabId);
    doneSending(tabId);
    setAnswered((n) => n + 1);
    const line = failureLine(request.method, absolute(url), result);
    if (line) console.error(line);
    await history.add(entryFor(request, result));
    return result;
  };

  /** Sends the form; "Next page" passes the endpoint it has just set, which this render does not hold yet. */
  const submit = async (endpointNow?: string) => {
    if (sending) return;
    const { id, method, endpoint, headers, bodyText, bodies } = tabs.tab;
    const viaScripts = scripted.applies(tabs.tab);
    // Without a pre-request script, nothing can define a variable before the send: judged as a plain Send is.
    const form = { method, endpoint: endpointNow ?? endpoint, headers, bodyText, bodies, tabId: id };
    // Postman's dynamic variables ({{$guid}}, {{$randomEmail}}) come with postman-collection's table, loaded on first use.
    if (JSON.stringify([form.endpoint, headers, bodyText, bodies]).includes("{{$")) await dynamicVariables();
    const prepared = prepareSubmit(form, variables, environmentName);
    if (!prepared.ok) return viaScripts && scripted.setsVariables(tabs.tab) ? sendScripted(tabs.tab) : setProblem(prepared.problem);
    if (viaScripts) return sendScripted(tabs.tab);
    // A body other than JSON is built as Newman builds it, by postman-runtime's body builder in the run worker; a
    // saved request with path variables or an auth its folder or collection gives it goes out as its Run sends it.
    if (prepared.parts || scripted.signing(tabs.tab).needsRun) return sendScripted(tabs.tab, false);
    setProblem(null);
    await send(prepared.typed, prepared.headers, prepared.body, prepared.url);
  };

  /** Pre-request scripts may fill the variables, so the form goes as typed: the engine says what stayed unfilled. */
  const sendScripted = async (tab: RequestTab, scripts = true) => {
    setProblem(null);
    startSending(tab.id);
    const { outcome, url, tests } = await scripted.send(tab, scripts);
    tabs.patch(() => ({ outcome, lastEndpoint: url, tests }), tab.id);
    doneSending(tab.id);
    setAnswered((n) => n + 1);
    await history.add(
      entryFor(
        {
          method: tab.method,
          endpoint: scripted.signing(tab).endpoint(),
          headers: savedHeaderRows(tab.headers),
          bodyText: tab.bodyText,
          bodies: keptParts(tab.bodies),
        },
        outcome,
      ),
    );
  };

  // The same functions for the page's life, reading the tabs, history and variables as they are when called.
  const actions = useStableActions({ send, submit });
  useShortcut("Enter", actions.submit);

  return useMemo(() => ({ sendingIds, sending, problem, setProblem, ...actions }), [sendingIds, sending, problem, actions]);
}

export type Sender = ReturnType<typeof useSend>;

/**
 * The answer renders below the form: bring its top into view when it lands in
 * the lower part of the screen or past it; otherwise nothing moves.
 */
function showAnswer() {
  const panel = document.getElementById("mm-response-title")?.closest("section");
  if (!panel || panel.getBoundingClientRect().top < window.innerHeight * 0.6) return;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  panel.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "start" });
}

/** The absolute URL a request went to, for the console. */
function absolute(endpoint: string): string {
  try {
    return new URL(endpoint, window.location.href).href;
  } catch {
    return endpoint;
  }
}
