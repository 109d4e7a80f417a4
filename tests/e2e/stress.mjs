// `npm run test:stress`: the Playwright suite with two processes burning a CPU each beside
// it, as on a shared 2-core machine. A test that waits on time instead of on a state (a toast
// that closes itself, an animation, a fixed pause) fails here first. Arguments go to
// `playwright test` (a spec, --grep ...). The burners stop when the suite ends, however it
// ends, and on their own if this script dies without stopping them.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BURNERS = Number(process.env.STRESS_BURNERS ?? 2);

// Spins; every few hundred million steps it checks that this script is still there.
const burn = `
const parent = ${process.pid};
for (;;) {
  for (let i = 0; i < 3e8; i++);
  try { process.kill(parent, 0); } catch { process.exit(0); }
}`;

const burners = Array.from({ length: BURNERS }, () => spawn(process.execPath, ["-e", burn], { stdio: "ignore" }));
const stopBurners = () => {
  for (const burner of burners) if (burner.exitCode === null && burner.signalCode === null) burner.kill("SIGKILL");
};
process.on("exit", stopBurners);
console.log(`test:stress: ${burners.length} CPU burners (pids ${burners.map((b) => b.pid).join(", ")}) beside the suite`);

// The "timed" project measures the main thread (no long task over 200 ms): beside burners it
// would measure them. Everything else runs, unless the arguments name a project.
const args = process.argv.slice(2);
const projects = args.some((a) => a.startsWith("--project")) ? [] : ["--project=suite"];
// kept-writes makes 10 clicks of each kind in `npm test`; here the full 50 (unless KEPT_REPEATS says otherwise).
const env = { ...process.env, KEPT_REPEATS: process.env.KEPT_REPEATS ?? "50" };
const suite = spawn("npx", ["playwright", "test", "-c", "tests/e2e", ...args, ...projects], { cwd: ROOT, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
  process.on(signal, () => {
    suite.kill(signal);
    stopBurners();
    process.exit(130);
  });
suite.on("error", (error) => {
  console.error(`test:stress: could not start Playwright: ${error.message}`);
  process.exit(1);
});
suite.on("exit", (code, signal) => {
  stopBurners();
  console.log(`test:stress: the suite ended (${signal ?? `exit ${code}`}); burners stopped`);
  process.exit(code ?? 1);
});
