// Two quick clicks on a Follow button make two /follow actions. Each reads its form first, and
// those reads may finish in either order; the API must still get the follow, then the unfollow
// (app/lib/follow-action.ts). Here the first form is read last, against the real mock.
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMock, type Mock } from "#mock/core/create-mock";
import { MemoryStore } from "#mock/store/memory";
import { followAction } from "#app/lib/follow-action";
import { clearSession, saveSession } from "#app/lib/session";
import { MemoryStorage } from "./memory-storage";

let mock: Mock;
const sent: string[] = [];

beforeAll(async () => {
  mock = await createMock({ store: new MemoryStore(), passwordIterations: 1000 });
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    const request = new Request(new URL(input, "http://localhost"), init);
    sent.push(new URL(request.url).pathname);
    return mock.handle(request);
  });
  const login = await (
    await mock.handle(
      new Request("http://localhost/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "guest", password: "guest1234" }),
      }),
    )
  ).json();
  vi.stubGlobal("localStorage", new MemoryStorage());
  saveSession(login.encodedToken, login.foundUser);
});

afterAll(async () => {
  clearSession();
  vi.unstubAllGlobals();
  await mock.shutdown();
});

/** A /follow action whose form is read after `ms`. */
function action(intent: "follow" | "unfollow", userId: string, ms: number) {
  const form = new FormData();
  form.set("intent", intent);
  form.set("userId", userId);
  form.set("username", "adasterling");
  const request = {
    url: "http://localhost/follow",
    signal: new AbortController().signal,
    formData: () => new Promise<FormData>((done) => setTimeout(() => done(form), ms)),
  } as unknown as Request;
  return followAction({ request, params: {} } as ClientActionFunctionArgs);
}

describe("follow then unfollow, clicked quickly", () => {
  it("reach the API in click order even when the second form is read first, and end unfollowed", async () => {
    const users = await (await mock.handle(new Request("http://localhost/api/users"))).json();
    const ada = users.users.find((u: { username: string }) => u.username === "adasterling");
    const results = await Promise.all([action("follow", ada._id, 40), action("unfollow", ada._id, 0)]);
    expect(sent).toEqual([`/api/users/follow/${ada._id}`, `/api/users/unfollow/${ada._id}`]);
    expect(results).toEqual([
      { intent: "follow", ok: true },
      { intent: "unfollow", ok: true },
    ]);
    const after = await (await mock.handle(new Request("http://localhost/api/users"))).json();
    const adaAfter = after.users.find((u: { username: string }) => u.username === "adasterling");
    expect(adaAfter.followers).toEqual([]);
  });
});
