// The CLI's HTTP sender against a plain node:http server: a GET with a body (a script's pm.sendRequest,
// an item with disableBodyPruning) goes out as Newman sends it; its answer must come back as a browser
// would give it: every Content-Encoding undone, redirects followed, and never off the run's one target.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpSender } from "#cli/exchange";
import type { Sender } from "#mock/tester/engine/exchange";

let server: http.Server;
let sender: Sender;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.url === "/moved") {
        res.writeHead(302, { location: "/plain" }).end();
        return;
      }
      if (req.url === "/elsewhere") {
        res.writeHead(307, { location: "http://other.invalid:1/plain?from=elsewhere" }).end();
        return;
      }
      if (req.url === "/hang") return; // never answers
      if (req.url === "/empty-gzip") {
        res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end();
        return;
      }
      if (req.url === "/rows") {
        res.writeHead(200, ["Content-Type", "text/plain; charset=ISO-8859-1", "X-Multi", "a", "Set-Cookie", "s=1", "X-Multi", "b"]);
        res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
        return;
      }
      if (req.url === "/loop") {
        res.writeHead(302, { location: "/loop" }).end();
        return;
      }
      const text = JSON.stringify({
        method: req.method,
        url: req.url,
        body: Buffer.concat(chunks).toString("utf8"),
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      });
      const raw = Buffer.from(text);
      const coded: Record<string, [string, Buffer]> = {
        "/gzip": ["gzip", gzipSync(raw)],
        "/deflate": ["deflate", deflateSync(raw)],
        "/br": ["br", brotliCompressSync(raw)],
        "/gzip-br": ["gzip, br", brotliCompressSync(gzipSync(raw))],
      };
      const [encoding, bytes] = coded[req.url ?? ""] ?? ["identity", raw];
      res.writeHead(200, { "content-type": "application/json", "content-encoding": encoding }).end(bytes);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  sender = await httpSender(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await sender.close();
  await new Promise((done) => server.close(done));
});

describe("a GET with a body over HTTP", () => {
  for (const path of ["/gzip", "/deflate", "/br", "/gzip-br", "/plain"])
    it(`sends its body and reads a ${path.slice(1)} answer as fetch would`, async () => {
      const answer = await sender.send({ method: "GET", path, headers: [["content-type", "text/plain"]], body: "the body" });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ method: "GET", url: path, body: "the body" });
    });

  it("follows a redirect, as fetch does", async () => {
    const answer = await sender.send({ method: "GET", path: "/moved", headers: [], body: "x" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ method: "GET", url: "/plain" });
  });

  it("follows a Location on another host on the run's target, without the Authorization, as Newman drops it there", async () => {
    const answer = await sender.send({ method: "POST", path: "/elsewhere", headers: [["Authorization", "Bearer secret"]], body: "kept" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ method: "POST", url: "/plain?from=elsewhere", body: "kept" });
  });

  it("stops a redirect loop after postman-request's 10, or the request's own maxRedirects", async () => {
    await expect(sender.send({ method: "GET", path: "/loop", headers: [] })).rejects.toThrow(/Exceeded maxRedirects/);
    const kept = await sender.send({ method: "GET", path: "/loop", headers: [] }, { behaviour: { followRedirects: false } });
    expect(kept.status).toBe(302);
    expect(kept.headers.location).toBe("/loop");
  });

  it("an empty body marked gzip is an empty answer, as postman-request reads it, not a failure", async () => {
    const answer = await sender.send({ method: "GET", path: "/empty-gzip", headers: [] });
    expect(answer).toMatchObject({ status: 200, body: null });
  });

  it("a server that never answers is said to give no answer in the time, not to be unreachable", async () => {
    await expect(sender.send({ method: "GET", path: "/hang", headers: [] }, { timeoutMs: 300 })).rejects.toThrow(
      /^no answer from http:\/\/127\.0\.0\.1:\d+ within 0\.3 s\. Check that the server is up$/,
    );
  });

  it("a header row undici will not write fails the request, saying so", async () => {
    await expect(sender.send({ method: "GET", path: "/plain", headers: [["Transfer-Encoding", "chunked"]] })).rejects.toThrow(
      /^the request could not be sent: /,
    );
  });

  it("keeps the header rows as the server wrote them beside the lower-case headers, and reads the body in its charset", async () => {
    const answer = await sender.send({ method: "GET", path: "/rows", headers: [] });
    expect(answer.rawHeaders?.slice(0, 4)).toEqual([
      ["Content-Type", "text/plain; charset=ISO-8859-1"],
      ["X-Multi", "a"],
      ["Set-Cookie", "s=1"],
      ["X-Multi", "b"],
    ]);
    expect(answer.rawHeaders?.map(([name]) => name)).toContain("Date");
    expect(answer.headers).toMatchObject({ "content-type": "text/plain; charset=ISO-8859-1", "x-multi": "a, b", "set-cookie": "s=1" });
    expect(answer.setCookies).toEqual(["s=1"]);
    expect(answer.body).toBe("café");
  });

  it("a POST reads a gzip answer the same way", async () => {
    const answer = await sender.send({ method: "POST", path: "/gzip", headers: [], body: "posted" });
    expect(answer.body).toEqual({ method: "POST", url: "/gzip", body: "posted" });
  });
});
