// Issue 12, item 6 ("The page"): a pasted Chromium cURL, Use guest token through the history, the two
// search boxes, failed requests logged to the console, and those controls under axe. Was most of
// tests/e2e/mockman-tools.spec.ts: the tester without its top bar and Mock settings (harness renderTester:
// the request column, the Collections and History panels and the dialogs on the page's own useMockman),
// the page's mock in this frame answering /api, its history in this frame's IndexedDB. Copy as cURL
// against a running `mockman serve`, a reload and a shell stays in that spec.
import { afterEach, expect, test, vi } from "vitest";
import { page, userEvent } from "@vitest/browser/context";
import { formdataItem, formRow, postmanCollection } from "../fixtures/postman";
import { axeInBothThemes, importCollection, renderTester, tool, workspaceUi } from "./harness";

afterEach(() => {
  vi.restoreAllMocks();
});

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

/** The tester and its controls (the e2e suite's mockmanUi). */
async function open() {
  await page.viewport(1280, 800);
  const screen = await renderTester();
  const $ = {
    ...workspaceUi(screen),
    notice: screen.getByRole("status"),
    baseUrl: screen.getByLabelText("Server for Copy as cURL"),
    history: screen.getByRole("list", { name: "Sent requests, newest first" }),
  };
  await expect.element($.submit).toBeEnabled();
  return { screen, $ };
}
type Screen = Awaited<ReturnType<typeof open>>["screen"];

/** Shows one of the request's sections (Body, Params, Authorization, Settings). */
const section = (screen: Screen, name: string | RegExp) =>
  screen.getByRole("tablist", { name: "Request sections" }).getByRole("tab", { name }).click();
/** Shows one of the response's sections (Body, Headers). */
const responseSection = (screen: Screen, name: string | RegExp) =>
  screen.getByRole("tablist", { name: "Response sections" }).getByRole("tab", { name }).click();

