// Property-based fuzzing of every route through mock.handle: 1,000 requests
// per run, every invariant checked after each. `npm run fuzz` runs 10,000+.
// The seed is fixed so that `npm test` gives the same answer every time (a new
// bug the fuzzer happens on must not fail an unrelated change's CI run): random
// seeds are `npm run fuzz`'s job, and `FUZZ_SEED=random` here.
// A failure prints the seed, fast-check's shrunk sequence and the broken invariant.
import { describe, expect, it } from "vitest";
import { bootWorld } from "./fuzz/world";
import { checkResponse, checkState, checkStore, checker, InvariantError } from "./fuzz/invariants";
import type { Call } from "./fuzz/call";
import { fuzzUntil, newStats, runSequence, totalChecks } from "./fuzz/run";
import { bigPng } from "../fixtures/images";

const REQUESTS = 1000;
/** A seed whose run reaches every route past validation (it found the refused-edit bug, tests/hardening/regressions.test.ts). */
const FIXED_SEED = 403891486;

describe("fuzzing the API", () => {
  it(`holds every invariant over ${REQUESTS} random requests`, async () => {
    const wanted = process.env.FUZZ_SEED ?? String(FIXED_SEED);
    const seed = wanted === "random" ? Date.now() % 2 ** 31 : Number(wanted);
    const { stats, failure } = await fuzzUntil(REQUESTS, seed);
    if (failure) expect.fail(`fuzz seed ${seed} (replay: FUZZ_SEED=${seed})\n${failure}`);
    expect(stats.requests).toBeGreaterThanOrEqual(REQUESTS);
    expect(totalChecks(stats)).toBeGreaterThan(REQUESTS * 20);
    // Random header names and values, and JSON thousands of levels deep, went through too (none may answer 5xx).
    expect(stats.withHeaders).toBeGreaterThan(0);
    expect(stats.deepBodies).toBeGreaterThan(0);
    // The fuzzer must get past validation, not only bounce off it.
    expect(Object.keys(stats.accepted).filter((r) => r.startsWith("POST ")).length).toBeGreaterThanOrEqual(10);
  }, 60_000);
});

