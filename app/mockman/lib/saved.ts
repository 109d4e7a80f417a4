// Saved collections: where requests live once named. Each collection is kept as
// a Postman v2.1 collection (folders, auth, scripts, bodies and variables as
// Postman has them), so importing one and exporting it again loses nothing, and
// our own format is a conversion at the edge (mock/tester/postman/convert.ts).
// Every item carries an `id` (Postman's own optional field) so the page can
// find, move and reorder it. These functions are pure: the store keeps the result.
import {
  POSTMAN_SCHEMA,
  authValue,
  collectionVariablesOf,
  fromPostman,
  postmanVersion,
  requestOf,
  toPostman,
  urlOf,
  type PostmanCollection,
  type PostmanItem,
  type PostmanRequest,
} from "#mock/tester/postman/convert";
import { INITIAL_BODY, sendsBody } from "./body";
import { keptParts, partsFromPostman, partsOf, postmanBodyOf } from "./bodies";
import { savedHeaderRows } from "./headers";
import type { TypedRequest } from "./typed";
import { NO_SCRIPTS, ancestorsOf, hasScripts, scriptsOf, withScripts, type Scripts } from "./scripts";
import { NO_AUTH, blankTab, loadedForm, type AuthFields, type OffParam, type RequestTab } from "./tabs";
import { paramsOf, splitEndpoint } from "./query";
import { text } from "#mock/tester/postman/body";

export interface SavedCollection {
  id: string;
  name: string;
  /** Place in the sidebar, lowest first. */
  order: number;
  postman: PostmanCollection;
}

/** The parts of a tab a saved request holds. */
export interface SavedForm extends TypedRequest {
  auth: AuthFields;
  /** The Params table's unticked rows, kept in the URL's `query` as Postman's disabled parameters. */
  disabledParams?: OffParam[];
  /** Pre-request and test scripts, kept as the item's Postman events. */
  scripts?: Scripts;
}

export const newItemId = () => `i${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export const isFolder = (item: PostmanItem) => Array.isArray(item.item);

/**
 * The same items, each with an id of its own on the page, folders included: an imported file may lack them, and a
 * file imported twice would give two collections the same ids (the panel's rename, delete and move, and the tab
 * of an opened request, find an item by it). A missing or taken id is made anew, as Postman's import as a copy does.
 */
export function withIds(items: PostmanItem[] = [], taken = new Set<string>()): PostmanItem[] {
  return items.map((item) => {
    const id = item.id && !taken.has(item.id) ? item.id : newItemId();
    taken.add(id);
    return { ...item, id, ...(isFolder(item) ? { item: withIds(item.item, taken) } : {}) };
  });
}

/** Every item id of the page's collections, folders included. */
export function itemIds(collections: SavedCollection[]): Set<string> {
  const ids = new Set<string>();
  const walk = (items: PostmanItem[] = []) => items.forEach((item) => (item.id && ids.add(item.id), isFolder(item) && walk(item.item)));
  collections.forEach((c) => walk(c.postman.item));
  return ids;
}

/** A collection's variables as a Run reads them: the runner's own reading (postman/convert.ts). */
export { collectionVariablesOf };

/** The collection with its variables set to `values`: a kept name keeps its place and fields, a new one goes last, a gone one goes. */
export function withCollectionVariables(postman: PostmanCollection, values: Record<string, string>): PostmanCollection {
  const list = (postman.variable ?? []).filter((v) => v.disabled || (v.key !== undefined && v.key in values));
  const kept = list.map((v) => (!v.disabled && v.key !== undefined ? { ...v, value: values[v.key] } : v));
  const added = Object.keys(values)
    .filter((key) => !list.some((v) => v.key === key && !v.disabled))
    .map((key) => ({ key, value: values[key], type: "string" }));
  return { ...postman, variable: [...kept, ...added] };
}

export const sameRecord = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** A fresh, empty collection. */
export function emptyCollection(name: string, order: number): SavedCollection {
  return { id: newItemId(), name, order, postman: { info: { name, schema: POSTMAN_SCHEMA }, item: [] } };
}

/** A file's text (ours or Postman v2.0/v2.1) as a collection to keep; throws FormatError / Error saying what is wrong. */
export async function collectionFromFile(
  text: string,
  fileName: string,
  order: number,
  /** Item ids the page's collections use already: an item that has one gets a new one. */
  taken = new Set<string>(),
): Promise<{ collection: SavedCollection; notes: string[] }> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${fileName} is not JSON`);
  }
  const version = postmanVersion(json);
  const base = fileName.replace(/(\.postman_collection)?\.json$/i, "") || "Imported";
  if (version === "v2.1" || version === "v2.0") {
    const postman = json as PostmanCollection;
    const name = postman.info?.name?.trim() || base;
    return {
      collection: {
        id: newItemId(),
        name,
        order,
        postman: { ...postman, info: { ...postman.info, name, schema: POSTMAN_SCHEMA }, item: withIds(postman.item, taken) },
      },
      notes: [],
    };
  }
  // Ours (or anything else the loader reads): checked whole, then written as Postman.
  // The loader and its checks (zod schemas, RE2 for matchers) load on the first such import, not with the page.
  const { loadCollectionText } = await import("#mock/tester/collection/format");
  const { file } = loadCollectionText(text);
  const { json: postman, notes } = toPostman(file, base);
  return {
    collection: { id: newItemId(), name: base, order, postman: { ...postman, item: withIds(postman.item, taken) } },
    notes,
  };
}

