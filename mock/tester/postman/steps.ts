// A Postman v2.0/v2.1 collection as Newman runs it: each request with its
// effective auth and the pre-request and test scripts that run around it
// (collection, then each folder, then the request's own), kept as Postman
// wrote them. The engine (mock/tester/engine/postman-run.ts) runs these with
// their scripts.
import {
  endpointOf,
  typedCollectionVariablesOf,
  headersOf,
  requestOf,
  uniqueName,
  urlOf,
  type PostmanAuth,
  type PostmanCollection,
  type PostmanEvent,
  type PostmanItem,
  type PostmanRequest,
} from "./convert";
import { readBody, text, type Body } from "./body";
import type { VariableType } from "../engine/variable-types";

export interface StepScript {
  /** `Conduit (collection)`, `Auth (folder)`, `Auth / Login`: where a message says it ran. */
  where: string;
  source: string;
  /** The name of the collection, folder or request whose event it is (pm.execution.location.current); none when it has none. */
  owner?: string;
}

export interface PostmanStep {
  /** Unique, from folders and name: `auth-login`. */
  name: string;
  /** The request's own name, as pm.info.requestName uses it; `request` for one without a name, for output. */
  label: string;
  /**
   * Its name as written, none when it has none (a falsy one, which postman-collection leaves unset): what
   * setNextRequest and --folder find it by, as postman-runtime's lookups skip an item without a name.
   */
  rawName?: string;
  id: string;
  /** `Auth / Login`. */
  where: string;
  /**
   * Newman's name for it, util.getFullName: each folder's name (its id when it has none), then its own name
   * (its id when it has none), joined by ` / `: `Auth / Login`, `Auth / 4f0c…`. What Newman's junit report names it by.
   */
  fullName: string;
  method: string;
  /** As written, {{variables}} and all. */
  url: string;
  headers: Array<[string, string]>;
  auth?: PostmanAuth;
  /** Its body (an empty raw one is none). */
  body: Body;
  prerequest: StepScript[];
  test: StepScript[];
  /**
   * The collection's name, its folders' and its own: pm.execution.location, as postman-collection's Item.getPath
   * (null for one without a name).
   */
  path: Array<string | null>;
  /** The request as the collection has it (postman-collection's Request JSON): pm.request, and its URL's path variables. */
  definition: Record<string, unknown>;
  /**
   * Its protocolProfileBehavior: its own, a folder's or the collection's, the nearest set winning key by key, as
   * postman-collection's getProtocolProfileBehaviorResolved finds it.
   */
  behaviour: Behaviour;
}

/** The protocolProfileBehavior keys Newman's requester reads that mockman honours. */
export interface Behaviour {
  /** Its body goes out whatever the method. */
  disableBodyPruning?: boolean;
  /** Its URL goes as written, unencoded. */
  disableUrlEncoding?: boolean;
  /** The jar neither sends cookies with it nor keeps those its answer sets. */
  disableCookies?: boolean;
  followRedirects?: boolean;
  followOriginalHttpMethod?: boolean;
  maxRedirects?: number;
  removeRefererHeaderOnRedirect?: boolean;
  followAuthorizationHeader?: boolean;
  /** The system headers its requester does not add: each name as given, read in lower case only (cache-control, postman-token…), as postman-runtime reads them. */
  disabledSystemHeaders?: Record<string, boolean>;
}

const FLAGS = [
  "disableBodyPruning",
  "disableUrlEncoding",
  "disableCookies",
  "followRedirects",
  "followOriginalHttpMethod",
  "removeRefererHeaderOnRedirect",
  "followAuthorizationHeader",
] as const;

/** An item's protocolProfileBehavior over the one around it: each key it has wins, read for its truth as postman-request reads it. */
function behaviourOf(own: unknown, outer: Behaviour): Behaviour {
  if (!own || typeof own !== "object") return outer;
  const given = own as Record<string, unknown>;
  const out: Behaviour = { ...outer };
  for (const flag of FLAGS) if (Object.hasOwn(given, flag)) out[flag] = Boolean(given[flag]);
  if (typeof given.maxRedirects === "number" && given.maxRedirects >= 0) out.maxRedirects = Math.floor(given.maxRedirects);
  // Replaced whole by an inner one, as getProtocolProfileBehaviorResolved spreads each level over the one around it.
  const disabled = given.disabledSystemHeaders;
  if (disabled && typeof disabled === "object" && !Array.isArray(disabled))
    out.disabledSystemHeaders = Object.fromEntries(Object.entries(disabled).map(([name, off]) => [name, Boolean(off)]));
  return out;
}

/** A folder of the collection, an empty one too, as --folder finds it: by id, or by its name as written (rawName). */
export interface PlanFolder {
  id?: string;
  name?: string;
  items: PlanItem[];
}

/** An item of the collection: a request (its step) or a folder. */
export type PlanItem = { step: PostmanStep } | PlanFolder;

export interface PostmanPlan {
  steps: PostmanStep[];
  /** The collection's items as it nests them, empty folders too: what --folder looks in (engine/run.ts). */
  items: PlanItem[];
  /** The collection's `variable` list: pm.collectionVariables, each value cast by its type. */
  variables: Record<string, unknown>;
  /** The types of those that have one (variable-types.ts). */
  variableTypes?: Record<string, VariableType>;
}

function scriptOf(events: PostmanEvent[] | undefined, listen: string): string | null {
  const sources = (events ?? [])
    .filter((e) => e.listen === listen && !e.disabled)
    .map((e) => {
      const exec = e.script?.exec ?? [];
      return Array.isArray(exec) ? exec.join("\n") : String(exec);
    })
    .filter((source) => source.trim());
  return sources.length ? sources.join("\n") : null;
}

