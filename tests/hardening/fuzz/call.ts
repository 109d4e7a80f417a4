// A generated request is plain data (a Call) that names ids and tokens by
// position ("post #3"), so it can be shrunk, printed short, and replayed on any
// world. `toRequest` turns it into a real Request against the current world.
import { ids, nth, type World } from "./world";

/** A string, or a long one kept short in print: `{repeat: "a", n: 100000}`. */
export type Str = string | { repeat: string; n: number };
export type Json =
  | { t: "v"; v: null | boolean | number }
  | { t: "s"; v: Str }
  /** A JSON number token JavaScript cannot write itself, such as 1e999 or -0. */
  | { t: "num"; v: string }
  | { t: "a"; v: Json[] }
  /** Entries, not a map: keys may repeat and may be `__proto__`. */
  | { t: "o"; v: [string, Json][] }
  /** `n` nested arrays or objects (`[[[…]]]`, `{"a":{"a":…}}`) around a value: thousands deep, kept short in print. */
  | { t: "deep"; kind: "a" | "o"; n: number; key: string; inner: Json };
export type Body = { t: "none" } | { t: "text"; v: Str } | { t: "json"; v: Json };
export type RefKind = "post" | "user" | "username" | "comment" | "todo";
export type Param = { t: "ref"; of: RefKind; n: number } | { t: "raw"; v: Str; encode: boolean };
export type Mangle = "none" | "cut" | "flip" | "junk";
export type Auth = { t: "none" } | { t: "token"; n: number; bearer: boolean; mangle: Mangle } | { t: "header"; v: string };

export interface Call {
  method: string;
  /** A route template (`/api/posts/like/:postId`) or any path. */
  path: string;
  params: Param[];
  query: string;
  body: Body;
  auth: Auth;
  contentType: string | null;
  /** Extra headers, any name and value; those no client could send are refused by `new Request` (the call is skipped). */
  headers?: [string, string][];
  /** Sent this many times at once (a double click), not one after another. */
  burst: number;
  /** Which tab sends it, when two tabs share one store. */
  tab: number;
}

/** What another door does to the same mock between requests: the CLI's reset and import, another tab's reload. */
export interface Op {
  op: "reset" | "reload" | "reimport";
}
export type Step = Call | Op;

export const str = (s: Str): string => (typeof s === "string" ? s : s.repeat.repeat(s.n));

export function jsonText(j: Json): string {
  switch (j.t) {
    case "v":
      return JSON.stringify(j.v) ?? "null";
    case "num":
      return j.v;
    case "s":
      return JSON.stringify(str(j.v));
    case "a":
      return `[${j.v.map(jsonText).join(",")}]`;
    case "o":
      return `{${j.v.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}`;
    case "deep":
      return j.kind === "a"
        ? "[".repeat(j.n) + jsonText(j.inner) + "]".repeat(j.n)
        : `{${JSON.stringify(j.key)}:`.repeat(j.n) + jsonText(j.inner) + "}".repeat(j.n);
  }
}

const showStr = (s: Str) =>
  typeof s === "string" ? JSON.stringify(s.length > 60 ? s.slice(0, 40) + "…" : s) : `${JSON.stringify(s.repeat)}×${s.n}`;

function showJson(j: Json): string {
  if (j.t === "s") return showStr(j.v);
  if (j.t === "a") return `[${j.v.map(showJson).join(",")}]`;
  if (j.t === "o") return `{${j.v.map(([k, v]) => `${JSON.stringify(k)}:${showJson(v)}`).join(",")}}`;
  if (j.t === "deep") return `${j.kind === "a" ? "[" : `{${JSON.stringify(j.key)}:`}×${j.n} ${showJson(j.inner)}`;
  return jsonText(j);
}

const showParam = (p: Param) => (p.t === "ref" ? `{${p.of}#${p.n}}` : `${p.encode ? "enc" : "raw"}(${showStr(p.v)})`);

export function showCall(c: Call): string {
  let i = 0;
  const path = c.path.replace(/:\w+/g, () => showParam(c.params[i++] ?? { t: "raw", v: "", encode: false }));
  const auth =
    c.auth.t === "none"
      ? "no-auth"
      : c.auth.t === "header"
        ? `auth=${JSON.stringify(c.auth.v)}`
        : `auth=token#${c.auth.n}${c.auth.bearer ? "+Bearer" : ""}${c.auth.mangle === "none" ? "" : `/${c.auth.mangle}`}`;
  const body = c.body.t === "none" ? "" : c.body.t === "text" ? ` text=${showStr(c.body.v)}` : ` json=${showJson(c.body.v)}`;
  const headers = (c.headers ?? [])
    .map(([n, v]) => ` H(${JSON.stringify(n)}: ${JSON.stringify(v.length > 40 ? v.slice(0, 30) + "…" : v)})`)
    .join("");
  return `${c.tab ? `tab${c.tab + 1} ` : ""}${c.burst > 1 ? `${c.burst}× at once ` : ""}${c.method} ${path}${c.query} ${auth}${c.contentType ? ` ct=${c.contentType}` : ""}${headers}${body}`;
}

function resolveParam(world: World, p: Param, postId: string | undefined): string {
  if (p.t === "raw") return p.encode ? encodeURIComponent(str(p.v)) : str(p.v);
  const known = ids(world);
  const pick = (list: string[]) => encodeURIComponent(nth(list, p.n) ?? "none-yet");
  if (p.of === "comment") {
    const onPost = known.comments.filter((c) => c.postId === postId);
    return pick((onPost.length ? onPost : known.comments).map((c) => c.id));
  }
  return pick({ post: known.posts, user: known.users, username: known.usernames, todo: known.todos }[p.of]);
}

function mangle(token: string, how: Mangle): string {
  if (how === "cut") return token.slice(0, Math.max(1, token.length - 7));
  if (how === "flip") return token.slice(0, -2) + (token.at(-2) === "A" ? "B" : "A") + token.at(-1);
  if (how === "junk") return token + ".x";
  return token;
}

/** The Request a call means in this world; null when `new Request` itself refuses it (never reaches the mock). */
export function toRequest(world: World, c: Call): Request | null {
  let i = 0;
  let postId: string | undefined;
  let path: string;
  try {
    path = c.path.replace(/:(\w+)/g, (_, name: string) => {
      const value = resolveParam(world, c.params[i++] ?? { t: "raw", v: "", encode: false }, postId);
      if (name === "postId") postId = decodeURIComponentSafe(value);
      return value;
    });
  } catch {
    return null; // encodeURIComponent refuses a lone surrogate: no client could send this path
  }
  const upper = c.method.toUpperCase();
  const body =
    upper === "GET" || upper === "HEAD" || c.body.t === "none" ? undefined : c.body.t === "text" ? str(c.body.v) : jsonText(c.body.v);
  try {
    const headers = new Headers();
    for (const [name, value] of c.headers ?? []) headers.append(name, value);
    if (c.contentType) headers.set("content-type", c.contentType);
    if (c.auth.t === "header") headers.set("authorization", c.auth.v);
    if (c.auth.t === "token") {
      const token = nth(world.tokens, c.auth.n);
      if (token) headers.set("authorization", (c.auth.bearer ? "Bearer " : "") + mangle(token, c.auth.mangle));
    }
    return new Request(`http://mock.local${path}${c.query}`, { method: c.method, headers, body });
  } catch {
    return null;
  }
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
