// The example's Playwright config: API tests only (the `request` fixture), two workers,
// each with a `mockman serve` of its own (mockman.fixture.ts).
import { defineConfig } from "@playwright/test";

export default defineConfig({ testDir: ".", testMatch: "*.spec.ts", workers: 2, fullyParallel: true, reporter: "line" });
