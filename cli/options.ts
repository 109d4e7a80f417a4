// Options arrive from commander as strings; each command checks its own with
// zod, and a mismatch is a usage error (exit 2) naming the flag.
import { SERVE_URL } from "#mock/core/boundary";
import { Option, type Command } from "commander";
import { z } from "zod";
import { DEFAULT_DB } from "#mock/node/door";
import { usageError } from "./errors";

export function parseOptions<S extends z.ZodTypeAny>(schema: S, options: unknown): z.infer<S> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const flag = issue.path.length ? `--${String(issue.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : "options";
  throw usageError(`${flag}: ${issue.message}`);
}

/** A whole number given on the command line. */
export const count = (max: number, min = 0) =>
  z.coerce
    .number({ invalid_type_error: "expected a whole number" })
    .int("expected a whole number")
    .min(min, `must be ${min} or more`)
    .max(max, `must be at most ${max}`);

export const baseUrl = z.string().refine((u) => {
  try {
    return /^https?:$/.test(new URL(u).protocol);
  } catch {
    return false;
  }
}, `expected an http:// URL such as ${SERVE_URL}`);

export function addDbOption(command: Command): Command {
  return command.addOption(new Option("--db <file>", `store file (default: $MOCKMAN_DB, else ${DEFAULT_DB})`));
}

/** The example at the end of every command's --help. */
export function addExamples(command: Command, lines: string[]): Command {
  return command.addHelpText("after", `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`);
}

/** A repeatable option's values. No default array: commander would print it as "(default: [])" in --help. */
export const collect = (value: string, previous: string[] = []) => [...previous, value];
