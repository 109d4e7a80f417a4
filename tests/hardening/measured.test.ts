// The memory bounds the attack tests claim fail, not pass, when the run's peak RSS was not measured
// (no /usr/bin/time on the machine, or time printed no figure).
import { describe, expect, it } from "vitest";
import { peakMb, type Measured } from "./measured";

const ran = (over: Partial<Measured> = {}): Measured => ({ code: 0, stdout: "", stderr: "", ...over });

describe("peakMb", () => {
  it("gives the measured peak RSS", () => {
    expect(peakMb(ran({ rssMb: 412 }))).toBe(412);
    expect(peakMb(ran({ rssMb: 0 }))).toBe(0);
  });

  it("throws when the run has no figure, so a bound asserted on it cannot pass unchecked", () => {
    expect(() => peakMb(ran())).toThrow(/no peak RSS: \/usr\/bin\/time is missing/);
    // An assertion written as the attack tests write it never reaches its comparison.
    expect(() => expect(peakMb(ran({ seconds: 1.5 }))).toBeLessThan(1024)).toThrow(/no peak RSS/);
  });
});
