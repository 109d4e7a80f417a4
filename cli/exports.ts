// `mockman replay`'s --export-environment, --export-globals and --export-collection, written as Newman writes
// them (newman/lib/run/index.js, at the run's end): postman-collection's own JSON of the scope or collection,
// `name` defaulted and stamped. The scope is the library's VariableScope of the -e or -g file, given each
// --env-var or --global-var by VariableScope#set as newman/lib/run/options.js gives them, then the run's
// sets and unsets (engine/mutations.ts) applied as postman-runtime applies a script's, through a
// MutationTracker (lib/runner/extensions/event.command.js): which rows stay, move or are added, and how a
// value is cast by its type, is the library's.
// postman-collection comes with the request builder's part (engine/wire.ts), loaded here on first use: a run
// that exports nothing loads no more of it than its requests need.
import type { Mutation } from "#mock/tester/engine/mutations";

/** A scope's start: its file as VariableScope reads it (none: an empty scope), then the `[name, value]` sets given with it. */
export interface ScopeStart {
  file?: Record<string, unknown>;
  sets: Array<[string, unknown]>;
}

const sdkOf = async () => (await import("#mock/tester/engine/wire")).sdk;

/** Newman's last touch: a `name` of the item when the JSON has none, then the three stamps. */
function stamped(json: Record<string, unknown>, item: "environment" | "globals" | "collection", exportedUsing: string): string {
  const out = {
    ...json,
    ...(json.name === undefined ? { name: item } : {}),
    _postman_variable_scope: item,
    _postman_exported_at: new Date().toISOString(),
    _postman_exported_using: exportedUsing,
  };
  return JSON.stringify(out, null, 2) + "\n";
}

/** --export-environment, --export-globals: the scope from its start, the run's mutations applied. */
export async function scopeExport(
  item: "environment" | "globals",
  start: ScopeStart,
  mutations: Mutation[],
  exportedUsing: string,
): Promise<string> {
  const sdk = await sdkOf();
  const scope = new sdk.VariableScope(start.file ?? {});
  // VariableScope#set finds a row through its list's reference object, where a name no row has yet but
  // Object.prototype does (`__proto__`, `constructor`) finds the prototype's and throws (Newman fails so, before
  // its run); such a name is a new row, as set adds one for any other. The names the rows have, read once.
  const named = new Set(((scope.toJSON() as { values?: Array<{ key?: unknown }> }).values ?? []).map((row) => row.key));
  for (const [key, value] of start.sets) {
    if (named.has(key)) scope.set(key, value);
    else {
      (scope as unknown as { values: { add(row: { key: string; value: unknown }): void } }).values.add({ key, value });
      named.add(key);
    }
  }
  new sdk.MutationTracker({ stream: mutations, compacted: {} }).applyOn(scope);
  return stamped(scope.toJSON() as Record<string, unknown>, item, exportedUsing);
}

/**
 * --export-collection: postman-collection's Collection of the file, its variables as the run left them. postman-runtime
 * runs on a VariableScope of the collection's variables (lib/runner/extensions/waterfall.command.js), where the
 * mutations are applied here too; Newman leaves the Collection's own list as it was read (newman#2680), this
 * export takes the scope's.
 */
export async function collectionExport(collection: unknown, mutations: Mutation[], exportedUsing: string): Promise<string> {
  const sdk = await sdkOf();
  const model = new sdk.Collection(collection as ConstructorParameters<typeof sdk.Collection>[0]);
  // As postman-runtime makes it: the constructor copies the VariableList it is given (its typings say nothing of lists).
  const variables = new sdk.VariableScope(model.variables as unknown as ConstructorParameters<typeof sdk.VariableScope>[0]);
  new sdk.MutationTracker({ stream: mutations, compacted: {} }).applyOn(variables);
  model.variables.repopulate((variables.toJSON() as { values?: unknown[] }).values ?? []);
  return stamped(model.toJSON() as Record<string, unknown>, "collection", exportedUsing);
}
