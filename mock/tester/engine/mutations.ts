// What a run's scripts did to the variable scopes Newman exports (--export-environment, --export-globals,
// --export-collection), as postman-runtime applies it: each script's sets and unsets, in the order it applies
// them (sandbox.ts, `mutatedScope`). The CLI replays them on postman-collection's VariableScope of the file the
// run read (cli/exports.ts), so the export is the library's, row for row: the values alone cannot say where a
// row ends up (an unset then a set moves a key to the end; a set on a key whose last row is disabled adds one;
// of a key given twice, an unset removes both).

/** The scopes a script changes and Newman exports. */
export type TrackedScope = "environment" | "globals" | "collectionVariables";

/** A change as postman-collection's MutationTracker writes it: `[key, value]` a set, `[key]` an unset. */
export type Mutation = [key: string] | [key: string, value: unknown];

export type ScopeMutations = Record<TrackedScope, Mutation[]>;

/** Where a key stands: whether an unset came (since the run began), and the last set since then. */
interface KeyState {
  unset: boolean;
  set?: { value: unknown };
}

/**
 * The mutations of a run, kept as few as give the same scope when replayed in order, so that a run of any
 * length holds no more than one entry a key: of each key, whether it was unset, then its last set, placed
 * where the first set after that unset came. postman-collection's set updates the key's last enabled row (else
 * adds a row at the end) and its unset removes every enabled row of the key; so a later set only changes the
 * value of the row an earlier one made or updated, an unset undoes every set before it, and neither touches
 * another key's rows. An unset of a key that had no enabled row when the run began, and none since but those
 * its own sets added, changes nothing and is not kept.
 */
export class MutationLog {
  private readonly keys: Record<TrackedScope, Map<string, KeyState>> = {
    environment: new Map(),
    globals: new Map(),
    collectionVariables: new Map(),
  };

  /** `initial`: the names each scope held when the run began (an enabled row each). */
  constructor(private readonly initial: Record<TrackedScope, Record<string, unknown>>) {}

  record(scope: TrackedScope, mutation: Mutation): void {
    const keys = this.keys[scope];
    const key = mutation[0];
    const state = keys.get(key);
    if (mutation.length === 2) {
      if (state?.set) state.set.value = mutation[1];
      else {
        // The first set since the run began or since an unset: its place is where the row is added (or updated).
        keys.delete(key);
        keys.set(key, { unset: state?.unset ?? false, set: { value: mutation[1] } });
      }
      return;
    }
    keys.delete(key);
    if (state?.unset || Object.hasOwn(this.initial[scope], key)) keys.set(key, { unset: true });
  }

  /** The mutations to replay, in order, each scope's. */
  toJSON(): ScopeMutations {
    const list = (scope: TrackedScope): Mutation[] =>
      [...this.keys[scope]].flatMap(([key, state]): Mutation[] => [
        ...(state.unset ? [[key] as Mutation] : []),
        ...(state.set ? [[key, state.set.value] as Mutation] : []),
      ]);
    return { environment: list("environment"), globals: list("globals"), collectionVariables: list("collectionVariables") };
  }
}
