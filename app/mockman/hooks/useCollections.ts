// Saved collections as React state over their Dexie store: every change is
// computed on the tree (lib/saved.ts), written whole, then shown.
import { useEffect, useMemo, useState } from "react";
import type { PostmanCollection, PostmanItem } from "#mock/tester/postman/convert";
import { CollectionStore } from "../lib/saved-store";
import {
  collectionFromFile,
  itemIds,
  collectionVariablesOf,
  contains,
  copyItem,
  emptyCollection,
  findItem,
  insertItem,
  isFolder,
  newItemId,
  parentOf,
  removeItem,
  requestItem,
  sameRecord,
  shiftItem,
  updateItem,
  writeThrough,
  withCollectionVariables,
  type SavedCollection,
  type SavedForm,
} from "../lib/saved";
import { withScripts, type Scripts } from "../lib/scripts";

export function useCollections() {
  const [collections, setCollections] = useState<SavedCollection[]>([]);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // What changes the collections, made once: the object the panels get changes only when the list, its
  // readiness or its problem does, so a keystroke in the request form does not re-render them (they are memo'd).
  const [actions] = useState(() => collectionActions(setCollections));

  useEffect(() => {
    actions
      .load()
      .catch((error: unknown) => setProblem(`Saved collections could not be read: ${String(error)}`))
      .finally(() => setReady(true));
  }, [actions]);

  return useMemo(() => ({ collections, ready, problem, ...actions }), [collections, ready, problem, actions]);
}

