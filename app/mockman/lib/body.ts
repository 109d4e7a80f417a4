// The JSON body rules (CONTRACT §5): empty or invalid text shows 'Error in JSON
// format' and is not stored; valid JSON is stored and clears the error.

export const BODY_ERROR = "Error in JSON format";
export const INITIAL_BODY = "{}";

/** Where a body fails to parse: 1-based line and column, and the offset in the text. */
export interface BodyErrorAt {
  line: number;
  column: number;
  offset: number;
}

export type BodyCheck = { ok: true; value: unknown } | { ok: false; message: typeof BODY_ERROR; detail: string; at?: BodyErrorAt };

export function checkBody(text: string): BodyCheck {
  if (text.trim() === "") return { ok: false, message: BODY_ERROR, detail: "the body is empty" };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const detail = (error as Error).message.replace(/\s*\(line \d+ column \d+\)$/, "");
    return { ok: false, message: BODY_ERROR, detail, at: errorAt(text, detail) };
  }
}

/**
 * The line and column of a JSON.parse error. V8 names the offset ("at position 15");
 * an early end ("Unexpected end of JSON input") sits at the end of the text.
 */
export function errorAt(text: string, message: string): BodyErrorAt {
  const named = /at position (\d+)/.exec(message);
  const offset = Math.min(named ? Number(named[1]) : text.trimEnd().length, text.length);
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - (before.lastIndexOf("\n") + 1) + 1;
  return { line, column, offset };
}

/** Methods whose requests carry the body; fetch refuses a body on GET and HEAD. */
export const METHODS = ["GET", "POST", "DELETE", "PUT", "PATCH"] as const;

export const sendsBody = (method: string) => !["GET", "HEAD"].includes(method.toUpperCase());

/** What Submit says instead of sending while the body is invalid. */
export const blockedSubmitMessage = (check: BodyCheck) =>
  check.ok ? null : `Not sent: ${BODY_ERROR} (${check.detail}). Fix the body, or switch to GET to send without one.`;
