// Which diff editor a command means, and when a preview of a diff's left side stays on it, as a pure
// rule over the open diff tabs' two sides (URI strings; diffTabs.ts gives it VS Code's tabs).
//
// VS Code reports a diff's right (modified) side as the active editor whenever no editor has the
// text focus (the command palette is open, a title button was clicked, the focus has not yet moved
// in), so the active editor alone cannot tell which side the user means.

export interface DiffSides {
  original: string;
  modified: string;
}

const shows = (diff: DiffSides, uri: string): boolean => diff.original === uri || diff.modified === uri;

/**
 * The diff a command means: the active tab's when it is a diff (showing `uri`, when a menu gave one),
 * else the first open diff that shows `uri` on either side.
 */
export function diffMeant<T extends DiffSides>(active: T | undefined, diffs: readonly T[], uri: string | undefined): T | undefined {
  if (active !== undefined && (uri === undefined || shows(active, uri))) return active;
  return uri === undefined ? undefined : diffs.find((diff) => shows(diff, uri));
}

/**
 * Whether a following preview that shows `shown` keeps it when `editor` becomes the active editor:
 * `shown` is the left side of an open diff whose right side is `editor`. The focus moving between a
 * diff's sides (or VS Code reporting the right side while nothing has the focus) does not take the
 * preview the user asked for the left side away from it.
 */
export function keepsLeftSide(shown: string, editor: string, diffs: readonly DiffSides[]): boolean {
  return diffs.some((diff) => diff.original === shown && diff.modified === editor);
}
