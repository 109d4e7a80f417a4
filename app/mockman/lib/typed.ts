// The one shape of a request as typed on the page, `{{ }}` and all. The model
// is the Postman item behind a saved request (saved.ts: a tab's form is a view
// of it, and a Save writes through it); each other shape is this one with what
// it adds: a tab (tabs.ts RequestTab: its rows, auth fields, answer), a saved
// request's form (saved.ts SavedForm: auth, disabled params, scripts), a history
// entry (history.ts HistoryEntry: what came back), the form as Submit reads it
// (submit.ts RequestForm: header rows), what loads into a tab (tabs.ts
// FormContent) and what the commands print (curl.ts CurlRequest: the headers
// and body that go).
import type { BodyParts } from "./bodies";
import type { SavedHeader } from "./headers";

export interface TypedRequest {
  method: string;
  endpoint: string;
  headers: SavedHeader[];
  /** The JSON body's text as typed (kept even for GET, so a restore gives it back). */
  bodyText: string;
  /** A body type other than JSON, and what it holds (names of files only). */
  bodies?: BodyParts;
}
