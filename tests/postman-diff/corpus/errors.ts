// Errors a script's own code raises, whose words are the engine's: V8's in Newman, QuickJS's here, said as
// V8 says them by mock/tester/sandbox/sandbox.ts (wordAsV8). Each in a pm.test, whose failure carries the
// message, and one thrown by the script itself. Where QuickJS has one wording for two of V8's, it stays
// QuickJS's (known-differences.ts).
import type { Case } from "../cases";
import { test } from "../helpers";

/** One pm.test a snippet, named by it: its failure's message is the engine's error. */
const thrown = (snippets: string[]) => snippets.map((code) => `pm.test(${JSON.stringify(code)}, () => { ${code}; });`);

export const cases: Case[] = [
  test(
    "errors of the language, worded as V8 words them",
    thrown([
      "undefined.x",
      "null.x = 1",
      "notDeclared + 1",
      "early; let early = 1",
      "Symbol() + ''",
      "Symbol() + 1",
      "+1n",
      "1n >>> 1n",
      "1n / 0n",
      "1n % 0n",
      "[].reduce((a, b) => a)",
      "new Uint8Array(0).reduceRight((a, b) => a)",
      "new Array(-1)",
      "[].length = -1",
      "new Date(NaN).toISOString()",
      "JSON.stringify(1n)",
    ]),
  ),
  test("a thrown object whose name and message are numbers", ["throw { name: 1, message: 2 };"]),
  test("a script's own error, worded as V8 words it", ["pm.test('before', () => {});", "const value = late;", "let late = 1;"]),
  test("a bigint mixed with a number: two wordings of V8's, one of QuickJS's", thrown(["1n + 1", "Math.max(1n)"])),
  test(
    "a const or a read-only property assigned: two wordings of V8's, one of QuickJS's",
    thrown(["const c = 1; c = 2", "(() => { 'use strict'; Object.freeze({ a: 1 }).a = 2; })()"]),
  ),
  // The sandbox calls these through wrappers of its own (the budget's clock, the Proxy walk past 2^24 elements):
  // each must keep the native's shape. The Array ones were once functions, so each had a prototype and `new` made one.
  test("the built-ins the sandbox bounds keep their native shape: name, length, no prototype, new throws", [
    "[['Array#', Array.prototype, ['flat', 'includes', 'join', 'sort', 'concat', 'indexOf', 'reverse', 'splice']],",
    " ['String#', String.prototype, ['split', 'repeat', 'includes', 'padStart']], ['JSON.', JSON, ['parse', 'stringify']],",
    " ['Object.', Object, ['keys', 'assign', 'fromEntries']], ['Array.', Array, ['from']], ['String.', String, ['fromCharCode']],",
    " ['TypedArray#', Object.getPrototypeOf(Uint8Array.prototype), ['sort', 'fill', 'join']]].forEach(function (held) {",
    "  held[2].forEach(function (name) {",
    "    var f = held[1][name], d = Object.getOwnPropertyDescriptor(held[1], name);",
    "    look(held[0] + name + ' shape', () => [typeof f.prototype, f.name, f.length, d.writable, d.enumerable, d.configurable]);",
    "    look(held[0] + name + ' new', () => new f());",
    "  });",
    "});",
  ]),
];
