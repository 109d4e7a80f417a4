// Issue 45, one model: each request of an imported Postman collection, opened and sent on its own from
// /mockman, goes out byte for byte as its collection's Run sends it: method, URL, headers and body, for the
// parts of a Postman request the form shows (the URL, headers, body types, the Authorization helper) and those
// it does not (path variables, disabled query parameters and headers, auths the helper has no fields for, an
// auth a folder gives). What went out is what the page's mock received (harness pageMock's `seen`).
import { expect, test, vi } from "vitest";
import { page, server } from "@vitest/browser/context";
import { importCollection, renderTester, tool, workspaceUi } from "./harness";

const SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

const request = (name: string, req: object) => ({ name, request: req });

/** A collection as Postman writes one, every request under {{baseUrl}} (this frame's origin), with variables in each part. */
const collection = (origin: string) => ({
  info: { name: "Parts", schema: SCHEMA },
  auth: { type: "bearer", bearer: [{ key: "token", value: "c-{{user}}" }] },
  variable: [
    { key: "baseUrl", value: origin },
    { key: "client", value: "mock man" },
    { key: "user", value: "ada" },
  ],
  item: [
    request("Path variable", {
      method: "GET",
      url: {
        raw: "{{baseUrl}}/api/echo/:id",
        host: ["{{baseUrl}}"],
        path: ["api", "echo", ":id"],
        variable: [{ key: "id", value: "p-{{user}}" }],
      },
    }),
    request("Query", {
      method: "GET",
      url: {
        raw: "{{baseUrl}}/api/echo?by={{client}}&q=a b&limit=2",
        host: ["{{baseUrl}}"],
        path: ["api", "echo"],
        query: [
          { key: "by", value: "{{client}}" },
          { key: "q", value: "a b" },
          { key: "cursor", value: "off", disabled: true },
          { key: "limit", value: "2" },
        ],
      },
    }),
    request("Headers", {
      method: "GET",
      url: "{{baseUrl}}/api/echo",
      header: [
        { key: "X-Client", value: "{{client}}" },
        { key: "X-Off", value: "1", disabled: true },
      ],
    }),
    request("API key in the query", {
      method: "GET",
      url: "{{baseUrl}}/api/echo",
      auth: {
        type: "apikey",
        apikey: [
          { key: "key", value: "api_key" },
          { key: "value", value: "{{user}}" },
          { key: "in", value: "query" },
        ],
      },
    }),
    request("Basic", {
      method: "GET",
      url: "{{baseUrl}}/api/echo",
      auth: {
        type: "basic",
        basic: [
          { key: "username", value: "{{user}}" },
          { key: "password", value: "pä ss" },
        ],
      },
    }),
    request("JSON", {
      method: "POST",
      url: "{{baseUrl}}/api/echo",
      body: { mode: "raw", raw: '{ "name": "{{client}}" }', options: { raw: { language: "json" } } },
    }),
    request("Text", {
      method: "PUT",
      url: "{{baseUrl}}/api/echo",
      header: [{ key: "Content-Type", value: "text/plain" }],
      body: { mode: "raw", raw: "hello {{client}}" },
    }),
    request("Form", {
      method: "POST",
      url: "{{baseUrl}}/api/echo",
      body: {
        mode: "urlencoded",
        urlencoded: [
          { key: "a", value: "{{client}}" },
          { key: "b", value: "2", disabled: true },
          { key: "c&d", value: "=" },
        ],
      },
    }),
    request("Multipart", {
      method: "POST",
      url: "{{baseUrl}}/api/echo",
      body: { mode: "formdata", formdata: [{ key: "who", value: "{{user}}", type: "text" }] },
    }),
    request("GraphQL", {
      method: "POST",
      url: "{{baseUrl}}/api/echo",
      body: { mode: "graphql", graphql: { query: 'query { me(name: "{{user}}") }', variables: '{"n": 1}' } },
    }),
    request("Encoded", { method: "GET", url: "{{baseUrl}}/api/echo/a%2Fb/ä?x=%2F&y=ä ö&flag&=v#top" }),
    request("XML", {
      method: "POST",
      url: "{{baseUrl}}/api/echo",
      body: { mode: "raw", raw: "<who>{{user}}</who>", options: { raw: { language: "xml" } } },
    }),
    request("Vendor JSON", {
      method: "PATCH",
      url: "{{baseUrl}}/api/echo",
      header: [{ key: "Content-Type", value: "application/vnd.api+json" }],
      body: { mode: "raw", raw: '{"data": {"id": "{{user}}"}}', options: { raw: { language: "json" } } },
    }),
    request("Options", { method: "OPTIONS", url: "{{baseUrl}}/api/echo" }),
    {
      name: "Signed",
      auth: { type: "bearer", bearer: [{ key: "token", value: "t-{{user}}" }] },
      item: [
        request("Inherits", { method: "DELETE", url: "{{baseUrl}}/api/echo" }),
        request("Says inherit", { method: "GET", url: "{{baseUrl}}/api/echo", auth: { type: "inherit" } }),
        request("Says none", { method: "GET", url: "{{baseUrl}}/api/echo", auth: { type: "noauth" } }),
      ],
    },
    // No auth, so a JSON body goes from the page's own Send (not the engine, which an auth or path variable needs).
    {
      name: "Direct",
      auth: { type: "noauth" },
      item: [
        request("Direct JSON", {
          method: "POST",
          url: "{{baseUrl}}/api/echo",
          body: { mode: "raw", raw: '{ "name": "{{client}}",\n  "n": 1 }', options: { raw: { language: "json" } } },
        }),
        request("Direct vendor JSON", {
          method: "PATCH",
          url: "{{baseUrl}}/api/echo",
          header: [{ key: "Content-Type", value: "application/vnd.api+json" }],
          body: { mode: "raw", raw: '{"id": "{{user}}"}', options: { raw: { language: "json" } } },
        }),
        // No language: Postman's Text, sent as text/plain whatever it holds.
        request("Direct unnamed raw", { method: "POST", url: "{{baseUrl}}/api/echo", body: { mode: "raw", raw: '{"a": 1}' } }),
        request("Direct GET", { method: "GET", url: "{{baseUrl}}/api/echo?by={{client}}" }),
      ],
    },
    // A folder whose auth says "inherit": to Newman, one of its own that signs nothing.
    { name: "Inherit folder", auth: { type: "inherit" }, item: [request("Under inherit", { method: "GET", url: "{{baseUrl}}/api/echo" })] },
    // Basic from a folder, over a {{variable}}: its base64 is written in only once the variable is filled.
    {
      name: "Basic folder",
      auth: {
        type: "basic",
        basic: [
          { key: "username", value: "{{user}}" },
          { key: "password", value: "pw" },
        ],
      },
      item: [request("Under basic", { method: "GET", url: "{{baseUrl}}/api/echo" })],
    },
  ],
});

