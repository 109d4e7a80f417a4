// How long the suite lets things take before calling them hung. Time limits here are
// hang detectors, never measures (those live in `npm run bench` and the "timed" project):
// a busy machine (two cores shared by several runs, or `npm run test:stress`) can make a
// page load take tens of seconds, and a limit set for an idle machine then fails a test
// that would have passed. Every limit in the suite is multiplied by E2E_TIMEOUT_SCALE
// (default 3); a passing test takes no longer for it, only a hung one fails later.
export const TIME_SCALE = Math.max(1, Number(process.env.E2E_TIMEOUT_SCALE ?? 3) || 3);

/** A time limit of `ms` on an idle machine, scaled for this run. */
export const scaled = (ms: number) => Math.round(ms * TIME_SCALE);
