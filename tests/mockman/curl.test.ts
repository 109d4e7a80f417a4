import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CurlError, parseCurl, printCurl, shellWords, type CurlRequest } from "#app/mockman/lib/curl";

const ORIGIN = "http://127.0.0.1:4302";

describe("cURL print and parse", () => {
  it("prints a command a shell runs, against the page's origin", () => {
    const command = printCurl(
      { method: "POST", endpoint: "/api/auth/login", headers: { Accept: "*/*" }, body: `{"username":"guest","password":"it's"}` },
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
      body: '{\n  "postData": {"content": "a \\"quoted\\" $HOME `tick`"}\n}',
    };
    expect(parseCurl(printCurl(request, ORIGIN), ORIGIN)).toEqual(request);
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
          const request: CurlRequest = { method, endpoint: path.startsWith("/") ? path : `/${path}`, headers, body };
          expect(parseCurl(printCurl(request, ORIGIN), ORIGIN)).toEqual(request);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads -X, -H, -d/--data/--data-raw and the URL, in any order and glued forms", () => {
    expect(parseCurl(`curl -H 'Accept: */*' -XPUT -d '{"a":1}' https://example.com/x`)).toEqual({
      method: "PUT",
      endpoint: "https://example.com/x",
      headers: { Accept: "*/*" },
      body: '{"a":1}',
    });
    expect(parseCurl(`curl --data "{\\"a\\":1}" --header "x-y: z" "${ORIGIN}/api/test-todos"`, ORIGIN)).toEqual({
      method: "POST",
      endpoint: "/api/test-todos",
      headers: { "x-y": "z" },
      body: '{"a":1}',
    });
    expect(parseCurl(`curl '${ORIGIN}/api/posts' \\\n  --compressed`, ORIGIN)).toEqual({
      method: "GET",
      endpoint: "/api/posts",
      headers: {},
      body: undefined,
    });
    expect(parseCurl(`curl --request=delete --url=${ORIGIN}/api/test-todos/1`, ORIGIN).method).toBe("DELETE");
  });

  it("a command that cannot be parsed says which part failed", () => {
    const failure = (command: string) => {
      try {
        parseCurl(command);
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
    expect(failure("curl http://x -u me:pw")).toMatch(/option -u is not supported/);
    expect(failure("curl -X GET")).toBe("no URL found in the command");
    expect(failure("curl http://x http://y")).toMatch(/"http:\/\/y" is a second URL/);
    expect(failure("curl http://x -d @body.json")).toMatch(/-d @body.json: reading the body from a file/);
  });

  it("splits shell words like a POSIX shell", () => {
    expect(shellWords(`a 'b c' "d \\" e" f\\ g $'h\\ni'`)).toEqual(["a", "b c", 'd " e', "f g", "h\ni"]);
  });
});
