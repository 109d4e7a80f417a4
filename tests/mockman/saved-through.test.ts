// Issue 45, the form as a view of the saved Postman request: Save writes through it. A request opened and saved
// without a change is stored as it was, every part the form does not show included (URL parts, a disabled query
// parameter, descriptions, a body's options, an auth of another type, its examples); a change to one part of the
// form replaces that part and leaves the others as they were.
import { describe, expect, it } from "vitest";
import type { PostmanItem } from "#mock/tester/postman/convert";
import { openedForm, requestItem, writeThrough } from "#app/mockman/lib/saved";
import { formdataItem, formRow } from "../fixtures/postman";

/** The Upload request's form: a text field, a file by its path, and files given as base64 content. */
const UPLOAD_ROWS = [
  formRow.text("note", "hi"),
  formRow.file("pic", "/home/ann/pic.png"),
  formRow.base64("doc", "aGVsbG8=", { fileName: "hello.txt", contentType: "text/plain" }),
  formRow.base64("raw", "AAEC"),
];

// Written as Postman writes them: descriptions, field types and examples the page's own types do not name.
const items = [
  {
    id: "r1",
    name: "Posts",
    description: "Lists posts",
    protocolProfileBehavior: { disableBodyPruning: true },
    request: {
      method: "get",
      description: "the list",
      url: {
        raw: "{{baseUrl}}/api/posts/:tag?limit=2",
        host: ["{{baseUrl}}"],
        path: ["api", "posts", ":tag"],
        query: [
          { key: "limit", value: "2", description: "page size" },
          { key: "cursor", value: "x", disabled: true },
        ],
        variable: [{ key: "tag", value: "news", description: "a tag" }],
      },
      header: [
        { key: "Accept", value: "application/json", description: "what we read" },
        { key: "X-Off", value: "1", disabled: true },
      ],
      auth: {
        type: "apikey",
        apikey: [
          { key: "key", value: "api_key" },
          { key: "in", value: "query" },
        ],
      },
    },
    response: [{ name: "an example", code: 200, body: "[]" }],
    event: [{ listen: "test", script: { id: "s1", type: "text/javascript", exec: ["pm.test('ok', () => {});"] } }],
  },
  {
    id: "r2",
    name: "Write",
    request: {
      method: "POST",
      url: "{{baseUrl}}/api/posts",
      body: { mode: "raw", raw: '{ "text": "hi" }', options: { raw: { language: "json" } } },
      auth: { type: "bearer", bearer: [{ key: "token", value: "{{token}}", type: "string" }] },
    },
  },
  { id: "r4", ...formdataItem("Upload", "{{baseUrl}}/api/upload", UPLOAD_ROWS) },
  {
    id: "r3",
    name: "Form",
    request: {
      method: "PUT",
      url: "{{baseUrl}}/api/form",
      body: { mode: "urlencoded", urlencoded: [{ key: "a", value: "1", description: "first", type: "text" }] },
    },
  },
] as unknown as PostmanItem[];

