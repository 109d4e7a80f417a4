// The tester page's state, put together from the hooks beside this file: tabs,
// sending, history, environments and variables, collections and their scripts,
// paging, the copy server, commands, dialogs, the split, the status line. The
// page's components (MockmanPage, RequestWorkspace, PageDialogs) only lay it out.
import { useEffect, useMemo, useState } from "react";
import { useStableActions } from "#app/lib/use-latest";
import { authNoteOf } from "../lib/send-item";
import type { PostmanItem } from "#mock/tester/postman/convert";
import { BODY_ERROR, INITIAL_BODY } from "../lib/body";
import { readParts } from "../lib/bodies";
import type { HistoryEntry } from "../lib/history";
import { hasUnsavedChanges, isPreview, type SavedCollection } from "../lib/saved";
import { useRouteSuggestions } from "../lib/suggestions";
import { TOO_MANY_TABS, blankTab, loadedForm, type RequestTab } from "../lib/tabs";
import { useAuthTools } from "./useAuthTools";
import { useBaseUrl, useSplit } from "./useKept";
import { useCollections } from "./useCollections";
import { useCurlTools } from "./useCurlTools";
import { useEnvironments } from "./useEnvironments";
import { useHistory } from "./useHistory";
import { useNotice } from "./useNotice";
import { usePaging } from "./usePaging";
import { useRequestTabs } from "./useRequestTabs";
import { useSaving } from "./useSaving";
import { signingFor, useScripts } from "./useScripts";
import { useSend } from "./useSend";
import { useSignature } from "./useSignature";
import { useVariables } from "./useVariables";

/** A collection, or one of its folders, whose scripts are being edited or which is being run. */
export type OwnerTarget = { collection: SavedCollection; folder: PostmanItem | null };

