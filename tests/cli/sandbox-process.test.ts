// The script sandbox, through the bin as a user runs it: a script that tries
// the node:vm escape (import() and its rejection's constructor) writes
// nothing and fails its request; a memory bomb fails its request with a
// message, the run goes on to the next request, and the process exits with
// its report instead of dying of V8's heap error (exit 134).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { attack, scripted } from "../hardening/attack";
import { tempDb } from "./helpers";

const item = (name: string, test: string[]) => scripted(name, { test });

describe("a script cannot reach or kill the process running it", () => {
  it("the import() route writes no file and fails its test; a memory bomb fails its request; the run goes on and reports", async () => {
    const { dir, db } = tempDb();
    const marker = join(dir, "escaped.txt");
    const ran = await attack(
      [
        item("Escape", [
          "pm.test('escape', (done) => {",
          "  import('fs').then((fs) => { fs.writeFileSync(" + JSON.stringify(marker) + ", 'x'); done(); }, (e) => {",
          "    try { const p = e.constructor.constructor('return process')(); p.mainModule.require('fs').writeFileSync(" +
            JSON.stringify(marker) +
            ", 'x'); done(); }",
          "    catch (x) { done(x); }",
          "  });",
          "});",
        ]),
        item("Bomb", ["let a = []; while (1) a.push(new Array(1e6).fill(1));"]),
        item("After", ["pm.test('still runs', () => pm.response.to.have.status(200));"]),
      ],
      { tag: "sandbox-process", what: "the import() route and a memory bomb", at: { dir, db } },
    );
    expect(ran.code).toBe(1);
    expect(existsSync(marker)).toBe(false);
    const [escape, bomb, after] = ran.report.results;
    expect(escape.assertions).toEqual([{ name: "escape", pass: false, error: "process is not defined" }]);
    expect(bomb.pass).toBe(false);
    // On a loaded machine the 5 s budget may run out before the 64 MB cap: either breach names itself.
    expect(bomb.error).toMatch(
      /^test script of Bomb: the script (used more than its 64 MB memory cap|ran past its 5 s time budget) and was stopped$/,
    );
    expect(after).toMatchObject({ name: "after", status: 200, pass: true, assertions: [{ name: "still runs", pass: true }] });
  });
});
