// engine/variable-types.ts casts a typed variable's value as postman-collection's Variable does (its `types`
// table, read in castIn/castOut). The page keeps its own few lines rather than load postman-collection's
// Variable (it brings Property, the Substitutor and its dynamic-variable tables) on first load; this holds
// them to the library: every type Postman writes, or may, against every kind of value.
import { isDeepStrictEqual } from "node:util";
import sdk from "postman-collection";
import { describe, expect, it } from "vitest";
import { castIn, castOut, typedValue, variableTypeOf } from "#mock/tester/engine/variable-types";

const TYPES = ["string", "boolean", "number", "array", "object", "any", "default", "secret", "Number", "BOOLEAN", "", undefined, null];
const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;
const VALUES: unknown[] = [
  "10",
  "",
  "0",
  "false",
  "true",
  "abc",
  " 3 ",
  "1e3",
  "[1,2]",
  '{"a":1}',
  "null",
  "[",
  0,
  1,
  -2.5,
  NaN,
  true,
  false,
  null,
  undefined,
  [1, "2"],
  [],
  { a: 1 },
  {},
  cyclic,
  10n,
];

/** What a Variable of this type holds and reads, made from the value and then set to it again. */
function oracle(type: unknown, value: unknown) {
  const made = new sdk.Variable({ key: "v", type: type as string, value } as never);
  const set = new sdk.Variable({ key: "v", type: type as string } as never);
  set.set(value);
  return { stored: made.value, got: made.get(), afterSet: set.get() };
}

/** Equal as values (NaN is NaN; a cyclic object is itself). */
const same = (a: unknown, b: unknown) => Object.is(a, b) || isDeepStrictEqual(a, b);
const shown = (v: unknown) => (typeof v === "bigint" ? `${v}n` : v === cyclic ? "{self}" : (JSON.stringify(v) ?? String(v)));

describe("typed variables read as postman-collection's Variable reads them", () => {
  for (const type of TYPES)
    it(`type ${JSON.stringify(type)}`, () => {
      const ours = variableTypeOf(type);
      for (const value of VALUES) {
        let expected: ReturnType<typeof oracle>;
        try {
          expected = oracle(type, value);
        } catch {
          continue; // a value the library itself cannot take (a BigInt to JSON in a typeless variable's set)
        }
        const what = `${String(type)} ← ${shown(value)}`;
        const got =
          ours === undefined
            ? // Untyped ("any", or a type Postman does not know): the value as given.
              { afterSet: typedValue(ours, value) }
            : { stored: castIn(ours, value), got: castOut(ours, castIn(ours, value)), afterSet: typedValue(ours, value) };
        for (const [key, value] of Object.entries(got))
          expect(
            same(value, expected[key as keyof typeof expected]),
            `${what}: ${key} ${shown(value)}, Variable's ${shown(expected[key as keyof typeof expected])}`,
          ).toBe(true);
      }
    });
});
