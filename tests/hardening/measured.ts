// The bin as a user runs it (cli/bin/mockman.js, on the bundle the slow project's globalSetup
// builds), under /usr/bin/time -v when it is there: each run logs its exit code, peak RSS and wall
// time as `[tag] what: exit N, peak RSS N MB, N s`, the figures tests/benchmarks.md shows (written by a green `CI=true npm test`).
// Wall time is logged, never asserted: the machine the suites share is loaded. Peak RSS is a memory bound
// the attack tests claim (peakMb): without /usr/bin/time (Debian's `time`, which .ci/run installs) they fail
// rather than pass unchecked.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { BIN, processEnv, ROOT } from "../cli/helpers";

const TIME = "/usr/bin/time";

export interface Measured {
  code: number;
  stdout: string;
  stderr: string;
  /** Peak RSS in MB and wall time in s, when /usr/bin/time is there. */
  rssMb?: number;
  seconds?: number;
}

/** The run's peak RSS in MB; a test that claims a memory bound fails when it cannot be measured. */
export function peakMb(ran: Measured): number {
  if (ran.rssMb === undefined) throw new Error(`no peak RSS: ${TIME} is missing (apt-get install time) or printed none`);
  return ran.rssMb;
}

/** stdout and stderr kept whole (reports go to files anyway); what time -v adds is taken off stderr. */
export function measured(tag: string, what: string, args: string[], cwd = ROOT): Promise<Measured> {
  const timed = existsSync(TIME);
  const [command, argv] = timed ? [TIME, ["-v", process.execPath, BIN, ...args]] : [process.execPath, [BIN, ...args]];
  return new Promise((done) => {
    execFile(command, argv, { cwd, env: processEnv(), timeout: 120_000, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
      const ran: Measured = { code, stdout, stderr };
      if (timed) {
        const rss = stderr.match(/Maximum resident set size \(kbytes\): (\d+)/);
        const wall = stderr.match(/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/);
        if (rss) ran.rssMb = Math.round(Number(rss[1]) / 1024);
        if (wall) ran.seconds = Math.round((Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3])) * 10) / 10;
        ran.stderr = stderr.replace(/^\s*Command being timed:[\s\S]*$/m, "").replace(/^Command exited with non-zero status \d+\n/m, "");
      }
      console.log(`[${tag}] ${what}: exit ${code}, peak RSS ${ran.rssMb ?? "?"} MB, ${ran.seconds ?? "?"} s`);
      done(ran);
    });
  });
}