describe("Save writes the form through to the saved request", () => {
  it.each(items.map((item) => [item.name, item] as const))("%s opened and saved unchanged is stored as it was", (_, item) => {
    expect(writeThrough(item, openedForm(item))).toEqual(item);
  });

  it("a changed header replaces the headers and leaves the URL's parts, the body and the auth", () => {
    const item = items[0];
    const form = openedForm(item);
    const saved = writeThrough(item, { ...form, headers: [...form.headers, { isUsed: true, header: "X-New", value: "2" }] });
    expect(saved.request).toMatchObject({ url: (item.request as { url: unknown }).url, auth: (item.request as { auth: unknown }).auth });
    expect((saved.request as { header: unknown }).header).toEqual([
      { key: "Accept", value: "application/json" },
      { key: "X-Off", value: "1", disabled: true },
      { key: "X-New", value: "2" },
    ]);
    expect(saved).toMatchObject({ description: "Lists posts", response: (item as { response?: unknown }).response, event: item.event });
  });

  it("a changed endpoint replaces the URL, keeping the values of the path variables it still names, and leaves the headers", () => {
    const item = items[0];
    const saved = writeThrough(item, { ...openedForm(item), endpoint: "{{baseUrl}}/api/posts/:tag?limit=5" });
    expect(saved.request).toMatchObject({
      url: { raw: "{{baseUrl}}/api/posts/:tag?limit=5", variable: [{ key: "tag", value: "news", description: "a tag" }] },
      header: (item.request as { header: unknown }).header,
    });
  });

  it("a disabled query parameter opens as an unticked row and stays through a change to the URL or to it", () => {
    const item = items[0];
    const form = openedForm(item);
    expect(form.disabledParams).toEqual([{ key: "cursor", value: "x" }]);
    const edited = writeThrough(item, { ...form, endpoint: "{{baseUrl}}/api/posts/:tag?limit=3" });
    expect(edited.request).toMatchObject({
      url: {
        raw: "{{baseUrl}}/api/posts/:tag?limit=3",
        query: [
          { key: "limit", value: "3" },
          { key: "cursor", value: "x", disabled: true },
        ],
        variable: [{ key: "tag", value: "news" }],
      },
    });
    expect(openedForm(edited).disabledParams).toEqual([{ key: "cursor", value: "x" }]);
    // The row's value changed, unticked: the URL is written again with it.
    const retyped = writeThrough(item, { ...form, disabledParams: [{ key: "cursor", value: "y" }] });
    expect(retyped.request).toMatchObject({
      url: {
        query: [
          { key: "limit", value: "2" },
          { key: "cursor", value: "y", disabled: true },
        ],
      },
    });
  });

  it("a new request saved with an unticked row keeps it as a disabled parameter", () => {
    const form = { ...openedForm(items[1]), endpoint: "/api/posts?limit=2", disabledParams: [{ key: "cursor", value: "x" }] };
    expect(requestItem("new", form).request).toMatchObject({
      url: {
        raw: "/api/posts?limit=2",
        query: [
          { key: "limit", value: "2" },
          { key: "cursor", value: "x", disabled: true },
        ],
      },
    });
  });

  it("None chosen over a saved Bearer is saved as No Auth, as its Send sends it, not removed to inherit", () => {
    const item = items[1];
    const saved = writeThrough(item, { ...openedForm(item), auth: { ...openedForm(item).auth, kind: "none" } });
    expect((saved.request as { auth: unknown }).auth).toEqual({ type: "noauth" });
  });

  it("a GET without a body made a POST gets the form's body, as the page's own Send sends it", () => {
    const get = { id: "g", name: "Get", request: { method: "GET", url: "/api/posts" } } as PostmanItem;
    const saved = writeThrough(get, { ...openedForm(get), method: "POST" });
    expect(saved.request).toMatchObject({ method: "POST", body: { mode: "raw", raw: "{}", options: { raw: { language: "json" } } } });
  });

  // The form's file rows given as base64 content (a Postman file field's value, no src) write back as they came.
  it("a form-data body changed in one text field keeps its files given as base64 content as they were", () => {
    const item = items.find((i) => i.name === "Upload")!;
    const form = openedForm(item);
    const formdata = form.bodies!.formdata.map((r) => (r.key === "note" ? { ...r, value: "bye" } : r));
    const saved = writeThrough(item, { ...form, bodies: { ...form.bodies!, formdata } });
    expect((saved.request as { body: unknown }).body).toEqual({
      mode: "formdata",
      formdata: [{ key: "note", value: "bye", type: "text" }, ...UPLOAD_ROWS.slice(1)],
    });
  });

  it("a changed body replaces the body; a Bearer changed in the helper replaces the auth", () => {
    const item = items[1];
    const form = openedForm(item);
    const saved = writeThrough(item, { ...form, bodyText: '{"text": "bye"}', auth: { ...form.auth, token: "other" } });
    expect(saved.request).toMatchObject({
      url: "{{baseUrl}}/api/posts",
      body: { mode: "raw", raw: '{"text": "bye"}' },
      auth: { type: "bearer", bearer: [{ key: "token", value: "other" }] },
    });
  });
});
