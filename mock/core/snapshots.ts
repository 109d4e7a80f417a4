// Snapshots of the data (the admin API's POST snapshots/NAME and its restore, issue 32), made
// so that restoring one between every test of a suite costs little. A snapshot keeps:
//   - `data`: a deep copy of every record, frozen, checked once when it was taken (it came from
//     the tables). Stores may keep these very records (nothing can change them): the memory store
//     shares them, the file store caches each one's JSON (frozenJson).
//   - the lists of working copies it last handed to the tables, and, per table, the ids of the
//     records the tables changed, added or removed since (Table.load's `changed`). The next restore
//     hands the tables the same lists again with a fresh copy put in place of each record changed
//     since: a suite that restores, writes a few records and restores again copies those few, and
//     does not look up every record to find them (positions by id are made once, when first needed).
// The tables change records in place, so they never get the frozen ones.
import { COLLECTIONS, type CollectionName, type Snapshot } from "./types";

/**
 * A copy of JSON data as JSON.parse(JSON.stringify(value)) makes it (undefined and functions
 * left out of objects, null in arrays; non-enumerable properties such as Mirage's `id` left
 * out), about ten times faster: 10k posts in ~2 ms where the JSON round trip takes ~20 ms.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out[i] = item === undefined || typeof item === "function" ? null : typeof item === "object" && item !== null ? copyJson(item) : item;
    }
    return out as T;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return JSON.parse(JSON.stringify(value)) as T;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const item: unknown = value[key];
    if (item === undefined || typeof item === "function") continue;
    out[key] = typeof item === "object" && item !== null ? copyJson(item) : item;
  }
  return out as T;
}

/** Freezes a value and everything in it. */
function freezeDeep<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) freezeDeep(item);
    Object.freeze(value);
  }
  return value;
}

const jsonOfFrozen = new WeakMap<object, string>();

/** A record's JSON: computed once for a frozen record (a snapshot's, which cannot change), each time for any other. */
export function frozenJson(record: object): string {
  if (!Object.isFrozen(record)) return JSON.stringify(record);
  let text = jsonOfFrozen.get(record);
  if (text === undefined) jsonOfFrozen.set(record, (text = JSON.stringify(record)));
  return text;
}

/** A copy a store may keep of a record it is handed: a frozen one is kept itself. */
export const keepable = <T>(record: T): T =>
  typeof record === "object" && record !== null && Object.isFrozen(record) ? record : copyJson(record);

type Changed = Record<CollectionName, Set<string>>;

/** The lists of snapshots' data (frozen, as is every record in them): a store may keep such a list itself. */
const snapshotLists = new WeakSet<object>();

/** Whether `list` is a list of a snapshot's data: frozen, and every record in it frozen too. */
export const isSnapshotList = (list: unknown): boolean => typeof list === "object" && list !== null && snapshotLists.has(list);

export class DataSnapshot {
  /** Every record, frozen (as are the lists). */
  readonly data: Snapshot;
  /** The working copies last handed to the tables, by collection, in the data's order; none before the first restore. */
  private working: Record<CollectionName, object[]> | null = null;
  /** Each record's position in the data, by collection and id: made the first time a changed record is looked for. */
  private positions: Partial<Record<CollectionName, Map<string, number>>> = {};
  /** What the tables changed of the working copies since (they write into these sets while they hold them). */
  private changed: Changed | null = null;

  /** Takes a copy of `data` (the tables' records: checked when they came in). */
  constructor(
    data: Snapshot,
    readonly takenAt: string,
  ) {
    const copy = {} as Record<CollectionName, unknown[]>;
    for (const name of COLLECTIONS) {
      copy[name] = freezeDeep(copyJson((data[name] ?? []) as unknown[]));
      snapshotLists.add(copy[name]);
    }
    this.data = Object.freeze(copy) as Snapshot;
  }

  /**
   * The records to load into the tables, and the sets the tables note their changes in from
   * then on: the working copies of last time, but a fresh copy of each record changed since.
   * Call it only once the store holds the snapshot (a refused restore leaves the copies as they were).
   */
  checkout(): { data: Snapshot; changed: Changed } {
    const changed = (this.changed ??= Object.fromEntries(COLLECTIONS.map((name) => [name, new Set()])) as Changed);
    const data = {} as Record<CollectionName, object[]>;
    if (!this.working) {
      this.working = {} as Record<CollectionName, object[]>;
      for (const name of COLLECTIONS) this.working[name] = copyJson(this.data[name] as object[]);
    }
    for (const name of COLLECTIONS) {
      const list = this.working[name];
      const dirty = changed[name];
      if (dirty.size) {
        const records = this.data[name] as readonly { _id: string }[];
        const at = (this.positions[name] ??= new Map(records.map((record, i) => [record._id, i])));
        for (const id of dirty) {
          const i = at.get(id);
          // Records the tables added since are not in the snapshot: nothing to put back.
          if (i !== undefined) list[i] = copyJson(records[i]);
        }
        dirty.clear();
      }
      // A list of its own for the loader: the working list stays as it is.
      data[name] = list.slice();
    }
    return { data: data as unknown as Snapshot, changed };
  }
}
