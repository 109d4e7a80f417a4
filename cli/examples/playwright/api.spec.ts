// An example suite on one `mockman serve` per worker (mockman.fixture.ts): each test
// starts from the seed with no scenarios, and a scenario shows one state on demand.
import { expect, test } from "./mockman.fixture";

test("a post written in one test", async ({ api, request }) => {
  const login = await request.post(`${api}/api/auth/login`, { data: { username: "guest", password: "guest1234" } });
  const { encodedToken } = await login.json();
  const posted = await request.post(`${api}/api/posts`, {
    headers: { authorization: encodedToken },
    data: { postData: { content: "Only in this test" } },
  });
  expect(posted.status()).toBe(201);
  expect((await (await request.get(`${api}/api/posts`)).json()).posts).toHaveLength(7);
});

test("is gone in the next: the fixture reset the server", async ({ api, request }) => {
  expect((await (await request.get(`${api}/api/posts`)).json()).posts).toHaveLength(6);
});

test("a scenario makes the feed fail", async ({ api, request }) => {
  await request.post(`${api}/__mockman/scenarios`, { data: { method: "GET", path: "/api/posts", status: 503 } });
  expect((await request.get(`${api}/api/posts`)).status()).toBe(503);
  const journal = await (await request.get(`${api}/__mockman/requests?path=/api/posts`)).json();
  expect(journal.requests.map((r: { status: number }) => r.status)).toEqual([503]);
});

test("and the reset before this test cleared it", async ({ api, request }) => {
  expect((await request.get(`${api}/api/posts`)).status()).toBe(200);
});