/**
 * What a request put on the wire (a URL's #fragment never goes), its multipart boundary (random for each
 * request) written as BOUNDARY and a JWT (a login's, dated to the second) as JWT.
 */
async function wire(request: Request): Promise<string> {
  const body = await request.text();
  const boundary = /boundary=([^;]+)/.exec(request.headers.get("content-type") ?? "")?.[1];
  const headers = [...request.headers].map(([name, value]) => `${name}: ${value}`);
  const text = [`${request.method} ${request.url.replace(/#.*/, "")}`, ...headers, "", body].join("\n");
  return (boundary ? text.split(boundary).join("BOUNDARY") : text).replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, "JWT");
}

const NAMES = [
  ...["Path variable", "Query", "Headers", "API key in the query", "Basic", "JSON", "Text", "Form", "Multipart", "GraphQL"],
  ...["Encoded", "XML", "Vendor JSON", "Options", "Inherits", "Says inherit", "Says none"],
  ...["Direct JSON", "Direct vendor JSON", "Direct unnamed raw", "Direct GET", "Under inherit", "Under basic"],
];

type Imported = { info: { name: string } };

/**
 * The tester with `json` imported through the Collections panel, its mock recording each request it answers but
 * the OpenAPI description (the endpoint's suggestions): `send` opens a saved request and sends it, `run` runs the
 * collection from its menu until the summary says Done; each gives what went out.
 */
