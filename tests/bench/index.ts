// `npm run bench`: figures, not assertions. Sizes can be narrowed: `npm run bench -- 1000 10000`.
import { benchAdmin } from "./admin";
import { benchApi } from "./api";
import { benchBundle } from "./bundle";
import { benchCli } from "./cli";
import { benchFollowing } from "./following";
import { benchGrowth } from "./growth";
import { benchLogins } from "./logins";
import { benchPostmanRun } from "./postman-run";
import { keep, record } from "./record";
import { benchProfileTabs } from "./profile-tabs";
import { benchReplayMemory } from "./replay-memory";
import { benchSandbox } from "./sandbox";
import { benchSearch } from "./search";
import { benchStore } from "./store";

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const SIZES = sizes.length ? sizes : [1_000, 10_000, 100_000];
// A run at the default sizes writes its figures to tests/benchmarks.md (section "node"); a narrowed one only prints.
if (!sizes.length) record("npm run bench");

console.log(`# Moments benchmarks — node ${process.version}, ${(await import("node:os")).cpus().length} cores\n`);
benchBundle();
await benchApi(SIZES);
await benchStore(SIZES);
await benchAdmin(SIZES);
await benchSearch(SIZES);
await benchFollowing(SIZES);
await benchProfileTabs(SIZES);
await benchGrowth();
await benchCli();
await benchLogins();
await benchReplayMemory();
await benchPostmanRun();
await benchSandbox();
if (!sizes.length) await keep("node");
