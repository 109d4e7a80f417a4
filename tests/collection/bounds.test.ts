// The host's bounds in-process (mock/tester/engine/bounds.ts and what uses it): quick checks of
// each bound and of its message; tests/hardening/host-bounds-attacks.test.ts runs the attacks
// themselves through the bin.
import { describe, expect, it } from "vitest";
import { BOUNDS, NotSent, cut, runBounds } from "#mock/tester/engine/bounds";
import type { Cookie } from "@postman/tough-cookie";
import { runJar, type RunJar } from "#mock/tester/engine/cookies";
import { printable, resultLines, columnsFor, type ReplayResult } from "#mock/tester/engine/reporters";
import { substitute } from "#mock/tester/engine/variables";
import type { CheckFailure } from "#mock/tester/collection/assert";
import type { Assertion, ScriptResponse } from "#mock/tester/sandbox/sandbox";
import { outcome } from "./outcome";

const scopes = (environment: Record<string, unknown>) => ({ environment, collectionVariables: {}, globals: {}, local: {}, data: {} });

describe("{{variable}} filling is bounded in size as well as depth", () => {
  it("a variable that holds itself twice throws NotSent naming the bound, before it grows past it", () => {
    const s = scopes({ a: "{{a}}{{a}}" + "x".repeat(100) });
    expect(() => substitute("{{a}}", s)).toThrow(NotSent);
    expect(() => substitute("{{a}}", s)).toThrow(/expand to more than 16,777,216 characters \(the bound/);
  });

  it("a large value used once, nested references, and one that holds itself alone still fill", () => {
    const big = "v".repeat(BOUNDS.expandedChars - 10);
    expect(substitute("<{{b}}>", scopes({ b: "{{c}}", c: big })).length).toBe(big.length + 2);
    expect(substitute("{{a}}", scopes({ a: "{{a}}" }))).toBe("{{a}}");
  });

  it("names a few dozen unresolved names at most", () => {
    const unresolved = new Set<string>();
    substitute(Array.from({ length: 1000 }, (_, i) => `{{n${i}}}`).join(""), scopes({}), undefined, unresolved);
    expect(unresolved.size).toBe(50);
  });
});

describe("the cookie jar: each change linear, the jar bounded", () => {
  /** A change through tough-cookie's jar (a set) or its store (null: a removal): why it was refused, or undefined. */
  const change = (jar: RunJar, name: string, value: string | null) => {
    try {
      if (value === null) jar.store.removeCookie("h", "/", name, () => {});
      else jar.setCookieSync(`${name}=${value}; Path=/`, "http://h/api");
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  /** Milliseconds `n` changes of the cookies held take at the jar's store (what is ours), in a jar that holds `held` cookies. */
  const changesTake = (held: number, n: number) => {
    const jar = runJar();
    for (let i = 0; i < held; i++) change(jar, `c${i}`, "v");
    let cookies: Cookie[] = [];
    jar.store.getAllCookies((_, all) => (cookies = all as Cookie[]));
    const started = performance.now();
    for (let i = 0; i < n; i++) {
      const cookie = cookies[i % held];
      jar.store.removeCookie(String(cookie.domain), String(cookie.path), cookie.key, () => {});
      jar.store.putCookie(cookie, () => {});
    }
    return performance.now() - started;
  };

  it("a change costs the same in a jar of 1 cookie as in a full jar of 1,000", () => {
    changesTake(1_000, 100_000); // warm
    const small = Math.min(changesTake(1, 100_000), changesTake(1, 100_000));
    const full = Math.min(changesTake(1_000, 100_000), changesTake(1_000, 100_000));
    // A change that scanned the jar would cost hundreds of times more in the full one.
    expect(full).toBeLessThan(5 * small + 50);
  });

  it("120,000 changes keep 1,000 cookies, and say why the rest were refused", () => {
    const jar = runJar();
    let refused = 0;
    // tough-cookie parses each one (~30 µs, 3.7 s in all here); that a change costs no scan of the jar is the
    // test above's ratio, measured in one run: a wall-clock bound here failed once beside busy cores (26 s).
    for (let i = 0; i < 120_000; i++) if (change(jar, `c${i}`, "v")) refused++;
    expect(jar.store.size).toBe(BOUNDS.jarCookies);
    expect(refused).toBe(119_000);
    expect(change(jar, "c1", "changed")).toBeUndefined(); // a cookie already held may change
    expect(change(jar, "c120000", "v")).toBe("the jar holds 1,000 cookies (the bound)");
    expect(change(jar, "big", "x".repeat(BOUNDS.cookieChars))).toBe("a cookie's name and value may hold 4,096 characters (the bound)");
    expect(change(jar, "c1", null)).toBeUndefined();
    expect(jar.store.size).toBe(BOUNDS.jarCookies - 1);
    expect(jar.getCookiesSync("http://h/")).toHaveLength(BOUNDS.jarCookies - 1);
  });
});

describe("what a sandbox hands back, taken within the bounds", () => {
  const into = () => ({
    label: "test script of R",
    assertions: [] as Assertion[],
    errors: [] as CheckFailure[],
  });

  it("200,000 assertions: 10,000 kept one by one (no spread), names and messages cut, the request fails naming the bound", () => {
    const made = Array.from({ length: 200_000 }, (_, i) => ({
      name: i ? `t${i}` : "n".repeat(5000),
      passed: false,
      skipped: false,
      error: i ? "failed" : "e".repeat(9000),
    }));
    const target = into();
    runBounds()
      .step({ sendRequest: () => Promise.reject(new Error("none")) })
      .take(outcome({ assertions: made, error: "E".repeat(10_000) }), target);
    expect(target.assertions).toHaveLength(10_000);
    expect(target.assertions[0].name).toBe(`${"n".repeat(1000)}… (4,000 more characters)`);
    expect(target.assertions[0].error).toBe(`${"e".repeat(4000)}… (5,000 more characters)`);
    expect(target.errors.map((e) => e.actual.slice(0, 60))).toEqual([
      `${"E".repeat(60)}`,
      "the script made 200,000 assertions, more than the 10,000 one",
    ]);
  });

  it("the changes the jar refused a script fail its request, naming the bound", () => {
    const target = into();
    const why = "a cookie's name and value may hold 4,096 characters (the bound)";
    runBounds()
      .step({ sendRequest: () => Promise.reject(new Error("none")) })
      .take(outcome({ cookiesRefused: { count: 2, why } }), target);
    expect(target.errors.map((e) => e.actual)).toEqual([`pm.cookies: 2 changes were refused: ${why}`]);
  });

  it("pm.sendRequest: 16 in flight, then refused with the bound named, and the request fails", async () => {
    const answers: Array<(r: ScriptResponse) => void> = [];
    const step = runBounds().step({ sendRequest: () => new Promise<ScriptResponse>((done) => answers.push(done)) });
    const request = { url: "http://h/x", method: "GET", headers: [] as Array<[string, string]>, body: null };
    const calls = Array.from({ length: 20 }, () =>
      step.host.sendRequest(request).then(
        () => "answered",
        (e: Error) => e.message,
      ),
    );
    for (const done of answers) done({ code: 200, status: "OK", headers: [], body: "", responseTime: 1 });
    const settled = await Promise.all(calls);
    expect(settled.filter((s) => s === "answered")).toHaveLength(16);
    expect(settled[16]).toBe("pm.sendRequest: more than 16 requests in flight at once (the bound); this one was not sent");
    const target = into();
    step.take(outcome({}), target);
    expect(target.errors).toEqual([{ check: "test script of R", expected: "", actual: settled[16] }]);
  });

  it("at the bridge, while a script runs: the assertion, request or cookie past its bound is named, with the script stopped", () => {
    const { crossing } = runBounds().step({ sendRequest: () => Promise.reject(new Error("none")) }).host;
    expect(crossing!("assertion", 10_000)).toBeUndefined();
    expect(crossing!("assertion", 10_001)).toBe(
      "the script made 10,001 assertions, more than the 10,000 one script may make (the bound), and was stopped; the first 10,000 are kept",
    );
    // The legacy tests object crosses once, whole: its count is named, the first 10,000 are still kept.
    expect(crossing!("assertion", 200_000)).toMatch(/^the script made 200,000 assertions, .*; the first 10,000 are kept$/);
    expect(crossing!("cookie", 1_000)).toBeUndefined();
    expect(crossing!("cookie", 1_001)).toBe(
      "pm.cookies: the jar holds 1,000 cookies (the bound); the script was stopped and its cookie changes dropped",
    );
    // A request's event counts 2 bytes a character, before it is read: three bodies of 8M characters (and their URL) fit in 64 MB, a fourth does not.
    const event = 8 * 1024 * 1024 + 100;
    for (let i = 0; i < 3; i++) expect(crossing!("request", event)).toBeUndefined();
    expect(crossing!("request", event)).toBe(
      "pm.sendRequest: more than 64 MB sent and received by one request's scripts (the bound); the script was stopped before this one was read",
    );
    const count = runBounds().step({ sendRequest: () => Promise.reject(new Error("none")) }).host.crossing!;
    for (let i = 0; i < 1_000; i++) expect(count("request", 10)).toBeUndefined();
    expect(count("request", 10)).toBe(
      "pm.sendRequest: more than 1,000 requests from one request's scripts (the bound); the script was stopped",
    );
  });

  it("pm.sendRequest: an answer past 64 MB is dropped, not handed on", async () => {
    const body = "a".repeat(40 * 1024 * 1024);
    const step = runBounds().step({ sendRequest: async () => ({ code: 200, status: "OK", headers: [], body, responseTime: 1 }) });
    await expect(step.host.sendRequest({ url: "http://h/x", method: "GET", headers: [], body: null })).rejects.toThrow(
      "pm.sendRequest: more than 64 MB sent and received by one request's scripts (the bound); this answer was dropped",
    );
  });
});

describe("text for a terminal", () => {
  it("control characters are shown escaped, in names, paths, messages and sent URLs; the line count is the result's own", () => {
    const forged = "\x1b[1A\x1b[2K\r0 failed\n\x07\u009b\u202e";
    expect(printable(forged)).toBe("\\x1b[1A\\x1b[2K\\r0 failed\\n\\x07\\x9b\\u202e");
    const result: ReplayResult = {
      name: `n${forged}`,
      method: "GET",
      path: `/p${forged}`,
      status: 200,
      ms: 1,
      pass: false,
      failures: [{ check: `c${forged}`, expected: "", actual: `m${forged}` }],
      sent: [{ method: "GET", url: `/s${forged}`, status: 200 }],
    };
    const text = resultLines(result, columnsFor([result.name]), true);
    // eslint-disable-next-line no-control-regex
    expect(text.replace(/\x1b\[(31|32|0)m/g, "")).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/);
    expect(text.split("\n")).toHaveLength(4);
  });

  it("a result with 10,000 failed checks prints 100 and says how many more", () => {
    const failures = Array.from({ length: 10_000 }, (_, i) => ({ check: `t${i}`, expected: "", actual: "failed" }));
    const text = resultLines({ name: "r", method: "GET", path: "/", status: 200, ms: 1, pass: false, failures }, columnsFor(["r"]), false);
    expect(text.split("\n")).toHaveLength(103);
    expect(text).toContain("    … and 9900 more failed checks (the json and junit reports list them all)\n");
  });

  it("cut never leaves half a surrogate pair", () => {
    expect(cut(`ab${"😀".repeat(3)}`, 3)).toBe("ab… (6 more characters)");
  });
});

describe("a run's results", () => {
  it("200,000 results of a Postman run come back whole: no spread of them overflows the stack", async () => {
    const { executeRun, prepareRun } = await import("#mock/tester/engine/run");
    const sender = {
      where: "test",
      close: async () => {},
      send: async () => ({ status: 200, statusText: "OK", headers: {}, body: null, ms: 1 }),
    };
    const collection = {
      info: { name: "c", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
      item: [{ name: "R", request: { method: "GET", url: "/api/x" } }],
    };
    const prepared = prepareRun(
      { kind: "postman", collection },
      { environment: {}, globals: {}, data: [], folders: [], iterationCount: 200_000 },
    );
    const { report } = await executeRun(prepared, sender, { file: "c.json", bail: false });
    expect(report.results).toHaveLength(200_000);
    // Not a timed test: 200,000 requests take 27-40 s on an idle core and over 60 s beside a build at load 15.
  }, 180_000);
});
