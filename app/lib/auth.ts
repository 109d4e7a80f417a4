// Login and signup calls, and the failure text each shows (CONTRACT §10: the
// server's message, or 'user not found' when the username is unknown).
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
