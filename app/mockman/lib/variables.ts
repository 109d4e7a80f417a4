// `{{name}}` on the page: the active environment's variables (and the
// built-ins, `{{$uuid}}` …) fill the endpoint, the headers and the body before
// a request goes out. A reference nothing fills is never sent as it is: a
// literal `{{baseUrl}}/api/posts` reaches the static server, which answers its
// index.html with 200 OK, and the page would call that a success.
import { BUILT_IN_NAMES, fillTemplatesWith, templateRefs, type TemplateRef, type Variables } from "#mock/tester/collection/template-text";

export type { Variables };

/** The request as typed, before any `{{ }}` is filled. */
export interface TypedRequest {
  endpoint: string;
  headers: Record<string, string>;
  bodyText: string;
}

const filledBy = (ref: TemplateRef, variables: Variables) => {
  if (BUILT_IN_NAMES.includes(ref.name)) return ref.path === "";
  // Postman allows dots in names: {{api.host}}.
  const name = ref.name + (ref.path.startsWith(".") ? ref.path : "");
  return Object.prototype.hasOwnProperty.call(variables, name) && !ref.path.startsWith("$");
};

/** Each `{{ }}` reference in the texts that no variable or built-in fills, once, as written (`{{baseUrl}}`). */
export function unresolvedRefs(texts: string[], variables: Variables): string[] {
  const missing = new Set<string>();
  for (const text of texts) for (const ref of templateRefs(text)) if (!filledBy(ref, variables)) missing.add(ref.text.replace(/\s+/g, " "));
  return [...missing];
}

/** Fills every reference in a text; a value is written as it is (Postman's plain substitution, so `{"limit": {{limit}}}` works). */
export function fillText(text: string, variables: Variables): string {
  if (!text.includes("{{")) return text;
  const filled = fillTemplatesWith(text, { responses: new Map(), variables });
  return typeof filled === "string" ? filled : JSON.stringify(filled);
}

const textsOf = (request: TypedRequest) => [request.endpoint, ...Object.entries(request.headers).flat(), request.bodyText];

export type Resolved = { ok: true; request: TypedRequest } | { ok: false; unresolved: string[] };

/** The request with its references filled, or the references nothing fills. */
export function resolveRequest(request: TypedRequest, variables: Variables): Resolved {
  const unresolved = unresolvedRefs(textsOf(request), variables);
  if (unresolved.length) return { ok: false, unresolved };
  const fill = (text: string) => fillText(text, variables);
  return {
    ok: true,
    request: {
      endpoint: fill(request.endpoint),
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [fill(name), fill(value)])),
      bodyText: fill(request.bodyText),
    },
  };
}

const listed = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

/** What Submit says instead of sending a reference nothing fills. */
export function unresolvedMessage(unresolved: string[], environment: string | null): string {
  const where = environment ? `the environment "${environment}"` : "no environment is active";
  const verb = unresolved.length === 1 ? "is" : "are";
  return (
    `Not sent: ${listed(unresolved)} ${verb} not defined (${where}). ` +
    `Add ${unresolved.length === 1 ? "it" : "them"} under Environment` +
    (unresolved.some((r) => /^\{\{\s*baseUrl\s*\}\}$/.test(r)) ? "; an empty baseUrl sends to this tab's mock API." : ".") +
    // {{login.body.encodedToken}}: replay fills it from an earlier answer; the page sends one request at a time.
    (unresolved.some((r) => /^\{\{\s*[\w-]+(\.(body|headers|status)\b|\s+\$)/.test(r))
      ? " A reference to an earlier answer is filled only by mockman replay; here, put its value in a variable."
      : "")
  );
}
