// Authorization header values that must never be accepted, each built from a
// real token (so the forgery is as close to valid as it gets), with jose or by hand.
import { SignJWT, UnsecuredJWT, base64url } from "jose";
import { TOKEN_LIFETIME_SECONDS, signToken } from "#mock/core/auth.ts";

export interface Who {
  _id: string;
  username: string;
}

export interface BadToken {
  name: string;
  header: string;
}

const DAY = 24 * 3600 * 1000;
const json64 = (value: unknown) => base64url.encode(JSON.stringify(value));
const parts = (token: string) => token.split(".") as [string, string, string];
const seconds = () => Math.floor(Date.now() / 1000);

/** Tokens that fail verification: each must get 401 'The token is invalid. Unauthorized access error.' */
export async function badTokens(me: Who, other: Who, myToken: string): Promise<BadToken[]> {
  const [head, body, sig] = parts(myToken);
  const claims = { _id: me._id, username: me.username, iat: seconds(), exp: seconds() + TOKEN_LIFETIME_SECONDS };
  const hs256 = (payload: object) => json64({ alg: "HS256", typ: "JWT" }) + "." + json64(payload);
  const signWith = (secret: string, alg = "HS256") =>
    new SignJWT({ _id: me._id, username: me.username })
      .setProtectedHeader({ alg, typ: "JWT" })
      .setIssuedAt()
      .setExpirationTime("7d")
      .sign(new TextEncoder().encode(secret));

  return [
    // Expired: genuine signatures, past their exp.
    { name: "expired a day ago (signed by the mock)", header: await signToken(me, Date.now() - TOKEN_LIFETIME_SECONDS * 1000 - DAY) },
    { name: "expired two seconds ago", header: await signToken(me, Date.now() - TOKEN_LIFETIME_SECONDS * 1000 - 2000) },
    { name: "expired, sent as Bearer", header: "Bearer " + (await signToken(me, Date.now() - 30 * DAY)) },
    // alg: none and algorithm confusion.
    {
      name: "alg: none, unsigned (jose UnsecuredJWT)",
      header: new UnsecuredJWT({ _id: me._id, username: me.username }).setIssuedAt().setExpirationTime("7d").encode(),
    },
    {
      name: "alg: none naming another user",
      header: new UnsecuredJWT({ _id: other._id, username: other.username }).setExpirationTime("7d").encode(),
    },
    { name: "alg: none, keeping the real signature", header: `${json64({ alg: "none", typ: "JWT" })}.${body}.${sig}` },
    { name: "alg: None, unsigned", header: `${json64({ alg: "None", typ: "JWT" })}.${body}.` },
    { name: "alg: NONE, no signature segment", header: `${json64({ alg: "NONE" })}.${body}` },
    { name: "alg: HS256 with the signature removed", header: `${head}.${body}.` },
    { name: "alg: RS256 label on the HMAC signature", header: `${json64({ alg: "RS256", typ: "JWT" })}.${body}.${sig}` },
    { name: "alg: HS512 label on the HS256 signature", header: `${json64({ alg: "HS512", typ: "JWT" })}.${body}.${sig}` },
    // Wrong secret.
    { name: "HS256 with a wrong secret", header: await signWith("not-the-secret") },
    { name: "HS256 with the secret's first half", header: await signWith("moments-mock-api-fixed-secret") },
    { name: "HS512 with a wrong secret", header: await signWith("not-the-secret-either-but-long-enough-for-hs512-keys-64b", "HS512") },
    {
      name: "wrong secret, naming another user",
      header: await new SignJWT({ ...other })
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime("7d")
        .sign(new TextEncoder().encode("guess")),
    },
    // Tampered: a real signature over a different payload or header.
    {
      name: "payload naming another user, original signature",
      header: `${head}.${json64({ ...claims, _id: other._id, username: other.username })}.${sig}`,
    },
    {
      name: "payload naming another username only, original signature",
      header: `${head}.${json64({ ...claims, username: other.username })}.${sig}`,
    },
    {
      name: "payload with exp pushed a year out, original signature",
      header: `${head}.${json64({ ...claims, exp: seconds() + 365 * 86400 })}.${sig}`,
    },
    { name: "payload with _id as a number, original signature", header: `${head}.${json64({ ...claims, _id: 1 })}.${sig}` },
    { name: "payload re-encoded with padding, original signature", header: `${head}.${body}==.${sig}` },
    { name: "header with a kid added, original signature", header: `${json64({ alg: "HS256", typ: "JWT", kid: "x" })}.${body}.${sig}` },
    {
      name: "signature with one character changed",
      header: `${head}.${body}.${sig.slice(0, 10)}${sig[10] === "A" ? "B" : "A"}${sig.slice(11)}`,
    },
    { name: "my payload with another user's genuine signature", header: `${head}.${body}.${parts(await signToken(other))[2]}` },
    { name: "my header and payload, unsigned claims of HS256", header: `${hs256({ ...claims, _id: other._id })}.` },
    // Truncated.
    { name: "last character cut", header: myToken.slice(0, -1) },
    { name: "cut in half", header: myToken.slice(0, myToken.length >> 1) },
    { name: "header and payload only", header: `${head}.${body}` },
    { name: "header only", header: head },
    { name: "signature only", header: sig },
    // Garbage and wrappers.
    { name: "garbage word", header: "garbage" },
    { name: "three dots", header: "..." },
    { name: "a.b.c", header: "a.b.c" },
    { name: "10,000 characters", header: "A".repeat(10_000) },
    { name: "latin-1 text", header: "t\u00e9t\u00e9" },
    { name: "the payload as plain JSON", header: JSON.stringify(claims) },
    { name: "the payload alone, base64url", header: body },
    { name: "five segments (JWE-like)", header: `${myToken}.${sig}.${sig}` },
    { name: "an extra segment appended", header: `${myToken}.x` },
    { name: "a space inside the token", header: `${head}.${body} .${sig}` },
    { name: "Bearer garbage", header: "Bearer garbage" },
    { name: "Bearer Bearer <valid token>", header: `Bearer Bearer ${myToken}` },
    { name: "two valid tokens", header: `${myToken} ${myToken}` },
    { name: "Basic credentials", header: "Basic " + btoa("guest:guest1234") },
  ];
}
