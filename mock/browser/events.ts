// Window events the browser mock fires about its store. A module of its own, so
// the shell can listen without loading the mock (Mirage, Dexie) to learn the names.

/** A write to IndexedDB failed (e.g. the quota is full); detail is the message. */
export const STORE_ERROR_EVENT = "mock:store-error";
/** A later write saved everything that had failed. */
export const STORE_RECOVERED_EVENT = "mock:store-recovered";
/** The saved data could not be read at boot, so the mock runs in memory; detail is the message. */
export const STORE_BOOT_PROBLEM_EVENT = "mock:store-boot-problem";
