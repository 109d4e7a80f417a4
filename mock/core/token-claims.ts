// A token's claims as written in its payload, unverified: for deciding what a token names
// (whose it is, when it ends) where verifying it is the mock's job, not the reader's.
export function tokenClaims(token: string | null | undefined): Record<string, unknown> | null {
  const payload = token?.replace(/^Bearer\s+/i, "").split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as unknown;
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
