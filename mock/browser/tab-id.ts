// This tab's id, as its mock worker's announcements of saved writes name it
// (mock/browser/worker-protocol.ts DataChange.client): a module of its own, so the app
// can tell its own writes from other tabs' without loading the mock's door.
export const TAB_ID: string =
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${String(Math.random()).slice(2)}`;
