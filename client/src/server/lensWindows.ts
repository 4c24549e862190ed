// Which lines' code lenses to ask for (fs/codeLenses): the lines each editor shows, with a margin
// above and below, so that scrolling a little finds its lenses already there; and whether a view
// has left the lines asked for, so that the lenses are asked for again; and the lines shown, whose
// lenses come resolved. Pure (line numbers only).

import { MAX_LENS_WINDOWS, type LineWindow } from "../../../protocol/lsp";

/** Lines of margin on each side of a view: twice its height, and at least this many. */
const MIN_MARGIN = 60;

/** The windows for the visible line ranges `views` (0-based, inclusive) of a document of `lineCount` lines, merged where they meet. */
export function lensWindows(views: readonly LineWindow[], lineCount: number): LineWindow[] {
  const last = Math.max(0, lineCount - 1);
  return merged(
    views.map((view) => {
      const margin = Math.max(MIN_MARGIN, 2 * (view.end - view.start + 1));
      return { start: Math.max(0, view.start - margin), end: Math.min(last, view.end + margin) };
    }),
  );
}

/** The lines whose lenses come resolved (fs/codeLenses' `resolved`): the visible line ranges `views` themselves, merged where they meet. */
export function shownWindows(views: readonly LineWindow[]): LineWindow[] {
  return merged(views);
}

/** `windows` in order, merged where they meet, within the protocol's bound. */
function merged(unsorted: readonly LineWindow[]): LineWindow[] {
  const windows = [...unsorted].sort((a, b) => a.start - b.start);
  const result: LineWindow[] = [];
  for (const window of windows) {
    const previous = result[result.length - 1];
    if (previous !== undefined && window.start <= previous.end + 1) previous.end = Math.max(previous.end, window.end);
    else result.push({ ...window });
  }
  // Beyond the protocol's bound (dozens of split editors of one document): one window over them all.
  if (result.length > MAX_LENS_WINDOWS) return [{ start: result[0]!.start, end: result[result.length - 1]!.end }];
  return result;
}

/** Whether every view lies inside the windows its lenses were asked for. */
export function covers(windows: readonly LineWindow[], views: readonly LineWindow[]): boolean {
  return views.every((view) => windows.some((window) => view.start >= window.start && view.end <= window.end));
}
