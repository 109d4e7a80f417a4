// The run's sets and unsets as the engine keeps them for replay's exports (mock/tester/engine/mutations.ts):
// replayed on postman-collection's VariableScope, as few as give the scope every one of them gives.
import sdk from "postman-collection";
import { describe, expect, it } from "vitest";
import { MutationLog, type Mutation } from "#mock/tester/engine/mutations";

/** An environment with what moves rows: a name given twice, disabled rows (one the last of its name), a typed one. */
const FILE = {
  values: [
    { key: "a", value: "1" },
    { key: "dup", value: "first" },
    { key: "off", value: "x", disabled: true },
    { key: "dup", value: "second" },
    { key: "n", value: "5", type: "number" },
    { key: "lastOff", value: "on" },
    { key: "lastOff", value: "off", disabled: true },
  ],
};
const KEYS = ["a", "dup", "off", "n", "lastOff", "new1", "new2"];
/** The names with an enabled row, as the run starts with them. */
const INITIAL = Object.fromEntries(FILE.values.filter((v) => !v.disabled).map((v) => [v.key, v.value]));

const replayed = (mutations: Mutation[]) => {
  const scope = new sdk.VariableScope(structuredClone(FILE));
  new sdk.MutationTracker({ stream: mutations, compacted: {} }).applyOn(scope);
  return (scope.toJSON() as { values: unknown[] }).values;
};

/** A small seeded generator, so a failure can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

describe("the run's mutations, kept and replayed", () => {
  it("keep few enough to replay to the same scope as every one of them, whatever their order", () => {
    const next = random(7);
    for (let run = 0; run < 500; run++) {
      const all: Mutation[] = [];
      const log = new MutationLog({ environment: INITIAL, globals: {}, collectionVariables: {} });
      for (let i = Math.floor(next() * 12); i > 0; i--) {
        const key = KEYS[Math.floor(next() * KEYS.length)];
        const mutation: Mutation = next() < 0.4 ? [key] : [key, `v${i}`];
        all.push(mutation);
        log.record("environment", mutation);
      }
      const kept = log.toJSON().environment;
      expect(kept.length).toBeLessThanOrEqual(all.length);
      expect(replayed(kept), JSON.stringify(all)).toEqual(replayed(all));
    }
  });

  it("keep an unset and a set a name at most, however many there were", () => {
    const log = new MutationLog({ environment: { a: "1" }, globals: {}, collectionVariables: {} });
    for (let i = 0; i < 10_000; i++) {
      log.record("globals", [`temporary${i}`, i]);
      log.record("globals", [`temporary${i}`]);
      log.record("environment", ["a"]);
      log.record("environment", ["a", i]);
    }
    // The unset and the last set of `a`; nothing of a name set and unset again that the run did not start with.
    expect(log.toJSON()).toEqual({ environment: [["a"], ["a", 9_999]], globals: [], collectionVariables: [] });
  });
});
