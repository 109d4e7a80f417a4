// Every body type: the bytes the page sends (built by postman-runtime's body
// builder in the run worker), the curl flags and code it is written as, a pasted command read
// back, and a saved request's Postman v2.1 body through export and import.
import { describe, expect, it } from "vitest";
import {
  binaryKey,
  base64Decode,
  chooseFile,
  curlBodyFlags,
  defaultParts,
  formDataPlaceholders,
  keptParts,
  partsFromPostman,
  partsProblem,
  type BodyParts,
} from "#app/mockman/lib/bodies";
import { sendItem } from "#app/mockman/lib/send-item";
import { wire } from "#mock/tester/engine/wire";
import { browserFormBody } from "#app/mockman/lib/form-body";
import { parseCurlCommand, printCurl } from "#app/mockman/lib/curl";
import { LANGUAGES, snippet } from "#app/mockman/lib/snippets";
import { collectionFromFile, formOf, requestItem } from "#app/mockman/lib/saved";
import { blankTab, NO_AUTH } from "#app/mockman/lib/tabs";

const row = (key: string, value: string, extra: object = {}) => ({ id: `r${key}`, enabled: true, key, value, ...extra });
const parts = (change: Partial<BodyParts>): BodyParts => ({ ...defaultParts(), ...change });
const same = (t: string) => t;

