// The rows of the Collections sidebar (CollectionsPanel): folders and saved
// requests, each with its menu, a rename field and a delete question in place.
import type { PostmanItem } from "#mock/tester/postman/convert";
import type { CollectionsPanelState } from "../hooks/useCollectionsPanel";
import { formOf, isFolder, parentOf, type SavedCollection } from "../lib/saved";
import { Confirm } from "./Confirm";
import { RequestMenu, type MenuAction } from "./RequestMenu";

/** A field that renames on Enter or leaving it; Escape keeps the name. */
export function RenameField({ panel, label, save }: { panel: CollectionsPanelState; label: string; save(name: string): Promise<unknown> }) {
  return (
    <input
      className="mm-input mm-rename"
      aria-label={`New name for ${label}`}
      defaultValue={label}
      // Focus moves into the field the user just asked for.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      onFocus={(e) => e.target.select()}
      onKeyDown={(e) => {
        if (e.key !== "Escape" && e.key !== "Enter") return;
        // Focus goes back to the row's Actions button, where Rename was chosen, not to the page's top.
        const row = e.currentTarget.closest(".mm-saved-row");
        requestAnimationFrame(() => row?.querySelector<HTMLElement>(".mm-menu-button")?.focus());
        if (e.key === "Escape") panel.setRenaming(null);
        else e.currentTarget.blur();
      }}
      onBlur={(e) => {
        const name = e.target.value.trim();
        panel.setRenaming(null);
        if (name && name !== label) panel.run(save(name), `Renamed ${label} to ${name}.`);
      }}
    />
  );
}

/** Delete, asked first. */
export const DeleteConfirm = ({ panel, label, remove }: { panel: CollectionsPanelState; label: string; remove(): Promise<unknown> }) => (
  <Confirm
    question={`Delete ${label}?`}
    yes="Delete"
    onYes={() => (panel.setDeleting(null), panel.run(remove(), `Deleted ${label}.`))}
    onNo={() => panel.setDeleting(null)}
  />
);

interface ItemsProps {
  panel: CollectionsPanelState;
  collection: SavedCollection;
  items: PostmanItem[];
  currentId: string | null;
  onOpen(collection: SavedCollection, item: PostmanItem): void;
  moreActions?(collection: SavedCollection, folder: PostmanItem | null): MenuAction[];
}

export function SavedItems({ panel, collection, items, currentId, onOpen, moreActions }: ItemsProps) {
  const { collections, run, fail } = panel;
  return (
    <ul className="mm-saved-list">
      {items.map((item) => {
        const name = item.name || (isFolder(item) ? "folder" : "request");
        const id = item.id!;
        const folder = isFolder(item);
        const form = folder ? null : formOf(item);
        const actions: MenuAction[] = [
          { label: "Rename", run: () => panel.setRenaming(id) },
          ...(folder
            ? [
                {
                  label: "New folder",
                  run: () => void collections.addFolder(collection.id, id, "New folder").then(panel.setRenaming, fail),
                },
              ]
            : []),
          { label: "Duplicate", run: () => run(collections.duplicateItem(collection.id, id), `Duplicated ${name}.`) },
          { label: "Move up", run: () => run(collections.shiftItem(collection.id, id, -1)) },
          { label: "Move down", run: () => run(collections.shiftItem(collection.id, id, 1)) },
          { label: "Move to", run: () => panel.setMoving({ collectionId: collection.id, item }), dialog: true },
          ...(folder
            ? [
                { label: "Export as mockman", run: () => panel.exportAs(collection, id, name, "mockman") },
                { label: "Export as Postman", run: () => panel.exportAs(collection, id, name, "postman") },
                ...(moreActions?.(collection, item) ?? []),
              ]
            : []),
          { label: "Delete", run: () => panel.setDeleting(id) },
        ];
        return (
          <li
            key={id}
            className={folder ? "mm-saved-folder" : "mm-saved-request"}
            draggable={panel.renaming !== id}
            onDragStart={(e) => panel.dragStart(e, collection.id, id)}
            onDragOver={panel.allowDrop}
            onDrop={(e) =>
              folder
                ? panel.drop(e, collection.id, id)
                : panel.drop(e, collection.id, parentOf(collection.postman.item ?? [], id) ?? null, id)
            }
          >
            <div className="mm-saved-row" aria-current={id === currentId ? "true" : undefined}>
              {panel.renaming === id ? (
                <RenameField panel={panel} label={name} save={(n) => collections.renameItem(collection.id, id, n)} />
              ) : folder ? (
                <button
                  type="button"
                  className="mm-saved-open mm-saved-folder-name"
                  aria-expanded={!panel.collapsed.has(id)}
                  onClick={() => panel.toggleFolder(id)}
                >
                  <span aria-hidden="true">{panel.collapsed.has(id) ? "▸" : "▾"} </span>
                  {name}
                </button>
              ) : (
                <button type="button" className="mm-saved-open" onClick={() => onOpen(collection, item)}>
                  <span className={`mm-saved-method mm-method-${form!.method.toLowerCase()}`}>{form!.method}</span> {name}
                </button>
              )}
              <RequestMenu
                id={`mm-menu-${id}`}
                label={`Actions for ${name}`}
                buttonText="⋯"
                buttonLabel={`Actions for ${name}`}
                actions={actions}
              />
            </div>
            {panel.deleting === id && <DeleteConfirm panel={panel} label={name} remove={() => collections.removeItem(collection.id, id)} />}
            {folder && !panel.collapsed.has(id) && (
              <SavedItems
                panel={panel}
                collection={collection}
                items={item.item!}
                currentId={currentId}
                onOpen={onOpen}
                moreActions={moreActions}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
