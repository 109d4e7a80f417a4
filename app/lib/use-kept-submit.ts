// The submit handler of a control whose write shows as done at once (like, bookmark,
// follow): the write is kept (outbox.ts) in the click's own event, before Remix's
// fetcher shows its state, and its key goes with the form so the action can settle it.
import type { FetcherWithComponents } from "@remix-run/react";
import type { FormEvent } from "react";
import { isKeptIntent, keep, type KeptIntent } from "./outbox";
import { getSessionUser, getToken, sessionChangedElsewhere } from "./session";
import { reserve, WRITE_KEY_PARAM } from "./write-line";

/** The form field that carries a kept write's key to the action. */
export const WRITE_KEY = "writeKey";

/** Keeps the write a form's submitter asks for (the form's `idField` names its target) and submits it with its key. */
export function useKeptSubmit(fetcher: Pick<FetcherWithComponents<unknown>, "submit">, idField: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(form);
    if (submitter?.name) data.set(submitter.name, submitter.value);
    const intent = data.get("intent");
    // Not a kept write, or no session to keep it for: Remix submits it as it would anyway.
    if (!isKeptIntent(intent) || !getToken() || sessionChangedElsewhere()) return;
    event.preventDefault();
    const key = keepForSession(intent, String(data.get(idField) ?? ""));
    let action = form.getAttribute("action") ?? undefined;
    if (key) {
      data.set(WRITE_KEY, key);
      // Its place in the line of writes is taken now, in click order; the action finds it by the key in its URL.
      reserve(key);
      const url = new URL(action ?? window.location.pathname + window.location.search, window.location.href);
      url.searchParams.set(WRITE_KEY_PARAM, key);
      action = url.pathname + url.search;
    }
    void fetcher.submit(data, { method: "post", action });
  };
}

/** Keeps a write for the signed-in session (outbox.ts `keep`); null without one, or when nothing could be kept. */
export function keepForSession(intent: KeptIntent, id: string): string | null {
  const token = getToken();
  const user = getSessionUser();
  return token && user ? keep(intent, id, { token, username: user.username }) : null;
}

/** A kept write's key, as the action reads it from the form. */
export const writeKeyOf = (formData: FormData): string | null => {
  const key = formData.get(WRITE_KEY);
  return typeof key === "string" && key ? key : null;
};
