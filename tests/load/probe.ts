// Preloaded into `mockman serve` by the load run (node --expose-gc --import):
// on SIGUSR2, collect garbage and print the live heap, so memory growth is
// measured on what the process holds, not on how lazily V8 returns pages.
process.on("SIGUSR2", () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  process.stderr.write(`probe heapUsed=${heapUsed} rss=${rss}\n`);
});
