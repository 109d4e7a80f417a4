// `{{name}}` on the page, filled by the tester's one resolver (mock/tester/engine/variables.ts) as a Run
// fills it: the active environment's variables, then the collection's variables of the tab's saved request,
// then the globals (Postman's precedence, flattened into one record by the resolver's `flattenScopes`), then Postman's dynamic
// variables (`{{$guid}}` …, postman-collection's own, loaded on first use: until then a preview shows them as
// written, and a Send waits for them, useSend.ts). A reference nothing fills is never sent as it is: a literal
// `{{baseUrl}}/api/posts` reaches the static server, which answers its index.html with 200 OK, and the page would
// call that a success.
import { loadedDynamicVariables } from "#mock/tester/engine/dynamic";
import { fullScopes, substitute } from "#mock/tester/engine/variables";

/** The variables a request is filled from, one value per name (the scopes flattened by precedence). */
export type Variables = Record<string, string>;

/** The texts of a request that `{{ }}` are filled in: its endpoint, the headers that go, its body. */
export interface RequestTexts {
  endpoint: string;
  headers: Record<string, string>;
  bodyText: string;
}

const fill = (text: string, variables: Variables, unresolved?: Set<string>) =>
  substitute(text, fullScopes({ environment: variables }), loadedDynamicVariables(), unresolved);

/** `{{$randomEmail}}` before postman-collection's table has loaded: neither filled nor missing yet. */
const awaitsTable = (name: string) => !loadedDynamicVariables() && /^\$\w+$/.test(name);

/** Each `{{ }}` reference in the texts that no variable or dynamic variable fills, once, as written (`{{baseUrl}}`). */
export function unresolvedRefs(texts: string[], variables: Variables): string[] {
  const missing = new Set<string>();
  for (const text of texts) {
    try {
      fill(text, variables, missing);
    } catch {
      // Too large once filled: prepareSubmit says so; nothing here is missing.
    }
  }
  return [...missing].filter((name) => !awaitsTable(name)).map((name) => `{{${name}}}`);
}

/** Fills every reference a value exists for; a value is written as it is (Postman's plain substitution, so `{"limit": {{limit}}}` works). */
export function fillText(text: string, variables: Variables): string {
  try {
    return fill(text, variables);
  } catch {
    return text;
  }
}

const textsOf = (request: RequestTexts) => [request.endpoint, ...Object.entries(request.headers).flat(), request.bodyText];

export type Resolved = { ok: true; request: RequestTexts } | { ok: false; unresolved: string[]; problem?: string };

/** The request with its references filled, or the references nothing fills. */
export function resolveRequest(request: RequestTexts, variables: Variables): Resolved {
  // Never sent with a dynamic variable unfilled: the caller loads the table first (useSend.ts).
  if (!loadedDynamicVariables() && textsOf(request).some((text) => text.includes("{{$")))
    return { ok: false, unresolved: [], problem: "Not sent: Postman's dynamic variables have not loaded yet; send again." };
  const unresolved = unresolvedRefs(textsOf(request), variables);
  if (unresolved.length) return { ok: false, unresolved };
  try {
    const each = (text: string) => fill(text, variables);
    return {
      ok: true,
      request: {
        endpoint: each(request.endpoint),
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [each(name), each(value)])),
        bodyText: each(request.bodyText),
      },
    };
  } catch (error) {
    return { ok: false, unresolved: [], problem: `Not sent: ${error instanceof Error ? error.message : String(error)}.` };
  }
}

const listed = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

/** `{{login.body.token}}` or `{{login $.body.token}}`: mockman's reference to an earlier answer. */
const readsAnswer = (ref: string) => /^[\w-]+(\.(body|headers|status)\b|\s+\$)/.test(ref.slice(2));

/** What Submit says instead of sending a reference nothing fills. */
export function unresolvedMessage(unresolved: string[], environment: string | null): string {
  const where = environment ? `the environment "${environment}"` : "no environment is active";
  const verb = unresolved.length === 1 ? "is" : "are";
  return (
    `Not sent: ${listed(unresolved)} ${verb} not defined (${where}). ` +
    `Add ${unresolved.length === 1 ? "it" : "them"} under Environment` +
    (unresolved.includes("{{baseUrl}}") ? "; an empty baseUrl sends to this tab's mock API." : ".") +
    // {{login.body.encodedToken}}: replay fills it from an earlier answer; the page sends one request at a time.
    (unresolved.some(readsAnswer)
      ? " A reference to an earlier answer is filled only by mockman replay; here, put its value in a variable."
      : "")
  );
}
