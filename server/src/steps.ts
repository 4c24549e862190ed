// Background work in steps: the server builds a large version's value-edit index and preview model
// after its diagnostics are out, a few thousand cells a step, one step per macrotask (each waiting
// for the messages that have arrived: StoreOptions.whenIdle). Over node-ipc the server gets whole
// messages only between steps, so an edit that arrives meanwhile waits for one step, never for
// the whole work (docs/performance.md).

/**
 * Runs `step` once per `later` turn while `isCurrent()` says its version is still its document's
 * and `step` says there is more; then `done`, also when a step throws (what waits for the work goes on).
 */
export function inSteps(step: () => boolean, isCurrent: () => boolean, later: (work: () => void) => void, done: () => void): void {
  const run = (): void => {
    let more = false;
    try {
      more = isCurrent() && step();
    } finally {
      if (more) later(run);
      else done();
    }
  };
  later(run);
}
