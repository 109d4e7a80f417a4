// Photos cannot run script (issue 21): an SVG that could run or load anything
// is refused at upload (422 naming why) and at import; every photo is served as
// an image that cannot act as a page (nosniff, a sandboxing CSP); a photo field
// holding a web URL is quoted as it is and its /api/photos URL is a 404, never
// a redirect; a 304 carries no body and no JSON type; `If-None-Match: *` is a 304.
import { describe, expect, it } from "vitest";
import { parseExportFile } from "#mock/data/export-file";
import { PHOTO_INLINE_MAX, photoDanger } from "#mock/data/photos";
import { makeApi, type Api } from "./client";
import { TINY, TINY_URL, bigPng } from "../fixtures/images";

const svg = (body: string, pad = 0) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}${" ".repeat(pad)}</svg>`).toString("base64")}`;

const CLEAN = [
  svg('<circle cx="5" cy="5" r="4" fill="teal"/>'),
  svg('<defs><linearGradient id="g"/></defs><rect style="fill:url(#g)" width="10" height="10"/><use href="#g"/>', 4000),
  svg('<text x="1" y="5">one on=two, javascript is a word</text>'),
];

const DANGEROUS: Array<[string, string, RegExp]> = [
  ["script", svg("<script>alert(localStorage.token)</script>"), /a <script> element/],
  ["prefixed script", svg('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>'), /a <script> element/],
  ["onload", svg('<rect width="10" height="10" onload="alert(1)"/>'), /an event handler attribute/],
  ["onclick after a newline", svg('<rect width="10"\n onclick =\n"alert(1)"/>'), /an event handler attribute/],
  ["animated handler", svg('<set attributeName="onmouseover" to="alert(1)"/>'), /a <set> element/],
  [
    "foreignObject",
    svg("<foreignObject><iframe xmlns='http://www.w3.org/1999/xhtml' src='https://x.example'/></foreignObject>"),
    /<foreignObject>/,
  ],
  ["javascript: link", svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'), /a <a> element/],
  ["encoded javascript:", svg('<use href="java&#x09;scr&#105;pt:alert(1)"/>'), /a javascript: URL/],
  ["animation", svg('<animate attributeName="href" to="java&#x09;scr&#105;pt:alert(1)"/>'), /a <animate> element/],
  [
    "external image",
    svg('<image href="https://tracker.example/pixel.png" width="1" height="1"/>'),
    /a reference outside the image \(href\)/,
  ],
  [
    "external xlink",
    svg('<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="http://x.example/sprite.svg#a"/>'),
    /a reference outside the image \(href\)/,
  ],
  ["css url()", svg('<rect style="fill:url(https://x.example/a.svg#p)" width="1" height="1"/>'), /url\(\.\.\.\)/],
  ["@import", svg("<style>@import 'https://x.example/a.css';</style>"), /style sheet import/],
  [
    "entity",
    `data:image/svg+xml;base64,${Buffer.from('<!DOCTYPE svg [<!ENTITY x SYSTEM "https://x.example/">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>').toString("base64")}`,
    /a document type declaration/,
  ],
  // Missed by the list of patterns this check replaced (issue 33): each now fails the allowlist.
  [
    "XHTML iframe straight in the SVG",
    svg("<iframe xmlns='http://www.w3.org/1999/xhtml' srcdoc='&lt;script&gt;parent.alert(1)&lt;/script&gt;'/>"),
    /a <iframe> element that is not SVG/,
  ],
  ["CSS escape in @import", svg("<style>@\\69mport 'https://x.example/a.css';</style>"), /style sheet import/],
  ["CSS escape in url(", svg('<rect style="fill:u\\72l(https://x.example/p)" width="1" height="1"/>'), /url\(\.\.\.\)/],
  ["CDATA style", svg("<style><![CDATA[rect{fill:url(https://x.example/p)}]]></style>"), /url\(\.\.\.\)/],
  ["unknown attribute", svg('<rect width="1" height="1" formaction="https://x.example"/>'), /a formaction= attribute/],
  [
    "HTML root",
    `data:image/svg+xml;base64,${Buffer.from("<html><body><script>alert(1)</script></body></html>").toString("base64")}`,
    /not SVG/,
  ],
  ["not XML", svg("<rect width='1'><g></rect>"), /not well-formed XML/],
  ["HTML sent as a PNG", `data:image/png;base64,${Buffer.from("<!doctype html><script>alert(1)</script>").toString("base64")}`, /markup/],
  [
    "SVG embedding HTML as a PNG",
    svg(`<image href="data:image/png;base64,${Buffer.from("<html><script>alert(1)</script>").toString("base64")}" width="1" height="1"/>`),
    /an embedded image whose bytes are markup \(HTML or XML\); its type image\/png says a PNG image/,
  ],
  ["utf-16", `data:image/svg+xml;base64,${Buffer.from('\ufeff<svg onload="alert(1)"/>', "utf16le").toString("base64")}`, /not UTF-8 text/],
];

async function photog(api: Api) {
  const token = await api.signup("photog");
  return { token, id: api.mock.tables.users.getUnique("photog")!._id };
}

describe("SVG photos that could run script are refused", () => {
  it("at upload: 422 naming the reason, on every photo field, and nothing changes", async () => {
    const api = await makeApi();
    const { token, id } = await photog(api);
    const before = structuredClone(api.mock.tables.users.get(id));
    for (const [name, url, why] of DANGEROUS) {
      expect(photoDanger(url), name).toMatch(why);
      const edit = await api.call("POST", "/api/users/edit", { token, body: { userData: { bio: "changed", userPhoto: url } } });
      expect(edit.status, name).toBe(422);
      expect(edit.body.errors[0], name).toMatch(
        /^userPhoto: this (SVG )?image cannot be used because (it holds|it is not|its bytes are markup)/,
      );
      expect(edit.body.errors[0], name).toMatch(why);
    }
    expect(api.mock.tables.users.get(id)).toEqual(before);
    const cover = await api.call("POST", "/api/users/edit", { token, body: { userData: { coverPhoto: DANGEROUS[0][1] } } });
    expect(cover.body.errors[0]).toMatch(/^coverPhoto: /);
    const postCount = api.mock.tables.posts.all().length;
    const post = await api.call("POST", "/api/posts", { token, body: { postData: { content: "pic", postPic: DANGEROUS[2][1] } } });
    expect(post.status).toBe(422);
    expect(post.body.errors[0]).toMatch(/^postPic: .*event handler/);
    expect(api.mock.tables.posts.all()).toHaveLength(postCount);
    const signup = await api.call("POST", "/api/auth/signup", {
      body: { username: "sneaky", password: "secret-pw", firstName: "S", userPhoto: DANGEROUS[0][1] },
    });
    expect(signup.status).toBe(422);
    expect(api.mock.tables.users.getUnique("sneaky")).toBeUndefined();
    await api.mock.shutdown();
  });

  it("plain drawings are taken, small and large", async () => {
    const api = await makeApi();
    const { token } = await photog(api);
    for (const url of CLEAN) {
      expect(photoDanger(url)).toBeNull();
      expect((await api.call("POST", "/api/users/edit", { token, body: { userData: { userPhoto: url } } })).status).toBe(201);
    }
    await api.mock.shutdown();
  });

  it("at import: the file is refused naming the field and the reason", async () => {
    const api = await makeApi();
    const file = api.mock.exportData();
    file.data.users[0].userPhoto = DANGEROUS[0][1];
    expect(() => parseExportFile(JSON.stringify(file))).toThrow(
      /data\.users\.0\.userPhoto: an SVG image that cannot be used because it holds a <script> element/,
    );
    const big = api.mock.exportData();
    big.data.photos.push({ _id: "p1", data: svg('<rect onload="x()"/>', 5000) });
    big.data.users[0].userPhoto = "photo:p1";
    expect(() => parseExportFile(JSON.stringify(big))).toThrow(
      /data\.photos\.0\.data: an SVG image that cannot be used because it holds an event handler/,
    );
    await api.mock.shutdown();
  });
});

const b64 = (text: string) => Buffer.from(text).toString("base64");

/** Raster data URLs whose bytes are not the image their type claims (issue 33): each refused, naming what the bytes are. */
const NOT_THEIR_TYPE: Array<[string, string, RegExp]> = [
  [
    "HTML as a PNG",
    `data:image/png;base64,${b64("<html><script>alert(document.domain)</script></html>")}`,
    /its bytes are markup \(HTML or XML\); its type image\/png says a PNG image, which starts with 89 50 4E 47 0D 0A 1A 0A/,
  ],
  [
    "a PNG as a JPEG",
    `data:image/jpeg;base64,${TINY.png}`,
    /its bytes are a PNG image; its type image\/jpeg says a JPEG image, which starts with FF D8 FF/,
  ],
  ["a JPEG as a PNG", `data:image/png;base64,${TINY.jpeg}`, /its bytes are a JPEG image; its type image\/png says a PNG image/],
  ["a GIF as a WebP", `data:image/webp;base64,${TINY.gif}`, /its bytes are a GIF image; its type image\/webp says a WebP image/],
  ["a WebP as an AVIF", `data:image/avif;base64,${TINY.webp}`, /its bytes are a WebP image; its type image\/avif says an AVIF image/],
  ["empty data (three zero bytes)", "data:image/png;base64,AAAA", /it holds only 3 bytes \(00 00 00\), too few for a PNG image/],
  ["a PNG cut to its first four bytes", `data:image/png;base64,${TINY.png.slice(0, 6)}`, /it holds only 4 bytes \(89 50 4E 47\), too few/],
  ["a JPEG cut to one byte", `data:image/jpg;base64,${TINY.jpeg.slice(0, 2)}`, /it holds only 1 byte \(FF\), too few for a JPEG image/],
  [
    "bytes of no image",
    `data:image/gif;base64,${Buffer.alloc(64, 7).toString("base64")}`,
    /its bytes start 07 07 07 07 07 07 07 07, which is no image format/,
  ],
  ["a large HTML page as a PNG", `data:image/png;base64,${b64(`<!doctype html><p>${"x".repeat(4000)}</p>`)}`, /its bytes are markup/],
];

/** Data URLs whose base64 is empty or cut where no base64 ends: no data:image URL at all (400, as before). */
const NOT_BASE64 = ["data:image/png;base64,", `data:image/png;base64,${TINY.png.slice(0, 9)}`];

describe("raster photos are held to the magic bytes of their type", () => {
  it("at upload: 422 naming the claimed type and what the bytes are, on every photo field and in signup, and nothing changes", async () => {
    const api = await makeApi();
    const { token, id } = await photog(api);
    const created = await api.call("POST", "/api/posts", { token, body: { postData: { content: "mine", postPic: TINY_URL.png } } });
    const postId = created.body.posts.at(-1)._id;
    const before = { user: structuredClone(api.mock.tables.users.get(id)), post: structuredClone(api.mock.tables.posts.get(postId)) };
    const postCount = api.mock.tables.posts.all().length;
    for (const [name, url, why] of NOT_THEIR_TYPE) {
      expect(photoDanger(url), name).toMatch(why);
      const writes = [
        ["userPhoto", await api.call("POST", "/api/users/edit", { token, body: { userData: { bio: "changed", userPhoto: url } } })],
        ["coverPhoto", await api.call("POST", "/api/users/edit", { token, body: { userData: { coverPhoto: url } } })],
        ["postPic", await api.call("POST", "/api/posts", { token, body: { postData: { content: "pic", postPic: url } } })],
        [
          "postPic",
          await api.call("POST", `/api/posts/edit/${postId}`, { token, body: { postData: { content: "edited", postPic: url } } }),
        ],
        [
          "userPhoto",
          await api.call("POST", "/api/auth/signup", {
            body: { username: "sneaky", password: "secret-pw", firstName: "S", userPhoto: url },
          }),
        ],
      ] as const;
      for (const [field, r] of writes) {
        expect(r.status, `${name} ${field}`).toBe(422);
        expect(r.body.errors[0], name).toMatch(new RegExp(`^${field}: this image cannot be used because `));
        expect(r.body.errors[0], name).toMatch(why);
        expect(r.body.errors[0], name).toMatch(/\. Nothing was changed\.$/);
      }
    }
    for (const url of NOT_BASE64) {
      const r = await api.call("POST", "/api/users/edit", { token, body: { userData: { userPhoto: url } } });
      expect(r.status, url).toBe(400);
      expect(r.body.errors[0]).toMatch(/^userData\.userPhoto: must be an http\(s\) URL, a \/path, or a data:image URL/);
    }
    expect(api.mock.tables.users.get(id)).toEqual(before.user);
    expect(api.mock.tables.posts.get(postId)).toEqual(before.post);
    expect(api.mock.tables.posts.all()).toHaveLength(postCount);
    expect(api.mock.tables.users.getUnique("sneaky")).toBeUndefined();
    await api.mock.shutdown();
  });

  it("real pictures are taken under their own type: PNG (and APNG), JPEG (and jpg), GIF, WebP, AVIF, small and large", async () => {
    const api = await makeApi();
    const { token } = await photog(api);
    const taken = [
      ...Object.values(TINY_URL),
      `data:image/apng;base64,${TINY.png}`,
      `data:image/jpg;base64,${TINY.jpeg}`,
      bigPng(8000),
      svg(`<image href="${TINY_URL.gif}" width="1" height="1"/>`),
    ];
    for (const url of taken) {
      expect(photoDanger(url), url.slice(0, 30)).toBeNull();
      const r = await api.call("POST", "/api/users/edit", { token, body: { userData: { userPhoto: url, coverPhoto: url } } });
      expect(r.status, url.slice(0, 30)).toBe(201);
      const post = await api.call("POST", "/api/posts", { token, body: { postData: { content: "pic", postPic: url } } });
      expect(post.status, url.slice(0, 30)).toBe(201);
    }
    await api.mock.shutdown();
  });

  it("at import: the whole file is refused naming the field, the claimed type and what the bytes are", async () => {
    const api = await makeApi();
    for (const [name, url, why] of NOT_THEIR_TYPE) {
      const file = api.mock.exportData();
      // A large photo is a photo record of its own, which the field names.
      const large = url.length > PHOTO_INLINE_MAX;
      if (large) file.data.photos.push({ _id: "p1", data: url });
      file.data.posts[0].postPic = large ? "photo:p1" : url;
      const at = large ? "data\\.photos\\.0\\.data" : "data\\.posts\\.0\\.postPic";
      expect(() => parseExportFile(JSON.stringify(file)), name).toThrow(
        new RegExp(`${at}: an image that cannot be used because ${why.source}`),
      );
    }
    const big = api.mock.exportData();
    big.data.photos.push({ _id: "p1", data: `data:image/jpeg;base64,${bigPng(5000).split(",")[1]}` });
    big.data.users[0].coverPhoto = "photo:p1";
    expect(() => parseExportFile(JSON.stringify(big))).toThrow(
      /data\.photos\.0\.data: an image that cannot be used because its bytes are a PNG image; its type image\/jpeg says a JPEG image/,
    );
    const real = api.mock.exportData();
    real.data.posts[0].postPic = TINY_URL.webp;
    real.data.photos.push({ _id: "p1", data: bigPng(5000) });
    real.data.users[0].coverPhoto = "photo:p1";
    expect(parseExportFile(JSON.stringify(real)).data.posts[0].postPic).toBe(TINY_URL.webp);
    await api.mock.shutdown();
  });
});

describe("photo answers", () => {
  it("carry nosniff and a sandboxing CSP; a 304 has no body and no JSON type; If-None-Match: * is a 304", async () => {
    const api = await makeApi();
    const { token, id } = await photog(api);
    const big = bigPng(8000);
    const ref = (await api.call("POST", "/api/users/edit", { token, body: { userData: { userPhoto: big } } })).body.user.userPhoto;
    const got = await api.call("GET", ref);
    expect(got.status).toBe(200);
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'; style-src 'unsafe-inline'");
    for (const match of [got.headers.get("etag")!, "*", `"other", *`]) {
      const again = await api.mock.dispatch({ method: "GET", url: ref, headers: { "if-none-match": match }, body: "" });
      expect(again.status, match).toBe(304);
      expect(again.body).toBe("");
      expect(again.bytes).toBeUndefined();
      expect(again.headers["content-type"]).toBeUndefined();
      expect(again.headers["x-content-type-options"]).toBe("nosniff");
      expect(again.headers["content-security-policy"]).toContain("sandbox");
    }
    // `*` only matches a photo that is there.
    const none = await api.mock.dispatch({
      method: "GET",
      url: `/api/photos/users/${id}/coverPhoto`,
      headers: { "if-none-match": "*" },
      body: "",
    });
    expect(none.status).toBe(404);
    await api.mock.shutdown();
  });

  it("a photo field holding a web URL or a /path is quoted as it is, and its /api/photos URL is a 404, never a redirect", async () => {
    const api = await makeApi();
    const { token, id } = await photog(api);
    const web = "https://images.example/me.png";
    const edit = await api.call("POST", "/api/users/edit", { token, body: { userData: { userPhoto: web } } });
    expect(edit.body.user.userPhoto).toBe(web);
    const ada = (await api.call("GET", "/api/users/adasterling")).body.user;
    expect(ada.userPhoto).toBe("/seed/avatar-ada.svg");
    for (const path of [`/api/photos/users/${id}/userPhoto`, `/api/photos/users/${ada._id}/userPhoto`]) {
      const r = await api.call("GET", path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get("location")).toBeNull();
      expect(r.body.errors[0]).toContain("No photo at");
    }
    await api.mock.shutdown();
  });
});
