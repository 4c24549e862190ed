// --timeline on the edits at new places: where each edit's time goes, by part. The bench's clock
// (the key, the problem and the preview cell seen on the screen) beside the language client's
// message trace in the extension host (the didChange sent, the server's preview patch and
// diagnostic groups received), so that a row of 300–800 ms says which part took it: VS Code
// bringing the key to the extension host, our server's answer (with the wait for the cores), or
// the way back to the screen (the extension host and the workbench's renderer, where the preview
// page draws too).

import type { TracedMessage } from "./trace";

/** One edit at a new place as the bench saw it (epoch ms). */
export interface ScreenEdit {
  key: number;
  problem: number;
  preview: number;
}

/** One edit's parts, ms; undefined where the trace has no message for it. */
export interface EditSplit {
  /** The key → the client's didChange sent (VS Code: the renderer, then the extension host). */
  keyToDidChange: number;
  /** didChange → the preview's patch received (the server's answer, its wait for the cores included). */
  toPreviewUpdate: number | undefined;
  /** didChange → the changed diagnostic groups received. */
  toDiagnosticGroups: number | undefined;
  /** The patch received → the preview cell shown (the extension host, the webview's message, the page's patch and frame). */
  previewUpdateToShown: number | undefined;
  /** The groups received → the problem counted in the status bar (the client, VS Code's markers, the renderer's frame). */
  diagnosticGroupsToShown: number | undefined;
}

const DID_CHANGE = / Sending notification textDocument\/didChange/;
const PREVIEW_UPDATE = / Received notification fs\/previewUpdate/;
const DIAGNOSTIC_GROUPS = / Received notification fs\/diagnosticGroups/;

/**
 * Each edit's parts: its didChange is the first sent from its key on (the log's clock is the
 * extension host's, the same machine's), and its patch and groups the first received after that
 * didChange, before the next edit's key. An edit whose didChange is not in the trace has no split.
 */
export function editSplits(messages: readonly TracedMessage[], edits: readonly ScreenEdit[]): (EditSplit | undefined)[] {
  return edits.map((edit, index) => {
    const until = edits[index + 1]?.key ?? Number.POSITIVE_INFINITY;
    const within = messages.filter(({ at }) => at >= edit.key && at < until);
    const didChange = within.find(({ line }) => DID_CHANGE.test(line));
    if (didChange === undefined) return undefined;
    const after = (pattern: RegExp) => within.find(({ at, line }) => at >= didChange.at && pattern.test(line))?.at;
    const patch = after(PREVIEW_UPDATE);
    const groups = after(DIAGNOSTIC_GROUPS);
    return {
      keyToDidChange: didChange.at - edit.key,
      toPreviewUpdate: patch === undefined ? undefined : patch - didChange.at,
      toDiagnosticGroups: groups === undefined ? undefined : groups - didChange.at,
      previewUpdateToShown: patch === undefined ? undefined : edit.preview - patch,
      diagnosticGroupsToShown: groups === undefined ? undefined : edit.problem - groups,
    };
  });
}

/** The splits as samples (`newPlaceSplit:<part>`, the edits' values in order) for the samples file and the summary. */
export function editSplitSamples(splits: readonly (EditSplit | undefined)[]): Map<string, number[]> {
  const samples = new Map<string, number[]>();
  for (const split of splits) {
    if (split === undefined) continue;
    for (const [part, value] of Object.entries(split)) if (value !== undefined) samples.set(`newPlaceSplit:${part}`, [...(samples.get(`newPlaceSplit:${part}`) ?? []), value]);
  }
  return samples;
}

/** One line per edit for the report: "edit 3: key → didChange 213, → patch 324 / groups 394, → shown 422 / 259 ms". */
export function formatEditSplits(splits: readonly (EditSplit | undefined)[]): string {
  const ms = (value: number | undefined) => (value === undefined ? "–" : value.toFixed(0));
  const medians = [...editSplitSamples(splits)].map(([key, values]) => `${key.slice("newPlaceSplit:".length)} ${ms(median(values))}`);
  const lines = splits.map((split, index) =>
    split === undefined
      ? `  new place ${index + 1}: no didChange in the trace`
      : `  new place ${index + 1}: key → didChange ${ms(split.keyToDidChange)}, → patch ${ms(split.toPreviewUpdate)} / groups ${ms(split.toDiagnosticGroups)}, → preview shown ${ms(split.previewUpdateToShown)} / problem shown ${ms(split.diagnosticGroupsToShown)} ms`,
  );
  return [...lines, `  medians, ms: ${medians.join(", ")}`].join("\n");
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}
