// Preloaded into the language server by the benchmark only (node --expose-gc -r gc-hook.cjs):
// on SIGUSR2 the server collects garbage and reports its memory on stderr, so that the benchmark can
// read the memory a document really holds rather than garbage not yet collected.
process.on("SIGUSR2", () => {
  globalThis.gc?.();
  process.stderr.write(`fs-bench-memory ${JSON.stringify(process.memoryUsage())}\n`);
});
