// Pre-request and test scripts as the page keeps them: on a saved request, a
// folder or a collection, as Postman `event` entries (listen "prerequest" or
// "test", the code as `script.exec` lines), so an import keeps them and an
// export writes them. Also the one-request collection a Send with scripts runs
// through the tester's engine: the request with its collection's and folders'
// scripts and the collection's variables.
import type { PostmanCollection, PostmanEvent, PostmanItem } from "#mock/tester/postman/convert";
import { POSTMAN_SCHEMA } from "#mock/tester/postman/convert";
import type { ReplayResult } from "#mock/tester/engine/reporters";

export interface Scripts {
  prerequest: string;
  test: string;
}

/** What a Send's scripts made: the request's result (assertions, script errors), or why the run failed. */
export interface TestRun {
  result?: ReplayResult;
  error?: string;
  notes: string[];
}

export const NO_SCRIPTS: Scripts = { prerequest: "", test: "" };

const LISTENS = ["prerequest", "test"] as const;

const codeOf = (event: PostmanEvent) => {
  const exec = event.script?.exec;
  return Array.isArray(exec) ? exec.join("\n") : typeof exec === "string" ? exec : "";
};

/** The scripts an item (or a collection) holds; a disabled event is not shown as one. */
export function scriptsOf(owner: { event?: PostmanEvent[] } | undefined): Scripts {
  const pick = (listen: string) =>
    (owner?.event ?? [])
      .filter((e) => e.listen === listen && !e.disabled)
      .map(codeOf)
      .join("\n");
  return { prerequest: pick("prerequest"), test: pick("test") };
}

export const hasScripts = (scripts: Scripts | undefined) => !!scripts && (!!scripts.prerequest.trim() || !!scripts.test.trim());

/** The owner with its prerequest and test events replaced by `scripts` (an empty one goes); other events stay. */
export function withScripts<T extends { event?: PostmanEvent[] }>(owner: T, scripts: Scripts): T {
  const others = (owner.event ?? []).filter((e) => !LISTENS.includes(e.listen as (typeof LISTENS)[number]));
  const written = LISTENS.filter((listen) => scripts[listen].trim()).map((listen): PostmanEvent => ({
    listen,
    script: { type: "text/javascript", exec: scripts[listen].split("\n") } as PostmanEvent["script"],
  }));
  const event = [...others, ...written];
  const next = { ...owner };
  if (event.length) next.event = event;
  else delete next.event;
  return next;
}

/** The folders from the collection's top down to the item with `id` (not included); null when it is not there. */
export function ancestorsOf(items: PostmanItem[], id: string): PostmanItem[] | null {
  for (const item of items) {
    if (item.id === id) return [];
    if (Array.isArray(item.item)) {
      const below = ancestorsOf(item.item, id);
      if (below) return [item, ...below];
    }
  }
  return null;
}

/**
 * The one-request collection a Send runs: the request inside copies of its folders (their scripts and
 * auth, no other requests), under the collection's scripts, auth and variables. Without a collection,
 * the request alone.
 */
export function sendCollection(request: PostmanItem, collection: PostmanCollection | null, savedId: string | null): PostmanCollection {
  const chain = collection && savedId ? (ancestorsOf(collection.item ?? [], savedId) ?? []) : [];
  let item: PostmanItem = request;
  for (const folder of [...chain].reverse()) item = { ...folder, item: [item] };
  return {
    ...(collection ?? {}),
    info: { name: collection?.info?.name ?? "Send", schema: POSTMAN_SCHEMA },
    item: [item],
  };
}

/** The scripts a Send of this request runs, with its collection's and folders', as one: is there any, of each kind? */
function chainScripts(own: Scripts | undefined, collection: PostmanCollection | null, savedId: string | null): Scripts[] {
  const chain = collection && savedId ? (ancestorsOf(collection.item ?? [], savedId) ?? []) : [];
  return [...(collection && savedId ? [collection, ...chain].map((owner) => scriptsOf(owner)) : []), ...(own ? [own] : [])];
}

/** True when a Send of this request runs scripts: its own, or its collection's or folders'. */
export function sendRunsScripts(own: Scripts | undefined, collection: PostmanCollection | null, savedId: string | null): boolean {
  return chainScripts(own, collection, savedId).some(hasScripts);
}

/**
 * True when a pre-request script runs before this request is sent, and so may set the variables it uses.
 * Without one, a {{variable}} nothing defines stays undefined, and the page refuses it as a plain Send does.
 */
export function sendRunsPreRequest(own: Scripts | undefined, collection: PostmanCollection | null, savedId: string | null): boolean {
  return chainScripts(own, collection, savedId).some((scripts) => !!scripts.prerequest.trim());
}