async function testerWith(json: Imported, fileName: string) {
  await page.viewport(1280, 800);
  const seen: Request[] = [];
  const screen = await renderTester(seen);
  const ui = workspaceUi(screen);
  await expect.element(ui.submit).toBeEnabled();
  const panel = await importCollection(screen, JSON.stringify(json), json.info.name, fileName);
  const sent = () => seen.filter((r) => !new URL(r.url).pathname.endsWith("/openapi.json"));
  const send = async (button: string) => {
    await panel.getByRole("button", { name: button, exact: true }).click();
    const before = sent().length;
    await ui.submit.click();
    await expect.poll(() => sent().length, { timeout: 60_000 }).toBe(before + 1);
    await expect.element(ui.submit).toBeEnabled();
    // Closed again: at most 20 tabs are open at once.
    await screen.getByRole("button", { name: /^Close tab / }).click();
    return wire(sent()[before]);
  };
  const run = async () => {
    const from = sent().length;
    await panel.getByRole("button", { name: `Actions for ${json.info.name}` }).click();
    await screen.getByRole("menuitem", { name: "Run" }).click();
    const runner = screen.getByRole("dialog", { name: `Run ${json.info.name}` });
    await runner.getByRole("button", { name: "Run", exact: true }).click();
    await expect.element(runner.getByTestId("run-summary"), { timeout: 60_000 }).toHaveTextContent("Done.");
    return Promise.all(sent().slice(from).map(wire));
  };
  return { screen, panel, send, run };
}

/** Each request's method, as its button in the Collections panel shows it ("GET Query"). */
const METHODS: Record<string, string> = {
  JSON: "POST",
  Text: "PUT",
  Form: "POST",
  Multipart: "POST",
  GraphQL: "POST",
  XML: "POST",
  "Vendor JSON": "PATCH",
  Options: "OPTIONS",
  Inherits: "DELETE",
  "Direct JSON": "POST",
  "Direct vendor JSON": "PATCH",
  "Direct unnamed raw": "POST",
};
const button = (name: string) => `${METHODS[name] ?? "GET"} ${name}`;

