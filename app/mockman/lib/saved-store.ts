// Saved collections in their own IndexedDB database (`mockman-collections`),
// apart from the history (what was sent) and the mock's data: one row per
// collection, its Postman tree whole, written on each change.
import Dexie, { type Table } from "dexie";
import type { SavedCollection } from "./saved";

export const COLLECTIONS_DATABASE = "mockman-collections";

export class CollectionStore {
  private db: Dexie;
  private rows: Table<SavedCollection, string>;

  constructor(name = COLLECTIONS_DATABASE, indexedDB?: IDBFactory, keyRange?: typeof IDBKeyRange) {
    this.db = new Dexie(name, indexedDB ? { indexedDB, IDBKeyRange: keyRange } : undefined);
    this.db.version(1).stores({ collections: "id, order" });
    this.rows = this.db.table("collections");
  }

  /** Every collection, in sidebar order. */
  all(): Promise<SavedCollection[]> {
    return this.rows.orderBy("order").toArray();
  }

  put(collection: SavedCollection): Promise<string> {
    return this.rows.put(collection);
  }

  remove(id: string): Promise<void> {
    return this.rows.delete(id);
  }
}
