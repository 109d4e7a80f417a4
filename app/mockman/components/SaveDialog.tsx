// Save (Ctrl/Cmd+S) for a request not saved yet: its name and where it goes
// (a collection, one of its folders, or a new collection).
import { useState } from "react";
import { FormDialog } from "./FormDialog";
import { folderChoices, type SavedCollection } from "../lib/saved";

export interface SaveTarget {
  name: string;
  /** An existing collection, or null with `newCollection` named. */
  collectionId: string | null;
  folderId: string | null;
  newCollection: string;
}

interface Props {
  suggestedName: string;
  collections: SavedCollection[];
  onClose(): void;
  onSave(target: SaveTarget): void;
}

const NEW = "new";

export function SaveDialog({ suggestedName, collections, onClose, onSave }: Props) {
  const [name, setName] = useState(suggestedName);
  const choices = collections.flatMap((c) => [
    { key: `${c.id}:`, collectionId: c.id, folderId: null as string | null, path: c.name },
    ...folderChoices(c.postman.item ?? []).map((f) => ({
      key: `${c.id}:${f.id}`,
      collectionId: c.id,
      folderId: f.id,
      path: `${c.name} / ${f.path}`,
    })),
  ]);
  const [where, setWhere] = useState(choices[0]?.key ?? NEW);
  const [newName, setNewName] = useState("My requests");
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    if (!name.trim()) return setProblem("Name the request first.");
    if (where === NEW && !newName.trim()) return setProblem("Name the new collection first.");
    const choice = choices.find((c) => c.key === where);
    onSave({
      name: name.trim(),
      collectionId: choice?.collectionId ?? null,
      folderId: choice?.folderId ?? null,
      newCollection: newName.trim(),
    });
  };
  return (
    <FormDialog id="mm-save" formClassName="mm-save-form" title="Save request" submit="Save" onSubmit={save} onClose={onClose}>
      <label className="mm-field-label" htmlFor="mm-save-name">
        Request name
      </label>
      <input
        id="mm-save-name"
        className="mm-input"
        value={name}
        // The dialog opens to name the request.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        onChange={(e) => setName(e.target.value)}
      />
      <label className="mm-field-label" htmlFor="mm-save-where">
        Save in
      </label>
      <select id="mm-save-where" className="mm-select" value={where} onChange={(e) => setWhere(e.target.value)}>
        {choices.map((c) => (
          <option key={c.key} value={c.key}>
            {c.path}
          </option>
        ))}
        <option value={NEW}>A new collection</option>
      </select>
      {where === NEW && (
        <>
          <label className="mm-field-label" htmlFor="mm-save-new">
            New collection name
          </label>
          <input id="mm-save-new" className="mm-input" value={newName} onChange={(e) => setNewName(e.target.value)} />
        </>
      )}
      {problem && (
        <p className="mm-error" role="alert">
          {problem}
        </p>
      )}
    </FormDialog>
  );
}
