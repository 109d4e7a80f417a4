// Move to…: pick the collection or folder a saved item goes into.
import { useState } from "react";
import { useModal } from "../hooks/useModal";
import { DialogActions } from "./DialogActions";

export interface Place {
  collectionId: string;
  folderId: string | null;
  /** "Moments / Posts", as the choice says it. */
  path: string;
}

interface Props {
  what: string;
  places: Place[];
  onClose(): void;
  onMove(place: Place): void;
}

export function MoveDialog({ what, places, onClose, onMove }: Props) {
  const dialog = useModal(true);
  const [at, setAt] = useState(0);
  return (
    <dialog ref={dialog} className="mm-dialog" aria-labelledby="mm-move-title" onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (places[at]) onMove(places[at]);
        }}
      >
        <h2 id="mm-move-title" className="mm-panel-title">
          Move {what}
        </h2>
        <label className="mm-field-label" htmlFor="mm-move-to">
          Move to
        </label>
        <select id="mm-move-to" className="mm-select" value={at} onChange={(e) => setAt(Number(e.target.value))}>
          {places.map((place, i) => (
            <option key={`${place.collectionId}:${place.folderId ?? ""}`} value={i}>
              {place.path}
            </option>
          ))}
        </select>
        <DialogActions submit="Move" onCancel={onClose} />
      </form>
    </dialog>
  );
}
