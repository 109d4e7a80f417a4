// Move to…: pick the collection or folder a saved item goes into.
import { useState } from "react";
import { FormDialog } from "./FormDialog";

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
  const [at, setAt] = useState(0);
  return (
    <FormDialog id="mm-move" title={`Move ${what}`} submit="Move" onSubmit={() => places[at] && onMove(places[at])} onClose={onClose}>
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
    </FormDialog>
  );
}
