// What the fuzzer sends. Most calls aim at a real route with a body of the
// right shape whose fields are sometimes valid, sometimes hostile; the rest are
// any method on any path with any body.
import fc from "fast-check";
import { routes } from "#mock/routes/index.ts";
import {
  showCall,
  type Auth,
  type Body,
  type Call,
  type Json,
  type Mangle,
  type Op,
  type Param,
  type Step,
  type RefKind,
  type Str,
} from "./call";
import { SEED_PASSWORDS } from "./world";
import { TINY, TINY_URL, bigPng } from "../../fixtures/images";

const DANGEROUS_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
  "_id",
  "id",
  "username",
  "password",
  "likes",
  "comments",
  "postId",
  "followers",
  "following",
  "bookmarks",
  "createdAt",
];
const ODD_STRINGS = [
  "",
  " ",
  "\t\n",
  "\u0000",
  "\uD800",
  "\uDFFF",
  "😀",
  "ünïcödé",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "0",
  "-1",
  "1e9",
  "true",
  "[]",
  "{}",
  "..",
  "../../etc",
  "%",
  "%00",
  "%2F",
  "%252F",
  "%E0%A4%A",
  "a/b",
  "a?b=1",
  "a#b",
  "guest",
  "GUEST",
  " guest",
  "guest ",
  "\u202Eevil",
];
const BOUNDARY_LENGTHS = [11, 12, 13, 59, 60, 61, 199, 200, 201, 209, 210, 211, 249, 250, 251];

const lit = (v: null | boolean | number): Json => ({ t: "v", v });
const s = (v: Str): Json => ({ t: "s", v });

export const longStr: fc.Arbitrary<Str> = fc.record({
  repeat: fc.constantFrom("a", "é", "😀", "<", " ", "\u0000", "%"),
  n: fc.integer({ min: 0, max: 100_000 }),
});
export const oddStr: fc.Arbitrary<Str> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: longStr },
  { weight: 2, arbitrary: fc.constantFrom(...BOUNDARY_LENGTHS).map((n): Str => ({ repeat: "x", n })) },
);

const key = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...DANGEROUS_KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
const numberJson: fc.Arbitrary<Json> = fc.oneof(
  fc.integer().map(lit),
  fc.double().map(lit),
  fc.constantFrom("1e999", "-0", "-1e999", "0.0000001", "1E400").map((v): Json => ({ t: "num", v })),
);
/** Any JSON value, objects keyed with prototype names as often as not. */
export const anyJson: fc.Arbitrary<Json> = fc.letrec<{ j: Json }>((tie) => ({
  j: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(null, true, false).map(lit),
    numberJson,
    oddStr.map(s),
    fc.array(tie("j"), { maxLength: 4 }).map((v): Json => ({ t: "a", v })),
    fc.array(fc.tuple(key, tie("j")), { maxLength: 4 }).map((v): Json => ({ t: "o", v })),
  ),
})).j;

/** Deeply nested JSON, up to 5,000 levels (and now and then 100,000): a parser or a walker that recurses must not turn it into a 500. */
export const deepJson: fc.Arbitrary<Json> = fc.record({
  t: fc.constant("deep" as const),
  kind: fc.constantFrom<"a" | "o">("a", "o"),
  n: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 50, max: 5_000 }) }, { weight: 1, arbitrary: fc.constant(100_000) }),
  key: fc.constantFrom("a", "postData", "commentData", "userData", "__proto__", "content"),
  inner: fc.constantFrom<Json>(lit(null), lit(1), s("x"), { t: "a", v: [] }),
});

/** A body whose named field holds deeply nested JSON, so the nesting reaches the validators, not only the parser. */
const deepIn = (field: string): fc.Arbitrary<Json> => deepJson.map((v): Json => ({ t: "o", v: [[field, v]] }));

