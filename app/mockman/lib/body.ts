// The JSON body rules (CONTRACT §5): empty or invalid text shows 'Error in JSON
// format' and is not stored; valid JSON is stored and clears the error.

export const BODY_ERROR = "Error in JSON format";
export const INITIAL_BODY = "{}";

export type BodyCheck = { ok: true; value: unknown } | { ok: false; message: typeof BODY_ERROR; detail: string };

export function checkBody(text: string): BodyCheck {
  if (text.trim() === "") return { ok: false, message: BODY_ERROR, detail: "the body is empty" };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: BODY_ERROR, detail: (error as Error).message };
  }
}

/** Methods whose requests carry the body; fetch refuses a body on GET and HEAD. */
export const METHODS = ["GET", "POST", "DELETE", "PUT", "PATCH"] as const;
export type Method = (typeof METHODS)[number];

export const sendsBody = (method: string) => !["GET", "HEAD"].includes(method.toUpperCase());

/** What Submit says instead of sending while the body is invalid. */
export const blockedSubmitMessage = (check: BodyCheck) =>
  check.ok ? null : `Not sent: ${BODY_ERROR} (${check.detail}). Fix the body, or switch to GET to send without one.`;
