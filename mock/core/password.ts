// Salted PBKDF2 through WebCrypto, so the browser and Node run the same code.
// At most HASHES_AT_ONCE hashes run at a time, the rest wait in line: in Node a
// hash takes one of libuv's four pool threads for its whole run, and so does each
// fsync of the journal, so 32 concurrent logins used to queue every acknowledged
// write behind them (write p95 from 22 to 353 ms with four). tests/bench/logins.ts
// measures it.

export const DEFAULT_ITERATIONS = 100_000;
/** A stored hash asking for more is refused: an imported file must not make login hang. */
export const MAX_ITERATIONS = 1_000_000;

const encoder = new TextEncoder();
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A password's bytes: its UTF-8. A lone surrogate, which UTF-8 would write as U+FFFD (so "pw\uD800" and "pw\uDFFF"
 * hashed alike), is written as its own three bytes (WTF-8): no well-formed text has them, so passwords that differ
 * there differ in their hashes. A well-formed password's bytes are as before; an account made before this with a lone
 * surrogate in its password (only a hand-written JSON escape makes one) no longer opens with it: matching it as
 * U+FFFD again would let 'pw\uD800' open an account whose password is 'pw\uFFFD' (the spec: the password must
 * equal the stored one exactly).
 */
export function passwordBytes(password: string): Uint8Array {
  if (!LONE_SURROGATE.test(password)) return encoder.encode(password);
  const bytes: number[] = [];
  for (const char of password) {
    const c = char.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(bytes);
}
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** How many hashes may use the thread pool at once: two of libuv's four threads stay for the store's writes. */
export const HASHES_AT_ONCE = 2;

// One line for the whole process, as the thread pool is: module state on purpose.
let limit = HASHES_AT_ONCE;
let running = 0;
const waiting: (() => void)[] = [];

async function inLine<T>(work: () => Promise<T>): Promise<T> {
  if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot goes straight to the next in line (running stays the same), or is given back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** How many hashes run and wait now (for tests). */
export const hashesInLine = () => ({ running, waiting: waiting.length });

/** Another limit (tests/bench/logins.ts compares with no line: Infinity); returns the one it replaced. */
export function setHashesAtOnce(n: number): number {
  const before = limit;
  limit = n;
  return before;
}

function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  return inLine(() => deriveNow(password, salt, iterations));
}

async function deriveNow(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", passwordBytes(password) as BufferSource, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** `pbkdf2$<iterations>$<salt>$<hash>`; the iteration count travels with the hash. */
export async function hashPassword(password: string, iterations = DEFAULT_ITERATIONS, salt?: Uint8Array): Promise<string> {
  const saltBytes = salt ?? crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, saltBytes, iterations);
  return `pbkdf2$${iterations}$${toBase64(saltBytes)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iter, salt, hash] = stored.split("$");
  const iterations = Number(iter);
  if (scheme !== "pbkdf2" || !Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS || !salt || !hash) return false;
  let expected: Uint8Array;
  let actual: Uint8Array;
  try {
    expected = fromBase64(hash);
    actual = await derive(password, fromBase64(salt), iterations);
  } catch {
    return false;
  }
  if (expected.length !== actual.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= actual[i] ^ expected[i];
  return diff === 0;
}
