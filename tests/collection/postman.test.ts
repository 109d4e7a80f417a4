// Postman v2.1 interop: a collection exported from Postman (written here by
// hand, as Postman 11 writes them) converts with its folders, auth, bodies,
// variables and scripted tokens; ours go to Postman and come back unchanged.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FormatError, loadCollectionJson, loadCollectionText } from "#mock/tester/collection/format";
import { POSTMAN_SCHEMA, fromPostman, toPostman, type PostmanCollection } from "#mock/tester/postman/convert";

const ROOT = join(import.meta.dirname, "../..");
const example = (name: string) => readFileSync(join(ROOT, "cli/examples", name), "utf8");

/** A Postman collection read as ours: converted (fromPostman), then checked by the loader. */
const converted = (json: PostmanCollection) => {
  const { file, notes } = fromPostman(json);
  return { file: loadCollectionJson(file).file, notes };
};

describe("a Postman v2.1 export", () => {
  const loaded = converted(JSON.parse(example("moments.postman_collection.json")) as PostmanCollection);

  it("is read as one, folders flattened into names", () => {
    expect(loaded.file.requests.map((r) => r.name)).toEqual([
      "auth-log-in-as-guest",
      "posts-list-posts",
      "posts-create-post",
      "posts-like-post",
      "posts-delete-post",
    ]);
  });

  it("keeps variables, enabled headers, raw JSON bodies and status tests", () => {
    const [login, list, create] = loaded.file.requests;
    expect(loaded.file.variables).toEqual({ baseUrl: "http://127.0.0.1:3001", username: "guest", password: "guest1234", token: "" });
    expect(login).toMatchObject({
      method: "POST",
      endpoint: "{{baseUrl}}/api/auth/login",
      headers: { "Content-Type": "application/json" },
      body: { username: "{{username}}", password: "{{password}}" },
      expect: { status: 200 },
    });
    expect(list.headers).not.toHaveProperty("X-Debug"); // disabled in Postman
    expect(list.endpoint).toBe("{{baseUrl}}/api/posts?limit=5");
    expect(create.body).toEqual({ postData: { content: "Written from Postman at {{$timestamp}}", postPic: "" } });
  });

  it("turns a token a script stores into a template of the answer it came from, in the inherited bearer auth", () => {
    const [, list, , like] = loaded.file.requests;
    expect(list.headers.Authorization).toBe("Bearer {{auth-log-in-as-guest.body.encodedToken}}");
    expect(like.endpoint).toBe("{{baseUrl}}/api/posts/like/{{posts-create-post.body.post._id}}");
    expect(loaded.file.requests[0].headers).not.toHaveProperty("Authorization"); // noauth on the login itself
  });

  it("says what it could not carry over", () => {
    expect(loaded.notes).toEqual([
      'Posts / Like post: its test script is not run beyond the status check (mockman checks "expect" instead)',
    ]);
    const { notes } = fromPostman({
      info: { schema: POSTMAN_SCHEMA },
      item: [
        { name: "Upload", request: { method: "POST", url: "http://x.test/up", body: { mode: "formdata" } } },
        { name: "Signed", request: { method: "GET", url: "x.test/a", auth: { type: "awsv4" } } },
      ],
    });
    expect(notes).toEqual(
      [
        "Signed: awsv4 auth is not carried over; add the header by hand",
        "Upload: a formdata body is not carried over (mockman sends JSON or text)",
      ]
        .sort()
        .reverse(),
    );
  });

  it("a captured token reaches a body nested 50,000 levels deep, without a stack overflow", () => {
    const deep = '{"a":'.repeat(50_000) + '"{{token}}"' + "}".repeat(50_000);
    const { file } = fromPostman({
      info: { schema: POSTMAN_SCHEMA },
      item: [
        {
          name: "Login",
          event: [{ listen: "test", script: { exec: ['pm.collectionVariables.set("token", pm.response.json().encodedToken);'] } }],
          request: { method: "POST", url: "{{baseUrl}}/api/auth/login" },
        },
        { name: "Deep", request: { method: "POST", url: "{{baseUrl}}/api/test-todos", body: { mode: "raw", raw: deep } } },
      ],
    });
    let v: unknown = file.requests[1].body;
    for (let i = 0; i < 50_000; i++) v = (v as { a: unknown }).a;
    expect(v).toBe("{{login.body.encodedToken}}");
  });

  it("takes basic auth, urlencoded bodies, string requests and URLs without a scheme", () => {
    const { file } = fromPostman({
      info: { schema: POSTMAN_SCHEMA },
      item: [
        { name: "Plain", request: "x.test/api/posts" },
        {
          name: "Form",
          request: {
            method: "post",
            url: { host: ["x", "test"], path: ["api", "f"], protocol: "https" },
            auth: {
              type: "basic",
              basic: [
                { key: "username", value: "ada" },
                { key: "password", value: "pw" },
              ],
            },
            body: {
              mode: "urlencoded",
              urlencoded: [
                { key: "a b", value: "1&2" },
                { key: "off", value: "x", disabled: true },
              ],
            },
          },
        },
      ],
    });
    expect(file.requests[0]).toMatchObject({ name: "plain", method: "GET", endpoint: "http://x.test/api/posts" });
    expect(file.requests[1]).toMatchObject({
      method: "POST",
      endpoint: "https://x.test/api/f",
      headers: { Authorization: `Basic ${btoa("ada:pw")}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "a%20b=1%262",
    });
  });
});

describe("mockman -> Postman -> mockman", () => {
  it("the smoke collection comes back as it went, expectations and templates included", () => {
    const smoke = loadCollectionText(example("smoke.collection.json")).file;
    const { json, notes } = toPostman(smoke, "smoke");
    expect(json.info.schema).toBe(POSTMAN_SCHEMA);
    // JSONPath templates have no Postman form: said, and kept as they are.
    expect(notes.map((n) => n.split(":")[0])).toEqual(["uncomment", "follow"]);
    const back = converted(JSON.parse(JSON.stringify(json)) as PostmanCollection);
    expect(back.file.requests).toEqual(smoke.requests);
    expect(back.file.variables).toEqual({ baseUrl: "http://127.0.0.1:3001", ...smoke.variables });
  });

  it("scripts set the values later requests read, as Postman runs them", () => {
    const smoke = loadCollectionText(example("smoke.collection.json")).file;
    const { json } = toPostman(smoke);
    const login = json.item!.find((i) => i.name === "login")!;
    const exec = login.event![0].script!.exec as string[];
    expect(exec).toContain('pm.test("status is 200", () => pm.response.to.have.status(200));');
    expect(exec).toContain('pm.collectionVariables.set("login.body.encodedToken", pm.response.json()["encodedToken"]);');
  });
});

describe("a file of another kind is named as such", () => {
  it.each([
    [{ info: { schema: "https://schema.getpostman.com/json/collection/v1.0.0/collection.json" } }, "a Postman v1 collection"],
    [{ id: "x", name: "old", order: [], requests: [] }, "a Postman v1 collection"],
    [{ mockman: "export", version: 2, data: {} }, "this is a mockman data export (load it with mockman import)"],
    [{ openapi: "3.1.0", paths: {} }, "this is an OpenAPI document"],
    [{ _type: "export", __export_format: 4, resources: [] }, "this is an Insomnia export"],
    [{ log: { entries: [] } }, "this is a HAR file"],
    [{ name: "Local", values: [{ key: "a", value: "1" }] }, "this is a Postman environment (give it with --env)"],
    [[1, 2], "this is a JSON array"],
  ])("%j", (json, message) => {
    expect(() => loadCollectionText(JSON.stringify(json))).toThrow(FormatError);
    expect(() => loadCollectionText(JSON.stringify(json))).toThrow(message);
  });
});
