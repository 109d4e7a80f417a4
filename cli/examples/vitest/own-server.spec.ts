// With a server of this file's own (useMockman): scenarios, the journal, and the reset.
import { expect, it } from "vitest";
import { useMockman } from "./mockman";

const mockman = useMockman();
const admin = (path: string, body?: unknown) =>
  fetch(`${mockman.url}/__mockman/${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });

it("a scenario answers a request that matches it; the journal says what the client sent", async () => {
  await admin("scenarios", { method: "POST", path: "/api/test-todos", match: { body: { title: "boom" } }, status: 422, body: { reason: "boom" } });
  const refused = await fetch(`${mockman.url}/api/test-todos`, { method: "POST", body: JSON.stringify({ title: "boom" }) });
  expect([refused.status, await refused.json()]).toEqual([422, { reason: "boom" }]);
  const [sent] = mockman.server.requests({ method: "POST" });
  expect(sent.matched).toEqual({ by: "scenario", scenario: "POST /api/test-todos" });
});

it("the next test starts from the seed, with no scenario left", async () => {
  const created = await fetch(`${mockman.url}/api/test-todos`, { method: "POST", body: JSON.stringify({ title: "boom" }) });
  expect(created.status).toBe(201);
  expect(mockman.server.requests()).toHaveLength(1);
});
