// The run's cookie jar, as Newman keeps one: each answer's Set-Cookie goes in, each
// request (pm.sendRequest's too) carries the cookies whose path it is under, and
// scripts read and change them as pm.cookies. A run sends to one target, so the
// jar holds that target's cookies: a Domain attribute is not compared. It is bounded
// (BOUNDS.jarCookies cookies of BOUNDS.cookieChars at most), and a change costs the same
// however many cookies it holds.
import { BOUNDS } from "./limits";

export interface Cookie {
  name: string;
  value: string;
  path: string;
  /** Epoch ms; undefined for a session cookie. */
  expires?: number;
}

/** Splits a header that joined several Set-Cookie values with ", " (a comma before the next name=). */
export function splitSetCookie(header: string): string[] {
  return header.split(/,(?=\s*[^;,=\s]+=)/).map((part) => part.trim());
}

const pathOf = (url: string) => {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").replace(/[?#].*$/, "");
  return path.startsWith("/") ? path : `/${path}`;
};

/** RFC 6265's default path: the request path up to its last slash. */
const defaultPath = (url: string) => {
  const path = pathOf(url);
  const cut = path.lastIndexOf("/");
  return cut <= 0 ? "/" : path.slice(0, cut);
};

const pathMatches = (requestPath: string, cookiePath: string) =>
  requestPath === cookiePath ||
  (requestPath.startsWith(cookiePath) && (cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/"));

export class CookieJar {
  private readonly cookies = new Map<string, Cookie>();
  /** The keys of the cookies of each name: a change looks at those, never at the whole jar. */
  private readonly byName = new Map<string, Set<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  private key = (cookie: { name: string; path: string }) => `${cookie.path}\n${cookie.name}`;

  /** How many cookies it holds. */
  get size(): number {
    return this.cookies.size;
  }

  /** Why a cookie may not go in (its size, or a full jar), or undefined. */
  private refusal(cookie: Cookie): string | undefined {
    if (cookie.name.length + cookie.value.length > BOUNDS.cookieChars)
      return `a cookie's name and value may hold ${BOUNDS.cookieChars.toLocaleString("en-US")} characters (the bound)`;
    if (this.cookies.size >= BOUNDS.jarCookies && !this.cookies.has(this.key(cookie)))
      return `the jar holds ${BOUNDS.jarCookies.toLocaleString("en-US")} cookies (the bound)`;
    return undefined;
  }

  private put(cookie: Cookie): string | undefined {
    const why = this.refusal(cookie);
    if (why) return why;
    const key = this.key(cookie);
    this.cookies.set(key, cookie);
    let keys = this.byName.get(cookie.name);
    if (!keys) this.byName.set(cookie.name, (keys = new Set()));
    keys.add(key);
    return undefined;
  }

  private remove(key: string): void {
    const cookie = this.cookies.get(key);
    if (!cookie) return;
    this.cookies.delete(key);
    const keys = this.byName.get(cookie.name);
    keys?.delete(key);
    if (keys && !keys.size) this.byName.delete(cookie.name);
  }

  /** One Set-Cookie header from an answer to `url` (past the jar's bounds it is dropped, as a browser drops it). */
  set(url: string, header: string): void {
    const [pair, ...attributes] = header.split(";");
    const eq = pair.indexOf("=");
    if (eq <= 0) return;
    const cookie: Cookie = { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), path: defaultPath(url) };
    for (const attribute of attributes) {
      const at = attribute.indexOf("=");
      const name = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
      const value = at < 0 ? "" : attribute.slice(at + 1).trim();
      if (name === "path" && value.startsWith("/")) cookie.path = value;
      else if (name === "max-age" && /^-?\d+$/.test(value)) cookie.expires = this.now() + Number(value) * 1000;
      else if (name === "expires" && cookie.expires === undefined) {
        const when = Date.parse(value);
        if (!Number.isNaN(when)) cookie.expires = when;
      }
    }
    if (cookie.expires !== undefined && cookie.expires <= this.now()) this.remove(this.key(cookie));
    else this.put(cookie);
  }

  /** Every Set-Cookie of an answer. */
  setAll(url: string, headers: string[]): void {
    for (const header of headers) this.set(url, header);
  }

  /**
   * A script's change (pm.cookies.jar().set / unset): null removes. Looks only at the cookies of
   * that name, so 120,000 changes cost 120,000 steps, not 120,000 scans of the jar. Returns why
   * a cookie was refused (the jar's bounds), or undefined.
   */
  change(url: string, name: string, value: string | null): string | undefined {
    const path = "/";
    const requestPath = pathOf(url);
    for (const key of [...(this.byName.get(name) ?? [])]) {
      const cookie = this.cookies.get(key)!;
      if (pathMatches(requestPath, cookie.path)) this.remove(key);
    }
    return value === null ? undefined : this.put({ name, value, path });
  }

  /** The cookies a request to `url` carries, longest path first (RFC 6265 order). */
  for(url: string): Array<{ name: string; value: string }> {
    const path = pathOf(url);
    const now = this.now();
    const out: Cookie[] = [];
    for (const [key, cookie] of this.cookies) {
      if (cookie.expires !== undefined && cookie.expires <= now) this.remove(key);
      else if (pathMatches(path, cookie.path)) out.push(cookie);
    }
    return out.sort((a, b) => b.path.length - a.path.length).map(({ name, value }) => ({ name, value }));
  }

  /** The Cookie header for `url`, or undefined when none applies. */
  header(url: string): string | undefined {
    const cookies = this.for(url);
    return cookies.length ? cookies.map((c) => `${c.name}=${c.value}`).join("; ") : undefined;
  }
}
