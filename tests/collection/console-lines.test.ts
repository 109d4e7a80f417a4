// Script console output as Newman's cli reporter prints it: util.inspect in colour when the lines are, and
// nothing a terminal acts on written as it is (a script's text is the collection author's, not ours).
/* eslint-disable no-control-regex -- the escapes a terminal acts on are what these tests look for */
import { describe, expect, it } from "vitest";
import { consoleLines } from "../../cli/console-lines";

const ESC = "\x1b";
/** The text without the box's own bars and their colour. */
const body = (text: string) => text.replace(/\x1b\[(90|36|33|34|31|39)m[┌│└]?(\x1b\[39m)?/g, "");

describe("console lines", () => {
  it("colours a value as util.inspect does with colours, as Newman's inspector does on a terminal", () => {
    const text = consoleLines([{ level: "log", messages: [{ n: 1, s: "x", ok: true }] }], true);
    expect(text).toContain(`${ESC}[33m1${ESC}[39m`); // a number yellow
    expect(text).toContain(`${ESC}[32m'x'${ESC}[39m`); // a string green
    expect(consoleLines([{ level: "log", messages: [{ n: 1 }] }], false)).not.toContain(ESC);
  });

  it("writes no escape of the script's own: a top-level string, a RegExp's source, a string inside a value", () => {
    for (const message of [
      `${ESC}[2J${ESC}]0;title\x07`,
      new RegExp(`${ESC}\\[2J`),
      { a: `${ESC}[2J` },
      [new RegExp(`${ESC}]8;;x\x07`), 1],
    ]) {
      for (const color of [true, false]) {
        const text = body(consoleLines([{ level: "log", messages: [message] }], color));
        // The only escapes left are inspect's colours (SGR), and only when the value held none of its own.
        expect(text.replace(/\x1b\[\d+m/g, "")).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
        if (typeof message === "string" || message instanceof RegExp || Array.isArray(message)) expect(text).not.toMatch(/\x1b\[(?!\d+m)/);
      }
    }
    // A value holding a raw escape (a RegExp's source) goes uncoloured and escaped, whatever the lines' colour.
    expect(body(consoleLines([{ level: "log", messages: [new RegExp(`${ESC}\\[2J`), 1] }], true))).toContain("/\\x1b\\[2J/");
  });
});
