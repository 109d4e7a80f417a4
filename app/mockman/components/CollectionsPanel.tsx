// The Collections sidebar: collections with their folders and saved requests.
// Click a request to open it in a tab; each row's menu renames, duplicates,
// moves (Move up / Move down are the keyboard's way to reorder, Move to… picks
// another folder or collection), exports and deletes (asked first). Rows can be
// dragged: onto a request to go before it, onto a folder or a collection to go in.
import { useState, type DragEvent } from "react";
import type { PostmanItem } from "#mock/tester/postman/convert";
import { downloadText } from "#app/lib/download";
import { folderChoices, formOf, isFolder, parentOf, mockmanExport, postmanExport, requestCount, type SavedCollection } from "../lib/saved";
import type { Collections } from "../hooks/useCollections";
import { FileImport } from "./FileImport";
import { MoveDialog, type Place } from "./MoveDialog";
import { RequestMenu, type MenuAction } from "./RequestMenu";

interface Props {
  collections: Collections;
  /** Opens a saved request in a tab. */
  onOpen(collection: SavedCollection, item: PostmanItem): void;
  onNotice(text: string, isError?: boolean): void;
  /** The item the active tab edits, shown as current. */
  currentId: string | null;
  /** More actions for a collection (folder null) or one of its folders: Edit scripts…, Run… */
  moreActions?(collection: SavedCollection, folder: PostmanItem | null): MenuAction[];
}

const DRAG_TYPE = "application/x-mockman-item";