/** The item with `id`, the list that holds it and its index there; null when gone. */
export function findItem(items: PostmanItem[], id: string): { item: PostmanItem; list: PostmanItem[]; index: number } | null {
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (item.id === id) return { item, list: items, index };
    if (isFolder(item)) {
      const found = findItem(item.item!, id);
      if (found) return found;
    }
  }
  return null;
}

/** The tree with one item changed. */
export function updateItem(items: PostmanItem[], id: string, change: (item: PostmanItem) => PostmanItem): PostmanItem[] {
  return items.map((item) =>
    item.id === id ? change(item) : isFolder(item) ? { ...item, item: updateItem(item.item!, id, change) } : item,
  );
}

/** The tree without the item (and, for a folder, what it holds). */
export function removeItem(items: PostmanItem[], id: string): PostmanItem[] {
  return items.filter((item) => item.id !== id).map((item) => (isFolder(item) ? { ...item, item: removeItem(item.item!, id) } : item));
}

/** The tree with `item` put into the folder `folderId` (null: the collection's top) at `index` (default: the end). */
export function insertItem(items: PostmanItem[], folderId: string | null, item: PostmanItem, index?: number): PostmanItem[] {
  const place = (list: PostmanItem[]) => {
    const at = index === undefined ? list.length : Math.max(0, Math.min(index, list.length));
    return [...list.slice(0, at), item, ...list.slice(at)];
  };
  if (folderId === null) return place(items);
  return items.map((it) =>
    it.id === folderId
      ? { ...it, item: place(it.item ?? []) }
      : isFolder(it)
        ? { ...it, item: insertItem(it.item!, folderId, item, index) }
        : it,
  );
}

/** True when `id` is `folderId` or holds it (a folder cannot move into itself). */
export function contains(items: PostmanItem[], id: string, folderId: string | null): boolean {
  if (folderId === null) return false;
  if (id === folderId) return true;
  const found = findItem(items, id);
  return found ? findItem(found.item.item ?? [], folderId) !== null : false;
}

/** The item one place up (-1) or down (+1) among its siblings; unchanged at either end. */
export function shiftItem(items: PostmanItem[], id: string, by: -1 | 1): PostmanItem[] {
  const swap = (list: PostmanItem[]): PostmanItem[] => {
    const i = list.findIndex((item) => item.id === id);
    if (i >= 0) {
      const j = i + by;
      if (j < 0 || j >= list.length) return list;
      const next = [...list];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    }
    return list.map((item) => (isFolder(item) ? { ...item, item: swap(item.item!) } : item));
  };
  return swap(items);
}

