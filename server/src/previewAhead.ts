// The preview's model of a large document is built in the background once the document is
// analysed, so that "Open Preview" finds it ready: at 5 MB it takes the server 0.3–1.2 s (cold, in
// the editor), which the first preview of a window otherwise waits for after VS Code's webview has
// started (docs/performance.md, "The preview's first paint"). It is built a few rows per turn of the
// event loop (PREVIEW_STEP_CELLS cells, about 10 ms; a statement per turn took up to 140 ms on a
// quiet machine at 5 MB, and over node-ipc an edit that arrived meanwhile waited for all of it), so
// the requests of the open (outline, code lenses, hovers) and of typing are answered between steps
// (each step waits for the messages that have arrived: StoreOptions.whenIdle), and it stops as soon
// as the version is no longer the document's own.

import type { DocumentAnalysis } from "./analysis";
import { inSteps } from "./steps";

/** Below this many characters the model is built in a few milliseconds when the preview asks. */
export const PREVIEW_AHEAD_MIN_CHARS = 256 * 1024;

/**
 * Builds `analysis`'s preview model a few rows per macrotask while `isCurrent(analysis)` says it is
 * still its document's (not closed, edited or withdrawn); a document under the size bound, one that
 * does not parse and one whose model is built already are left alone. `done` is called once the
 * model is built, or left (at once when there is nothing to build). Between steps the analysis is
 * held weakly (steps.ts): `isCurrent` and `done` must not hold it.
 */
export function buildPreviewAhead(
  analysis: DocumentAnalysis,
  isCurrent: (analysis: DocumentAnalysis) => boolean,
  later: (work: () => void) => void = (work) => void setTimeout(work, 0),
  done: () => void = () => undefined,
): void {
  const parsed = analysis.parsed;
  if (parsed === undefined || parsed.hasPreviewWire || analysis.text.length < PREVIEW_AHEAD_MIN_CHARS) {
    done();
    return;
  }
  // Then the statements' shells, which the first value edit of each would otherwise make.
  inSteps(
    analysis,
    (held) => stepOf(held),
    isCurrent,
    later,
    () => done(),
  );
}

/** One step of the preview's model, then of the statements' shells; false once both are made. */
function stepOf(analysis: DocumentAnalysis): boolean {
  const parsed = analysis.parsed;
  return parsed !== undefined && (parsed.buildPreviewWireStep() || parsed.buildStatementShellStep());
}