/** The JSON body editor's text as JSON (the text itself while it is not JSON): a plain field, or CodeMirror's lines once loaded. */
function bodyJson(body: ReturnType<typeof workspaceUi>["body"]): unknown {
  const el = body.element();
  const text = el instanceof HTMLTextAreaElement ? el.value : (el as HTMLElement).innerText;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Fills the form from a command through Tools > Paste cURL, one line per item. */
async function pasteCurl(screen: Screen, lines: string[]) {
  await tool(screen, "Paste cURL");
  const dialog = screen.getByRole("dialog", { name: "Paste a cURL command" });
  await screen.getByLabelText(/^cURL command/).fill(lines.join("\n"));
  await dialog.getByRole("button", { name: "Fill the form" }).click();
  await expect.element(dialog).not.toBeInTheDocument();
}

test("Paste cURL reads Chromium's 'Copy as cURL (bash)' and lists the flags it ignored", async () => {
  const { screen, $ } = await open();
  const origin = window.location.origin;
  await pasteCurl(screen, [
    `curl '${origin}/api/auth/login' \\`,
    `  -H 'accept: */*' \\`,
    `  -H 'content-type: application/json' \\`,
    `  -b 'theme=dark; _ga=GA1.1.42' \\`,
    `  -H 'sec-ch-ua-mobile: ?0' \\`,
    `  --data-raw $'{"username":"guest","password":"guest1234","note":"it\\'s"}' \\`,
    `  --compressed -k`,
  ]);
  await expect
    .element($.notice)
    .toHaveTextContent(/^Filled the form from the cURL command\. Ignored \(no effect here\): --compressed, -k\.$/);
  await expect.element($.method).toHaveValue("POST");
  await expect.element($.endpoint).toHaveValue("/api/auth/login");
  await expect.poll(() => bodyJson($.body)).toEqual({ username: "guest", password: "guest1234", note: "it's" });
  await expect.element(screen.getByLabelText("Header 4 name")).toHaveValue("Cookie");
  await expect.element(screen.getByLabelText("Header 4 value")).toHaveValue("theme=dark; _ga=GA1.1.42");

  // Pasting into the endpoint box works the same, -u and -G included.
  await $.endpoint.fill("");
  ($.endpoint.element() as HTMLInputElement).focus();
  const data = new DataTransfer();
  data.setData("text", `curl -sS -G -u guest:guest1234 ${origin}/api/posts -d limit=2`);
  document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  await expect.element($.notice).toHaveTextContent(/^Filled the form from the pasted cURL command\. Ignored \(no effect here\): -s, -S\.$/);
  await expect.element($.method).toHaveValue("GET");
  await expect.element($.endpoint).toHaveValue("/api/posts?limit=2");
  await expect.element(screen.getByLabelText("Header 1 name")).toHaveValue("Authorization");
  await expect.element(screen.getByLabelText("Header 1 value")).toHaveValue("Basic Z3Vlc3Q6Z3Vlc3QxMjM0");
});

test("Paste cURL reads a form upload as Chromium copies it: the form-data table, without the pasted boundary", async () => {
  const { screen, $ } = await open();
  const origin = window.location.origin;
  const boundary = "----WebKitFormBoundaryAbC";
  await pasteCurl(screen, [
    `curl '${origin}/api/test-todos' \\`,
    `  -H 'accept: */*' \\`,
    `  -H 'content-type: multipart/form-data; boundary=${boundary}' \\`,
    `  --data-raw $'--${boundary}\\r\\nContent-Disposition: form-data; name="title"\\r\\n\\r\\nHi there\\u0021\\r\\n--${boundary}--\\r\\n' \\`,
    `  --compressed`,
  ]);
  await expect.element($.method).toHaveValue("POST");
  await section(screen, "Body");
  await expect.element(screen.getByLabelText("Body type")).toHaveValue("formdata");
  await expect.element(screen.getByLabelText("Part 1 name")).toHaveValue("title");
  await expect.element(screen.getByLabelText("Part 1 value")).toHaveValue("Hi there!");
  await expect.element(screen.getByLabelText("Header 1 name")).toHaveValue("accept");
  await expect.element(screen.getByLabelText("Header 2 name")).toHaveValue("");
});

// A Postman form-data file given as base64 content (no src) has no file on disk: Copy as cURL wrote `-F pic=@pic`,
// a file that is not there. Text goes in the command as the same part; bytes no argument holds go to a path the
// notice says to save them at.
test("Copy as cURL writes a form-data file given as base64 content as the part it sends, or says where to save it", async () => {
  const { screen, $ } = await open();
  const collection = postmanCollection("Inline", [
    formdataItem("Upload", "/api/test-todos", [
      formRow.text("note", "hi"),
      formRow.base64("doc", btoa("hello; file"), { fileName: "hello.txt", contentType: "text/plain" }),
      formRow.base64("pic", btoa("\u0089PNG\u0000\u00ff")),
    ]),
  ]);
  const panel = await importCollection(screen, JSON.stringify(collection), "Inline", "inline.postman_collection.json");
  await panel.getByRole("button", { name: "POST Upload", exact: true }).click();
  await expect.element($.endpoint).toHaveValue("/api/test-todos");
  const copied: string[] = [];
  vi.spyOn(navigator.clipboard, "writeText").mockImplementation(async (text) => void copied.push(text));
  await tool(screen, "Copy as cURL");
  await expect
    .element($.notice)
    .toHaveTextContent(
      'Form-data field "pic" is base64 content, not text: save it decoded as /path/to/pic, as the command reads it there.',
    );
  expect(copied).toHaveLength(1);
  expect(copied[0]).toContain(
    ` \\\n  -F 'note=hi' \\\n  -F 'doc="hello; file";filename="hello.txt";type=text/plain' \\\n  -F 'pic=@"/path/to/pic";type=application/octet-stream'`,
  );
});

test("Use guest token is a request in the history, so Export templates its token instead of writing a JWT", async () => {
  // What Export all's link downloads: its file name and the blob it points to, read before the page frees it.
  const saved: Array<{ name: string; text: Promise<string> }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: fetch(this.href).then((r) => r.text()) });
  });
  const { screen, $ } = await open();
  await tool(screen, "Use guest token");
  await expect.poll(() => (screen.getByLabelText("Header 2 value").element() as HTMLInputElement).value).toMatch(JWT);
  await expect.element($.notice).toHaveTextContent("the login is in the history");
  await expect.poll(() => $.history.getByRole("listitem").elements()).toHaveLength(1);
  await expect.element($.history.getByRole("listitem").first()).toHaveTextContent(/POST\s*\/api\/auth\/login\s*200/);
  // Its name reads in parts, not as "POST/api/auth/login20009:12".
  await expect.element($.history.getByRole("button", { name: /^POST \/api\/auth\/login, 200, \d\d:\d\d$/ })).toBeVisible();
  // The login went aside: the tab's request was not sent, so its response pane has nothing to show.
  await expect.element($.response).toHaveTextContent("Response is undefined.");

  await $.endpoint.fill("/api/users/bookmark");
  await $.submit.click();
  await expect.element($.status).toHaveTextContent("200 OK");
  await expect.element(screen.getByRole("heading", { name: "History (2)" })).toBeVisible();

  await screen.getByRole("button", { name: "Export all" }).click();
  await expect.poll(() => saved).toHaveLength(1);
  const text = await saved[0].text;
  expect(text).not.toMatch(JWT);
  const collection = JSON.parse(text);
  expect(collection.requests.map((r: { name: string }) => r.name)).toEqual(["post-auth-login", "get-users-bookmark"]);
  expect(collection.requests[0].body).toEqual({ username: "guest", password: "guest1234" });
  expect(collection.requests[1].headers.authorization).toBe("{{post-auth-login.body.encodedToken}}");
});

