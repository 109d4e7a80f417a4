// Faults injected into the page's IndexedDB for the store-problem e2e.
import type { Page } from "@playwright/test";

/**
 * Before any app code runs: every IndexedDB write (put/add/delete/clear) throws
 * a QuotaExceededError once `window.__diskFull` is true, as a full disk would.
 */
export async function installQuotaFault(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __diskFull?: boolean; __quotaErrors?: number };
    w.__diskFull = false;
    w.__quotaErrors = 0;
    const proto = IDBObjectStore.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const method of ["put", "add", "delete", "clear"]) {
      const original = proto[method];
      proto[method] = function (this: IDBObjectStore, ...args: unknown[]) {
        if (w.__diskFull) {
          w.__quotaErrors = (w.__quotaErrors ?? 0) + 1;
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        }
        return original.apply(this, args);
      };
    }
  });
}

export const setDiskFull = (page: Page, full: boolean) =>
  page.evaluate((full) => {
    (window as unknown as { __diskFull: boolean }).__diskFull = full;
  }, full);

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
