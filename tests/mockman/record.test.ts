import { describe, expect, it } from "vitest";
import { toCollection } from "#app/mockman/lib/collection";
import { entryFor, failureLine, guestLogin } from "#app/mockman/lib/record";
import type { Outcome, TesterResponse } from "#app/mockman/lib/send";

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VybmFtZSI6Imd1ZXN0In0.c2ln";
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

const answer = (status: number, body: unknown, statusText = ""): Outcome => {
  const response: TesterResponse = { status, statusText, headers: {}, body, isJson: typeof body !== "string", ms: 3.4, size: 10 };
  return { kind: "response", response };
};

describe("Use guest token goes through the history", () => {
  it("the guest login is an ordinary POST /api/auth/login entry that keeps its token", () => {
    const login = guestLogin();
    expect(login.method).toBe("POST");
    expect(login.endpoint).toBe("/api/auth/login");
    expect(JSON.parse(login.bodyText)).toEqual({ username: "guest", password: "guest1234" });
    const entry = entryFor(login, answer(200, { encodedToken: TOKEN, foundUser: {} }, "OK"), 5);
    expect(entry).toEqual({
      sentAt: 5,
      method: "POST",
      endpoint: "/api/auth/login",
      headers: [{ isUsed: true, header: "Accept", value: "*/*" }],
      bodyText: login.bodyText,
      status: 200,
      statusText: "OK",
      ms: 3,
      size: 10,
      token: TOKEN,
    });
  });

  it("an export after it templates the token: no JWT literal in the file", () => {
    const login = entryFor(guestLogin(), answer(200, { encodedToken: TOKEN }), 1);
    const bookmarks = entryFor(
      {
        method: "GET",
        endpoint: "/api/users/bookmark",
        headers: [{ isUsed: true, header: "authorization", value: TOKEN }],
        bodyText: "{}",
      },
      answer(200, { bookmarks: [] }),
      2,
    );
    const file = toCollection([login, bookmarks]);
    expect(file.requests.map((r) => r.name)).toEqual(["post-auth-login", "get-users-bookmark"]);
    expect(file.requests[1].headers).toEqual({ authorization: "{{post-auth-login.body.encodedToken}}" });
    expect(JSON.stringify(file)).not.toMatch(JWT);
  });

  it("a failed login keeps no token, and the failure is recorded", () => {
    expect(entryFor(guestLogin(), answer(401, { errors: ["bad"] }), 1).token).toBeUndefined();
    expect(entryFor(guestLogin(), { kind: "failure", error: "TypeError: Failed to fetch", ms: 1 }, 1)).toMatchObject({
      failure: "TypeError: Failed to fetch",
    });
  });
});

describe("a failed request is logged to the console", () => {
  const url = "http://127.0.0.1:4400/api/posts/like/x";

  it("no response: method, URL and the error", () => {
    expect(failureLine("POST", url, { kind: "failure", error: "TypeError: Failed to fetch", ms: 2 })).toBe(
      `mockman: POST ${url} failed: no response (TypeError: Failed to fetch)`,
    );
  });

  it("status ≥ 400: method, URL, status and the server's message", () => {
    expect(
      failureLine("POST", url, answer(404, { errors: ["The username you entered is not Registered. Not Found error"] }, "Not Found")),
    ).toBe(`mockman: POST ${url} failed: 404 Not Found - The username you entered is not Registered. Not Found error`);
    expect(failureLine("GET", url, answer(500, { error: { code: 1 } }, "Internal Server Error"))).toBe(
      `mockman: GET ${url} failed: 500 Internal Server Error - {"code":1}`,
    );
    expect(failureLine("GET", url, answer(400, "", "Bad Request"))).toBe(`mockman: GET ${url} failed: 400 Bad Request`);
    expect(failureLine("GET", url, answer(503, "down for maintenance", "Service Unavailable"))).toMatch(
      /503 Service Unavailable - down for/,
    );
  });

  it("a success (and a redirect status) logs nothing", () => {
    expect(failureLine("GET", url, answer(200, {}))).toBeNull();
    expect(failureLine("GET", url, answer(304, ""))).toBeNull();
    expect(failureLine("GET", url, answer(399, ""))).toBeNull();
  });
});
