// What a benchmark run prints is also written to tests/benchmarks.md, the file the manuals take their
// figures from: each command owns one marked section, which a full run replaces whole, headed by the
// date, the commit, the machine and its load when the run began (tests/figures.mjs). A narrowed run
// (other sizes, one part) prints only, so the file always shows whole runs.
import { format } from "node:util";
import { FIGURES_FILE, runLine, writeSection } from "../figures.mjs";

export { FIGURES_FILE };

let printed: string[] = [];
/** The section's head line, made as the run begins: its commit and load are the measured run's. */
let head = "";

/** From now on, what console.log prints is kept for `keep` (and still printed); `command` is what runs. */
export function record(command: string): void {
  head = runLine(command);
  printed = [];
  const log = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    printed.push(format(...args));
    log(...args);
  };
}

/** Replaces section `name` of `file` with what was printed since `record()`. */
export async function keep(name: string, file = FIGURES_FILE): Promise<void> {
  const lines = printed
    .join("\n")
    .split("\n")
    // The run's headings go under the file's own (# the file, ## a command); a line of prose stays a line
    // (a list item), as it was printed; tables stay as they are.
    .map((line) => (/^#{1,4} /.test(line) ? `##${line}` : !line.trim() || /^(\||- )/.test(line) ? line : `- ${line.trim()}`));
  await writeSection(
    name,
    `${head}\n\n${lines
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()}`,
    file,
  );
  console.error(`figures written to ${file} (section ${name})`);
}
