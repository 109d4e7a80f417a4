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

/** Puts (or, with row null, deletes) one raw row in a table of "moments-mock", behind the mock's back. */
export async function writeRawRow(page: Page, table: string, key: string, row: unknown | null) {
  await page.evaluate(
    ({ table, key, row }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("moments-mock");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(table, "readwrite");
          if (row === null) tx.objectStore(table).delete(key);
          else tx.objectStore(table).put(row);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { table, key, row },
  );
}