/** A field: usually a value the API should take, sometimes a hostile string or the wrong type. */
const field = (valid: fc.Arbitrary<Json>) =>
  fc.oneof({ weight: 12, arbitrary: valid }, { weight: 2, arbitrary: oddStr.map(s) }, { weight: 1, arbitrary: anyJson });
const text = (arb: fc.Arbitrary<string>) => field(arb.map(s));

/** An object with these fields (each may be missing), and now and then a prototype key or a repeated key. */
function obj(fields: Record<string, fc.Arbitrary<Json>>): fc.Arbitrary<Json> {
  const entries = Object.entries(fields).map(([k, arb]) =>
    fc.option(arb, { freq: 12 }).map((v) => (v === null ? null : ([k, v] as [string, Json]))),
  );
  return fc
    .tuple(fc.tuple(...entries), fc.option(fc.tuple(key, anyJson), { freq: 5 }), fc.boolean())
    .map(([present, extra, extraFirst]): Json => {
      const kept = present.filter((e): e is [string, Json] => e !== null);
      if (extra) {
        if (extraFirst) kept.unshift(extra);
        else kept.push(extra);
      }
      return { t: "o", v: kept };
    });
}

const username = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9_.-]{1,12}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ...Object.keys(SEED_PASSWORDS),
      "fuzz_alice",
      "__proto__",
      "constructor",
      "toString",
      "bookmark",
      "edit",
      "user",
      "..",
      ".",
    ),
  },
);
const name = fc.string({ minLength: 1, maxLength: 12 });
const image = fc.constantFrom(
  "",
  "/seed/avatar-guest.svg",
  "https://example.com/a.png",
  TINY_URL.png,
  TINY_URL.jpeg,
  "data:image/svg+xml;base64,PHN2Zy8+",
  // Over 2 kB: stored as a photo record of its own, quoted by reference.
  bigPng(2400),
  bigPng(2800, "X"),
  "javascript:alert(1)",
  // Refused (422): HTML as a PNG, a PNG said to be a JPEG.
  "data:image/png;base64,PGh0bWw+PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  `data:image/jpeg;base64,${TINY.png}`,
  "data:text/html;base64,PHNjcmlwdD4=",
);
const postData = obj({
  content: text(fc.string({ minLength: 1, maxLength: 210 })),
  postPic: text(image),
  firstName: text(name),
  userPhoto: text(image),
});
const commentVal = text(fc.string({ minLength: 1, maxLength: 60 }));
const passwords = fc.oneof(fc.constantFrom(...Object.values(SEED_PASSWORDS)), fc.string({ minLength: 1, maxLength: 16 }));

/** What a user's profile holds, as signup and an edit both take it. */
const profileFields = {
  firstName: text(name),
  lastName: text(name),
  bio: text(fc.string({ maxLength: 250 })),
  link: text(fc.webUrl()),
  userPhoto: text(image),
  coverPhoto: text(image),
};

const signupFields = obj({ username: text(username), password: text(passwords), ...profileFields });

const BODIES: Record<string, fc.Arbitrary<Json>> = {
  "POST /api/auth/signup": fc.oneof(
    fc.tuple(username, name).map(([u, n]): Json => ({
      t: "o",
      v: [
        ["username", s(u)],
        ["password", s("pw")],
        ["firstName", s(n)],
      ],
    })),
    signupFields,
  ),
  "POST /api/auth/login": fc.oneof(
    fc.constantFrom(...Object.entries(SEED_PASSWORDS)).map(([u, p]): Json => ({
      t: "o",
      v: [
        ["username", s(u)],
        ["password", s(p)],
      ],
    })),
    obj({ username: text(username), password: text(passwords) }),
  ),
  "POST /api/posts": obj({ postData: field(postData) }),
  "POST /api/posts/edit/:postId": obj({ postData: field(postData) }),
  "POST /api/comments/add/:postId": obj({
    commentData: field(fc.oneof(obj({ comment: field(obj({ commentVal })) }), obj({ commentVal }))),
  }),
  "POST /api/comments/edit/:postId/:commentId": obj({ commentData: field(obj({ commentVal })) }),
  "POST /api/users/edit": obj({
    userData: field(
      obj({
        ...profileFields,
        username: text(username),
        password: text(passwords),
        bookmarks: anyJson,
      }),
    ),
  }),
  "POST /api/test-todos": obj({ title: text(fc.string({ minLength: 1, maxLength: 40 })), done: field(fc.boolean().map(lit)) }),
};

