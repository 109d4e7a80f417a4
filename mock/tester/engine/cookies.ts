// The run's cookie jar, as postman-runtime keeps one (Newman's `request.jar()`): tough-cookie's
// CookieJar, loose, over its MemoryCookieStore. Each answer's Set-Cookie goes in (pm.sendRequest's
// too), each request carries the Cookie header the jar makes for its URL, and a script's
// pm.cookies.jar() calls are answered by the same store (sandbox.ts). Domain, path, expiry and
// secure rules are tough-cookie's. Ours is the bound: the store holds BOUNDS.jarCookies cookies
// of BOUNDS.cookieChars at most, and counts what it holds; a change looks up its own
// domain/path/key in the store's index, so it costs the same however many cookies it holds.
import { CookieJar, MemoryCookieStore, type Cookie } from "@postman/tough-cookie";
import { BOUNDS } from "./limits";
import { hostlessPath } from "../collection/urls";

type Callback = (error: Error | null, result?: unknown) => void;

const count = (n: number) => n.toLocaleString("en-US");

/** A store method's answer by its callback or, called without one, as a promise (tough-cookie's Store takes both). */
function answer(cb: Callback | undefined, run: (done: Callback) => void): Promise<unknown> | undefined {
  if (typeof cb === "function") return void run(cb);
  return new Promise((resolve, reject) => run((error, result) => (error ? reject(error) : resolve(result))));
}

/** tough-cookie's MemoryCookieStore, bounded: it counts the cookies it holds and refuses one past the jar's bounds. */
export class JarStore extends MemoryCookieStore {
  /** How many cookies it holds. */
  size = 0;

  private holds(domain: unknown, path: unknown, key: unknown): boolean {
    return Boolean(this.idx[String(domain)]?.[String(path)]?.[String(key)]);
  }

  /** Why a cookie may not go in (its size, or a full jar), or undefined. */
  private refusal(cookie: Cookie): string | undefined {
    if (String(cookie.key ?? "").length + String(cookie.value ?? "").length > BOUNDS.cookieChars)
      return `a cookie's name and value may hold ${count(BOUNDS.cookieChars)} characters (the bound)`;
    if (this.size >= BOUNDS.jarCookies && !this.holds(cookie.domain, cookie.path, cookie.key))
      return `the jar holds ${count(BOUNDS.jarCookies)} cookies (the bound)`;
    return undefined;
  }

  /** How many cookies it would hold with `cookie` in. */
  sizeWith(cookie: Cookie): number {
    return this.holds(cookie.domain, cookie.path, cookie.key) ? this.size : this.size + 1;
  }

  override putCookie(cookie: Cookie, cb?: Callback): Promise<unknown> | undefined {
    return answer(cb, (done) => {
      const why = this.refusal(cookie);
      if (why) return done(new Error(why));
      const added = !this.holds(cookie.domain, cookie.path, cookie.key);
      super.putCookie(cookie, (error) => {
        if (!error && added) this.size++;
        done(error);
      });
    });
  }

  override removeCookie(domain: string, path: string, key: string, cb?: Callback): Promise<unknown> | undefined {
    return answer(cb, (done) => {
      const held = this.holds(domain, path, key);
      super.removeCookie(domain, path, key, (error) => {
        if (!error && held) this.size--;
        done(error);
      });
    });
  }

  override removeCookies(domain: string, path: string | null, cb?: Callback): Promise<unknown> | undefined {
    return answer(cb, (done) => {
      const paths = this.idx[domain] ?? {};
      let gone = 0;
      for (const at of path ? [path] : Object.keys(paths)) gone += Object.keys(paths[at] ?? {}).length;
      super.removeCookies(domain, path, (error) => {
        if (!error) this.size -= gone;
        done(error);
      });
    });
  }

  override removeAllCookies(cb?: Callback): Promise<unknown> | undefined {
    return answer(cb, (done) =>
      super.removeAllCookies((error) => {
        if (!error) this.size = 0;
        done(error);
      }),
    );
  }
}

// A jar's toJSON names its store by its constructor's name: a JarStore is tough-cookie's MemoryCookieStore,
// bounded, and is written as one (a bundler may rename the class), as Newman writes its jar.
Object.defineProperty(JarStore, "name", { value: "MemoryCookieStore" });

/** The run's jar: tough-cookie's CookieJar over a JarStore. */
export type RunJar = CookieJar & { store: JarStore };

/** A new, empty jar, loose as Newman's (postman-request's `jar()`). */
export function runJar(): RunJar {
  return new CookieJar(new JarStore(), { looseMode: true }) as RunJar;
}

/**
 * A jar from tough-cookie's JSON (a jar's toJSON, what Newman's --export-cookie-jar writes), as Newman's
 * --cookie-jar reads it (CookieJar.fromJSON: its options from the file, loose only when it says so), its
 * cookies put in a JarStore: past the jar's bounds it throws, as it does for a file that is no jar.
 */
export function jarFromJSON(text: string): RunJar {
  return CookieJar.fromJSON(text, new JarStore()) as RunJar;
}

/**
 * A request's URL as the jar reads it: a path alone is on the run's target, http://localhost. So is a URL
 * with no host, as postman-url-encoder writes a path (`http:///api/x`), which a URL parser would read as
 * the host `api` and the path `/x`: a cookie's Path=/api would then never match.
 */
function jarUrl(url: string): string {
  const path = hostlessPath(url);
  if (path !== undefined) return `http://localhost${path}`;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  return url.startsWith("/") ? `http://localhost${url}` : `http://${url}`;
}

export { splitSetCookie } from "../../core/web-raw";

/**
 * Each Set-Cookie of an answer to `url` into the jar, as postman-request puts them (an invalid one
 * ignored); one past the jar's bounds is dropped, as a browser drops it.
 */
export function keepSetCookies(jar: RunJar, url: string, headers: string[], now?: Date): void {
  for (const header of headers) {
    try {
      jar.setCookieSync(header, jarUrl(url), { ignoreError: true, ...(now ? { now } : {}) });
    } catch {
      // Refused by the store's bounds.
    }
  }
}

/** The Cookie header the jar makes for `url`, or undefined when none applies. */
export function cookieHeader(jar: RunJar, url: string, now?: Date): string | undefined {
  try {
    return jar.getCookieStringSync(jarUrl(url), now ? { now } : {}) || undefined;
  } catch {
    return undefined;
  }
}

/** A cookie as postman-runtime's requester hands it to a script (postman-collection's Cookie, as JSON). */
export function postmanCookieOf(cookie: Cookie): Record<string, unknown> & { name: string; value: string } {
  const expires = cookie.expiryTime();
  const json = cookie.toJSON();
  return {
    name: cookie.key,
    value: cookie.value,
    expires: Number.isFinite(expires) ? new Date(expires).toISOString() : null,
    // None given crosses as null, read 0 as postman-runtime's Cookie (Number(undefined) crossed as JSON) has it.
    maxAge: json.maxAge ?? null,
    domain: cookie.domain,
    path: cookie.path,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    hostOnly: cookie.hostOnly,
    extensions: cookie.extensions,
  };
}

/** The cookies the jar holds for `url` (pm.cookies, pm.sendRequest's history), as postman-runtime lists them. */
export function cookiesFor(jar: RunJar, url: string): Array<ReturnType<typeof postmanCookieOf>> {
  try {
    return jar.getCookiesSync(jarUrl(url)).map(postmanCookieOf);
  } catch {
    return [];
  }
}
