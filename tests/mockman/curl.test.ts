import { execFile, execFileSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CurlError,
  DEFAULT_BASE_URL,
  checkBaseUrl,
  commandUrl,
  curlCommand,
  parseCurlCommand,
  printCurl,
  readCurl,
  printMockmanRequest,
  shellQuote,
  shellWords,
  type CurlRequest,
} from "#app/mockman/lib/curl";
import { LANGUAGES, snippet } from "#app/mockman/lib/snippets";

const ORIGIN = "http://127.0.0.1:4302";

describe("cURL print and parse", () => {
  it("prints a command a shell runs, against the page's origin", () => {
    const command = printCurl(
      { method: "POST", endpoint: "/api/auth/login", headers: { Accept: "*/*" }, bodyText: `{"username":"guest","password":"it's"}` },
      ORIGIN,
    );
    expect(command).toBe(
      `curl -X POST 'http://127.0.0.1:4302/api/auth/login' -H 'Accept: */*' --data-raw '{"username":"guest","password":"it'\\''s"}'`,
    );
  });

  it("round-trips a request through print and parse", () => {
    const request: CurlRequest = {
      method: "POST",
      endpoint: "/api/posts/like/8d0c3c7e?x=1&y='2'",
      headers: { Accept: "*/*", authorization: "Bearer a.b.c", "x-quote": `say "hi" it's` },
      bodyText: '{\n  "postData": {"content": "a \\"quoted\\" $HOME `tick`"}\n}',
    };
    expect(parseCurlCommand(printCurl(request, ORIGIN), ORIGIN).request).toEqual(request);
  });

  it("round-trips any request (property)", () => {
    const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/);
    const headerValue = fc.string({ maxLength: 30 }).map((s) =>
      s
        .trim()
        .replace(/[\r\n]/g, " ")
        .trim(),
    );
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
        fc.webPath(),
        fc.dictionary(headerName, headerValue, { maxKeys: 4 }),
        fc.option(fc.json(), { nil: undefined }),
        (method, path, headers, body) => {
          const request: CurlRequest = { method, endpoint: path.startsWith("/") ? path : `/${path}`, headers, bodyText: body };
          expect(parseCurlCommand(printCurl(request, ORIGIN), ORIGIN).request).toEqual(request);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads -X, -H, -d/--data/--data-raw and the URL, in any order and glued forms", () => {
    expect(parseCurlCommand(`curl -H 'Accept: */*' -XPUT -d '{"a":1}' https://example.com/x`).request).toEqual({
      method: "PUT",
      endpoint: "https://example.com/x",
      headers: { Accept: "*/*" },
      bodyText: '{"a":1}',
    });
    expect(parseCurlCommand(`curl --data "{\\"a\\":1}" --header "x-y: z" "${ORIGIN}/api/test-todos"`, ORIGIN).request).toEqual({
      method: "POST",
      endpoint: "/api/test-todos",
      headers: { "x-y": "z" },
      bodyText: '{"a":1}',
    });
    expect(parseCurlCommand(`curl '${ORIGIN}/api/posts' \\\n  --compressed`, ORIGIN).request).toEqual({
      method: "GET",
      endpoint: "/api/posts",
      headers: {},
      bodyText: undefined,
    });
    expect(parseCurlCommand(`curl --request=delete --url=${ORIGIN}/api/test-todos/1`, ORIGIN).request.method).toBe("DELETE");
  });

  it("a command that cannot be parsed says which part failed", () => {
    const failure = (command: string) => {
      try {
        parseCurlCommand(command);
      } catch (error) {
        expect(error).toBeInstanceOf(CurlError);
        return (error as Error).message;
      }
      throw new Error(`parsed: ${command}`);
    };
    expect(failure("wget http://x")).toMatch(/starts with "curl".*"wget"/);
    expect(failure("curl 'http://x")).toMatch(/unclosed ' quote starting at character 6/);
    expect(failure('curl "http://x')).toMatch(/unclosed " quote/);
    expect(failure("curl http://x -H 'NoColon'")).toMatch(/-H 'NoColon'.*no name before a colon/);
    expect(failure("curl http://x -X")).toBe("-X needs a value after it");
    expect(failure("curl http://x --proxy http://p")).toMatch(/option --proxy is not supported/);
    expect(failure("curl http://x -u me")).toMatch(/-u me: curl would ask for the password/);
    expect(failure("curl http://x -b cookies.txt")).toMatch(/-b cookies.txt: that reads cookies from a file/);
    expect(failure("curl http://x --data-urlencode q@file.txt")).toMatch(/reading the data from a file/);
    expect(failure("curl -X GET")).toBe("no URL found in the command");
    expect(failure("curl http://x http://y")).toMatch(/"http:\/\/y" is a second URL/);
    expect(failure("curl http://x -d @body.json")).toMatch(/-d @body.json: reading the body from a file/);
  });

  it("splits shell words like a POSIX shell", () => {
    expect(shellWords(`a 'b c' "d \\" e" f\\ g $'h\\ni'`)).toEqual(["a", "b c", 'd " e', "f g", "h\ni"]);
  });
});

describe("copied commands target `mockman serve`, not the page's static server", () => {
  it("cURL: a path goes to the base URL; the page's own origin is swapped for it; another host stays", () => {
    const request: CurlRequest = { method: "GET", endpoint: "/api/posts?limit=2", headers: { Accept: "*/*" } };
    expect(printCurl(request, DEFAULT_BASE_URL)).toBe(`curl -X GET 'http://127.0.0.1:3001/api/posts?limit=2' -H 'Accept: */*'`);
    expect(printCurl(request, "http://127.0.0.1:4000/", ORIGIN)).toBe(
      `curl -X GET 'http://127.0.0.1:4000/api/posts?limit=2' -H 'Accept: */*'`,
    );
    expect(commandUrl(`${ORIGIN}/api/posts`, DEFAULT_BASE_URL, ORIGIN)).toBe("http://127.0.0.1:3001/api/posts");
    expect(commandUrl("https://example.com/x", DEFAULT_BASE_URL, ORIGIN)).toBe("https://example.com/x");
    expect(commandUrl("api/posts", DEFAULT_BASE_URL)).toBe("http://127.0.0.1:3001/api/posts");
    // A URL that starts with a variable names its own server: Copy as cURL keeps it as the Code dialog does.
    expect(commandUrl("{{baseUrl}}/api/posts?x=1", DEFAULT_BASE_URL, ORIGIN)).toBe("{{baseUrl}}/api/posts?x=1");
    const led = { method: "POST", endpoint: "{{baseUrl}}/api/posts", headers: { Authorization: "Bearer {{tok}}" }, bodyText: "{}" };
    // -g: curl keeps the braces as written (the Code dialog's marks have none to keep).
    expect(curlCommand(led, DEFAULT_BASE_URL, ORIGIN)).toBe(
      `curl -g -X POST '{{baseUrl}}/api/posts' -H 'Authorization: Bearer {{tok}}' -H 'content-type: application/json' --data-raw '{}'`,
    );
    expect(
      snippet(
        LANGUAGES.find((l) => l.id === "curl")!,
        led,
        DEFAULT_BASE_URL,
        ORIGIN,
      ),
    ).toMatch(/^curl -X POST '\{\{baseUrl\}\}\/api\/posts'/);
  });

  it("cURL: a URL with [ ] or { } gets -g, so curl sends it as written rather than as a glob", async () => {
    const request: CurlRequest = { method: "GET", endpoint: "/api/posts?filter[name]=x&q={a,b}", headers: {} };
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url!);
      res.end("ok");
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const command = printCurl(request, base);
      expect(command).toBe(`curl -g -X GET '${base}/api/posts?filter[name]=x&q={a,b}'`);
      await promisify(execFile)("sh", ["-c", `${command} -sS`]);
      expect(seen).toEqual(["/api/posts?filter[name]=x&q={a,b}"]);
      expect(parseCurlCommand(command, base).request).toEqual({ ...request, bodyText: undefined });
    } finally {
      server.close();
    }
  });

  it("checks the base URL field", () => {
    expect(checkBaseUrl(" http://127.0.0.1:3001/ ")).toEqual({ ok: true, url: "http://127.0.0.1:3001" });
    expect(checkBaseUrl("https://mock.example/base")).toEqual({ ok: true, url: "https://mock.example/base" });
    expect(checkBaseUrl("127.0.0.1:3001")).toMatchObject({ ok: false });
    expect(checkBaseUrl("ftp://x")).toMatchObject({ ok: false, message: expect.stringMatching(/http/) });
    expect(checkBaseUrl("http://x/?a=1")).toMatchObject({ ok: false });
  });

  it("mockman request: method, path, -d compact JSON, -H, no content-type (the CLI adds it)", () => {
    const command = printMockmanRequest({
      method: "POST",
      endpoint: "/api/auth/login",
      headers: { "content-type": "application/json", authorization: "eyJ.a.b" },
      bodyText: '{\n  "username": "guest",\n  "password": "guest1234"\n}',
    });
    expect(command).toBe(
      `npx mockman request POST /api/auth/login -d '{"username":"guest","password":"guest1234"}' -H 'authorization: eyJ.a.b'`,
    );
    expect(printMockmanRequest({ method: "get", endpoint: `${ORIGIN}/api/posts?limit=2`, headers: {} }, { pageOrigin: ORIGIN })).toBe(
      `npx mockman request GET '/api/posts?limit=2'`,
    );
    expect(printMockmanRequest({ method: "GET", endpoint: "/api/posts", headers: {} }, { baseUrl: "http://127.0.0.1:3001/" })).toBe(
      "npx mockman request GET /api/posts --base-url http://127.0.0.1:3001",
    );
    // A full URL to another server carries its own address (the CLI refuses --base-url beside it).
    expect(printMockmanRequest({ method: "GET", endpoint: "https://example.com/api/x", headers: {} }, { baseUrl: DEFAULT_BASE_URL })).toBe(
      "npx mockman request GET https://example.com/api/x",
    );
  });

  it("quotes for POSIX shells: quotes, $, backticks, spaces, newlines, a leading = or -", () => {
    expect(shellQuote("/api/posts")).toBe("/api/posts");
    expect(shellQuote("=x")).toBe("'=x'");
    expect(shellQuote("-x")).toBe("'-x'");
    const nasty = `it's $HOME \`id\` "q" \\ \n ; & | * ? ~ {} ! #`;
    expect(shellWords(`echo ${shellQuote(nasty)}`)).toEqual(["echo", nasty]);
    const command = printMockmanRequest({
      method: "POST",
      endpoint: "/api/posts",
      headers: { "x-note": "it's $(rm -rf /)" },
      bodyText: JSON.stringify({ postData: { content: "it's `$HOME`" } }),
    });
    expect(shellWords(command)).toEqual([
      "npx",
      "mockman",
      "request",
      "POST",
      "/api/posts",
      "-d",
      `{"postData":{"content":"it's \`$HOME\`"}}`,
      "-H",
      "x-note: it's $(rm -rf /)",
    ]);
  });

  it("quotes any text so a shell reads it back unchanged (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (text) => {
        const clean = text.replace(/\0/g, "");
        expect(shellWords(`x ${shellQuote(clean)}`)).toEqual(["x", clean]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("Paste cURL reads what browsers and people write", () => {
  it("-b/--cookie becomes a Cookie header (joined with one given by -H)", () => {
    expect(parseCurlCommand(`curl http://x/ -b 'a=1; b=2' --cookie c=3`).request.headers).toEqual({ Cookie: "a=1; b=2; c=3" });
    expect(parseCurlCommand(`curl http://x/ -H 'cookie: z=0' -b a=1`).request.headers).toEqual({ cookie: "z=0; a=1" });
  });

  it("--json sends the body with Content-Type and Accept application/json, unless -H sets them", () => {
    expect(parseCurlCommand(`curl --json '{"a":1}' http://x/`).request).toEqual({
      method: "POST",
      endpoint: "http://x/",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      bodyText: '{"a":1}',
    });
    expect(parseCurlCommand(`curl -H 'accept: */*' --json '{}' http://x/`).request.headers).toEqual({
      accept: "*/*",
      "Content-Type": "application/json",
    });
  });

  it("-u user:pass becomes Authorization: Basic base64 (UTF-8)", () => {
    expect(parseCurlCommand(`curl -u guest:guest1234 http://x/`).request.headers).toEqual({ Authorization: "Basic Z3Vlc3Q6Z3Vlc3QxMjM0" });
    expect(parseCurlCommand(`curl --user 'zoë:pa:ss' http://x/`).request.headers.Authorization).toBe(
      `Basic ${Buffer.from("zoë:pa:ss", "utf8").toString("base64")}`,
    );
    expect(parseCurlCommand(`curl -uguest:pw http://x/`).request.headers.Authorization).toBe(`Basic ${btoa("guest:pw")}`);
  });

  it("-G puts the data in the query string and sends a GET", () => {
    expect(parseCurlCommand(`curl -G -d limit=2 -d cursor=abc ${ORIGIN}/api/posts`, ORIGIN).request).toEqual({
      method: "GET",
      endpoint: "/api/posts?limit=2&cursor=abc",
      headers: {},
      bodyText: undefined,
    });
    expect(parseCurlCommand(`curl --get 'http://x/s?a=1#top' --data-urlencode 'q=hello world'`).request.endpoint).toBe(
      "http://x/s?a=1&q=hello%20world#top",
    );
  });

  it("--data-urlencode fills the x-www-form-urlencoded table with the fields curl would send", () => {
    const rows = (command: string) => parseCurlCommand(command).request.bodies?.urlencoded.map((r) => [r.key, r.value]);
    expect(rows(`curl http://x/ --data-urlencode "name=a&b c=d'!"`)).toEqual([["name", "a&b c=d'!"]]);
    expect(rows(`curl http://x/ --data-urlencode '=ü x'`)).toEqual([["ü x", ""]]);
    expect(rows(`curl http://x/ --data-urlencode 'plain' -d raw=1`)).toEqual([
      ["plain", ""],
      ["raw", "1"],
    ]);
    expect(parseCurlCommand(`curl http://x/ --data-urlencode a=1`).request.bodyText).toBeUndefined();
  });

  it("ignores --compressed, -k, -L, -s and similar flags, and lists them", () => {
    expect(parseCurlCommand(`curl -sSL --compressed -k --max-time 5 http://x/ --insecure -o out.json`)).toEqual({
      request: { method: "GET", endpoint: "http://x/", headers: {}, bodyText: undefined },
      ignored: ["-s", "-S", "-L", "--compressed", "-k", "--max-time 5", "--insecure", "-o out.json"],
    });
    expect(parseCurlCommand(`curl http://x/`).ignored).toEqual([]);
  });

  it("reads a real Chromium 'Copy as cURL (bash)' command", () => {
    // As Chromium 131 writes it: URL first, one -H per line, cookies in -b, and
    // $'...' quoting because the body holds a quote.
    const chromium = String.raw`curl 'http://localhost:3000/api/auth/login' \
  -H 'accept: */*' \
  -H 'accept-language: en-GB,en;q=0.9' \
  -H 'content-type: application/json' \
  -b 'theme=dark; _ga=GA1.1.1234567890.1700000000' \
  -H 'origin: http://localhost:3000' \
  -H 'priority: u=1, i' \
  -H 'referer: http://localhost:3000/mockman' \
  -H 'sec-ch-ua: "Chromium";v="131", "Not_A Brand";v="24"' \
  -H 'sec-ch-ua-mobile: ?0' \
  -H 'sec-ch-ua-platform: "Linux"' \
  -H 'sec-fetch-dest: empty' \
  -H 'sec-fetch-mode: cors' \
  -H 'sec-fetch-site: same-origin' \
  -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' \
  --data-raw $'{"username":"guest","password":"it\'s\\n"}' \
  --compressed`;
    const { request, ignored } = parseCurlCommand(chromium, "http://localhost:3000");
    expect(request.method).toBe("POST");
    expect(request.endpoint).toBe("/api/auth/login");
    expect(request.bodyText).toBe(`{"username":"guest","password":"it's\\n"}`);
    expect(JSON.parse(request.bodyText!)).toEqual({ username: "guest", password: "it's\n" });
    expect(request.headers).toMatchObject({
      accept: "*/*",
      "content-type": "application/json",
      Cookie: "theme=dark; _ga=GA1.1.1234567890.1700000000",
      "sec-ch-ua": `"Chromium";v="131", "Not_A Brand";v="24"`,
      "sec-ch-ua-mobile": "?0",
      priority: "u=1, i",
    });
    expect(Object.keys(request.headers)).toHaveLength(14); // 13 -H lines and the Cookie from -b
    expect(ignored).toEqual(["--compressed"]);
  });
});

// Written by the rules of each browser's "Copy as cURL": Chromium's (devtools-frontend,
// NetworkLogView.generateCurlCommand, bash) puts the URL first with [ ] { } escaped for curl's
// globbing, -X only when the method is not the one curl infers, -H 'name;' for an empty value,
// $'...' with \uXXXX for ! and control characters, then --compressed (and --insecure on http);
// Firefox's (devtools/client/shared/curl.js, POSIX) writes one line: -X before the headers,
// Accept-Encoding as --compressed, \xHH and \uXXXX in $'...', and --globoff beside a URL with brackets.
const CHROMIUM_PUT = String.raw`curl 'http://localhost:3000/api/posts/p1?tags\[\]=a&q=\{x\}' \
  -X 'PUT' \
  -H 'accept: */*' \
  -H 'content-type: application/json' \
  -H 'x-empty;' \
  -H 'authorization: eyJ.a.b' \
  --data-raw $'{"content":"hi\u0021 it\'s \\u0021 é\\n"}' \
  --compressed \
  --insecure`;

describe("Paste cURL reads the browsers' Copy as cURL", () => {
  it("Chromium: a PUT, an empty header, an escaped [] in the URL, a ! in the body", () => {
    const { request, ignored } = parseCurlCommand(CHROMIUM_PUT, "http://localhost:3000");
    expect(request).toEqual({
      method: "PUT",
      endpoint: "/api/posts/p1?tags[]=a&q={x}",
      headers: { accept: "*/*", "content-type": "application/json", "x-empty": "", authorization: "eyJ.a.b" },
      bodyText: String.raw`{"content":"hi! it's \u0021 é\n"}`,
    });
    expect(JSON.parse(request.bodyText!)).toEqual({ content: "hi! it's ! é\n" });
    expect(ignored).toEqual(["--compressed", "--insecure"]);
  });

  it("Firefox: one line, -X PUT, --compressed among the headers, \\xHH and \\uXXXX escapes", () => {
    const firefox =
      `curl 'http://localhost:3000/api/posts/p1' -X PUT -H 'User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' ` +
      `-H 'Accept: */*' -H 'Accept-Language: en-US,en;q=0.5' --compressed -H 'Content-Type: application/json' -H 'Origin: http://localhost:3000' ` +
      `-H 'Connection: keep-alive' -H 'Cookie: theme=dark' -H 'Sec-Fetch-Mode: cors' --data-raw $'{"content":"caf\\xe9 \\u2615 it\\'s"}'`;
    const { request, ignored } = parseCurlCommand(firefox, "http://localhost:3000");
    expect(request.method).toBe("PUT");
    expect(request.endpoint).toBe("/api/posts/p1");
    expect(JSON.parse(request.bodyText!)).toEqual({ content: "café ☕ it's" });
    expect(request.headers).toMatchObject({ "Content-Type": "application/json", Cookie: "theme=dark", "Sec-Fetch-Mode": "cors" });
    expect(Object.keys(request.headers)).toHaveLength(8);
    expect(ignored).toEqual(["--compressed"]);
  });

  it("Firefox: --globoff keeps a URL's brackets as written; a form body fills the urlencoded table", () => {
    const { request, ignored } = parseCurlCommand(
      `curl 'http://x/api/posts?ids[]=1' --globoff -X POST -H 'Content-Type: application/x-www-form-urlencoded' --data-raw 'title=a+b%21&n=1'`,
    );
    expect(request.endpoint).toBe("http://x/api/posts?ids[]=1");
    expect(request.bodies?.urlencoded.map((r) => [r.key, r.value])).toEqual([
      ["title", "a b!"],
      ["n", "1"],
    ]);
    expect(ignored).toEqual([]);
    // Without -g, curl reads \[ as a bracket; with it, the backslash is sent as written.
    expect(parseCurlCommand(String.raw`curl -g 'http://x/a\[1\]'`).request.endpoint).toBe(String.raw`http://x/a\[1\]`);
  });

  it("a form upload, copied by Chromium (--data-raw) or Firefox (--data-binary), fills the form-data table", async () => {
    const part = (boundary: string) =>
      String.raw`$'--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi there\r\n--${boundary}\r\n` +
      String.raw`Content-Disposition: form-data; name="pic"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\r\n--${boundary}--\r\n'`;
    const chromium = String.raw`curl 'http://localhost:3000/api/posts' \
  -H 'accept: */*' \
  -H 'content-type: multipart/form-data; boundary=----WebKitFormBoundaryAbC' \
  --data-raw ${part("----WebKitFormBoundaryAbC")} \
  --compressed`;
    const boundary = "---------------------------4049821453";
    const firefox = `curl 'http://localhost:3000/api/posts' -X POST -H 'Accept: */*' -H 'Content-Type: multipart/form-data; boundary=${boundary}' --data-binary ${part(boundary)}`;
    for (const command of [chromium, firefox]) {
      const { request } = await readCurl(command, "http://localhost:3000");
      expect(request.method).toBe("POST");
      expect(request.bodyText).toBeUndefined();
      // The page writes a boundary of its own: the pasted Content-Type goes.
      expect(Object.keys(request.headers).map((h) => h.toLowerCase())).toEqual(["accept"]);
      expect(request.bodies?.kind).toBe("formdata");
      expect(request.bodies?.formdata.map((r) => [r.key, r.value, !!r.file, r.fileName])).toEqual([
        ["title", "Hi there", false, undefined],
        ["pic", "", true, "a.png"],
      ]);
    }
    await expect(readCurl(`curl http://x/ -H 'Content-Type: multipart/form-data; boundary=xyz' -d 'not parts'`)).rejects.toThrow(
      /the body is not multipart\/form-data with the boundary its Content-Type names/,
    );
    // Other bodies are read as parseCurlCommand reads them.
    expect(await readCurl(CHROMIUM_PUT)).toEqual(parseCurlCommand(CHROMIUM_PUT));
  });

  it("bash's $'...' escapes: octal, \\U, \\e and a code point past Unicode", () => {
    expect(shellWords(String.raw`x $'\101\x42\U0001F600\e\a|\U00110000'`)).toEqual(["x", "AB😀\x1b\x07|\ufffd"]);
  });

  it("splits the commands into the words bash gives curl", () => {
    const bashWords = (command: string) =>
      execFileSync("bash", ["-c", command.replace(/^curl /, "printf '%s\\0' ")], { env: { ...process.env, LC_ALL: "C.UTF-8" } })
        .toString("utf8")
        .split("\0")
        .slice(0, -1);
    for (const command of [CHROMIUM_PUT, String.raw`curl $'\101\x42\U0001F600\e\t' "a \"b\" \$c" d\ e $'it\'s'`])
      expect(shellWords(command).slice(1)).toEqual(bashWords(command));
  });
});
