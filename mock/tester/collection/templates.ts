// `{{...}}` templates with JSONPath (`{{create $.body.post._id}}`, jsonpath-plus): what
// mockman collections and their assertions read. The syntax and everything else is the one
// resolver's (engine/variables.ts), which the page imports without jsonpath-plus.
import { JSONPath } from "jsonpath-plus";
import { fillTemplatesWith, TemplateError, type TemplateScope } from "../engine/variables";

export * from "../engine/variables";

/** The first value a JSONPath finds in `root`, or undefined. A bad expression is a TemplateError. */
export function queryJsonPath(root: unknown, path: string, what: string): unknown {
  let found: unknown[];
  try {
    found = JSONPath({ path, json: root as object, wrap: true, eval: "safe" }) as unknown[];
  } catch (error) {
    throw new TemplateError(`${what}: not a JSONPath jsonpath-plus can read (${(error as Error).message})`);
  }
  return found[0];
}

/** Fills every template in a value (strings anywhere inside it) from the scope. */
export const fillTemplates = <T>(value: T, scope: TemplateScope): T => fillTemplatesWith(value, scope, queryJsonPath);
