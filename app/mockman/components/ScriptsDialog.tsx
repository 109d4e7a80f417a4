// Edit scripts…: a folder's or a collection's pre-request and test scripts
// (they run around each request inside it: collection first, then folders).
import { useState } from "react";
import type { Scripts } from "../lib/scripts";
import { FormDialog } from "./FormDialog";
import { ScriptsSection } from "./ScriptsSection";

interface Props {
  /** "the collection Moments", "the folder Auth". */
  owner: string;
  initial: Scripts;
  onClose(): void;
  onSave(scripts: Scripts): void;
}

export function ScriptsDialog({ owner, initial, onClose, onSave }: Props) {
  const [scripts, setScripts] = useState(initial);
  return (
    <FormDialog
      id="mm-scripts"
      className="mm-dialog mm-scripts-dialog"
      title={`Scripts of ${owner}`}
      submit="Save scripts"
      onSubmit={() => onSave(scripts)}
      onClose={onClose}
    >
      <ScriptsSection idPrefix="mm-owner-scripts" value={scripts} onChange={setScripts} owner={`every request in ${owner}`} />
    </FormDialog>
  );
}
