// Edit scripts…: a folder's or a collection's pre-request and test scripts
// (they run around each request inside it: collection first, then folders).
import { useState } from "react";
import { useModal } from "../hooks/useModal";
import type { Scripts } from "../lib/scripts";
import { DialogActions } from "./DialogActions";
import { ScriptsSection } from "./ScriptsSection";

interface Props {
  /** "the collection Moments", "the folder Auth". */
  owner: string;
  initial: Scripts;
  onClose(): void;
  onSave(scripts: Scripts): void;
}

export function ScriptsDialog({ owner, initial, onClose, onSave }: Props) {
  const dialog = useModal(true);
  const [scripts, setScripts] = useState(initial);
  return (
    <dialog ref={dialog} className="mm-dialog mm-scripts-dialog" aria-labelledby="mm-scripts-title" onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          onSave(scripts);
        }}
      >
        <h2 id="mm-scripts-title" className="mm-panel-title">
          Scripts of {owner}
        </h2>
        <ScriptsSection idPrefix="mm-owner-scripts" value={scripts} onChange={setScripts} owner={`every request in ${owner}`} />
        <DialogActions submit="Save scripts" onCancel={onClose} />
      </form>
    </dialog>
  );
}