export function useMockman() {
  const tabs = useRequestTabs();
  const { tab } = tabs;
  const { notice, say, dismiss } = useNotice();
  const history = useHistory();
  const environments = useEnvironments();
  const collections = useCollections();
  // The endpoint as its Send goes (a saved request's path variables given their values): what Resolved URL shows.
  const sentEndpoint = signingFor(collections.collections, tab).endpoint();
  const vars = useVariables(environments, collections, tab.saved?.collectionId ?? null, sentEndpoint, tab.bodyText);
  const scripts = useScripts(collections, vars);
  const sender = useSend({ tabs, history, variables: vars.variables, environmentName: vars.environmentName, scripted: scripts });
  const [editingScripts, setEditingScripts] = useState<OwnerTarget | null>(null);
  const [running, setRunning] = useState<OwnerTarget | null>(null);
  const suggestions = useRouteSuggestions();
  // Picking a suggestion ("POST /api/posts") sets the method and the path, and a body template when the body is
  // still untouched. Anything else typed is the endpoint as it is.
  const { choose } = useStableActions({
    choose(value: string) {
      const picked = suggestions.find((s) => s.value === value);
      if (!picked) return tabs.typeEndpoint(value);
      tabs.setMethod(picked.method);
      tabs.loadEndpoint(picked.path);
      const body = tabs.tab.bodyText.trim();
      if (picked.body && (body === "" || body === INITIAL_BODY.trim())) tabs.setBodyText(picked.body);
    },
  });
  const endpoints = useMemo(() => ({ suggestions, choose }), [suggestions, choose]);
  const paging = usePaging(tabs, endpoints.suggestions, sender.submit);
  const baseUrl = useBaseUrl();
  const [curlOpen, setCurlOpen] = useState(false);
  // Null until first opened: its code (and httpsnippet) loads then.
  const [codeOpen, setCodeOpen] = useState<boolean | null>(null);
  const [environmentOpen, setEnvironmentOpen] = useState(false);
  const dialogs = useMemo(
    () => ({ curlOpen, setCurlOpen, codeOpen, setCodeOpen, environmentOpen, setEnvironmentOpen }),
    [curlOpen, codeOpen, environmentOpen],
  );
  const { setProblem, sendingIds } = sender;
  // Texts, so what shows them (memo'd) sees the same value while it stays.
  const signing = scripts.signing(tab);
  const signer = signing.signer;
  const authNote = signer && authNoteOf(signer);
  // Written into Code and the copied commands as the Send signs it (its own auth of another type, or one it inherits).
  const signature = useSignature(signer, signer && signing.input(), vars.variables);
  const curl = useCurlTools({
    tabs,
    endpoint: signing.endpoint(),
    signature,
    baseUrl,
    say,
    onFilled: () => setProblem(null),
  });
  const auth = useAuthTools(tabs, history, vars.variables, say);
  const split = useSplit();
  const saving = useSaving({ tabs, collections, say });
  // A Submit refused for bad JSON stops saying so once the body is valid again.
  useEffect(() => {
    if (vars.bodyCheck.ok) setProblem((p) => (p?.startsWith(`Not sent: ${BODY_ERROR}`) ? null : p));
  }, [vars.bodyCheck.ok, setProblem]);
  /**
   * A history entry back into the request panel, with no answer yet. A tab of a saved request is not written
   * over (its Send would run that request's scripts and auth, and Save would replace it): the entry opens in a
   * tab of its own, as Postman opens one, in the preview tab's place when there is one.
   */
  const restore = useStableActions({
    restore(entry: HistoryEntry) {
      const form = loadedForm({ ...entry, bodies: readParts(entry.bodies) });
      if (tabs.tab.saved) {
        const fresh: RequestTab = { ...blankTab(), ...form };
        const preview = tabs.state.tabs.find((t) => isPreview(t));
        if (preview) tabs.replace(preview.id, fresh);
        else if (!tabs.open(fresh)) return say(TOO_MANY_TABS, true);
      } else tabs.patch(() => ({ ...form, outcome: null, lastEndpoint: "" }));
      setProblem(null);
      say(`Restored ${entry.method} ${entry.endpoint} into the request panel.`);
    },
  }).restore;
  // Renaming a saved request renames the tabs that have it open (the panels are memo'd on `collections`).
  const { renameSaved } = tabs;
  const panelCollections = useMemo(
    () => ({
      ...collections,
      async renameItem(collectionId: string, itemId: string, name: string) {
        await collections.renameItem(collectionId, itemId, name);
        renameSaved(collectionId, itemId, name);
      },
    }),
    [collections, renameSaved],
  );
  const lastRequest = useMemo(() => ({ method: tab.method, endpoint: tab.lastEndpoint }), [tab.method, tab.lastEndpoint]);
  const [closing, setClosing] = useState<string | null>(null);
  const tabActions = useStableActions({
    openTab(fresh: RequestTab) {
      if (!tabs.open(fresh)) return say(TOO_MANY_TABS, true);
      setProblem(null);
    },
    /** A tab with unsaved changes asks first (`closing`: Save, Don't save, Cancel), where it is, as in Postman. */
    closeTab(id: string, ask = true) {
      if (sendingIds.has(id)) return say("That tab is still sending; close it once its answer is in.", true);
      const target = tabs.state.tabs.find((t) => t.id === id);
      const asking = ask && !!target && hasUnsavedChanges(target);
      setClosing(asking ? id : null);
      if (asking) return;
      tabs.close(id);
      setProblem(null);
    },
  });

  return {
    tabs,
    tab,
    notice,
    say,
    dismissNotice: dismiss,
    history,
    environments,
    ...vars,
    collections: panelCollections,
    scripts,
    sender,
    endpoints,
    paging,
    baseUrl,
    dialogs,
    curl,
    auth,
    split,
    saving,
    lastRequest,
    authNote,
    signature,
    owners: { editingScripts, setEditingScripts, running, setRunning },
    restore,
    closing,
    setClosing,
    ...tabActions,
  };
}

export type Mockman = ReturnType<typeof useMockman>;
