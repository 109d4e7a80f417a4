// tests/calibrate.ts's fixed piece of JavaScript, run in a fresh Node process: objects, JSON both ways, a sort and
// a regular expression. Prints the CPU seconds it took; the checksum keeps every step from being left out.
const before = process.cpuUsage();
let sum = 0;
for (let round = 0; round < 10; round++) {
  const items = Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `user ${(i * 7919) % 100_003}`, tags: [i % 3, i % 5, i % 7] }));
  const text = JSON.stringify(items);
  const back = JSON.parse(text);
  back.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  for (const item of back) sum = (sum * 31 + item.name.length + item.tags[1]) | 0;
  sum ^= (text.match(/user 1\d*/g) ?? []).length;
}
const used = process.cpuUsage(before);
process.stdout.write(`${(used.user + used.system) / 1e6} ${sum}`);
