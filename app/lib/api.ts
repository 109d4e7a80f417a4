// The one way the app talks to /api. Errors come back as `{ errors: [message] }`
// (the mock's one shape); anything else still becomes a readable message.
import { toast } from "react-toastify";
import { DATA_VERSION_HEADER } from "#mock/browser/worker-protocol";
import { callsMayStart } from "./call-hold";
import { getToken, sessionChangedElsewhere } from "./session";
import { endSession, followSessionElsewhere, isSessionDeath } from "./session-end";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** An authenticated call found the session dead; endSession() has already logged the user out and said so. */
export class SessionEndedError extends ApiError {
  constructor(status: number, message: string) {
    super(status, message);
    this.name = "SessionEndedError";
  }
}

/**
 * An authenticated call with no session at all (a visitor who opened /bookmarks from a link):
 * nothing ended, so nothing is said; the signed-in shell sends them to log in. Not sent.
 */
export class NoSessionError extends SessionEndedError {
  constructor() {
    super(401, "Log in to continue.");
    this.name = "NoSessionError";
  }
}

/** How long a call waits for its whole answer; past it the call fails as one with no answer does. */
export const API_TIMEOUT_MS = 30_000;

/** What a call with no answer says: the network failed, or nothing came within API_TIMEOUT_MS. */
export const NO_ANSWER = "Request failed: no answer. Try again.";

/** A call that got no answer (a failed fetch, or none in time): the same error either way, never a spinner for ever. */
export class NoAnswerError extends ApiError {
  constructor() {
    super(0, NO_ANSWER);
    this.name = "NoAnswerError";
  }
}

interface CallOptions {
  method?: "GET" | "POST" | "DELETE";
  body?: unknown;
  /** Send the session token (every authenticated call, GET /users/bookmark included). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Ask a mutation for the one post it changed instead of every post (`Prefer: return=minimal`). */
  minimal?: boolean;
}

export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  return (await apiVersioned<T>(path, options)).data;
}

/** `api`, with the data version the answer was read or written at (0 when the backend sends none). */
export async function apiVersioned<T>(
  path: string,
  { method = "GET", body, auth = false, signal, minimal = false }: CallOptions = {},
): Promise<{ data: T; version: number }> {
  await callsMayStart();
  const headers: Record<string, string> = { accept: "application/json" };
  if (minimal) headers.prefer = "return=minimal";
  if (body !== undefined) headers["content-type"] = "application/json";
  if (auth) {
    // Never as someone else: after another tab's login this tab still shows its own user.
    if (sessionChangedElsewhere()) {
      followSessionElsewhere();
      throw new SessionEndedError(0, "The session changed in another tab.");
    }
    const token = getToken();
    // No token now and none before in this tab (sessionChangedElsewhere covers one that went):
    // a visitor, whose refusal must not read "Your session has ended".
    if (!token) throw new NoSessionError();
    headers.authorization = token;
  }
  // The caller's own signal (a screen that went away) stays an abort; the clock's ends as no answer.
  const clock = new AbortController();
  const timer = setTimeout(() => clock.abort(), API_TIMEOUT_MS);
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, clock.signal]) : clock.signal,
    });
    data = await readJson(response);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NoAnswerError();
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const message = errorMessage(data, response);
    // Centrally, so no screen has to: a dead session logs the user out once, whatever asked.
    if (auth && isSessionDeath(response)) {
      endSession();
      throw new SessionEndedError(response.status, message);
    }
    throw new ApiError(response.status, message);
  }
  return { data: data as T, version: versionOf(response) };
}

/**
 * The data version an answer carries (DATA_VERSION_HEADER: the in-browser mock's commit order,
 * shared by every tab). A tab applies an answer, or another tab's news, only when it is not older
 * than what it shows (post-store, bookmark-store). A backend without it (`mockman serve`) gives 0:
 * answers then apply in arrival order.
 */
export function versionOf(response: Response): number {
  const version = Number(response.headers.get(DATA_VERSION_HEADER));
  return Number.isSafeInteger(version) && version > 0 ? version : 0;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function errorMessage(data: unknown, response: { status: number; statusText: string }): string {
  if (data && typeof data === "object") {
    const { errors, error, message } = data as { errors?: unknown; error?: unknown; message?: unknown };
    if (Array.isArray(errors) && errors.length > 0) return errors.map(String).join(" ");
    if (typeof error === "string") return error;
    if (typeof message === "string") return message;
  }
  return `Request failed: ${response.status} ${response.statusText}`.trim();
}

/** The message a failed call shows to the user. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** An action's failure: toasted (a dead session was reported once already, above), and returned for the form. */
export function actionFailure<I extends string>(intent: I, error: unknown) {
  const message = messageOf(error);
  if (!(error instanceof SessionEndedError)) toast.error(message);
  return { intent, ok: false as const, error: message };
}
