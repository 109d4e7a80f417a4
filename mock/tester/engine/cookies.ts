// The run's cookie jar, as Newman keeps one: each answer's Set-Cookie goes in, each
// request (pm.sendRequest's too) carries the cookies whose path it is under, and
// scripts read and change them as pm.cookies. A run sends to one target, so the
// jar holds that target's cookies: a Domain attribute is not compared.

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

  constructor(private readonly now: () => number = Date.now) {}

  private key = (cookie: { name: string; path: string }) => `${cookie.path}\n${cookie.name}`;

  /** One Set-Cookie header from an answer to `url`. */
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
    if (cookie.expires !== undefined && cookie.expires <= this.now()) this.cookies.delete(this.key(cookie));
    else this.cookies.set(this.key(cookie), cookie);
  }

  /** Every Set-Cookie of an answer. */
  setAll(url: string, headers: string[]): void {
    for (const header of headers) this.set(url, header);
  }

  /** A script's change (pm.cookies.jar().set / unset): null removes. */
  change(url: string, name: string, value: string | null): void {
    const path = "/";
    for (const [key, cookie] of this.cookies) if (cookie.name === name && pathMatches(pathOf(url), cookie.path)) this.cookies.delete(key);
    if (value !== null) this.cookies.set(this.key({ name, path }), { name, value, path });
  }

  /** The cookies a request to `url` carries, longest path first (RFC 6265 order). */
  for(url: string): Array<{ name: string; value: string }> {
    const path = pathOf(url);
    const now = this.now();
    const out: Cookie[] = [];
    for (const [key, cookie] of this.cookies) {
      if (cookie.expires !== undefined && cookie.expires <= now) this.cookies.delete(key);
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
