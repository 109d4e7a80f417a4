import { decodeJwt } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { MSG } from "#mock/core/errors";
import { toRaw } from "#mock/core/web-raw";
import { makeApi, type Api } from "./client";

let api: Api;
beforeEach(async () => {
  api = await makeApi();
});

describe("POST /api/auth/signup", () => {
  it("creates the user: 201 with createdUser and encodedToken, no password", async () => {
    const r = await api.call("POST", "/api/auth/signup", {
      body: { username: "newbie", password: "pw", firstName: "New", lastName: "Bie" },
    });
    expect(r.status).toBe(201);
    expect(r.body.createdUser).toMatchObject({
      username: "newbie",
      firstName: "New",
      lastName: "Bie",
      followers: [],
      following: [],
      bookmarks: [],
    });
    expect(r.body.createdUser._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body.createdUser.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(r.text).not.toMatch(/password|pbkdf2/i);
    const claims = decodeJwt(r.body.encodedToken);
    expect(claims.username).toBe("newbie");
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);
  });

  it("refuses a taken username with 422 and the CONTRACT §8 text", async () => {
    const r = await api.call("POST", "/api/auth/signup", { body: { username: "guest", password: "x", firstName: "Again" } });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ errors: [MSG.USERNAME_TAKEN] });
  });

  it.each([
    [{ password: "x", firstName: "A" }, "username: username is required"],
    [{ username: "", password: "x", firstName: "A" }, "username: username is required"],
    [{ username: "abcdefghijklm", password: "x", firstName: "A" }, "username: username must be at most 12 characters"],
    [{ username: "has space", password: "x", firstName: "A" }, "username: username may hold only letters, digits, '_', '.' and '-'"],
    [{ username: "okname", firstName: "A" }, "password: password is required"],
    [{ username: "okname", password: "x" }, "firstName: firstName is required"],
    [{ username: "okname", password: "x", firstName: "   " }, "firstName: firstName is required"],
    [{ username: "okname", password: "x", firstName: "abcdefghijklm" }, "firstName: firstName must be at most 12 characters"],
    [{ username: 42, password: "x", firstName: "A" }, "username: username must be a string"],
    [{ username: "okname", password: "x", firstName: "A", userPhoto: "javascript:alert(1)" }, "userPhoto: must be an http(s) URL"],
    // The profile link's rule of POST /api/users/edit: data signup stored could not be edited or imported again.
    [{ username: "okname", password: "x", firstName: "A", link: "javascript:alert(1)" }, "link: link must be a web address (https://…)"],
    [{ username: "okname", password: "x", firstName: "A", link: "https://\u202eevil.example" }, "link: link may not hold invisible"],
    [{ username: "okname", password: "x", firstName: "A", link: "x".repeat(201) }, "link: link must be at most 200 characters"],
  ])("refuses %j with 400 naming the field", async (body, message) => {
    const before = api.mock.tables.users.size;
    const r = await api.call("POST", "/api/auth/signup", { body });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toContain(message);
    expect(api.mock.tables.users.size).toBe(before);
  });

  it("keeps a link as POST /api/users/edit keeps it: a bare address as https, unless the scheme would take it past 200", async () => {
    const at200 = `example.org/${"a".repeat(188)}`;
    for (const [username, link, kept] of [
      ["linked", " example.org/me ", "https://example.org/me"],
      ["linked2", at200, at200],
    ]) {
      const r = await api.call("POST", "/api/auth/signup", { body: { username, password: "pw", firstName: "L", link } });
      expect(r.status, link).toBe(201);
      expect(r.body.createdUser.link).toBe(kept);
      // What was kept can be sent back whole, as the Edit Profile form sends it.
      const again = await api.call("POST", "/api/users/edit", { token: r.body.encodedToken, body: { userData: { link: kept } } });
      expect(again.status, kept).toBe(201);
      expect(again.body.user.link).toBe(kept);
    }
  });

  it("refuses a body that is not JSON with 400", async () => {
    const r = await api.call("POST", "/api/auth/signup", { raw: "{username:" });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatch(/^The request body is not valid JSON/);
  });

  it("refuses a form body (FormData, URLSearchParams) with 400 saying it was a form, not the JSON parser's words", async () => {
    const form = new FormData();
    form.set("username", "newbie");
    for (const body of [form, new URLSearchParams({ username: "newbie" })]) {
      const r = await api.mock.dispatch(await toRaw(new Request("http://localhost/api/auth/signup", { method: "POST", body })));
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body).errors[0]).toMatch(
        /^The request body is not valid JSON: it was sent as (multipart\/form-data|application\/x-www-form-urlencoded); send JSON/,
      );
    }
  });

  it("refuses a JSON body that is not an object", async () => {
    const r = await api.call("POST", "/api/auth/signup", { raw: "[1,2]" });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatch(/^body: /);
  });
});

describe("POST /api/auth/login", () => {
  it("logs in: 200 with foundUser and encodedToken", async () => {
    const r = await api.call("POST", "/api/auth/login", { body: { username: "guest", password: "guest1234" } });
    expect(r.status).toBe(200);
    expect(r.body.foundUser.username).toBe("guest");
    expect(r.text).not.toMatch(/password|pbkdf2/i);
    expect(typeof r.body.encodedToken).toBe("string");
  });

  it("answers an unknown username with 404 and the CONTRACT §8 text", async () => {
    const r = await api.call("POST", "/api/auth/login", { body: { username: "nobody", password: "x" } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ errors: [MSG.NOT_REGISTERED] });
  });

  it("answers a wrong password with 401 and the CONTRACT §8 text; the match is exact", async () => {
    for (const password of ["wrong", "GUEST1234", "guest1234 ", ""]) {
      const r = await api.call("POST", "/api/auth/login", { body: { username: "guest", password } });
      expect(r.status, password).toBe(password ? 401 : 400);
      if (password) expect(r.body).toEqual({ errors: [MSG.BAD_CREDENTIALS] });
    }
  });

  it("needs both username and password", async () => {
    expect((await api.call("POST", "/api/auth/login", { body: { username: "guest" } })).body.errors[0]).toBe(
      "password: password is required",
    );
    expect((await api.call("POST", "/api/auth/login", { body: { password: "x" } })).body.errors[0]).toBe("username: username is required");
    expect((await api.call("POST", "/api/auth/login", {})).status).toBe(400);
  });

  it("a password with a lone surrogate matches only itself, not another lone surrogate or U+FFFD", async () => {
    const signup = await api.call("POST", "/api/auth/signup", { body: { username: "surr", password: "pw\ud800", firstName: "S" } });
    expect(signup.status).toBe(201);
    for (const [password, status] of [
      ["pw\ud800", 200],
      ["pw\udfff", 401],
      ["pw\ufffd", 401],
    ] as const) {
      const r = await api.call("POST", "/api/auth/login", { body: { username: "surr", password } });
      expect(r.status, JSON.stringify(password)).toBe(status);
    }
  });

  it("a new account can log in with its password", async () => {
    await api.signup("fresh");
    const r = await api.call("POST", "/api/auth/login", { body: { username: "fresh", password: "secret-pw" } });
    expect(r.status).toBe(200);
  });
});
