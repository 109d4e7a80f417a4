// The headers editor's rules (CONTRACT §3, §4): rows of isUsed/header/value, the
// last row always blank so there is somewhere to type the next header.

export interface HeaderRow {
  /** Stable across edits so React keeps focus in the row being typed into. */
  id: string;
  isUsed: boolean;
  header: string;
  value: string;
}

/** A row as history, saved requests and the stored tabs keep it. */
export type SavedHeader = Omit<HeaderRow, "id">;

export type HeaderField = "header" | "value";

let nextId = 0;
const newId = () => `h${++nextId}`;

export const blankRow = (): HeaderRow => ({ id: newId(), isUsed: false, header: "", value: "" });

export const initialHeaderRows = (): HeaderRow[] => [{ id: newId(), isUsed: true, header: "Accept", value: "*/*" }, blankRow()];

const isBlank = (row: HeaderRow) => row.header === "" && row.value === "";

/**
 * Edits one field. Typing into the last row appends a new blank unused row;
 * a row that gets a name for the first time becomes used, as in Postman.
 */
export function editHeaderRow(rows: HeaderRow[], id: string, field: HeaderField, text: string): HeaderRow[] {
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0) return rows;
  const before = rows[index];
  const after: HeaderRow = { ...before, [field]: text };
  if (isBlank(before) && !isBlank(after) && !before.isUsed) after.isUsed = true;
  const next = rows.map((row, i) => (i === index ? after : row));
  return index === rows.length - 1 && !isBlank(after) ? [...next, blankRow()] : next;
}

export function toggleHeaderRow(rows: HeaderRow[], id: string): HeaderRow[] {
  return rows.map((row) => (row.id === id ? { ...row, isUsed: !row.isUsed } : row));
}

/** Removes a row; the editor always keeps a blank last row to type into. */
export function removeHeaderRow(rows: HeaderRow[], id: string): HeaderRow[] {
  return withBlankLastRow(rows.filter((row) => row.id !== id));
}

export function withBlankLastRow(rows: HeaderRow[]): HeaderRow[] {
  const last = rows[rows.length - 1];
  return last && isBlank(last) && !last.isUsed ? rows : [...rows, blankRow()];
}

/** The count in the editor's title: only rows with isUsed true (CONTRACT §4). */
export const usedHeaderCount = (rows: HeaderRow[]) => rows.filter((row) => row.isUsed).length;

/** The headers a request sends: used rows with a name. Later rows win on a repeated name. */
export function headersToSend(rows: HeaderRow[]): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const row of rows) {
    const name = row.header.trim();
    if (row.isUsed && name) sent[name] = row.value;
  }
  return sent;
}

/** Rows for a saved request (history, cURL): each header used, plus the blank row. */
export function rowsFromHeaders(headers: Record<string, string> | SavedHeader[]): HeaderRow[] {
  const list = Array.isArray(headers) ? headers : Object.entries(headers).map(([header, value]) => ({ isUsed: true, header, value }));
  return withBlankLastRow(list.map((row) => ({ id: newId(), isUsed: row.isUsed, header: row.header, value: row.value })));
}

/** Sets (or adds, used) a header by name, case-insensitively, keeping the blank last row last. */
export function setHeader(rows: HeaderRow[], name: string, value: string): HeaderRow[] {
  const lower = name.toLowerCase();
  const found = rows.find((row) => row.header.trim().toLowerCase() === lower);
  if (found) return rows.map((row) => (row === found ? { ...row, isUsed: true, value } : row));
  const filled = rows.filter((row) => !isBlank(row) || row.isUsed);
  return withBlankLastRow([...filled, { id: newId(), isUsed: true, header: name, value }]);
}

/** Rows worth saving (history): everything but blank rows. */
export const savedHeaderRows = (rows: HeaderRow[]): SavedHeader[] =>
  rows.filter((row) => !isBlank(row)).map(({ isUsed, header, value }) => ({ isUsed, header, value }));

/** Removes every row with that name (case-insensitively), keeping the blank last row. */
export const dropHeader = (rows: HeaderRow[], name: string) =>
  withBlankLastRow(rows.filter((row) => row.header.trim().toLowerCase() !== name.toLowerCase()));

/** The text's UTF-8 bytes in base64. */
export function utf8Base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** `Basic base64(user:password)`, UTF-8 as RFC 7617 advises. */
export const basicAuthorization = (username: string, password: string) => `Basic ${utf8Base64(`${username}:${password}`)}`;
