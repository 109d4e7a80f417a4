// Login and signup calls, the failure text each toasts (CONTRACT §10: the
// server's message, or 'user not found' when the username is unknown), and the
// field each failure concerns, said in plain words inside the form (issue 34).
import { MSG } from "#mock/core/errors";
import { ApiError, api, messageOf } from "./api";
import { saveSession, type SessionUser } from "./session";
import { TOAST } from "./texts";

export async function login(username: string, password: string): Promise<SessionUser> {
  const { foundUser, encodedToken } = await api<{ foundUser: SessionUser; encodedToken: string }>("/auth/login", {
    method: "POST",
    body: { username, password },
  });
  saveSession(encodedToken, foundUser);
  return foundUser;
}

export async function signup(fields: { firstName: string; username: string; password: string }): Promise<SessionUser> {
  const { createdUser, encodedToken } = await api<{ createdUser: SessionUser; encodedToken: string }>("/auth/signup", {
    method: "POST",
    body: fields,
  });
  saveSession(encodedToken, createdUser);
  return createdUser;
}

export function authFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404 && error.message === MSG.NOT_REGISTERED) return TOAST.userNotFound;
  return messageOf(error);
}

/** Said under the field a refused login or signup concerns (the toast keeps the spec's texts). */
export const AUTH_FIELD_TEXT = {
  noAccount: "No account with this username",
  wrongPassword: "Wrong password for this username",
  taken: "That username is taken",
} as const;

/**
 * The field a refusal concerns and what to say there, told apart by the API's status and
 * message: login 404 NOT_REGISTERED (no such user), login 401 BAD_CREDENTIALS (wrong
 * password), signup 422 (username taken). Anything else concerns no one field.
 */
export function authFieldError(kind: "login" | "signup", error: unknown): { field: "username" | "password"; text: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (kind === "login" && error.status === 404 && error.message === MSG.NOT_REGISTERED)
    return { field: "username", text: AUTH_FIELD_TEXT.noAccount };
  if (kind === "login" && error.status === 401 && error.message === MSG.BAD_CREDENTIALS)
    return { field: "password", text: AUTH_FIELD_TEXT.wrongPassword };
  if (kind === "signup" && error.status === 422 && error.message === MSG.USERNAME_TAKEN)
    return { field: "username", text: AUTH_FIELD_TEXT.taken };
  return null;
}
