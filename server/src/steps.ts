// Background work in steps: the server builds a large version's value-edit index and preview model
// after its diagnostics are out, a few thousand cells a step, one step per macrotask (each waiting
// for the messages that have arrived: StoreOptions.whenIdle). Over node-ipc the server gets whole
// messages only between steps, so an edit that arrives meanwhile waits for one step, never for
// the whole work (docs/performance.md).

/**
 * Runs `step(subject)` once per `later` turn while `isCurrent(subject)` says its version is still
 * its document's and `step` says there is more; then `done`, also when a step throws (what waits for
 * the work goes on), with the subject unless it is gone. Between turns the subject is held weakly: a
 * turn may wait long for the client's messages (lsp/waitingMessages.ts), and in the editor a
 * version superseded meanwhile (a label typed, a full analysis per key) stayed alive until its next
 * turn came: five of them, 25 MB of texts alone, after a label was typed at 5 MB
 * (docs/performance.md). `step`, `isCurrent` and `done` must not hold the subject themselves.
 */
export function inSteps<T extends object>(
  subject: T,
  step: (subject: T) => boolean,
  isCurrent: (subject: T) => boolean,
  later: (work: () => void) => void,
  done: (subject: T | undefined) => void,
): void {
  later(weakly(subject, (held) => runSteps(held, step, isCurrent, later, done)));
}

function runSteps<T extends object>(
  held: T | undefined,
  step: (subject: T) => boolean,
  isCurrent: (subject: T) => boolean,
  later: (work: () => void) => void,
  done: (subject: T | undefined) => void,
): void {
  let more = false;
  try {
    more = held !== undefined && isCurrent(held) && step(held);
  } finally {
    if (more && held !== undefined) later(weakly(held, (next) => runSteps(next, step, isCurrent, later, done)));
    else done(held);
  }
}

/**
 * `work` to run later with `subject`, or with undefined once nothing else holds it: what waits for
 * its turn (a timer, the client's messages) does not keep it alive. `work` must not hold it.
 */
export function weakly<T extends object>(subject: T, work: (subject: T | undefined) => void): () => void {
  const held = new WeakRef(subject);
  return () => work(held.deref());
}