/** A fresh v4 UUID, the id postman-collection gives an item without one (randomUUID only in a secure context: else by hand). */
const freshId = (): string =>
  crypto.randomUUID?.() ??
  "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
    (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (Number(c) / 4)))).toString(16),
  );

/**
 * The auth an item, folder or collection sets itself, as postman-collection's Item.getAuth finds it: any
 * type, `inherit` written out too (that one then stops the search, and the request goes out unsigned, as
 * Newman 6 sends it).
 */
const ownAuth = (auth: PostmanAuth | undefined) => (auth && typeof auth.type === "string" && auth.type ? auth : undefined);

/** The requests of a Postman collection in run order, each with the scripts Newman runs around it. */
export function postmanPlan(json: PostmanCollection): PostmanPlan {
  const { values: variables, types: variableTypes } = typedCollectionVariablesOf(json);
  const collectionName = text(json.info?.name) || "collection";
  const steps: PostmanStep[] = [];
  const taken = new Set<string>();
  type Chain = { prerequest: StepScript[]; test: StepScript[] };
  const add = (chain: Chain, events: PostmanEvent[] | undefined, where: string, owner: string | undefined): Chain => {
    const pre = scriptOf(events, "prerequest");
    const test = scriptOf(events, "test");
    const own = owner === undefined ? {} : { owner };
    return {
      prerequest: pre ? [...chain.prerequest, { where, source: pre, ...own }] : chain.prerequest,
      test: test ? [...chain.test, { where, source: test, ...own }] : chain.test,
    };
  };

  /**
   * `parents`: the folders' names as written, outermost first (null for one without a name); `named`: the
   * same, a folder without a name by its id (a fresh one without an id, as postman-collection gives it).
   */
  const visit = (
    items: PostmanItem[],
    parents: Array<string | null>,
    named: string[],
    auth: PostmanAuth | undefined,
    chain: Chain,
    behaviour: Behaviour,
  ): PlanItem[] =>
    items.map((item): PlanItem => {
      const rawName = text(item.name) || undefined;
      const here = [...parents, rawName ?? null];
      // As output shows it: an item without a name is `request`.
      const path = here.map((name) => name ?? "request");
      const label = path[path.length - 1];
      if (Array.isArray(item.item)) {
        const own = ownAuth(item.auth) ?? auth;
        const id = text(item.id ?? item._postman_id);
        const inside = visit(
          item.item,
          here,
          [...named, rawName ?? (id || freshId())],
          own,
          add(chain, item.event, `${path.join(" / ")} (folder)`, rawName),
          behaviourOf(item.protocolProfileBehavior, behaviour),
        );
        return { ...(id ? { id } : {}), ...(rawName ? { name: rawName } : {}), items: inside };
      }
      const where = path.join(" / ");
      const request = requestOf(item);
      const effective = ownAuth(request.auth) ?? auth;
      const body = readBody(request.body);
      // An item without an id gets a fresh UUID, as postman-collection's Item gives it (pm.info.requestId).
      const id = text(item.id ?? item._postman_id) || freshId();
      const step: PostmanStep = {
        name: uniqueName(path, taken, variables),
        label,
        ...(rawName ? { rawName } : {}),
        id,
        where,
        fullName: [...named, rawName ?? id].join(" / "),
        method: text(request.method || "GET").toUpperCase(),
        url: endpointOf(urlOf(request.url)),
        headers: headersOf(request),
        body: body.mode === "raw" && !body.raw ? { mode: "none" } : body,
        ...add(chain, item.event, where, rawName),
        path: [collectionName, ...here],
        definition: definitionOf(request),
        behaviour: behaviourOf(item.protocolProfileBehavior, behaviour),
      };
      if (effective && effective.type !== "noauth") step.auth = effective;
      steps.push(step);
      return { step };
    });
  const items = visit(
    json.item ?? [],
    [],
    [],
    ownAuth(json.auth),
    add({ prerequest: [], test: [] }, json.event, `${collectionName} (collection)`, collectionName),
    behaviourOf(json.protocolProfileBehavior, {}),
  );
  return { steps, items, variables, variableTypes };
}

/** Every script of the plan once, with where it runs. */
export function planScripts(plan: PostmanPlan): StepScript[] {
  const seen = new Map<string, StepScript>();
  for (const step of plan.steps) for (const s of [...step.prerequest, ...step.test]) seen.set(`${s.where}\n${s.source}`, s);
  return [...seen.values()];
}

/** Whether the request's URL is `{ raw, … }` without its parts: the page's own way of writing one. */
export const rawOnly = (request: Record<string, unknown>): boolean => {
  const url = request.url as Record<string, unknown> | string | undefined;
  return !!url && typeof url === "object" && typeof url.raw === "string" && url.host === undefined && url.path === undefined;
};

/**
 * The request as postman-collection reads it. A URL written as `{ raw }` alone (the page's own items, some
 * hand-written files) is its raw text: postman-collection builds a URL from the parts and ignores `raw`, which
 * would leave it empty, while the URL sent is the raw one (urlOf). One with path variables too (`{ raw,
 * variable }`, a page's saved request that has them) stays, and is parsed as Postman writes URLs where it is
 * read (engine/wire.ts's withPostmanUrl).
 */
function definitionOf(request: PostmanRequest): Record<string, unknown> {
  const url = request.url as Record<string, unknown> | string | undefined;
  if (rawOnly(request as Record<string, unknown>) && !(url as Record<string, unknown>).variable)
    return { ...request, url: (url as { raw: string }).raw } as Record<string, unknown>;
  return request as Record<string, unknown>;
}
