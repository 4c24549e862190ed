// Where FS: New Document (and the walkthrough's example) opens, as a pure rule over the editor
// groups the extension host knows.
//
// Always a concrete column, never `ViewColumn.Beside`: VS Code resolves Beside against the group
// that is active when the editor is made, some time after the command read the groups here, and
// the walkthrough's buttons move the focus meanwhile (see client/src/preview/previewColumn.ts). And
// always a group of text editors: not on top of the preview or another webview (it took the
// preview's group when the preview had the keyboard), nor on top of the walkthrough.

/** What a group shows on top: a text editor, another kind of editor (a webview, the walkthrough), or nothing. */
export type GroupTop = "text" | "other" | "empty";

export interface GroupShown {
  column: number;
  top: GroupTop;
}

/**
 * The active group when it shows a text editor or nothing; else the nearest group that does (the
 * left one of two as near: documents usually stand left of their previews); else a new group
 * after the last.
 */
export function newDocumentColumn(active: number, groups: readonly GroupShown[]): number {
  const activeGroup = groups.find((group) => group.column === active);
  if (activeGroup === undefined || activeGroup.top !== "other") return active;
  const textGroups = groups.filter((group) => group.top !== "other");
  textGroups.sort((a, b) => Math.abs(a.column - active) - Math.abs(b.column - active) || a.column - b.column);
  const nearest = textGroups[0];
  if (nearest !== undefined) return nearest.column;
  return Math.max(active, ...groups.map((group) => group.column)) + 1;
}
