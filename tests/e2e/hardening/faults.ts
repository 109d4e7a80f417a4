// Faults injected into the mock worker's IndexedDB for the store-problem e2e.
import type { Page } from "@playwright/test";
import { mockWorker, patchMockWorker } from "../screen-helpers";

/**
 * Before any mock code runs (in the tab's mock worker, where IndexedDB is written):
 * every IndexedDB write (put/add/delete/clear) throws a QuotaExceededError once
 * `self.__diskFull` is true there, as a full disk would.
 */
export async function installQuotaFault(page: Page) {
  await patchMockWorker(
    page,
    `{
      self.__diskFull = false;
      self.__quotaErrors = 0;
      const proto = IDBObjectStore.prototype;
      for (const method of ["put", "add", "delete", "clear"]) {
        const original = proto[method];
        proto[method] = function (...args) {
          if (self.__diskFull) {
            self.__quotaErrors += 1;
            throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
          }
          return original.apply(this, args);
        };
      }
    }`,
  );
}

export const setDiskFull = (page: Page, full: boolean) =>
  mockWorker(page).evaluate((full) => {
    (self as unknown as { __diskFull: boolean }).__diskFull = full;
  }, full);

/** How many writes the quota fault refused so far. */
export const quotaErrors = (page: Page) => mockWorker(page).evaluate(() => (self as unknown as { __quotaErrors: number }).__quotaErrors);

/** A chunk number no real chunk reaches, for the rows these faults add. */
export const FOREIGN_CHUNK = 99_999;

/**
 * Puts (or, with json null, deletes) chunk FOREIGN_CHUNK of a collection in "moments-mock",
 * behind the mock's back: `json` is the chunk's text as the store keeps it (a JSON list of records).
 */
export async function writeRawChunk(page: Page, collection: string, json: string | null) {
  await page.evaluate(
    ({ collection, json, n }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("moments-mock");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction("chunks", "readwrite");
          if (json === null) tx.objectStore("chunks").delete([collection, n]);
          else tx.objectStore("chunks").put({ c: collection, n, json });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { collection, json, n: FOREIGN_CHUNK },
  );
}