/** A copy with new ids all through (a duplicated folder's requests too), named "… copy". */
export function copyItem(item: PostmanItem, rename = true): PostmanItem {
  return {
    ...structuredClone(item),
    id: newItemId(),
    ...(rename ? { name: `${item.name ?? "request"} copy` } : {}),
    ...(isFolder(item) ? { item: item.item!.map((child) => copyItem(child, false)) } : {}),
  };
}

/** The folders of a collection as choices: id and path ("Posts / Likes"). */
export function folderChoices(items: PostmanItem[], prefix = ""): Array<{ id: string; path: string }> {
  return items.flatMap((item) =>
    isFolder(item)
      ? [{ id: item.id!, path: `${prefix}${item.name ?? "folder"}` }, ...folderChoices(item.item!, `${prefix}${item.name ?? "folder"} / `)]
      : [],
  );
}

/** What the tab's form is, as one comparable string. */
export function formSnapshot(form: SavedForm): string {
  const scripts = hasScripts(form.scripts) ? [form.scripts!.prerequest, form.scripts!.test] : [];
  const parts = keptParts(form.bodies);
  return JSON.stringify([
    form.method,
    form.endpoint,
    form.headers,
    form.bodyText,
    form.auth,
    ...scripts,
    ...(parts ? [{ body: parts }] : []),
    ...(form.disabledParams?.length ? [{ off: form.disabledParams }] : []),
  ]);
}

/** The auth types the Authorization helper has fields for; another type of a saved request is kept as it is. */
export const HELPER_AUTH_TYPES: readonly string[] = ["bearer", "basic"];

/** The helper's fields as Postman's auth (undefined for None). */
export function postmanAuthOf(fields: AuthFields): PostmanRequest["auth"] {
  if (fields.kind === "bearer") return { type: "bearer", bearer: [{ key: "token", value: fields.token }] };
  if (fields.kind === "basic")
    return {
      type: "basic",
      basic: [
        { key: "username", value: fields.username },
        { key: "password", value: fields.password },
      ],
    };
  return undefined;
}

/** A form as a Postman request item. The Authorization helper's choice is Postman's auth; its header row stays a header. */
export function requestItem(name: string, form: SavedForm, id = newItemId()): PostmanItem {
  const request: PostmanRequest = {
    method: form.method,
    header: form.headers
      .filter((h) => h.header.trim())
      .map((h) => ({ key: h.header, value: h.value, ...(h.isUsed ? {} : { disabled: true }) })),
    url: formUrl(form),
  };
  const body = postmanBodyOf(partsOf(form.bodies), form.bodyText);
  if (body) request.body = body;
  const auth = postmanAuthOf(form.auth);
  if (auth) request.auth = auth;
  const item: PostmanItem = { id, name, request };
  return withScripts(item, form.scripts ?? { prerequest: "", test: "" });
}

