// The request tabs as React state: each open request is a tab, the form edits
// the active one, and every change is kept in localStorage (the forms on each
// change, each answer only when it changes).
import { useCallback, useEffect, useMemo, useState } from "react";
import type { BodyParts } from "../lib/bodies";
import type { HeaderRow } from "../lib/headers";
import { endpointWith, rowsAfterTyping, type ParamRow } from "../lib/query";
import { hasUnsavedChanges } from "../lib/saved";
import {
  MAX_TABS,
  activeTab,
  addTab,
  changedAnswers,
  closeTab,
  forgetAnswer,
  loadTabs,
  loadedForm,
  patchTab,
  replaceTab,
  saveAnswer,
  saveForms,
  type FormContent,
  type RequestTab,
  type TabsState,
} from "../lib/tabs";

export type RowsUpdate = HeaderRow[] | ((rows: HeaderRow[]) => HeaderRow[]);

export function useRequestTabs() {
  const [state, setState] = useState<TabsState>(loadTabs);
  const tab = activeTab(state);
  /**
   * Changes one tab (the active one unless named): the form's setters all go through here. A preview tab
   * changed is kept from then on, as in Postman: saving or undoing the change does not make it a preview again.
   */
  const patch = useCallback((change: (tab: RequestTab) => Partial<RequestTab>, id?: string) => {
    setState((s) => patchTab(s, (t) => kept(t, change(t)), id));
  }, []);
  /** The tabs of a saved request, named anew (it was renamed in its collection). */
  const renameSaved = useCallback((collectionId: string, itemId: string, name: string) => {
    // By collection too: a file imported twice gives two collections whose items have the same ids.
    const named = (t: RequestTab) => t.saved?.collectionId === collectionId && t.saved.itemId === itemId;
    setState((s) => ({ ...s, tabs: s.tabs.map((t) => (named(t) ? { ...t, saved: { ...t.saved!, name } } : t)) }));
  }, []);

  useEffect(() => {
    saveForms(state);
  }, [state]);
  const [keptAnswers] = useState(() => new Map(state.tabs.map((t) => [t.id, t.outcome])));
  useEffect(() => {
    for (const changed of changedAnswers(state.tabs, keptAnswers)) saveAnswer(changed);
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
        const loaded = loadedForm(request);
        patch(() => loaded);
      },
    };
  }, [patch]);

  // One object while the tabs stay as they are: the request workspace is memo'd on it.
  return useMemo(
    () => ({
      state,
      tab,
      patch,
      renameSaved,
      ...form,
      select: (activeId: string) => setState((s) => ({ ...s, activeId })),
      /** Opens a tab and makes it active; false (and nothing changes) when MAX_TABS are open. */
      open(fresh: RequestTab): boolean {
        if (state.tabs.length >= MAX_TABS) return false;
        setState((s) => addTab(s, fresh));
        return true;
      },
      /** Puts a tab in another's place (a preview tab's), made active; the one it replaces is gone with its answer. */
      replace(id: string, fresh: RequestTab) {
        setState((s) => replaceTab(s, id, fresh));
        keptAnswers.delete(id);
        forgetAnswer(id);
      },
      close(id: string) {
        setState((s) => closeTab(s, id));
        keptAnswers.delete(id);
        forgetAnswer(id);
      },
    }),
    [state, tab, patch, renameSaved, form, keptAnswers],
  );
}

/** A change to a preview tab that leaves it unlike its saved request keeps it (clears `preview`). */
function kept(tab: RequestTab, change: Partial<RequestTab>): Partial<RequestTab> {
  if (!tab.preview || change.preview !== undefined) return change;
  return hasUnsavedChanges({ ...tab, ...change }) ? { ...change, preview: false } : change;
}

export type RequestTabs = ReturnType<typeof useRequestTabs>;
