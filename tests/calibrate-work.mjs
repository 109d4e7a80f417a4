// tests/calibrate.ts's fixed work, run in a fresh Node process. `node calibrate-work.mjs`: a fixed piece of
// JavaScript (objects, JSON both ways, a sort and a regular expression); prints the CPU seconds it took, and a
// checksum that keeps every step from being left out. `node calibrate-work.mjs pages`: the microseconds a fresh
// 4 KB page of memory costs on its first write (64 MB, one write a page).
if (process.argv[2] === "pages") {
  const from = process.hrtime.bigint();
  const memory = new Uint8Array(64 * 1024 * 1024);
  for (let i = 0; i < memory.length; i += 4096) memory[i] = 1;
  process.stdout.write(`${Number(process.hrtime.bigint() - from) / 1000 / (memory.length / 4096)}`);
} else {
  const before = process.cpuUsage();
  let sum = 0;
  for (let round = 0; round < 6; round++) {
    const items = Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `user ${(i * 7919) % 100_003}`, tags: [i % 3, i % 5, i % 7] }));
    const text = JSON.stringify(items);
    const back = JSON.parse(text);
    back.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    for (const item of back) sum = (sum * 31 + item.name.length + item.tags[1]) | 0;
    sum ^= (text.match(/user 1\d*/g) ?? []).length;
  }
  const used = process.cpuUsage(before);
  process.stdout.write(`${(used.user + used.system) / 1e6} ${sum}`);
}
