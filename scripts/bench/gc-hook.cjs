// Preloaded into the language server by the benchmark only (node -r gc-hook.cjs): on SIGUSR2 the
// server collects garbage and reports its memory on stderr, so that the benchmark can read the
// memory a document really holds rather than garbage not yet collected. The collection is the one
// a debugger forces (HeapProfiler.collectGarbage, through an in-process inspector session), as
// `npm run bench:editor` does in the editor: unlike --expose-gc's gc(), it also gives freed pages
// back to the system.
const inspector = require("node:inspector");

process.on("SIGUSR2", () => {
  const session = new inspector.Session();
  session.connect();
  session.post("HeapProfiler.collectGarbage", () => {
    // Disconnecting inside the session's own callback stalls the process: after it returns.
    setImmediate(() => session.disconnect());
    process.stderr.write(`fs-bench-memory ${JSON.stringify(process.memoryUsage())}\n`);
  });
});