function collectionActions(setCollections: (list: SavedCollection[]) => void) {
  let store: CollectionStore | null = null;
  const open = () => (store ??= new CollectionStore());
  // The latest list, so changes made one after another (a move between two collections) build on each other.
  const latest = { current: [] as SavedCollection[] };

  /** Writes the changed collections, then shows the new list. */
  const commit = async (next: SavedCollection[], changed: SavedCollection[], removed: string[] = []) => {
    const s = open();
    for (const c of changed) await s.put(c);
    for (const id of removed) await s.remove(id);
    latest.current = next;
    setCollections(next);
  };

  const byId = (id: string) => latest.current.find((c) => c.id === id);
  const nextOrder = () => latest.current.reduce((n, c) => Math.max(n, c.order + 1), 0);

  /** One collection changed (its name, its Postman JSON): written, then shown. */
  const changeCollection = async (collectionId: string, change: (c: SavedCollection) => SavedCollection) => {
    const c = byId(collectionId);
    if (!c) throw new Error("That collection is gone");
    const next = change(c);
    await commit(
      latest.current.map((x) => (x.id === collectionId ? next : x)),
      [next],
    );
  };

  /** The collection's Postman JSON itself changed (its scripts, its variables). */
  const changePostman = (collectionId: string, change: (postman: PostmanCollection) => PostmanCollection) =>
    changeCollection(collectionId, (c) => ({ ...c, postman: change(c.postman) }));

  /** One collection's items changed. */
  const changeItems = (collectionId: string, change: (items: PostmanItem[]) => PostmanItem[]) =>
    changePostman(collectionId, (postman) => ({ ...postman, item: change(postman.item ?? []) }));

  return {
    /** Reads the kept collections once, when the page opens. */
    async load() {
      latest.current = await open().all();
      setCollections(latest.current);
    },
    async create(name: string): Promise<SavedCollection> {
      const c = emptyCollection(name, nextOrder());
      await commit([...latest.current, c], [c]);
      return c;
    },
    /** Imports a file (ours or Postman v2.0/v2.1) as a new collection; returns it and what did not carry over. */
    async importFile(text: string, fileName: string) {
      const { collection, notes } = await collectionFromFile(text, fileName, nextOrder(), itemIds(latest.current));
      await commit([...latest.current, collection], [collection]);
      return { collection, notes };
    },
    async renameCollection(id: string, name: string) {
      if (!byId(id)) return;
      await changeCollection(id, (c) => ({ ...c, name, postman: { ...c.postman, info: { ...c.postman.info, name } } }));
    },
    async removeCollection(id: string) {
      await commit(
        latest.current.filter((c) => c.id !== id),
        [],
        [id],
      );
    },
    /** Adds an empty folder; returns its id. */
    async addFolder(collectionId: string, parentId: string | null, name: string): Promise<string> {
      const id = newItemId();
      await changeItems(collectionId, (items) => insertItem(items, parentId, { id, name, item: [] }));
      return id;
    },
    renameItem: (collectionId: string, itemId: string, name: string) =>
      changeItems(collectionId, (items) => updateItem(items, itemId, (item) => ({ ...item, name }))),
    removeItem: (collectionId: string, itemId: string) => changeItems(collectionId, (items) => removeItem(items, itemId)),
    duplicateItem: (collectionId: string, itemId: string) =>
      changeItems(collectionId, (items) => {
        const found = findItem(items, itemId);
        if (!found) return items;
        const parent = parentOf(items, itemId) ?? null;
        return insertItem(items, parent, copyItem(found.item), found.index + 1);
      }),
    shiftItem: (collectionId: string, itemId: string, by: -1 | 1) => changeItems(collectionId, (items) => shiftItem(items, itemId, by)),
    /** Moves an item to another place (any collection, any folder), before `beforeId` or at the end. */
    async moveItem(fromId: string, itemId: string, toId: string, folderId: string | null, beforeId?: string) {
      const from = byId(fromId);
      const found = from && findItem(from.postman.item ?? [], itemId);
      if (!from || !found) return;
      if (fromId === toId && contains(from.postman.item ?? [], itemId, folderId)) throw new Error("A folder cannot go inside itself");
      const without = removeItem(from.postman.item ?? [], itemId);
      const placed = (items: PostmanItem[]) => {
        const list = folderId === null ? items : (findItem(items, folderId)?.item.item ?? []);
        const index = beforeId ? list.findIndex((i) => i.id === beforeId) : -1;
        return insertItem(items, folderId, found.item, index < 0 ? undefined : index);
      };
      if (fromId === toId) {
        await changeItems(fromId, () => placed(without));
        return;
      }
      const to = byId(toId);
      if (!to) return;
      const nextFrom = { ...from, postman: { ...from.postman, item: without } };
      const nextTo = { ...to, postman: { ...to.postman, item: placed(to.postman.item ?? []) } };
      await commit(
        latest.current.map((x) => (x.id === fromId ? nextFrom : x.id === toId ? nextTo : x)),
        [nextFrom, nextTo],
      );
    },
    /** Writes the pre-request and test scripts of a folder (itemId) or of the collection itself (null). */
    async setScripts(collectionId: string, itemId: string | null, scripts: Scripts) {
      if (itemId !== null) return changeItems(collectionId, (items) => updateItem(items, itemId, (item) => withScripts(item, scripts)));
      await changePostman(collectionId, (postman) => withScripts(postman, scripts));
    },
    /** Keeps the values a run left in the collection's variables (pm.collectionVariables), when they changed. */
    async keepVariables(collectionId: string, values: Record<string, string>) {
      const c = byId(collectionId);
      if (!c || sameRecord(collectionVariablesOf(c.postman), values)) return;
      await changePostman(collectionId, (postman) => withCollectionVariables(postman, values));
    },
    /** Saves a form as a new request; returns its id. */
    async saveNew(collectionId: string, folderId: string | null, name: string, form: SavedForm): Promise<string> {
      const item = requestItem(name, form);
      await changeItems(collectionId, (items) => insertItem(items, folderId, item));
      return item.id!;
    },
    /** Writes a form through to a saved request (lib/saved.ts writeThrough: what it did not change stays); false when it is gone. */
    async saveOver(collectionId: string, itemId: string, form: SavedForm): Promise<boolean> {
      const c = byId(collectionId);
      const found = c && findItem(c.postman.item ?? [], itemId);
      if (!found || isFolder(found.item)) return false;
      await changeItems(collectionId, (items) => updateItem(items, itemId, (item) => writeThrough(item, form)));
      return true;
    },
  };
}

export type Collections = ReturnType<typeof useCollections>;
