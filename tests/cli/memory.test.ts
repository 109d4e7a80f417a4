// cli/memory.ts: past its budget of answer bytes, a full collection frees what nothing holds,
// so a long replay's memory does not climb (the figures are in `npm run bench`).
import { setImmediate as tick } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { answerReceived } from "#cli/memory";

const dropped = () => new WeakRef({ answer: "x".repeat(200_000) });

describe("answerReceived", () => {
  it("runs a full collection once the answers pass the budget", async () => {
    const late = dropped();
    await tick();
    answerReceived(64 * 1024 * 1024);
    await tick();
    expect(late.deref()).toBeUndefined();
  });
});