test("search boxes: the response tree by key or value, the history by method, path and status", async () => {
  const { screen, $ } = await open();
  await $.endpoint.fill("/api/posts");
  await $.submit.click();
  await expect.element($.status).toHaveTextContent("200 OK");
  const body = $.response.getByRole("group", { name: "Response body" });
  const search = screen.getByRole("searchbox", { name: "Search the response" });

  await search.fill("ADASTERLING");
  await expect.element(screen.getByText(/^\d+ match(es)? for "ADASTERLING"\.$/)).toBeVisible();
  await expect.element(body).toHaveTextContent("adasterling");
  await expect.element(body).toHaveTextContent('"posts": {');
  await expect.element(body).not.toHaveTextContent("guest");
  await expect.element(body).not.toHaveTextContent("likeCount");

  // Body and headers both match, then only the body: each view is replaced, none left behind.
  await search.fill("json");
  await responseSection(screen, /^Headers/);
  await expect.element(screen.getByRole("group", { name: "Response headers" })).toHaveTextContent("application/json");
  // A key match keeps its value, with its ancestors.
  await search.fill("likecount");
  await expect.element(screen.getByRole("group", { name: "Response headers" })).not.toBeInTheDocument();
  await responseSection(screen, "Body");
  await expect.poll(() => document.querySelectorAll(".mm-response .mm-pretty")).toHaveLength(1);
  await expect.element(body).toHaveTextContent(/"likes": \{\s*"likeCount": \d+/);
  await expect.element(body).not.toHaveTextContent('"content":');

  await search.fill("no-such-thing-anywhere");
  await expect.element(screen.getByText('No matches for "no-such-thing-anywhere".')).toBeVisible();
  await expect.element($.response).toHaveTextContent("No matches in the body.");
  await expect.element($.response).toHaveTextContent("No matches in the headers.");
  await search.fill("");
  await expect.element(body).toHaveTextContent("guest");

  // History: send a few, then filter.
  await $.endpoint.fill("/api/auth/login");
  await $.method.selectOptions("POST");
  await $.body.fill('{"username":"guest","password":"wrong"}');
  await $.submit.click();
  await expect.element($.status).toHaveTextContent("401");
  await $.method.selectOptions("GET");
  await $.endpoint.fill("/api/test-todos");
  await $.submit.click();
  await expect.element(screen.getByRole("heading", { name: "History (3)" })).toBeVisible();
  const history = screen.getByRole("searchbox", { name: "Search history" });
  const items = () => $.history.getByRole("listitem").elements();
  await history.fill("post");
  await expect.poll(items).toHaveLength(2);
  await expect.element(screen.getByText("2 of 3 requests match.")).toBeVisible();
  await history.fill("4xx");
  await expect.poll(items).toHaveLength(1);
  await expect.element($.history.getByRole("listitem")).toHaveTextContent("/api/auth/login");
  await history.fill("DELETE");
  await expect.element(screen.getByText('No requests match "DELETE".')).toBeVisible();
  await expect.element($.history).not.toBeInTheDocument();
  // Keyboard: Escape clears a search box.
  await history.click();
  await userEvent.keyboard("{Escape}");
  await expect.element(history).toHaveValue("");
  await expect.poll(items).toHaveLength(3);
});

test("a failed request is logged with console.error: method, URL, status and message", async () => {
  const errors: string[] = [];
  const original = console.error;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(" ");
    if (text.startsWith("mockman:")) errors.push(text);
    else original(...args);
  });
  const { $ } = await open();
  const origin = window.location.origin;
  await $.submit.click();
  await expect.element($.status).toHaveTextContent("200 OK");
  expect(errors).toEqual([]);

  await $.method.selectOptions("POST");
  await $.endpoint.fill("/api/posts/like/8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01");
  await $.submit.click();
  await expect.element($.status).toHaveTextContent("404");
  await expect
    .poll(() => errors)
    .toEqual([
      `mockman: POST ${origin}/api/posts/like/8d0c3c7e-1f4b-4b7a-9c2e-6a1f0d9e7b01 failed: 404 Not Found - The username you entered is not Registered. Not Found error`,
    ]);

  await $.method.selectOptions("GET");
  await $.endpoint.fill("http://127.0.0.1:9/nothing-listens-here");
  await $.submit.click();
  await expect.element($.status).toHaveTextContent("No response");
  await expect.poll(() => errors.length).toBe(2);
  expect(errors[1]).toMatch(
    /^mockman: GET http:\/\/127\.0\.0\.1:9\/nothing-listens-here failed: no response \(TypeError: Failed to fetch\)$/,
  );
});