export function CollectionsPanel({ collections, onOpen, onNotice, currentId, moreActions }: Props) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ collectionId: string; item: PostmanItem } | null>(null);
  const fail = (error: unknown) => onNotice(error instanceof Error ? error.message : String(error), true);
  const run = (work: Promise<unknown>, done?: string) => work.then(() => done && onNotice(done)).catch(fail);

  const exportAs = async (collection: SavedCollection, folderId: string | null, name: string, kind: "mockman" | "postman") => {
    const base = name.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "collection";
    if (kind === "postman") {
      downloadText(JSON.stringify(postmanExport(collection, folderId), null, 2) + "\n", `${base}.postman_collection.json`);
      onNotice(`Exported ${name} as a Postman v2.1 collection.`);
    } else {
      // The collection format (with its checks) loads on first use, not with the page (./lazy).
      const { collectionText } = await import("../lib/collection");
      const { file, notes } = mockmanExport(collection, folderId);
      downloadText(collectionText(file), `${base}.mockman.json`);
      onNotice(
        `Exported ${name} as a mockman collection (npx mockman replay FILE runs it).${notes.length ? ` Not carried over: ${notes.join("; ")}` : ""}`,
      );
    }
  };

  const onDrop = (event: DragEvent, collectionId: string, folderId: string | null, beforeId?: string) => {
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    if (!raw) return;
    event.preventDefault();
    event.stopPropagation();
    const { from, id } = JSON.parse(raw) as { from: string; id: string };
    if (id === beforeId) return;
    run(collections.moveItem(from, id, collectionId, folderId, beforeId));
  };
  const allowDrop = (event: DragEvent) => {
    if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
  };

  const nameField = (label: string, current: string, save: (name: string) => Promise<unknown>) => (
    <input
      className="mm-input mm-rename"
      aria-label={`New name for ${label}`}
      defaultValue={current}
      // Focus moves into the field the user just asked for.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      onFocus={(e) => e.target.select()}
      onKeyDown={(e) => {
        if (e.key === "Escape") setRenaming(null);
        if (e.key === "Enter") e.currentTarget.blur();
      }}
      onBlur={(e) => {
        const name = e.target.value.trim();
        setRenaming(null);
        if (name && name !== current) run(save(name), `Renamed ${label} to ${name}.`);
      }}
    />
  );

  const confirm = (label: string, remove: () => Promise<unknown>) => (
    <div className="mm-confirm" role="group" aria-label={`Delete ${label}?`}>
      <span>Delete {label}?</span>
      <button type="button" className="mm-button mm-danger" onClick={() => (setDeleting(null), run(remove(), `Deleted ${label}.`))}>
        Delete
      </button>
      <button type="button" className="mm-button" onClick={() => setDeleting(null)}>
        Keep
      </button>
    </div>
  );

  const itemRows = (collection: SavedCollection, items: PostmanItem[]) => (
    <ul className="mm-saved-list">
      {items.map((item) => {
        const name = item.name || (isFolder(item) ? "folder" : "request");
        const id = item.id!;
        const folder = isFolder(item);
        const form = folder ? null : formOf(item);
        const actions: MenuAction[] = [
          { label: "Rename", run: () => setRenaming(id) },
          ...(folder
            ? [{ label: "New folder", run: () => void collections.addFolder(collection.id, id, "New folder").then(setRenaming, fail) }]
            : []),
          { label: "Duplicate", run: () => run(collections.duplicateItem(collection.id, id), `Duplicated ${name}.`) },
          { label: "Move up", run: () => run(collections.shiftItem(collection.id, id, -1)) },
          { label: "Move down", run: () => run(collections.shiftItem(collection.id, id, 1)) },
          { label: "Move to", run: () => setMoving({ collectionId: collection.id, item }), dialog: true },
          ...(folder
            ? [
                { label: "Export as mockman", run: () => void run(exportAs(collection, id, name, "mockman")) },
                { label: "Export as Postman", run: () => void run(exportAs(collection, id, name, "postman")) },
                ...(moreActions?.(collection, item) ?? []),
              ]
            : []),
          { label: "Delete", run: () => setDeleting(id) },
        ];
        return (
          <li
            key={id}
            className={folder ? "mm-saved-folder" : "mm-saved-request"}
            draggable={renaming !== id}
            onDragStart={(e) => {
              e.stopPropagation();
              e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ from: collection.id, id }));
              e.dataTransfer.effectAllowed = "move";
            }}
            onDragOver={allowDrop}
            onDrop={(e) =>
              folder ? onDrop(e, collection.id, id) : onDrop(e, collection.id, parentOf(collection.postman.item ?? [], id) ?? null, id)
            }
          >
            <div className="mm-saved-row" aria-current={id === currentId ? "true" : undefined}>
              {renaming === id ? (
                nameField(name, name, (n) => collections.renameItem(collection.id, id, n))
              ) : folder ? (
                <span className="mm-saved-name mm-saved-folder-name">
                  <span aria-hidden="true">▸ </span>
                  {name}
                </span>
              ) : (
                <button type="button" className="mm-saved-open" onClick={() => onOpen(collection, item)}>
                  <span className={`mm-saved-method mm-method-${form!.method.toLowerCase()}`}>{form!.method}</span> {name}
                </button>
              )}
              <RequestMenu
                id={`mm-menu-${id}`}
                label={`Actions for ${name}`}
                buttonText=""
                buttonLabel={`Actions for ${name}`}
                actions={actions}
              />
            </div>
            {deleting === id && confirm(name, () => collections.removeItem(collection.id, id))}
            {folder && itemRows(collection, item.item!)}
          </li>
        );
      })}
    </ul>
  );

  return (
    <section className="mm-panel mm-collections" aria-labelledby="mm-collections-title">
      <div className="mm-panel-head">
        <h2 id="mm-collections-title" className="mm-panel-title">
          Collections
        </h2>
      </div>
      <div className="mm-toolbar" role="group" aria-label="Collection tools">
        <button
          type="button"
          className="mm-button"
          onClick={() =>
            collections
              .create(`Collection ${collections.collections.length + 1}`)
              .then((c) => setRenaming(c.id))
              .catch(fail)
          }
        >
          New collection
        </button>
        <FileImport
          label="Import collection"
          fileLabel="Collection file to import"
          onNotice={onNotice}
          onRead={async (text, fileName) => {
            const { collection, notes } = await collections.importFile(text, fileName);
            const n = requestCount(collection.postman.item);
            return (
              `Imported ${n} request${n === 1 ? "" : "s"} from ${fileName} as the collection ${collection.name}.` +
              (notes.length ? ` Not carried over: ${notes.join("; ")}` : "")
            );
          }}
        />
      </div>
      {collections.problem && <p className="mm-error">{collections.problem}</p>}
      {collections.ready && collections.collections.length === 0 && (
        <p className="mm-hint">Save a request (Ctrl+S or ⌘S) or import a mockman or Postman collection to keep requests here.</p>
      )}
      <ul className="mm-saved-list mm-saved-top" aria-label="Saved collections">
        {collections.collections.map((collection) => {
          const actions: MenuAction[] = [
            { label: "Rename", run: () => setRenaming(collection.id) },
            { label: "New folder", run: () => void collections.addFolder(collection.id, null, "New folder").then(setRenaming, fail) },
            { label: "Export as mockman", run: () => void run(exportAs(collection, null, collection.name, "mockman")) },
            { label: "Export as Postman", run: () => void run(exportAs(collection, null, collection.name, "postman")) },
            ...(moreActions?.(collection, null) ?? []),
            { label: "Delete", run: () => setDeleting(collection.id) },
          ];
          return (
            <li key={collection.id} className="mm-saved-collection" onDragOver={allowDrop} onDrop={(e) => onDrop(e, collection.id, null)}>
              <div className="mm-saved-row">
                {renaming === collection.id ? (
                  nameField(collection.name, collection.name, (n) => collections.renameCollection(collection.id, n))
                ) : (
                  <h3 className="mm-saved-name mm-saved-collection-name">{collection.name}</h3>
                )}
                <RequestMenu
                  id={`mm-menu-${collection.id}`}
                  label={`Actions for ${collection.name}`}
                  buttonText=""
                  buttonLabel={`Actions for ${collection.name}`}
                  actions={actions}
                />
              </div>
              {deleting === collection.id && confirm(collection.name, () => collections.removeCollection(collection.id))}
              {(collection.postman.item ?? []).length === 0 ? (
                <p className="mm-hint mm-saved-empty">Empty: save a request here.</p>
              ) : (
                itemRows(collection, collection.postman.item ?? [])
              )}
            </li>
          );
        })}
      </ul>
      {moving && (
        <MoveDialog
          what={moving.item.name ?? "request"}
          places={places(collections.collections, moving.collectionId, moving.item)}
          onClose={() => setMoving(null)}
          onMove={(place: Place) => {
            setMoving(null);
            run(
              collections.moveItem(moving.collectionId, moving.item.id!, place.collectionId, place.folderId),
              `Moved ${moving.item.name ?? "request"} to ${place.path}.`,
            );
          }}
        />
      )}
    </section>
  );
}

/** Where an item can go: each collection's top and each folder, but never into itself. */
function places(all: SavedCollection[], fromId: string, item: PostmanItem): Place[] {
  return all.flatMap((c) => {
    const folders = folderChoices(c.postman.item ?? []).filter((f) => !(c.id === fromId && (f.id === item.id || insideOf(item, f.id))));
    return [
      { collectionId: c.id, folderId: null, path: c.name },
      ...folders.map((f) => ({ collectionId: c.id, folderId: f.id, path: `${c.name} / ${f.path}` })),
    ];
  });
}

const insideOf = (item: PostmanItem, folderId: string): boolean =>
  (item.item ?? []).some((child) => child.id === folderId || insideOf(child, folderId));
