// The seed users' password hashes are made once, at the default cost (mock/data/seed.ts SEED_HASHES):
// each must verify against its user's password, at that cost, and every seed user must have one. When
// a password or the default cost changes, this fails and prints the table to paste in their place.
import { describe, expect, it } from "vitest";
import { DEFAULT_ITERATIONS, hashPassword, verifyPassword } from "#mock/core/password";
import { SEED_HASHES, SEED_USERS, seedSnapshot } from "#mock/data/seed";

describe("the seed's hashes made in advance", () => {
  it("hold every seed user's password at the default cost, and nothing else", async () => {
    const checks = await Promise.all(
      SEED_USERS.map(async (u) => {
        const made = SEED_HASHES[u.password];
        const holds = !!made && made.split("$")[1] === String(DEFAULT_ITERATIONS) && (await verifyPassword(u.password, made));
        return { password: u.password, holds };
      }),
    );
    if (checks.some((c) => !c.holds) || Object.keys(SEED_HASHES).length !== SEED_USERS.length) {
      const table = await Promise.all(
        SEED_USERS.map(
          async (u) => `  ${JSON.stringify(u.password)}: ${JSON.stringify(await hashPassword(u.password, DEFAULT_ITERATIONS))},`,
        ),
      );
      expect.fail(`SEED_HASHES in mock/data/seed.ts is stale; put this table in its place:\n${table.join("\n")}`);
    }
  });

  it("a seed at the default cost uses them; at another cost, hashes of its own that verify", async () => {
    const seeded = await seedSnapshot();
    for (const user of seeded.users) expect(Object.values(SEED_HASHES)).toContain(user.passwordHash);
    const cheap = await seedSnapshot(1000);
    for (const [i, user] of cheap.users.entries()) {
      expect(user.passwordHash.split("$")[1]).toBe("1000");
      expect(await verifyPassword(SEED_USERS[i].password, user.passwordHash)).toBe(true);
    }
  });

  it("a wrong password does not verify against them", async () => {
    expect(await verifyPassword("guest12345", SEED_HASHES.guest1234)).toBe(false);
    expect(await verifyPassword("ada-cto-2024", SEED_HASHES.guest1234)).toBe(false);
  });
});
