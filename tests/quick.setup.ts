// setupFiles of the vitest project "quick" (vite.config.ts), whose files share their
// workers' module cache (isolate: false) to spare each file importing the whole mock
// again. Dexie looks for the global indexedDB once, when it is first imported: the
// files that import "fake-indexeddb/auto" must find it in place even when an earlier
// file in the same worker imported Dexie without it.
import "fake-indexeddb/auto";
