// What a test leaves to be undone after it (temp folders, `mockman serve` processes), undone by
// tests/cleanup.setup.ts after every test of the quick and slow projects. A module-level afterEach
// in tests/cli/helpers.ts did this before; under --no-isolate (npm test) a worker imports that module
// once, so only its first file's tests were cleaned up: every slow run left `mockman serve`
// processes behind (4 after one clean clone) and temp folders with them.
import { rmSync } from "node:fs";

const dirs: string[] = [];
const stops: Array<() => Promise<unknown>> = [];

/** Removes `dir` (recursively) after the current test. */
export function removeAfterTest(dir: string): void {
  dirs.push(dir);
}

/** Calls `stop` after the current test (servers first, then folders: a server may still write into one). */
export function stopAfterTest(stop: () => Promise<unknown>): void {
  stops.push(stop);
}

/** Undoes what the test left: every stop, then every folder. */
export async function cleanUpTest(): Promise<void> {
  for (const stop of stops.splice(0)) await stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