const NOT_JSON = [
  "{",
  "}",
  "[1,",
  "undefined",
  "NaN",
  "{'a':1}",
  '{"a":1,}',
  "\u0000",
  "<xml/>",
  "a=1&b=2",
  " ",
  "\n\t",
  '{"__proto__":',
  "null",
  "1",
  '"text"',
  "[]",
  "true",
  "\uFEFF{}",
];
const notJson: fc.Arbitrary<Body> = fc
  .oneof(
    { weight: 4, arbitrary: fc.constantFrom<Str>(...NOT_JSON) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.constant<Str>({ repeat: "x", n: 9 * 1024 * 1024 }) },
  )
  .map((v): Body => ({ t: "text", v }));

function bodyFor(template: string): fc.Arbitrary<Body> {
  const shaped = BODIES[template];
  const json = (arb: fc.Arbitrary<Json>) => arb.map((v): Body => ({ t: "json", v }));
  if (!shaped)
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant<Body>({ t: "none" }) },
      { weight: 1, arbitrary: json(anyJson) },
      { weight: 1, arbitrary: notJson },
      { weight: 1, arbitrary: json(deepJson) },
    );
  return fc.oneof(
    { weight: 14, arbitrary: json(shaped) },
    { weight: 2, arbitrary: json(anyJson) },
    { weight: 2, arbitrary: notJson },
    { weight: 1, arbitrary: fc.constant<Body>({ t: "none" }) },
    {
      weight: 1,
      arbitrary: json(fc.oneof(deepJson, fc.constantFrom("postData", "commentData", "userData", "title", "username").chain(deepIn))),
    },
  );
}

const REF_FOR: Record<string, RefKind[]> = {
  postId: ["post"],
  commentId: ["comment"],
  todoId: ["todo"],
  userId: ["user", "username"],
  followUserId: ["user", "username"],
  username: ["username", "user"],
};
const refKinds: RefKind[] = ["post", "user", "username", "comment", "todo"];
const rawParam: fc.Arbitrary<Param> = fc.record({ t: fc.constant("raw" as const), v: oddStr, encode: fc.boolean() });
/** Mostly one of the first few, so calls in a sequence meet on the same records (follow then unfollow). */
const pick = fc.oneof({ weight: 3, arbitrary: fc.nat(3) }, { weight: 1, arbitrary: fc.nat(40) });
const paramFor = (name: string): fc.Arbitrary<Param> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.record({ t: fc.constant("ref" as const), of: fc.constantFrom(...(REF_FOR[name] ?? refKinds)), n: pick }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant("ref" as const), of: fc.constantFrom(...refKinds), n: pick }) },
    { weight: 2, arbitrary: rawParam },
  );

const auth: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Auth>({ t: "none" }) },
  {
    weight: 14,
    arbitrary: fc.record({
      t: fc.constant("token" as const),
      n: pick,
      bearer: fc.boolean(),
      mangle: fc.oneof(
        { weight: 12, arbitrary: fc.constant<Mangle>("none") },
        { weight: 1, arbitrary: fc.constantFrom<Mangle>("cut", "flip", "junk") },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant("header" as const),
      v: fc.constantFrom(
        "",
        "Bearer ",
        "Bearer",
        "undefined",
        "null",
        "a.b.c",
        "Basic Z3Vlc3Q6Z3Vlc3QxMjM0",
        "eyJhbGciOiJub25lIn0.eyJ1c2VybmFtZSI6Imd1ZXN0In0.",
      ),
    }),
  },
);
/** Header names: real ones the mock reads, prototype names, and random tokens; values: odd and long. Never x-mockman-* (a random delay would stall the run). */
const headerName = fc
  .oneof(
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "prefer",
        "accept",
        "content-length",
        "authorization",
        "x-mock-store-error",
        "__proto__",
        "constructor",
        "hasOwnProperty",
        "toString",
        "cookie",
        "origin",
        "Prefer",
      ),
    },
    { weight: 2, arbitrary: fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,24}$/) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  )
  .filter((n) => !n.toLowerCase().startsWith("x-mockman-"));
const headerValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom("return=minimal", "return=representation", "*/*", "", " ", "\t", "0", "-1", "99999999999999999999", "a".repeat(8_000)),
  fc.string({ unit: "binary", maxLength: 10 }),
);
const headerList = fc.oneof(
  { weight: 6, arbitrary: fc.constant<[string, string][]>([]) },
  { weight: 1, arbitrary: fc.array(fc.tuple(headerName, headerValue), { minLength: 1, maxLength: 5 }) },
);

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "patch", "post", "get", "FOO"];
const extras = fc.record({
  tab: fc.nat(1),
  burst: fc.oneof({ weight: 12, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 4 }) }),
  query: fc.constantFrom("", "", "", "?a=1", "?__proto__[x]=1", "?constructor=1", "?%zz", "?q=" + "q".repeat(3000)),
  contentType: fc.constantFrom(
    null,
    null,
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json; charset=utf-16",
  ),
  auth,
  headers: headerList,
});

const routeCall: fc.Arbitrary<Call> = fc.constantFrom(...routes).chain((def) => {
  const path = "/api" + def.path;
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return fc
    .record({
      method: fc.oneof({ weight: 9, arbitrary: fc.constant<string>(def.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      params: names.length ? fc.tuple(...names.map(paramFor)) : fc.constant([] as Param[]),
      body: bodyFor(`${def.method} ${path}`),
      extras,
    })
    .map(({ method, params, body, extras: e }): Call => ({ method, path, params, body, ...e }));
});

const SEGMENTS = [
  "api",
  "posts",
  "users",
  "comments",
  "auth",
  "like",
  "dislike",
  "bookmark",
  "user",
  "edit",
  "add",
  "delete",
  "test-todos",
  "follow",
  "..",
  ".",
  "%2e%2e",
  "",
  "__proto__",
  "constructor",
];
const anyCall: fc.Arbitrary<Call> = fc
  .record({
    method: fc.constantFrom(...METHODS),
    apiPrefix: fc.boolean(),
    segments: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...SEGMENTS) },
        { weight: 1, arbitrary: fc.string({ maxLength: 10 }).map(encodeURIComponent) },
      ),
      { maxLength: 5 },
    ),
    body: bodyFor("any"),
    extras,
  })
  .map(({ method, apiPrefix, segments, body, extras: e }): Call => ({
    method,
    path: (apiPrefix ? "/api/" : "/") + segments.join("/"),
    params: [],
    body,
    ...e,
  }));

/** One request; prints as a short line when fast-check reports a counterexample. */
export const call: fc.Arbitrary<Call> = fc
  .oneof({ weight: 4, arbitrary: routeCall }, { weight: 1, arbitrary: anyCall })
  .map((c) => Object.assign(c, { [fc.toStringMethod]: () => showCall(c) }));

const op: fc.Arbitrary<Step> = fc
  .constantFrom<Op["op"]>("reset", "reload", "reimport")
  .map((o) => ({ op: o, [fc.toStringMethod]: () => `<${o}>` }));

export const callSequence = (maxLength = 60) =>
  fc.array(fc.oneof({ weight: 60, arbitrary: call as fc.Arbitrary<Step> }, { weight: 1, arbitrary: op }), {
    minLength: 1,
    maxLength,
    size: "max",
  });
