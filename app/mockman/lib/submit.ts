// What Submit sends: the form with its variables filled, or why it is not sent.
// The history keeps the request as typed ({{token}}, not the secret), so it
// replays under any environment.
import { blockedSubmitMessage, checkBody, sendsBody } from "./body";
import { keptParts, partTexts, partsOf, partsProblem, type BodyParts } from "./bodies";
import { headersToSend, savedHeaderRows, type HeaderRow } from "./headers";
import type { TypedRequest } from "./typed";
import { resolveRequest, unresolvedMessage, type Variables } from "./variables";

/** The form as typed; for the files a body names, the tab it belongs to. */
export interface RequestForm extends Omit<TypedRequest, "headers"> {
  headers: HeaderRow[];
  tabId?: string;
}

export type Prepared =
  | { ok: false; problem: string }
  | {
      ok: true;
      /** The request as typed, for the history. */
      typed: TypedRequest;
      /** What goes on the wire: headers, URL and the JSON body's text with variables filled. */
      headers: Record<string, string>;
      body?: string;
      url: string;
      /** A body type other than JSON: sent as a Postman item through the run worker (lib/send-item.ts), which fills its variables. */
      parts?: BodyParts;
    };

export function prepareSubmit(form: RequestForm, variables: Variables, environmentName: string | null): Prepared {
  const endpoint = form.endpoint.trim();
  if (!endpoint) return { ok: false, problem: "Not sent: enter an endpoint first, for example /api/test-todos." };
  const withBody = sendsBody(form.method);
  const parts = partsOf(form.bodies);
  if (parts.kind !== "json") return prepareParts(form, endpoint, parts, withBody, variables, environmentName);
  const resolved = resolveRequest({ endpoint, headers: headersToSend(form.headers), bodyText: withBody ? form.bodyText : "" }, variables);
  if (!resolved.ok) return { ok: false, problem: resolved.problem ?? unresolvedMessage(resolved.unresolved, environmentName) };
  const check = checkBody(resolved.request.bodyText);
  const blocked = withBody ? blockedSubmitMessage(check) : null;
  if (blocked) return { ok: false, problem: blocked };
  return {
    ok: true,
    typed: { method: form.method, endpoint, headers: savedHeaderRows(form.headers), bodyText: form.bodyText },
    headers: resolved.request.headers,
    body: withBody && resolved.request.bodyText ? resolved.request.bodyText : undefined,
    url: resolved.request.endpoint,
  };
}

/** A body type other than JSON: its texts' variables checked, its files there; the bytes are built when sending. */
function prepareParts(
  form: RequestForm,
  endpoint: string,
  parts: BodyParts,
  withBody: boolean,
  variables: Variables,
  environmentName: string | null,
): Prepared {
  const bodyText = withBody ? partTexts(parts).join("\n") : "";
  const resolved = resolveRequest({ endpoint, headers: headersToSend(form.headers), bodyText }, variables);
  if (!resolved.ok) return { ok: false, problem: resolved.problem ?? unresolvedMessage(resolved.unresolved, environmentName) };
  const blocked = withBody ? partsProblem(parts, form.tabId ?? "") : null;
  if (blocked) return { ok: false, problem: blocked };
  return {
    ok: true,
    typed: { method: form.method, endpoint, headers: savedHeaderRows(form.headers), bodyText: form.bodyText, bodies: keptParts(parts) },
    headers: resolved.request.headers,
    body: undefined,
    url: resolved.request.endpoint,
    parts,
  };
}
