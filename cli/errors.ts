// Every failure a command reports is a CliError: one line for stderr that says
// what to do, and the exit code the README documents.

export const EXIT = {
  ok: 0,
  /** A replay expectation failed, or the run itself failed (server unreachable, unreadable store). */
  failure: 1,
  /** The command line or an input file is wrong: nothing was sent or changed. */
  usage: 2,
  /** `--fail` and the response was a 4xx. */
  clientError: 4,
  /** `--fail` and the response was a 5xx. */
  serverError: 5,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "CliError";
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);

/** A message fit for one stderr line. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // A message that ends in a full stop, joined to "... . Do this", would read "..": one stop is enough ("..." stays).
  return text
    .replace(/\s*[\r\n]+\s*/g, " ")
    .replace(/(?<!\.)\.\s*\.(?!\.)/g, ".")
    .trim();
}