test("the new controls pass axe in the light and the dark theme and hold at 375 and 1280 px", async () => {
  const { screen, $ } = await open();
  await tool(screen, "Use guest token");
  await expect.poll(() => (screen.getByLabelText("Header 2 value").element() as HTMLInputElement).value).toMatch(JWT);
  await $.submit.click();
  await expect.element($.status).toHaveTextContent("200 OK");
  await screen.getByRole("searchbox", { name: "Search the response" }).fill("guest");
  await screen.getByRole("searchbox", { name: "Search history" }).fill("zzz");
  await section(screen, "Settings");
  await $.baseUrl.fill("not a url");
  await expect.element(screen.getByText('No requests match "zzz".')).toBeVisible();
  await axeInBothThemes();
});

// Copy as cURL copied one line where Code › cURL shows a flag a line: as Postman's Copy as cURL and its code snippet,
// they are now the same text.
test("Copy as cURL copies what Code shows as cURL, a flag a line", async () => {
  const { screen, $ } = await open();
  await $.method.selectOptions("POST");
  await $.endpoint.fill("/api/test-todos?from=1");
  const copied: string[] = [];
  vi.spyOn(navigator.clipboard, "writeText").mockImplementation(async (text) => void copied.push(text));
  await tool(screen, "Copy as cURL");
  await expect.element($.notice).toHaveTextContent(/^Copied the request as a cURL command/);
  await tool(screen, "Code");
  const code = screen.getByRole("region", { name: "cURL code" });
  await expect.element(code).toHaveTextContent(/^curl -X POST/);
  expect(copied).toEqual([code.element().textContent]);
  expect(copied[0]).toContain(" \\\n  -H 'Accept: */*' \\\n");
});
