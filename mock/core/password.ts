// Salted PBKDF2 through WebCrypto, so the browser and Node run the same code.

export const DEFAULT_ITERATIONS = 100_000;
/** A stored hash asking for more is refused: an imported file must not make login hang. */
export const MAX_ITERATIONS = 1_000_000;

const encoder = new TextEncoder();
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
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
