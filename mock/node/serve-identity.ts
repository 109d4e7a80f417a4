// How `mockman request`/`replay` know that the port a store's lock names is that
// store's `serve`, not whatever else listens there now (a stale lock whose pid
// was reused, a lock file planted by hand): serve records a random identity in
// the lock, and answers a probe carrying a fresh nonce with an HMAC of it under
// that identity. Nothing else is sent (no password, no token) until it matches.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { request, type Server } from "node:http";

/** The probe's header (a nonce), and the answer's (its HMAC under the identity). */
export const IDENTITY_HEADER = "x-mockman-identity";
/** How long a probe waits for an answer before the listener counts as silent. */
export const PROBE_TIMEOUT_MS = 5_000;

/** A fresh identity for one serve: it goes in the lock file, never on the wire. */
export const newIdentity = () => randomBytes(16).toString("hex");

const proof = (identity: string, nonce: string) => createHmac("sha256", identity).update(nonce).digest("hex");

/** serve's side: every answer to a request carrying a nonce proves the identity (set before the door writes its head). */
export function answerIdentity(server: Server, identity: string): void {
  server.prependListener("request", (req, res) => {
    const nonce = req.headers[IDENTITY_HEADER];
    if (typeof nonce === "string" && /^[0-9a-f]{32}$/.test(nonce)) res.setHeader(IDENTITY_HEADER, proof(identity, nonce));
  });
}

/** Whether a request is the probe (serve leaves it out of its request log). */
export const isProbe = (headers: Record<string, unknown>) => headers[IDENTITY_HEADER] !== undefined;

/**
 * What answers on 127.0.0.1:port:
 * - "proven": the serve that wrote `identity` in the lock;
 * - "foreign": something answered, without the proof (nor `x-mockman`): not a mockman serve at all;
 * - "other-mockman": a mockman serve without the proof (another store's, or an older mockman's);
 * - "silent": nothing answered (refused, reset, or no answer within the timeout).
 */
export function probeOwner(
  port: number,
  identity: string | undefined,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<"proven" | "foreign" | "other-mockman" | "silent"> {
  const nonce = randomBytes(16).toString("hex");
  return new Promise((resolve) => {
    const req = request(
      { host: "127.0.0.1", port, method: "HEAD", path: "/api/", headers: { [IDENTITY_HEADER]: nonce }, timeout: timeoutMs },
      (res) => {
        res.resume();
        const answer = res.headers[IDENTITY_HEADER];
        const expected = identity ? Buffer.from(proof(identity, nonce)) : null;
        if (typeof answer === "string" && expected && answer.length === expected.length && timingSafeEqual(Buffer.from(answer), expected))
          resolve("proven");
        else resolve(res.headers["x-mockman"] !== undefined ? "other-mockman" : "foreign");
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve("silent"));
    req.end();
  });
}
