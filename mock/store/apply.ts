import type { ChangeSet, Snapshot } from "../core/types";
import { COLLECTIONS } from "../core/types";

/**
 * Applies a change set to plain arrays: a put of a known id replaces it in
 * place, a new id goes at the end, removals drop out. Order is kept.
 */
export function applyChanges(snapshot: Snapshot, changes: ChangeSet): Snapshot {
  for (const name of COLLECTIONS) {
    const change = changes[name];
    if (!change) continue;
    const list = snapshot[name] as { _id: string }[];
    const at = new Map(list.map((r, i) => [r._id, i]));
    for (const record of change.put as { _id: string }[]) {
      const i = at.get(record._id);
      if (i === undefined) {
        at.set(record._id, list.length);
        list.push(record);
      } else list[i] = record;
    }
    if (change.remove.length) {
      const gone = new Set(change.remove);
      (snapshot[name] as { _id: string }[]) = list.filter((r) => !gone.has(r._id));
    }
  }
  return snapshot;
}
