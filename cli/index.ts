// The mockman program: one commander Command per file in commands/. Commands
// throw CliError; `run` is the one place that turns errors into exit codes.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Command, CommanderError } from "commander";
import pkg from "../package.json" with { type: "json" };
import { isTextTooLong } from "#mock/core/types";
import { printable } from "#mock/tester/engine/reporters";
import { exportCommand } from "./commands/export";
import { importCommand } from "./commands/import";
import { openapiCommand } from "./commands/openapi";
import { replayCommand } from "./commands/replay";
import { requestCommand } from "./commands/request";
import { resetCommand } from "./commands/reset";
import { seedCommand } from "./commands/seed";
import { serveCommand } from "./commands/serve";
import { CliError, EXIT, oneLine } from "./errors";
import { processIo, type CliIo } from "./io";

const COMMANDS = [requestCommand, replayCommand, serveCommand, seedCommand, resetCommand, exportCommand, importCommand, openapiCommand];

export function createProgram(io: CliIo = processIo()): Command {
  const program = new Command("mockman")
    .description("Send, replay and serve requests to the Moments mock API; seed, reset, export and import its data.")
    .version(pkg.version, "-V, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .addHelpText(
      "after",
      "\nExamples:\n  $ mockman request GET /api/posts\n  $ mockman replay cli/examples/smoke.collection.json\n  $ mockman serve --port 3001\n\nRun mockman <command> --help for each command's options.\n",
    );
  for (const make of COMMANDS) program.addCommand(make(io));
  configure(program, io);
  return program;
}

const QUIETER = "; --silent prints nothing, -r json a report instead of lines";

/** Newman's options replay lacks, and what to use instead. */
const NEWMAN_ONLY = new Map([
  ["--verbose", ""],
  ["--disable-unicode", ""],
  ["--postman-api-key", "; give the collection as a file or an http(s) URL"],
  ["--ssl-client-cert", ""],
  ["--ssl-client-cert-list", ""],
  ["--ssl-client-key", ""],
  ["--ssl-client-passphrase", ""],
  ["--ssl-extra-ca-certs", "; NODE_EXTRA_CA_CERTS=FILE adds CA certificates, -k accepts any"],
  ["--reporter-cli-no-summary", QUIETER],
  ["--reporter-cli-no-failures", QUIETER],
  ["--reporter-cli-no-assertions", QUIETER],
  ["--reporter-cli-no-success-assertions", QUIETER],
  ["--reporter-cli-no-console", QUIETER],
  ["--reporter-cli-no-banner", "; mockman prints no banner"],
  ["--reporter-cli-show-timestamps", ""],
]);

/** exitOverride and captured output on every command: commander never exits or prints to the real process. */
function configure(command: Command, io: CliIo) {
  const name = command.parent ? `mockman ${command.name()}` : "mockman";
  command.exitOverride().configureOutput({
    writeOut: (text) => io.stdout.write(text),
    writeErr: (text) => io.stderr.write(text),
    outputError: (text, write) => {
      const said = oneLine(text.replace(/^error: /, "")).replace(/\.+$/, "");
      const flag = /^unknown option '([^'=]*)/.exec(said)?.[1] ?? "";
      const instead = name === "mockman replay" ? NEWMAN_ONLY.get(flag) : undefined;
      if (instead !== undefined)
        return write(`${name}: ${flag} is a Newman option ${name} does not support${instead}. See ${name} --help\n`);
      const newman = /^unknown command 'run'/.test(said) ? " (Newman's run is mockman replay)" : "";
      write(`${name}: ${said}${newman}. See ${name} --help\n`);
    },
  });
  for (const sub of command.commands) configure(sub, io);
}

/** Runs one command line; resolves to the exit code, never throws. */
const TOO_LONG =
  "the data is too large: this step needs it as one JSON text, and past 512 MB Node makes none. Nothing was written. " +
  "The README's 'How far it goes' gives the sizes that fit";

export async function run(argv: string[], io: CliIo = processIo()): Promise<number> {
  try {
    await createProgram(io).parseAsync(argv, { from: "user" });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end as "errors" under exitOverride; commander has printed them already.
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return EXIT.ok;
      return EXIT.usage;
    }
    if (error instanceof CliError) {
      // A message may carry a name or path from a collection: its control characters are shown, never acted on.
      io.stderr.write(`mockman: ${printable(oneLine(error))}\n`);
      return error.exitCode;
    }
    if (error instanceof RangeError && /maximum call stack size/i.test(error.message)) {
      // Only input nested deeper than JavaScript's stack (an expect or a JSON body 100,000 levels deep) gets here.
      io.stderr.write("mockman: the input is nested too deeply to be read (JavaScript's stack ran out); nothing was sent or changed\n");
      return EXIT.usage;
    }
    if (isTextTooLong(error)) {
      io.stderr.write(`mockman: ${TOO_LONG}\n`);
      return EXIT.failure;
    }
    io.stderr.write(`mockman: unexpected error: ${printable(oneLine(error))}. Please report it (MOCKMAN_DEBUG=1 shows the stack)\n`);
    if (io.env.MOCKMAN_DEBUG) io.stderr.write(`${(error as Error)?.stack ?? error}\n`);
    return EXIT.failure;
  }
}

export async function main(): Promise<void> {
  // `mockman export | head` closes the pipe early: finish the work (and release the store) without the rest of the output.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
    });
  }
  process.exitCode = await run(process.argv.slice(2));
}

/** True under `tsx cli/index.ts`; false when imported (tests) or bundled (the bin calls main itself). */
function executedDirectly(): boolean {
  try {
    return Boolean(process.argv[1]) && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (executedDirectly()) void main();
