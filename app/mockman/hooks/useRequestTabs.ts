// The request tabs as React state: each open request is a tab, the form edits
// the active one, and every change is kept in localStorage (the forms on each
// change, each answer only when it changes).
import { useCallback, useEffect, useMemo, useState } from "react";
import { INITIAL_BODY } from "../lib/body";
import type { BodyParts } from "../lib/bodies";
import { rowsFromHeaders, type HeaderRow } from "../lib/headers";
import { endpointWith, rowsAfterTyping, type ParamRow } from "../lib/query";
import {
  MAX_TABS,
  activeTab,
  addTab,
  changedAnswers,
  closeTab,
  forgetAnswer,
  loadTabs,
  patchTab,
  saveAnswer,
  saveForms,
  type RequestTab,
  type TabsState,
} from "../lib/tabs";

/** A whole request to load into the form (a cURL command, a history entry). */
export interface FormContent {
  method: string;
  endpoint: string;
  headers: Parameters<typeof rowsFromHeaders>[0];
  /** Undefined when the request carries none: the form gets the initial body. */
  body?: string;
  /** The body type when it is not JSON (a saved request, a history entry, a cURL form). */
  bodies?: BodyParts;
}

export type RowsUpdate = HeaderRow[] | ((rows: HeaderRow[]) => HeaderRow[]);

export function useRequestTabs() {
  const [state, setState] = useState<TabsState>(loadTabs);
  const tab = activeTab(state);
  /** Changes one tab (the active one unless named): the form's setters all go through here. */
  const patch = useCallback((change: (tab: RequestTab) => Partial<RequestTab>, id?: string) => {
    setState((s) => patchTab(s, change, id));
  }, []);

  useEffect(() => {
    saveForms(state);
  }, [state]);
  const [keptAnswers] = useState(() => new Map(state.tabs.map((t) => [t.id, t.outcome])));
  useEffect(() => {
    for (const [id, outcome] of changedAnswers(state.tabs, keptAnswers)) saveAnswer(id, outcome);
  }, [state, keptAnswers]);

  const form = useMemo(() => {
    const setMethod = (value: string) => patch(() => ({ method: value }));
    const setRows = (update: RowsUpdate) => patch((t) => ({ headers: typeof update === "function" ? update(t.headers) : update }));
    const setBodyText = (value: string) => patch(() => ({ bodyText: value }));
    const setBodies = (value: BodyParts | undefined) => patch(() => ({ bodies: value }));
    /** A new request's endpoint (restore, cURL, a suggestion): its own parameters only. */
    const loadEndpoint = (text: string) => patch(() => ({ endpoint: text, params: rowsAfterTyping(text, []) }));
    return {
      setMethod,
      setRows,
      setBodyText,
      setBodies,
      loadEndpoint,
      typeEndpoint: (text: string) => patch((t) => ({ endpoint: text, params: rowsAfterTyping(text, t.params) })),
      changeParams: (rows: ParamRow[]) => patch((t) => ({ params: rows, endpoint: endpointWith(t.endpoint, rows) })),
      fill(request: FormContent) {
        setMethod(request.method);
        loadEndpoint(request.endpoint);
        setRows(rowsFromHeaders(request.headers));
        setBodyText(request.body ?? INITIAL_BODY);
        setBodies(request.bodies);
      },
    };
  }, [patch]);

  return {
    state,
    tab,
    patch,
    ...form,
    select: (activeId: string) => setState((s) => ({ ...s, activeId })),
    /** Opens a tab and makes it active; false (and nothing changes) when MAX_TABS are open. */
    open(fresh: RequestTab): boolean {
      if (state.tabs.length >= MAX_TABS) return false;
      setState((s) => addTab(s, fresh));
      return true;
    },
    close(id: string) {
      setState((s) => closeTab(s, id));
      keptAnswers.delete(id);
      forgetAnswer(id);
    },
  };
}

export type RequestTabs = ReturnType<typeof useRequestTabs>;
