// The bounds on what a run's host does for a collection (bounds.ts applies them), and the
// error a request that is not sent carries. A leaf: the jar, the variables and the bodies
// read it without reaching the rest of the bounds.

/** What a script threw that has no message to read (sandbox.ts): a value the junit report writes as Newman does, `undefined`. */
export const UNREADABLE = "the script threw a value that cannot be read";

/** Marks a NotSent: the CLI bundles the lazily loaded request builder (engine/wire.ts) apart, with a copy of this class. */
const NOT_SENT = Symbol.for("mockman.NotSent");

/** A request that is not sent, and why (a variable expanded past its bound, a file outside --working-dir). */
export class NotSent extends Error {
  readonly [NOT_SENT] = true;

  /** `instanceof NotSent` holds for either bundle's copy. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [NOT_SENT]?: boolean })[NOT_SENT] === true;
  }
}

export const BOUNDS = {
  /** Characters one `{{variable}}` fill may produce (a self-referencing variable doubles each level). */
  expandedChars: 16 * 1024 * 1024,
  /** Bytes of one request's file parts (a file body, formdata files), a file named twice counted twice. */
  fileBytesPerRequest: 128 * 1024 * 1024,
  /** Characters all of one request's fills may produce (its URL, headers, body and auth together). */
  requestFilledChars: 64 * 1024 * 1024,
  /** Assertions one script may make (pm.test, tests[...]). */
  assertionsPerScript: 10_000,
  /** Characters of an assertion's name, and of a message (an assertion's, a script's error), kept in the report. */
  nameChars: 1_000,
  messageChars: 4_000,
  /** Characters of names, messages and paths one run's report keeps in all (when it keeps its results: json, junit). */
  reportChars: 64 * 1024 * 1024,
  /** A URL or path as a report keeps it, and warnings kept for one request. */
  urlChars: 2_000,
  warningsPerRequest: 50,
  /** pm.sendRequest: at once, in all for one request's scripts, and the bytes sent and received in all. */
  sendInFlight: 16,
  sendsPerRequest: 1_000,
  sendBytesPerRequest: 64 * 1024 * 1024,
  /** The cookie jar: cookies held, and a cookie's name and value (RFC 6265's least a client must take). */
  jarCookies: 1_000,
  cookieChars: 4_096,
  /** console.* calls one script's output keeps, and the characters they cross the bridge as (past either, the rest are dropped, unread). */
  consoleCallsPerScript: 1_000,
  consoleCharsPerScript: 1024 * 1024,
  /**
   * Characters of names and values the variables hold (environment, collection variables, globals, a request's
   * pm.variables) after a script: the host keeps them for the run and exports them, past the isolate's memory cap
   * (each script adds up to its cap).
   */
  variableChars: 64 * 1024 * 1024,
} as const;

const count = (n: number) => n.toLocaleString("en-US");

/** A text cut to `max` characters, saying how much was left out (never a lone surrogate at the cut). */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}… (${count(text.length - end)} more characters)`;
}
