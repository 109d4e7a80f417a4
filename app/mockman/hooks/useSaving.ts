// Saving the active tab's request: Ctrl/Cmd+S (or Tools → Save) writes over
// the saved request the tab edits, or asks for a name and a place first; a
// saved request opens in a tab of its own (or the tab that already has it),
// which stays a preview until it is changed or sent: the next one opened takes
// its place, so clicking through a collection does not fill the tab strip.
import { useMemo, useState } from "react";
import { useStableActions } from "#app/lib/use-latest";
import type { PostmanItem } from "#mock/tester/postman/convert";
import { formOf, formSnapshot, isPreview, tabForm, type SavedCollection } from "../lib/saved";
import { TOO_MANY_TABS, blankTab, loadedForm } from "../lib/tabs";
import type { SaveTarget } from "../components/SaveDialog";
import type { Collections } from "./useCollections";
import type { Say } from "./useNotice";
import type { RequestTabs } from "./useRequestTabs";
import { useShortcut } from "./useShortcut";

export function useSaving({ tabs, collections, say }: { tabs: RequestTabs; collections: Collections; say: Say }) {
  // While Save as asks: what it answers to (true once saved, false if cancelled or refused).
  const [asking, setAsking] = useState<((saved: boolean) => void) | null>(null);
  const fail = (error: unknown) => say(`Not saved: ${error instanceof Error ? error.message : String(error)}`, true);

  /** Links a tab (the active one unless named) to a saved request, as it now is. */
  const link = (collectionId: string, itemId: string, name: string, id?: string) =>
    tabs.patch((t) => ({ saved: { collectionId, itemId, name, snapshot: formSnapshot(tabForm(t)) } }), id);

  /** True once the tab `id` (the active one unless named) is saved, over its saved request or by Save as. */
  const save = async (id?: string): Promise<boolean> => {
    const tab = tabs.state.tabs.find((t) => t.id === id) ?? tabs.tab;
    if (tab.saved) {
      try {
        if (await collections.saveOver(tab.saved.collectionId, tab.saved.itemId, tabForm(tab))) {
          link(tab.saved.collectionId, tab.saved.itemId, tab.saved.name, tab.id);
          say(`Saved ${tab.saved.name}.`);
          return true;
        }
      } catch (error) {
        fail(error);
        return false;
      }
    }
    // Not saved yet, or its saved request was deleted: ask where, over that tab.
    if (tab.id !== tabs.tab.id) tabs.select(tab.id);
    return new Promise((resolve) => setAsking(() => resolve));
  };

  const saveAs = async (target: SaveTarget) => {
    const done = asking;
    setAsking(null);
    try {
      const collectionId = target.collectionId ?? (await collections.create(target.newCollection)).id;
      const itemId = await collections.saveNew(collectionId, target.folderId, target.name, tabForm(tabs.tab));
      link(collectionId, itemId, target.name);
      say(`Saved ${target.name}.`);
      done?.(true);
    } catch (error) {
      fail(error);
      done?.(false);
    }
  };

  const open = (collection: SavedCollection, item: PostmanItem) => {
    // By collection too: a file imported twice gives two collections whose items have the same ids.
    const already = tabs.state.tabs.find((t) => t.saved?.collectionId === collection.id && t.saved.itemId === item.id);
    if (already) return tabs.select(already.id);
    const form = formOf(item);
    const fresh = {
      ...blankTab(),
      ...loadedForm(form),
      auth: form.auth,
      ...(form.scripts ? { scripts: form.scripts } : {}),
    };
    const name = item.name ?? "request";
    const tab = {
      ...fresh,
      saved: { collectionId: collection.id, itemId: item.id!, name, snapshot: formSnapshot(tabForm(fresh)) },
      preview: true,
    };
    // As Postman's preview tab: an opened request nobody changed or sent gives its place to the next one.
    const preview = tabs.state.tabs.find((t) => isPreview(t));
    if (preview) return tabs.replace(preview.id, tab);
    if (!tabs.open(tab)) say(TOO_MANY_TABS, true);
  };

  // One function each for the page's life, reading the tabs as they are: the Collections panel and the request
  // workspace are memo'd.
  const cancel = () => {
    asking?.(false);
    setAsking(null);
  };
  const actions = useStableActions({ save, saveAs, open, cancel });
  useShortcut("s", actions.save);
  return useMemo(() => ({ asking: !!asking, ...actions }), [asking, actions]);
}
