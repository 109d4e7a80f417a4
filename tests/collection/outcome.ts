// A sandbox outcome with nothing in it, for tests that hand the engine one of their own.
import type { ScriptOutcome } from "#mock/tester/sandbox/sandbox";

export const outcome = (over: Partial<ScriptOutcome> = {}): ScriptOutcome => ({
  scopes: { environment: {}, collectionVariables: {}, globals: {}, local: {}, data: {} },
  assertions: [],
  error: null,
  nextSet: false,
  next: null,
  skip: false,
  headers: [],
  sent: [],
  request: null,
  ...over,
});
