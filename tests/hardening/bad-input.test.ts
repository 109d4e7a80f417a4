// issue 33 item 9: a bad file or collection is exit 2 and one line, never a stack or
// "please report it"; the 403 for Origin: null does not suggest --allow-origin null,
// which serve refuses.
import { request } from "node:http";
import type { Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_POLICY, DEFAULT_TIMEOUTS, createDoorServer } from "#mock/node/http-door";
import { cli, oneStderrLine, tempDb } from "../cli/helpers";

const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

describe("bad input, one line", () => {
  it("an expect nested 100,000 deep: exit 2, one line", async () => {
    const { db } = tempDb();
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const collection = `{"mockman":1,"requests":[{"name":"x","method":"GET","path":"/api/posts","expect":{"body":{"posts":${deep}}}}]}`;
    const ran = await cli(["replay", "-", "--db", db], { stdin: collection });
    expect(ran.code).toBe(2);
    expect(oneStderrLine(ran)).not.toMatch(/report it|at /);
  });

  it("the 403 for Origin: null names what would work", async () => {
    const server = createDoorServer(
      { dispatch: async () => ({ status: 200, statusText: "OK", headers: {}, body: "" }) },
      {
        policy: DEFAULT_POLICY,
        timeouts: DEFAULT_TIMEOUTS,
      },
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const body = await new Promise<string>((resolve, reject) => {
      const req = request({ port, host: "127.0.0.1", path: "/api/posts", headers: { origin: "null" } }, (res) => {
        let text = "";
        res.on("data", (c) => (text += c)).on("end", () => resolve(`${res.statusCode} ${text}`));
      });
      req.on("error", reject).end();
    });
    expect(body).toMatch(/^403 /);
    expect(body).not.toContain("--allow-origin null");
    expect(body).toContain("--cors '*'");
  });
});