/** A saved request as the form shows it once opened in a tab (lib/tabs.ts loadedForm, then tabForm). */
export function openedForm(item: PostmanItem): SavedForm {
  const form = formOf(item);
  return tabForm({ ...loadedForm(form), auth: form.auth, scripts: form.scripts });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The form written over a saved request as through a view: each part the form shows (method, URL, headers,
 * body, the helper's auth, the scripts) replaces the saved one only when the form changed it since it was
 * opened; what the form does not show (URL parts, disabled query parameters, descriptions, a body's options,
 * examples, protocolProfileBehavior) stays. Opened and saved without a change, the item is stored as it was.
 */
export function writeThrough(item: PostmanItem, form: SavedForm): PostmanItem {
  const old = requestOf(item);
  const was = openedForm(item);
  const fresh = requestOf(requestItem(item.name ?? "request", form, item.id));
  const request: PostmanRequest = { ...old };
  if (form.method !== was.method) request.method = fresh.method;
  // Its path variables' values stay while the URL still names them; unticked rows are its disabled parameters.
  if (form.endpoint !== was.endpoint || !same(form.disabledParams, was.disabledParams)) request.url = formUrl(form, old.url);
  if (!same(form.headers, was.headers)) request.header = fresh.header;
  // Compared as the Postman bodies they write (a form row's id is the tab's own). A saved request without a body
  // whose method changed gets the form's: a GET made a POST sends the editor's {} as the page's own Send does.
  const bodyOf = (f: SavedForm) => postmanBodyOf(partsOf(f.bodies), f.bodyText);
  if (!same(bodyOf(form), bodyOf(was)) || (form.method !== was.method && !old.body)) {
    if (fresh.body) request.body = fresh.body;
    else delete request.body;
  }
  if (!same(form.auth, was.auth)) {
    // Auth the helper does not show (inherit, API key, …) stays as it was; Bearer and Basic follow the form, and
    // None over a saved Bearer or Basic is No Auth, as its Send sends it (removed, it would inherit its folder's).
    const helper = HELPER_AUTH_TYPES.includes(old.auth?.type ?? "");
    const auth = fresh.auth ?? (helper ? { type: "noauth" } : old.auth);
    if (auth) request.auth = auth;
    else delete request.auth;
  }
  const through = { ...item, request };
  return same(form.scripts ?? NO_SCRIPTS, was.scripts ?? NO_SCRIPTS) ? through : withScripts(through, form.scripts ?? NO_SCRIPTS);
}

/** The form's URL as the page writes it (urlKeeping), its unticked rows after the sent ones as disabled `query` entries. */
function formUrl(form: SavedForm, from?: PostmanRequest["url"]): NonNullable<PostmanRequest["url"]> {
  const url = urlKeeping(form.endpoint, from);
  const off = (form.disabledParams ?? []).map((p) => ({ ...p, disabled: true }));
  return off.length ? { ...url, query: [...paramsOf(form.endpoint), ...off] } : url;
}

/**
 * A request's URL as the page writes it, `{ raw }`, with the values of the path variables (`/posts/:postId`)
 * `from` held that `raw` still names: saving over an imported request or sending it keeps them, as Postman's
 * Params tab does. postman/url.ts writes it in Postman's parts where it is sent or exported.
 */
export function urlKeeping(raw: string, from: PostmanRequest["url"]): NonNullable<Exclude<PostmanRequest["url"], string>> {
  const given = typeof from === "object" && Array.isArray(from.variable) ? from.variable : [];
  const named = new Set(splitEndpoint(raw).base.split("/").map(pathKeyOf));
  const variable = given.filter((v) => typeof v.key === "string" && v.key && named.has(v.key));
  return { raw, ...(variable.length ? { variable } : {}) };
}

/** The path variable a path segment names, as postman-collection reads one: `:key`, up to a `.` that starts its suffix. */
function pathKeyOf(segment: string): string | null {
  if (!segment.startsWith(":")) return null;
  const dot = segment.indexOf(".");
  return segment.slice(1, dot < 0 ? undefined : dot) || null;
}

/**
 * The endpoint with each path segment that names a variable `from` gives a text to replaced by it, its suffix
 * kept (`/:id.json`), as postman-collection's Url.getPath writes a path (tests/collection/postman-url.test.ts
 * compares them): where the commands (Copy as cURL, Code) and the history send a saved request.
 */
export function withPathValues(endpoint: string, from: PostmanRequest["url"]): string {
  const values = new Map((urlKeeping(endpoint, from).variable ?? []).map((v) => [v.key, v.value]));
  if (!values.size) return endpoint;
  const { base, query, hash } = splitEndpoint(endpoint);
  const path = base
    .split("/")
    .map((segment) => {
      const key = pathKeyOf(segment);
      const value = key ? values.get(key) : undefined;
      return typeof value === "string" && value ? value + segment.slice(key!.length + 1) : segment;
    })
    .join("/");
  return `${path}${query ? `?${query}` : ""}${hash}`;
}

/** A saved request item back into a form (headers as rows, a raw body as text). */
export function formOf(item: PostmanItem): SavedForm {
  const request = requestOf(item);
  const headers = Array.isArray(request.header)
    ? request.header.map((h) => ({ isUsed: !h.disabled, header: h.key ?? "", value: h.value === undefined ? "" : String(h.value) }))
    : [];
  const auth: AuthFields =
    request.auth?.type === "bearer"
      ? { ...NO_AUTH, kind: "bearer", token: authValue(request.auth.bearer, "token") }
      : request.auth?.type === "basic"
        ? {
            ...NO_AUTH,
            kind: "basic",
            username: authValue(request.auth.basic, "username"),
            password: authValue(request.auth.basic, "password"),
          }
        : NO_AUTH;
  const read = partsFromPostman(request.body);
  const method = (request.method ?? "GET").toUpperCase();
  const query = typeof request.url === "object" && Array.isArray(request.url.query) ? request.url.query : [];
  const disabledParams = query.filter((q) => q.disabled && q.key).map((q) => ({ key: text(q.key), value: text(q.value) }));
  // A GET or HEAD without a body keeps the JSON editor's `{}` and the JSON type (neither sends it); another
  // method without one (a DELETE written by hand) shows none, and goes out without a body as its Run sends it.
  const bodies = read.parts?.kind === "none" && !request.body && !sendsBody(method) ? undefined : read.parts;
  return {
    method,
    endpoint: urlOf(request.url),
    headers,
    bodyText: read.json ?? INITIAL_BODY,
    ...(bodies ? { bodies } : {}),
    auth,
    ...(hasScripts(scriptsOf(item)) ? { scripts: scriptsOf(item) } : {}),
    ...(disabledParams.length ? { disabledParams } : {}),
  };
}

/** A collection or one of its folders as a Postman v2.1 file (a folder keeps the collection's variables, auth and scripts). */
export function postmanExport(collection: SavedCollection, folderId: string | null): PostmanCollection {
  const { postman } = collection;
  if (folderId === null) return { ...postman, info: { ...postman.info, name: collection.name, schema: POSTMAN_SCHEMA } };
  const folder = findItem(postman.item ?? [], folderId)?.item;
  if (!folder) throw new Error("That folder is gone");
  return { ...postman, info: { name: folder.name ?? "folder", schema: POSTMAN_SCHEMA }, item: folder.item ?? [] };
}

/** The same as our collection file (`mockman replay` runs it), with what did not carry over. */
export function mockmanExport(collection: SavedCollection, folderId: string | null) {
  return fromPostman(postmanExport(collection, folderId));
}

/** How many requests a list of items holds, folders included. */
export const requestCount = (items: PostmanItem[] = []): number =>
  items.reduce((n, item) => n + (isFolder(item) ? requestCount(item.item) : 1), 0);

/** The id of the folder holding `id` (null: the collection's top; undefined: not there). */
export function parentOf(items: PostmanItem[], id: string): string | null | undefined {
  const folders = ancestorsOf(items, id);
  return folders === null ? undefined : (folders[folders.length - 1]?.id ?? null);
}

/** The saved-request parts of a tab's form (header rows as the history keeps them). */
export function tabForm(
  tab: Pick<RequestTab, "method" | "endpoint" | "params" | "headers" | "bodyText" | "bodies" | "auth" | "scripts">,
): SavedForm {
  const bodies = keptParts(tab.bodies);
  const disabledParams = tab.params.filter((row) => !row.enabled && row.key !== "").map(({ key, value }) => ({ key, value }));
  const form: SavedForm = {
    method: tab.method,
    endpoint: tab.endpoint,
    headers: savedHeaderRows(tab.headers),
    bodyText: tab.bodyText,
    ...(bodies ? { bodies } : {}),
    auth: tab.auth,
    ...(disabledParams.length ? { disabledParams } : {}),
  };
  return hasScripts(tab.scripts) ? { ...form, scripts: tab.scripts } : form;
}

/**
 * True when a tab opened from (or saved into) a collection has changed since, or a new tab is no longer blank, as
 * Postman counts them: closing either asks first.
 */
export const hasUnsavedChanges = (tab: RequestTab) => formSnapshot(tabForm(tab)) !== (tab.saved?.snapshot ?? blankSnapshot());

let blank: string | undefined;
const blankSnapshot = () => (blank ??= formSnapshot(tabForm(blankTab())));

/** A preview tab the next opened request takes the place of: opened from the Collections panel, unchanged, never sent. */
export const isPreview = (tab: RequestTab, unsaved?: boolean) =>
  !!tab.preview && !!tab.saved && !tab.outcome && !(unsaved ?? hasUnsavedChanges(tab));
