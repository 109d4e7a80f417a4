// The part of @postman/tough-cookie (the fork postman-runtime and postman-sandbox use; it ships
// no types) that the run's jar (engine/cookies.ts), the script bridge (sandbox/sandbox.ts) and
// /mockman's Cookies tab (app/mockman/components/CookieTable.tsx) call.
declare module "@postman/tough-cookie" {
  /** A store method's callback (the store's methods also answer by a promise when given none). */
  type Callback = (error: Error | null, result?: unknown) => void;

  export class Cookie {
    key: string;
    value: string;
    domain: string | null;
    path: string | null;
    secure: boolean;
    httpOnly: boolean;
    hostOnly: boolean | null;
    maxAge: number | "Infinity" | "-Infinity" | null;
    extensions: string[] | null;
    /** "strict", "lax" or "none" as given, else undefined. */
    sameSite?: string;
    static parse(text: string, options?: { loose?: boolean }): Cookie | null | undefined;
    static fromJSON(json: unknown): Cookie | null;
    toJSON(): Record<string, unknown>;
    /** Epoch ms it expires at (Infinity for a session cookie). */
    expiryTime(now?: Date): number;
  }

  /** RFC 6265 §5.1.4: the path a cookie without Path gets from its request's path. */
  export function defaultPath(path: string): string;

  export class Store {
    synchronous: boolean;
    findCookie(domain: string, path: string, key: string, cb: Callback): void;
    findCookies(domain: string, path: string | null, allowSpecialUseDomain: boolean, cb: Callback): void;
    putCookie(cookie: Cookie, cb: Callback): void;
    updateCookie(oldCookie: Cookie, newCookie: Cookie, cb: Callback): void;
    removeCookie(domain: string, path: string, key: string, cb: Callback): void;
    removeCookies(domain: string, path: string | null, cb: Callback): void;
    removeAllCookies(cb: Callback): void;
    getAllCookies(cb: Callback): void;
  }

  export class MemoryCookieStore extends Store {
    /** Its index: domain, then path, then key. */
    idx: Record<string, Record<string, Record<string, Cookie>>>;
  }

  export interface SetCookieOptions {
    loose?: boolean;
    ignoreError?: boolean;
    now?: Date;
  }

  export interface GetCookiesOptions {
    now?: Date;
    http?: boolean;
    secure?: boolean;
  }

  export class CookieJar {
    constructor(store?: Store, options?: { looseMode?: boolean; rejectPublicSuffixes?: boolean });
    store: Store;
    setCookieSync(cookie: string | Cookie, url: string, options?: SetCookieOptions): Cookie | undefined;
    getCookiesSync(url: string, options?: GetCookiesOptions): Cookie[];
    getCookieStringSync(url: string, options?: GetCookiesOptions): string;
    /** The jar as JSON (serializeSync): its options and every cookie of its store. */
    toJSON(): Record<string, unknown> & { cookies: Array<Record<string, unknown>> };
    /** deserializeSync: a jar from toJSON's output (text or object), its cookies put in `store` (a MemoryCookieStore when none). */
    static fromJSON(json: string | object, store?: Store): CookieJar;
  }
}