test(
  "each request of a Postman collection, sent on its own from the page, goes out as its Run sends it",
  { timeout: 180_000 },
  async () => {
    const { screen, panel, send, run } = await testerWith(collection(window.location.origin), "parts.postman_collection.json");
    const sent: string[] = [];
    for (const name of NAMES) sent.push(await send(button(name)));

    // The Params table shows the disabled parameter unticked, as Postman's Params tab does.
    await panel.getByRole("button", { name: "GET Query", exact: true }).click();
    await screen.getByRole("tablist", { name: "Request sections" }).getByRole("tab", { name: "Params (3)" }).click();
    const params = screen.getByRole("region", { name: "Query parameters" });
    await expect.element(params.getByLabelText("Send parameter 4 (cursor)")).not.toBeChecked();
    await expect.element(params.getByLabelText("Parameter 4 value")).toHaveValue("off");

    // The Authorization section says what signs a request its fields do not show, as Postman's tab does.
    const authorization = screen.getByRole("group", { name: "Authorization" });
    const note = async (name: string, text: string | null) => {
      await panel.getByRole("button", { name: button(name), exact: true }).click();
      await screen.getByRole("tablist", { name: "Request sections" }).getByRole("tab", { name: "Authorization" }).click();
      await expect.element(authorization.getByLabelText("Auth type")).toHaveValue("none");
      if (text) await expect.element(authorization).toHaveTextContent(text);
      else expect(authorization.element().querySelector(".mm-auth-signed")).toBeNull();
    };
    await note("API key in the query", "Signed with its saved API Key auth, which these fields do not edit");
    await note("Inherits", "Inherits Bearer Token from the folder Signed, as its Run does");
    await note("Options", "Inherits Bearer Token from the collection, as its Run does");
    await note("Says none", null);
    await note("Under inherit", null);

    // The history keeps a saved request's path variables' values in the path, so a restore sends it there again.
    const history = screen.getByRole("list", { name: "Sent requests, newest first" });
    await expect.element(history.getByTitle("Restore GET {{baseUrl}}/api/echo/p-{{user}}", { exact: true })).toBeVisible();

    // Code and Copy as cURL send a saved request where its Send does: its path variables' values in the path.
    await panel.getByRole("button", { name: "GET Path variable", exact: true }).click();
    await tool(screen, "Code");
    const code = screen.getByRole("dialog", { name: "Code" });
    await expect.element(code.getByTestId("code-snippet")).toHaveTextContent("/api/echo/p-{{user}}");
    await code.getByRole("button", { name: "Close" }).click();
    // One its Send signs with an auth its headers do not carry: the code carries it, signed by postman-runtime's
    // handler in the run worker, {{ }} kept as the rest of the code keeps them, or filled with the rest.
    await panel.getByRole("button", { name: "DELETE Inherits", exact: true }).click();
    await tool(screen, "Code");
    const snippet = code.getByTestId("code-snippet");
    await expect.element(code).toHaveTextContent("Written in as its Send signs it: the Bearer Token it inherits from the folder Signed.");
    await expect.element(snippet).toHaveTextContent("Authorization: Bearer t-{{user}}");
    const fillIn = code.getByRole("checkbox", { name: /Fill in variables/ });
    await fillIn.click();
    await expect.element(snippet).toHaveTextContent("Authorization: Bearer t-ada");
    await fillIn.click();
    await code.getByRole("button", { name: "Close" }).click();
    // So does a copy of it as a command.
    // A copy that waits for its signature hands the clipboard a promise (ClipboardItem), made in the click.
    const clipboard = vi.spyOn(navigator.clipboard, "write").mockResolvedValue();
    const copied = async () => {
      const items = clipboard.mock.lastCall?.[0];
      return items ? (await items[0].getType("text/plain")).text() : "";
    };
    await tool(screen, "Copy as mockman request");
    await expect
      .element(screen.getByRole("status").filter({ hasText: "Copied the request as a mockman request command." }))
      .toHaveTextContent("Written in as its Send signs it: the Bearer Token it inherits from the folder Signed.");
    expect(await copied()).toContain("Authorization: Bearer t-{{user}}");
    // An API key in the query goes in the URL, where its Send puts it.
    await panel.getByRole("button", { name: "GET API key in the query", exact: true }).click();
    await tool(screen, "Copy as mockman request");
    await expect.poll(copied).toContain("/api/echo?api_key={{user}}");
    // Basic over {{user}}: its base64 is of the filled text, so it is written in only with Fill in variables.
    await panel.getByRole("button", { name: "GET Under basic", exact: true }).click();
    await tool(screen, "Code");
    await expect
      .element(code)
      .toHaveTextContent(
        "Its Send signs it with the Basic Auth it inherits from the folder Basic folder, which this code leaves out: it is computed from {{variables}}; Code writes it in with Fill in variables ticked, where this page has their values.",
      );
    await expect.element(snippet).not.toHaveTextContent("Authorization");
    await fillIn.click();
    await expect.element(snippet).toHaveTextContent(`Authorization: Basic ${btoa("ada:pw")}`);
    await expect
      .element(code)
      .toHaveTextContent("Written in as its Send signs it: the Basic Auth it inherits from the folder Basic folder.");
    await fillIn.click();
    await code.getByRole("button", { name: "Close" }).click();

    const ran = await run();
    expect(ran).toHaveLength(NAMES.length);
    for (const [i, name] of NAMES.entries()) expect(sent[i], name).toBe(ran[i]);
    // Whose auth went out, as Newman signs them (checked with newman 6 on the same collection).
    const authOf = (name: string) => /^authorization: (.*)$/m.exec(ran[NAMES.indexOf(name)])?.[1];
    expect(["Options", "Inherits", "Says inherit", "Says none", "Under inherit", "Under basic"].map(authOf)).toEqual([
      "Bearer c-ada",
      "Bearer t-ada",
      undefined,
      undefined,
      undefined,
      `Basic ${btoa("ada:pw")}`,
    ]);
  },
);

// A collection written after public ones (tests/collection/public/, which Newman and `mockman replay` agree on):
// a login whose test script keeps the token, path variables filled from `url.variable`, one a script sets, one
// nobody declared and an empty one. Sent request by request from the page, each Send's scripts keep what they
// set for the next, as its Run does within the run.
test(
  "the public path-variables collection, sent request by request from the page, goes out as its Run sends it",
  { timeout: 180_000 },
  async () => {
    const json = JSON.parse(
      await server.commands.readFile("tests/collection/public/path-variables.postman_collection.json"),
    ) as Imported & {
      variable?: object[];
      item: Array<{ name: string; request: { method: string } }>;
    };
    json.variable = [...(json.variable ?? []), { key: "baseUrl", value: window.location.origin }];
    const { send, run } = await testerWith(json, "path-variables.postman_collection.json");
    const sent: string[] = [];
    for (const { name, request } of json.item) sent.push(await send(`${request.method} ${name}`));
    expect(sent).toHaveLength(json.item.length);
    expect(await run()).toEqual(sent);
  },
);
