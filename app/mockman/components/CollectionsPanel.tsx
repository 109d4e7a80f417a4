// The Collections sidebar: collections with their folders and saved requests.
// Click a request to open it in a tab; each row's menu renames, duplicates,
// moves (Move up / Move down are the keyboard's way to reorder, Move to… picks
// another folder or collection), exports and deletes (asked first). Rows can be
// dragged: onto a request to go before it, onto a folder or a collection to go in.
// The rows are SavedItems.tsx; the sidebar's state is hooks/useCollectionsPanel.ts.
import { memo } from "react";
import type { PostmanItem } from "#mock/tester/postman/convert";
import { folderChoices, requestCount, type SavedCollection } from "../lib/saved";
import type { Collections } from "../hooks/useCollections";
import { useCollectionsPanel } from "../hooks/useCollectionsPanel";
import { FileImport } from "./FileImport";
import { MoveDialog, type Place } from "./MoveDialog";
import { RequestMenu, type MenuAction } from "./RequestMenu";
import { DeleteConfirm, RenameField, SavedItems } from "./SavedItems";

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

export const CollectionsPanel = memo(function CollectionsPanel({ collections, onOpen, onNotice, currentId, moreActions }: Props) {
  const panel = useCollectionsPanel(collections, onNotice);
  const { renaming, setRenaming, deleting, setDeleting, moving, setMoving, fail, run } = panel;

  return (
    <section className="mm-panel mm-collections" aria-labelledby="mm-collections-title">
      {/* A lone title: its own margin keeps the tools off it (a head row is for a title with buttons beside it). */}
      <h2 id="mm-collections-title" className="mm-panel-title" tabIndex={-1}>
        Collections
      </h2>
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
            { label: "Export as mockman", run: () => panel.exportAs(collection, null, collection.name, "mockman") },
            { label: "Export as Postman", run: () => panel.exportAs(collection, null, collection.name, "postman") },
            ...(moreActions?.(collection, null) ?? []),
            { label: "Delete", run: () => setDeleting(collection.id) },
          ];
          return (
            <li
              key={collection.id}
              className="mm-saved-collection"
              onDragOver={panel.allowDrop}
              onDrop={(e) => panel.drop(e, collection.id, null)}
            >
              <div className="mm-saved-row">
                {renaming === collection.id ? (
                  <RenameField panel={panel} label={collection.name} save={(n) => collections.renameCollection(collection.id, n)} />
                ) : (
                  <h3 className="mm-saved-name mm-saved-collection-name">{collection.name}</h3>
                )}
                <RequestMenu
                  id={`mm-menu-${collection.id}`}
                  label={`Actions for ${collection.name}`}
                  buttonText="⋯"
                  buttonLabel={`Actions for ${collection.name}`}
                  actions={actions}
                />
              </div>
              {deleting === collection.id && (
                <DeleteConfirm panel={panel} label={collection.name} remove={() => collections.removeCollection(collection.id)} />
              )}
              {(collection.postman.item ?? []).length === 0 ? (
                <p className="mm-hint mm-saved-empty">Empty: save a request here.</p>
              ) : (
                <SavedItems
                  panel={panel}
                  collection={collection}
                  items={collection.postman.item ?? []}
                  currentId={currentId}
                  onOpen={onOpen}
                  moreActions={moreActions}
                />
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
});

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