// The checks themselves must be able to fail: each is shown a world broken on purpose.
describe("the invariant checks", () => {
  const broken = async (breakIt: (w: Awaited<ReturnType<typeof bootWorld>>) => void) => {
    const world = await bootWorld();
    breakIt(world);
    const check = checker({});
    try {
      checkState(check, world, new Map());
      checkStore(check, await world.store.load(), JSON.stringify(world.mock.exportData().data));
      return null;
    } catch (error) {
      return error instanceof InvariantError ? error.invariant : String(error);
    } finally {
      await world.mock.shutdown();
    }
  };

  it("catch a duplicate like, a like that is also a dislike, and a negative count", async () => {
    expect(await broken((w) => w.mock.tables.posts.all()[2].likes.likedBy.push(w.mock.tables.posts.all()[2].likes.likedBy[0]))).toBe(
      "likedBy has no duplicates",
    );
    expect(await broken((w) => w.mock.tables.posts.all()[2].likes.dislikedBy.push(w.mock.tables.posts.all()[2].likes.likedBy[0]))).toBe(
      "likedBy and dislikedBy are disjoint",
    );
    expect(await broken((w) => (w.mock.tables.posts.all()[0].likes.likeCount = -1))).toBe("likeCount >= 0");
  });

  it("catch a one-sided follow, a repeated bookmark and a changed username", async () => {
    expect(await broken((w) => w.mock.tables.users.all()[0].followers.pop())).toBe("follows are symmetric");
    expect(await broken((w) => w.mock.tables.users.all()[2].bookmarks.push(w.mock.tables.users.all()[2].bookmarks[0]))).toBe(
      "bookmarks hold unique post ids",
    );
    expect(await broken((w) => (w.mock.tables.users.all()[1].username = "guest"))).toBe("usernames are unique");
  });

  it("catch a record that copies a user's name or quotes a user who is not there", async () => {
    expect(await broken((w) => Object.assign(w.mock.tables.posts.all()[0], { firstName: "Old name" }))).toBe(
      "records quote users by id only",
    );
    expect(await broken((w) => Object.assign(w.mock.tables.comments.all()[0], { profilePic: "/old.svg" }))).toBe(
      "records quote users by id only",
    );
    expect(await broken((w) => (w.mock.tables.posts.all()[2].likes.likedBy[0] = "no-such-user"))).toBe("records quote users by id only");
  });

  it("catch a large photo inline in its owner, a link to no photo, a photo left behind and a shared one", async () => {
    const big = bigPng(3000);
    expect(await broken((w) => (w.mock.tables.users.all()[0].userPhoto = big))).toBe("no large photo inline in its owner");
    expect(await broken((w) => (w.mock.tables.posts.all()[0].postPic = "photo:gone"))).toBe("a photo link names a photo record");
    expect(await broken((w) => w.mock.tables.photos.insert({ _id: "orphan", data: big }))).toBe("each photo record has one owner");
    expect(
      await broken((w) => {
        w.mock.tables.photos.insert({ _id: "shared", data: big });
        w.mock.tables.users.all()[0].userPhoto = "photo:shared";
        w.mock.tables.posts.all()[0].postPic = "photo:shared";
      }),
    ).toBe("each photo record has one owner");
  });

  it("catch a comment left behind by its post, and a post's comment index that lost one", async () => {
    expect(await broken((w) => w.mock.tables.posts.remove(w.mock.tables.comments.all()[0].postId))).toBe(
      "a comment names an existing post",
    );
    expect(
      await broken((w) => {
        const first = w.mock.tables.comments.all()[0];
        (w.mock.tables.comments.of(first.postId) as unknown[]).splice(0, 1);
      }),
    ).toBe("a post's comment index matches the comments");
  });

  it("catch cached post JSON that still shows a user's old name", async () => {
    expect(
      await broken((w) => {
        const post = w.mock.tables.posts.all()[0];
        w.mock.tables.posts.jsonOf(post);
        w.mock.tables.users.getUnique(post.username)!.firstName = "Renamed";
      }),
    ).toBe("cached post JSON equals a fresh join");
  });

  it("catch a change the store never received", async () => {
    expect(await broken((w) => (w.mock.tables.posts.all()[0].content = "changed behind the store's back"))).toBe(
      "the store equals the in-memory state",
    );
  });

  it("catch a 500, a bad error shape, a leaked password and a refusal that changed data", async () => {
    const world = await bootWorld();
    const failing = (x: Partial<Parameters<typeof checkResponse>[2]>) => {
      try {
        const base = {
          method: "POST",
          path: "/api/posts",
          status: 400,
          text: '{"errors":["x"]}',
          before: "a",
          after: "a",
          contentType: "application/json",
          allow: null,
        };
        checkResponse(checker({}), world, { ...base, ...x });
        return null;
      } catch (error) {
        return (error as InvariantError).invariant;
      }
    };
    expect(failing({})).toBeNull();
    expect(failing({ status: 500 })).toBe("no 5xx");
    expect(failing({ text: '{"error":"x"}' })).toBe("errors are {errors:[string]}");
    expect(failing({ text: "<html>" })).toBe("body is JSON");
    expect(failing({ text: '{"errors":["guest1234"]}' })).toBe("no password or hash in a response");
    expect(failing({ status: 200, text: '{"user":{"passwordHash":"pbkdf2$1000$a$b"}}' })).toBe('"user" has its shape');
    expect(failing({ after: "b" })).toBe("a refusal changes nothing");
    expect(failing({ contentType: "text/html" })).toBe("a body is labelled application/json");
    expect(failing({ status: 405, allow: null })).toBe("a 405 lists the allowed methods");
    await world.mock.shutdown();
  });
});

describe("the two-tab check", () => {
  const like = (tab: number, n: number): Call => ({
    method: "POST",
    path: "/api/posts/like/:postId",
    params: [{ t: "ref", of: "post", n }],
    query: "",
    body: { t: "none" },
    auth: { t: "token", n: 0, bearer: false, mangle: "none" },
    contentType: null,
    burst: 1,
    tab,
  });

  it("passes when both tabs catch up with each other", async () => {
    await runSequence([like(0, 0), like(1, 1), like(0, 3)], newStats(), "tabs");
  });

  it("catches a tab that writes from a stale copy", async () => {
    const staleSecondTab = (world: Parameters<NonNullable<Parameters<typeof runSequence>[3]>>[0]) => {
      world.tabs[1].store.changesSince = async () => null;
    };
    await expect(runSequence([like(0, 0), like(1, 1)], newStats(), "tabs", staleSecondTab)).rejects.toThrow(
      /the store equals the in-memory state/,
    );
  });
});
