// Photo references from the terminal: `request` prints a binary answer as a
// one-line note and saves it with -o, in-process and over `serve`, whose answer
// is the image's bytes with their type and length.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, serve, tempDb, tempDir } from "./helpers";
import { png } from "../fixtures/images";

const { bytes, url: photo } = png(30_000);

/** Sets the guest's avatar and returns the reference answers give for it. */
async function guestWithPhoto(target: string[]): Promise<string> {
  const edit = await cli([
    "request",
    "POST",
    "/api/users/edit",
    "--as",
    "guest",
    "-d",
    JSON.stringify({ userData: { userPhoto: photo } }),
    "-b",
    ...target,
  ]);
  expect(edit.code, edit.stderr).toBe(0);
  const ref = JSON.parse(edit.stdout).user.userPhoto as string;
  expect(ref).toMatch(/^\/api\/photos\/users\/[^/]+\/userPhoto\?v=\w+$/);
  return ref;
}

describe("photo references from the terminal", () => {
  it("in-process: a note instead of bytes on the terminal, the bytes with -o", async () => {
    const { db } = tempDb();
    const ref = await guestWithPhoto(["--db", db]);
    const shown = await cli(["request", "GET", ref, "-i", "--db", db]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("content-type: image/png");
    expect(shown.stdout).toContain("(binary body: image/png, 30,000 bytes; save it with -o FILE)");
    expect(shown.stdout).not.toContain("\u0089PNG");

    const out = join(tempDir(), "avatar.png");
    const saved = await cli(["request", "GET", ref, "-o", out, "--db", db]);
    expect(saved.code).toBe(0);
    expect(saved.stdout).toContain(`(30,000 bytes written to ${out})`);
    expect(readFileSync(out).equals(bytes)).toBe(true);

    const json = await cli(["request", "GET", ref, "--json", "--db", db]);
    const report = JSON.parse(json.stdout);
    expect(Object.keys(report)).toEqual(["status", "statusText", "headers", "body", "ms"]);
    expect(report.body).toBe("(binary body: image/png, 30,000 bytes; save it with -o FILE)");
  });

  it("over serve: the image's bytes, type and length; -o saves them; a JSON answer saved with -o is its text", async () => {
    const server = await serve();
    const ref = await guestWithPhoto(["--base-url", server.url]);
    const got = await fetch(`${server.url}${ref}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("content-length")).toBe("30000");
    expect(got.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);

    const out = join(tempDir(), "avatar.png");
    const saved = await cli(["request", "GET", ref, "-o", out, "--base-url", server.url]);
    expect(saved.code).toBe(0);
    expect(readFileSync(out).equals(bytes)).toBe(true);
    const shown = await cli(["request", "GET", ref, "--base-url", server.url]);
    expect(shown.stdout).toContain("(binary body: image/png, 30,000 bytes; save it with -o FILE)");

    const text = join(tempDir(), "user.json");
    await cli(["request", "GET", "/api/users/guest", "-o", text, "--base-url", server.url]);
    expect(JSON.parse(readFileSync(text, "utf8")).user.userPhoto).toBe(ref);
  });
});
