// setupFiles of the quick and slow projects (vite.config.ts): run before each test file even
// when a worker's files share its modules (--no-isolate), so every file gets this hook.
import { afterEach } from "vitest";
import { cleanUpTest } from "./cleanup";

afterEach(cleanUpTest);
