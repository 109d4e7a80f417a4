// A Postman v2.0/v2.1 collection as Newman runs it: each request with its
// effective auth and the pre-request and test scripts that run around it
// (collection, then each folder, then the request's own), kept as Postman
// wrote them. `mockman replay` runs these with their scripts (cli/scripts/);
// the page imports the simpler fromPostman conversion instead.
import {
  authValue,
  endpointOf,
  text,
  uniqueName,
  urlOf,
  type PostmanAuth,
  type PostmanCollection,
  type PostmanEvent,
  type PostmanItem,
  type PostmanRequest,
} from "./convert";

export interface StepScript {
  /** `Conduit (collection)`, `Auth (folder)`, `Auth / Login`: where a message says it ran. */
  where: string;
  source: string;
}

export interface PostmanStep {
  /** Unique, from folders and name: `auth-login`. */
  name: string;
  /** The request's own name, as pm.info.requestName and setNextRequest use it. */
  label: string;
  id: string;
  /** `Auth / Login`. */
  where: string;
  method: string;
  /** As written, {{variables}} and all. */
  url: string;
  headers: Array<[string, string]>;
  auth?: PostmanAuth;
  body: { mode: "none" } | { mode: "raw"; raw: string; language?: string } | { mode: "urlencoded"; pairs: Array<[string, string]> };
  prerequest: StepScript[];
  test: StepScript[];
  /** Why this request cannot be sent as Postman would (a form-data body, an auth type mockman does not sign). */
  unsendable?: string;
}

export interface PostmanPlan {
  name: string;
  steps: PostmanStep[];
  /** The collection's `variable` list: pm.collectionVariables. */
  variables: Record<string, string>;
}

const SUPPORTED_AUTH = ["noauth", "inherit", "bearer", "basic", "apikey"];

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

function bodyOf(request: PostmanRequest): PostmanStep["body"] | string {
  const body = request.body;
  if (!body || body.disabled || !body.mode) return { mode: "none" };
  if (body.mode === "raw") return body.raw ? { mode: "raw", raw: body.raw, language: body.options?.raw?.language } : { mode: "none" };
  if (body.mode === "urlencoded")
    return { mode: "urlencoded", pairs: (body.urlencoded ?? []).filter((kv) => !kv.disabled).map((kv) => [text(kv.key), text(kv.value)]) };
  return `a ${body.mode} body, which mockman does not send`;
}

/** The requests of a Postman collection in run order, each with the scripts Newman runs around it. */
export function postmanPlan(json: PostmanCollection): PostmanPlan {
  const variables: Record<string, string> = {};
  for (const v of json.variable ?? []) if (v.key && !v.disabled) variables[v.key] = text(v.value);
  const collectionName = text(json.info?.name) || "collection";
  const steps: PostmanStep[] = [];
  const taken = new Set<string>();
  type Chain = { prerequest: StepScript[]; test: StepScript[] };
  const add = (chain: Chain, events: PostmanEvent[] | undefined, where: string): Chain => {
    const pre = scriptOf(events, "prerequest");
    const test = scriptOf(events, "test");
    return {
      prerequest: pre ? [...chain.prerequest, { where, source: pre }] : chain.prerequest,
      test: test ? [...chain.test, { where, source: test }] : chain.test,
    };
  };

  const visit = (items: PostmanItem[], prefix: string[], auth: PostmanAuth | undefined, chain: Chain) => {
    for (const item of items) {
      const label = text(item.name) || "request";
      const path = [...prefix, label];
      if (Array.isArray(item.item)) {
        const own = item.auth && item.auth.type !== "inherit" ? item.auth : auth;
        visit(item.item, path, own, add(chain, item.event, `${path.join(" / ")} (folder)`));
        continue;
      }
      const where = path.join(" / ");
      const request: PostmanRequest = typeof item.request === "string" ? { method: "GET", url: item.request } : (item.request ?? {});
      const effective = request.auth && request.auth.type !== "inherit" ? request.auth : auth;
      const body = bodyOf(request);
      const step: PostmanStep = {
        name: uniqueName(path, taken, variables),
        label,
        id: text(item.id ?? item._postman_id) || `${steps.length + 1}`,
        where,
        method: text(request.method || "GET").toUpperCase(),
        url: endpointOf(urlOf(request.url)),
        headers: (Array.isArray(request.header) ? request.header : [])
          .filter((h) => h.key && !h.disabled)
          .map((h) => [text(h.key), text(h.value)] as [string, string]),
        body: typeof body === "string" ? { mode: "none" } : body,
        ...add(chain, item.event, where),
      };
      if (effective && effective.type !== "noauth") step.auth = effective;
      if (typeof body === "string") step.unsendable = body;
      else if (effective?.type && !SUPPORTED_AUTH.includes(effective.type))
        step.unsendable = `${effective.type} auth, which mockman does not sign (it sends bearer, basic and API key auth)`;
      steps.push(step);
    }
  };
  visit(
    json.item ?? [],
    [],
    json.auth && json.auth.type !== "inherit" ? json.auth : undefined,
    add({ prerequest: [], test: [] }, json.event, `${collectionName} (collection)`),
  );
  return { name: collectionName, steps, variables };
}

/** The header (or query pair) an auth block adds, with its values still as written ({{token}}). */
export function authOf(auth: PostmanAuth | undefined): { header?: [string, string]; query?: [string, string]; basic?: [string, string] } {
  if (!auth?.type) return {};
  if (auth.type === "bearer") return { header: ["Authorization", `Bearer ${authValue(auth.bearer, "token")}`] };
  if (auth.type === "basic") return { basic: [authValue(auth.basic, "username"), authValue(auth.basic, "password")] };
  if (auth.type === "apikey") {
    const pair: [string, string] = [authValue(auth.apikey, "key"), authValue(auth.apikey, "value")];
    return authValue(auth.apikey, "in") === "query" ? { query: pair } : { header: pair };
  }
  return {};
}

/** Every script of the plan once, with where it runs. */
export function planScripts(plan: PostmanPlan): StepScript[] {
  const seen = new Map<string, StepScript>();
  for (const step of plan.steps) for (const s of [...step.prerequest, ...step.test]) seen.set(`${s.where}\n${s.source}`, s);
  return [...seen.values()];
}