describe("bodies on the wire", () => {
  // What a Send puts on the wire: the tab as the run worker's Postman item (lib/send-item.ts), its body built
  // by postman-runtime's body builder (engine/wire.ts), the chosen files read by the src the item names.
  async function sent(bodies: BodyParts, fill: (t: string) => string = same, method = "POST", tabId = "t1") {
    const tab = { ...blankTab(), id: tabId, method, endpoint: "/api/x", bodies };
    const { item, files } = sendItem(tab);
    const source = { read: async (src: string) => new Uint8Array(await files![src]!.arrayBuffer()) };
    // The run worker's writer: the platform's FormData (undici's here, the browser's on the page).
    const built = await wire({
      definition: item.request as Record<string, unknown>,
      fill,
      files: source,
      multipart: browserFormBody,
    }).build();
    return { body: built.body, type: built.headers.find(([k]) => k.toLowerCase() === "content-type")?.[1] };
  }

  it("raw text and XML carry their content types", async () => {
    expect(await sent(parts({ kind: "text", raw: "hello" }))).toEqual({ body: "hello", type: "text/plain" });
    expect(await sent(parts({ kind: "xml", raw: "<a/>" }), same, "PUT")).toEqual({ body: "<a/>", type: "application/xml" });
  });

  it("urlencoded sends the ticked fields encoded, variables filled", async () => {
    const body = parts({
      kind: "urlencoded",
      urlencoded: [row("title", "a b&c"), row("off", "1", { enabled: false }), row("who", "{{name}}")],
    });
    const built = await sent(body, (t) => t.replace("{{name}}", "ann"));
    expect(built).toEqual({ body: "title=a%20b%26c&who=ann", type: "application/x-www-form-urlencoded" });
  });

  it("form-data writes text parts and a chosen file with its name and type", async () => {
    chooseFile("rfile", new File(["file text"], "note.txt", { type: "text/plain" }));
    const body = parts({ kind: "formdata", formdata: [row("title", "Hi"), row("file", "", { file: true, fileName: "note.txt" })] });
    const built = await sent(body);
    const boundary = /^multipart\/form-data; boundary=(\S+)$/.exec(built.type!)![1];
    // The platform's own boundary, not form-data's dashes and 24 digits: the page does not write multipart itself.
    expect(boundary).not.toMatch(/^-{26}\d{24}$/);
    const text = new TextDecoder().decode(built.body as Uint8Array);
    expect(text).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi\r\n`);
    expect(text).toContain(
      `Content-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nfile text\r\n`,
    );
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });

  it("binary sends the chosen file's bytes; GraphQL sends {query, variables} as JSON; GET sends none", async () => {
    chooseFile(binaryKey("t2"), new File([new Uint8Array([0, 255, 7])], "x.bin"));
    const binary = await sent(parts({ kind: "binary", binaryName: "x.bin" }), same, "POST", "t2");
    expect([...(binary.body as Uint8Array)]).toEqual([0, 255, 7]);
    expect(binary.type).toBe("application/octet-stream");
    const graphql = await sent(parts({ kind: "graphql", query: "{ todos }", variables: '{"n": 1}' }));
    expect(JSON.parse(String(graphql.body))).toEqual({ query: "{ todos }", variables: { n: 1 } });
    expect(graphql.type).toBe("application/json");
    expect(await sent(parts({ kind: "text", raw: "x" }), same, "GET")).toEqual({ body: undefined, type: undefined });
  });

  it("refuses to send without a chosen file or with bad GraphQL variables, saying which", () => {
    expect(partsProblem(parts({ kind: "binary", binaryName: "gone.png" }), "t9")).toMatch(/choose the file again \(gone.png\)/);
    expect(partsProblem(parts({ kind: "binary" }), "t9")).toBe("Not sent: choose a file for the binary body.");
    expect(partsProblem(parts({ kind: "graphql", query: "{a}", variables: "[1]" }), "t1")).toBe(
      "Not sent: GraphQL variables must be a JSON object.",
    );
    expect(partsProblem(parts({ kind: "graphql", query: "{a}", variables: "{" }), "t1")).toMatch(
      /^Not sent: GraphQL variables are not valid JSON/,
    );
  });
});

describe("bodies as commands", () => {
  const form = parts({
    kind: "formdata",
    formdata: [row("title", "Hi there"), row("pic", "", { file: true, fileName: "a.png" }), row("at", "@home")],
  });
  const urlencoded = parts({ kind: "urlencoded", urlencoded: [row("title", "a b"), row("off", "1", { enabled: false })] });

  it("curl writes each type with its own flags", () => {
    expect(curlBodyFlags(form)).toEqual([
      ["-F", "title=Hi there"],
      ["-F", "pic=@a.png"],
      ["--form-string", "at=@home"],
    ]);
    expect(curlBodyFlags(urlencoded)).toEqual([["--data-urlencode", "title=a b"]]);
    expect(curlBodyFlags(parts({ kind: "binary", binaryName: "x.bin" }))).toEqual([["--data-binary", "@x.bin"]]);
    expect(curlBodyFlags(parts({ kind: "xml", raw: "<a/>" }))).toEqual([["--data-raw", "<a/>"]]);
    const command = printCurl({ method: "POST", endpoint: "/api/x", headers: {}, data: curlBodyFlags(form) }, "http://localhost:4000");
    expect(command).toBe("curl -X POST 'http://localhost:4000/api/x' -F 'title=Hi there' -F 'pic=@a.png' --form-string 'at=@home'");
  });

  // A file field given as base64 content (no src) has no file on disk: `-F key=@name` named one that is not there.
  it("curl writes a form-data file given as base64 content as the same part: its text, or a placeholder path for bytes", () => {
    const b64 = (text: string) => btoa(text);
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    const content = parts({
      kind: "formdata",
      formdata: [
        row("note", "", { file: true, fileName: "a.txt", content: b64('hi; "there" \\ @x\n'), contentType: "text/plain" }),
        row("bare", "", { file: true, fileName: "", content: b64("plain") }),
        row("pic", "", { file: true, fileName: "dot.png", content: png, contentType: "image/png" }),
        row("nameless", "", { file: true, fileName: "", content: png }),
      ],
    });
    expect(curlBodyFlags(content)).toEqual([
      ["-F", 'note="hi; \\"there\\" \\\\ @x\n";filename="a.txt";type=text/plain'],
      ["-F", 'bare="plain";type=application/octet-stream'],
      ["-F", 'pic=@"/path/to/dot.png";filename="dot.png";type=image/png'],
      ["-F", 'nameless=@"/path/to/nameless";type=application/octet-stream'],
    ]);
    expect(formDataPlaceholders(content)).toEqual([
      ["pic", "/path/to/dot.png"],
      ["nameless", "/path/to/nameless"],
    ]);
    // Decoded as postman-runtime decodes it (Node's lenient base64: URL-safe digits, no padding, stray characters).
    expect([...base64Decode("aGk_-w")]).toEqual([104, 105, 63, 251]);
    expect(new TextDecoder().decode(base64Decode("aGV sbG8=garbage"))).toBe("hello");
    // A file chosen in its place goes as a chosen file does.
    chooseFile("rpic", new File(["x"], "mine.png"));
    expect(curlBodyFlags(content)[2]).toEqual(["-F", "pic=@dot.png"]);
  });

  // curl reads -F 'k=a;b' as "a" with a parameter it skips, and -F 'k="x"' as x: such values go as --form-string.
  it("a copied form reads back through Paste cURL as the same rows, as curl reads each -F part", () => {
    const sent = parts({
      kind: "formdata",
      formdata: [
        row("semi", "a;b"),
        row("quoted", '"x" y'),
        row("at", "@home"),
        row("plain", "hello world"),
        row("note", "", { file: true, fileName: "a b.txt", content: btoa('hi; "there" \\ @x\n'), contentType: "text/plain" }),
        row("pic", "", { file: true, fileName: "a.png" }),
      ],
    });
    expect(curlBodyFlags(sent).slice(0, 2)).toEqual([
      ["--form-string", "semi=a;b"],
      ["--form-string", 'quoted="x" y'],
    ]);
    const command = printCurl({ method: "POST", endpoint: "/api/x", headers: {}, data: curlBodyFlags(sent) }, "http://localhost:4000");
    const back = parseCurlCommand(command).request.bodies?.formdata ?? [];
    expect(back.map((r) => [r.key, r.value, r.file ?? false, r.fileName ?? "", r.content ?? "", r.contentType ?? ""])).toEqual([
      ["semi", "a;b", false, "", "", ""],
      ["quoted", '"x" y', false, "", "", ""],
      ["at", "@home", false, "", "", ""],
      ["plain", "hello world", false, "", "", ""],
      ["note", "", true, "a b.txt", btoa('hi; "there" \\ @x\n'), "text/plain"],
      ["pic", "", true, "a.png", "", ""],
    ]);
    // curl's own reading of parts no copy writes: the value up to a `;`, a quoted path, parameters in any order.
    const read = (part: string) => parseCurlCommand(`curl http://x/api -F '${part}'`).request.bodies?.formdata[0];
    expect(read("k=a;type=text/x")).toMatchObject({ key: "k", value: "a" });
    expect(read('k=@"/tmp/my file.png";type=image/png')).toMatchObject({ file: true, fileName: "my file.png" });
    expect(read("k=@/tmp/a.png;filename=shown.png")).toMatchObject({ file: true, fileName: "shown.png" });
  });

  it("a pasted command reads back into the body type", () => {
    const read = (c: string) => parseCurlCommand(c).request;
    const f = read("curl http://x/api -F 'title=Hi there' -F pic=@/tmp/a.png");
    expect(f.method).toBe("POST");
    expect(f.bodyText).toBeUndefined();
    expect(f.bodies?.kind).toBe("formdata");
    expect(f.bodies?.formdata.map((r) => [r.key, r.value, r.file ?? false, r.fileName ?? ""])).toEqual([
      ["title", "Hi there", false, ""],
      ["pic", "", true, "a.png"],
    ]);
    const u = read("curl http://x/api --data-urlencode 'title=a b' --data-urlencode 'n=1'");
    expect(u.bodies?.urlencoded.map((r) => [r.key, r.value])).toEqual([
      ["title", "a b"],
      ["n", "1"],
    ]);
    expect(read("curl http://x/api --data-binary @pic.png").bodies).toMatchObject({ kind: "binary", binaryName: "pic.png" });
    expect(read("curl http://x/api -H 'Content-Type: application/xml' --data-raw '<a/>'").bodies).toMatchObject({
      kind: "xml",
      raw: "<a/>",
    });
    expect(read("curl http://x/api -H 'Content-Type: text/plain' -d hi").bodies).toMatchObject({ kind: "text", raw: "hi" });
    // JSON stays the JSON editor's text.
    const j = read(`curl http://x/api -d '{"a":1}'`);
    expect([j.bodyText, j.bodies]).toEqual(['{"a":1}', undefined]);
  });

  it("the six languages write each type", () => {
    const code = (id: string, bodies: BodyParts) =>
      snippet(
        LANGUAGES.find((l) => l.id === id)!,
        { method: "POST", endpoint: "/api/x", headers: {}, bodies },
        "http://localhost:4000",
      );
    // Copy as cURL's flags: a text part starting with @ goes as --form-string (httpsnippet's `--form 'at=@home'` uploads the file "home").
    expect(code("curl", form)).toContain("-F 'title=Hi there' \\\n  -F 'pic=@a.png' \\\n  --form-string 'at=@home'");
    expect(code("curl", urlencoded)).toContain("--data-urlencode 'title=a b'");
    expect(code("python", form)).toContain("a.png");
    expect(code("fetch", urlencoded)).toContain("URLSearchParams");
    expect(code("node", parts({ kind: "xml", raw: "<a/>" }))).toContain("application/xml");
    expect(code("httpie", parts({ kind: "text", raw: "hi" }))).toContain("text/plain");
    expect(code("curl", parts({ kind: "binary", binaryName: "x.bin" }))).toContain("--data-binary '@x.bin'");
    expect(code("python", parts({ kind: "binary", binaryName: "x.bin" }))).toMatch(/^# Body: the bytes of the file x.bin/);
    const graphql = parts({ kind: "graphql", query: "{ todos }", variables: "" });
    expect(code("fetch", graphql)).toMatch(/query.*todos/);
    expect(code("mockman", graphql)).toContain(`-d '{"query":"{ todos }"}'`);
    expect(code("mockman", form)).toMatch(/# mockman request sends JSON bodies only: the formdata body is left out/);
    // A file given as base64 content: read from the placeholder path Copy as cURL names, with its type, and said so.
    const content = parts({
      kind: "formdata",
      formdata: [row("note", "", { file: true, fileName: "a.txt", content: btoa("hi"), contentType: "text/plain" })],
    });
    const python = code("python", content);
    expect(python).toMatch(/^# Body: form-data field "note" is base64 content: save it decoded as \/path\/to\/a.txt.\n/);
    expect(python).toContain('"note": ("/path/to/a.txt", open("/path/to/a.txt", "rb"), "text/plain")');
    expect(code("node", content)).toMatch(/^\/\/ Body: form-data field "note"/);
  });
});

describe("bodies in saved requests (Postman v2.1)", () => {
  const form = (bodies?: BodyParts) => ({ method: "POST", endpoint: "/api/x", headers: [], bodyText: "{}", auth: NO_AUTH, bodies });
  const cases: Array<[string, BodyParts, object]> = [
    ["text", parts({ kind: "text", raw: "hi" }), { mode: "raw", raw: "hi", options: { raw: { language: "text" } } }],
    ["xml", parts({ kind: "xml", raw: "<a/>" }), { mode: "raw", raw: "<a/>", options: { raw: { language: "xml" } } }],
    [
      "urlencoded",
      parts({ kind: "urlencoded", urlencoded: [row("a", "1"), row("b", "2", { enabled: false })] }),
      {
        mode: "urlencoded",
        urlencoded: [
          { key: "a", value: "1" },
          { key: "b", value: "2", disabled: true },
        ],
      },
    ],
    [
      "formdata",
      parts({ kind: "formdata", formdata: [row("a", "1"), row("f", "", { file: true, fileName: "n.txt" })] }),
      {
        mode: "formdata",
        formdata: [
          { key: "a", value: "1", type: "text" },
          { key: "f", type: "file", src: "n.txt" },
        ],
      },
    ],
    ["binary", parts({ kind: "binary", binaryName: "x.bin" }), { mode: "file", file: { src: "x.bin" } }],
    [
      "graphql",
      parts({ kind: "graphql", query: "{a}", variables: '{"n":1}' }),
      { mode: "graphql", graphql: { query: "{a}", variables: '{"n":1}' } },
    ],
  ];

  it.each(cases)("%s is written in Postman's shape and read back through an export and import", async (_kind, bodies, postman) => {
    const item = requestItem("r", form(bodies));
    expect((item.request as { body: unknown }).body).toEqual(postman);
    const file = JSON.stringify({
      info: { name: "c", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
      item: [item],
    });
    const imported = (await collectionFromFile(file, "c.json", 0)).collection.postman.item![0];
    const back = formOf(imported);
    const strip = (p?: BodyParts) => JSON.parse(JSON.stringify(keptParts(p), (k, v) => (k === "id" ? undefined : v)));
    expect(strip(back.bodies)).toEqual(strip(bodies));
  });

  it("JSON stays a raw json body; none is a disabled empty body that comes back as none", async () => {
    expect((requestItem("r", form()).request as { body: unknown }).body).toEqual({
      mode: "raw",
      raw: "{}",
      options: { raw: { language: "json" } },
    });
    const none = requestItem("r", form(parts({ kind: "none" })));
    expect((none.request as { body?: unknown }).body).toEqual({ mode: "raw", raw: "", disabled: true });
    expect(formOf(none).bodies?.kind).toBe("none");
    expect(partsFromPostman({ mode: "raw", raw: "", disabled: true }).parts?.kind).toBe("none");
    // A request written without a body (a hand-written GET) keeps the JSON editor and its `{}`.
    expect(formOf({ name: "g", request: { method: "GET", url: "/api/test-todos" } })).toMatchObject({ bodyText: "{}" });
    expect(formOf({ name: "g", request: { method: "GET", url: "/api/test-todos" } }).bodies).toBeUndefined();
  });
});
