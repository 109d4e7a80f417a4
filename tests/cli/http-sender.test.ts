// The CLI's HTTP sender against a plain node:http server: a GET with a body (a script's pm.sendRequest,
// an item with disableBodyPruning) goes through undici's request, which fetch refuses; its answer must
// come back as fetch would give it: every Content-Encoding undone, redirects followed.
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
      const text = JSON.stringify({ method: req.method, url: req.url, body: Buffer.concat(chunks).toString("utf8") });
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

  it("a POST goes through fetch and reads a gzip answer the same way", async () => {
    const answer = await sender.send({ method: "POST", path: "/gzip", headers: [], body: "posted" });
    expect(answer.body).toEqual({ method: "POST", url: "/gzip", body: "posted" });
  });
});
