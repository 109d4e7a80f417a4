// HTTP Digest auth (RFC 7616) as Postman signs it: MD5 or SHA-256, qop auth or
// none. When the collection gives no realm and nonce, Newman sends the request
// once without auth, reads the server's WWW-Authenticate challenge from the 401,
// and sends it again signed; so does the engine (postman-run.ts).

/** MD5 of UTF-8 text, as hex (RFC 1321). WebCrypto has no MD5, and the engine imports no node:crypto. */
export function md5(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const length = bytes.length;
  const words = new Uint32Array((((length + 8) >>> 6) + 1) * 16);
  for (let i = 0; i < length; i++) words[i >> 2] |= bytes[i] << ((i % 4) * 8);
  words[length >> 2] |= 0x80 << ((length % 4) * 8);
  words[words.length - 2] = (length * 8) >>> 0;
  words[words.length - 1] = Math.floor((length * 8) / 0x100000000);
  const S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
  const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 0x100000000) >>> 0);
  let a0 = 0x67452301,
    b0 = 0xefcdab89,
    c0 = 0x98badcfe,
    d0 = 0x10325476;
  for (let block = 0; block < words.length; block += 16) {
    let a = a0,
      b = b0,
      c = c0,
      d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number, g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const shift = S[(i >> 4) * 4 + (i % 4)];
      const sum = (a + f + K[i] + words[block + g]) >>> 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  return [a0, b0, c0, d0]
    .map((word) => Array.from({ length: 4 }, (_, i) => ((word >>> (i * 8)) & 0xff).toString(16).padStart(2, "0")).join(""))
    .join("");
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The fields of a `WWW-Authenticate: Digest realm="x", nonce="y", qop="auth"` challenge, or undefined. */
export function parseChallenge(header: string | undefined): Record<string, string> | undefined {
  if (!header || !/^\s*Digest\s/i.test(header)) return undefined;
  const fields: Record<string, string> = {};
  for (const m of header.replace(/^\s*Digest\s+/i, "").matchAll(/([A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g))
    fields[m[1].toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3];
  return fields;
}

/** The Authorization header for a request: `params` holds username, password, realm, nonce and the rest. */
export async function digestHeader(params: Record<string, string>, method: string, uri: string): Promise<string> {
  const algorithm = params.algorithm || "MD5";
  const hash = /^SHA-256/i.test(algorithm) ? sha256 : async (text: string) => md5(text);
  const qop = (params.qop || "")
    .split(",")
    .map((q) => q.trim())
    .find((q) => q === "auth");
  const nc = params.nonceCount || "00000001";
  const cnonce = params.clientNonce || Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
  let ha1 = await hash(`${params.username ?? ""}:${params.realm ?? ""}:${params.password ?? ""}`);
  if (/-sess$/i.test(algorithm)) ha1 = await hash(`${ha1}:${params.nonce ?? ""}:${cnonce}`);
  const ha2 = await hash(`${method}:${uri}`);
  const response = await hash(qop ? `${ha1}:${params.nonce ?? ""}:${nc}:${cnonce}:${qop}:${ha2}` : `${ha1}:${params.nonce ?? ""}:${ha2}`);
  const parts = [
    `username="${params.username ?? ""}"`,
    `realm="${params.realm ?? ""}"`,
    `nonce="${params.nonce ?? ""}"`,
    `uri="${uri}"`,
    `algorithm=${algorithm}`,
    ...(qop ? [`qop=${qop}`, `nc=${nc}`, `cnonce="${cnonce}"`] : []),
    `response="${response}"`,
    ...(params.opaque ? [`opaque="${params.opaque}"`] : []),
  ];
  return `Digest ${parts.join(", ")}`;
}
