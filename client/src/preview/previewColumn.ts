// Where a new preview opens, as a pure rule over what the extension host knows of the editors.
//
// A concrete column, never `ViewColumn.Beside`, whenever the column of the editor the preview goes
// beside is known: VS Code resolves Beside against the group that is active when the panel is made,
// in the workbench, some time after the command read the active editor here. The walkthrough's
// buttons move the focus between its own group and the document's while their commands run, so
// Beside could land in the document's own group and cover it (the first-hour e2e failed this way on
// a loaded CI machine).

/** `"beside"` stands for `ViewColumn.Beside`, `"active"` for `ViewColumn.Active`. */
export type PreviewColumn = number | "beside" | "active";

export interface EditorColumns {
  /** The active text editor's column, or undefined when no text editor is active (or it has none). */
  active: number | undefined;
  /** Whether a text editor is active at all. */
  textEditorActive: boolean;
  /** The column of a visible editor showing the previewed document, if any. */
  source: number | undefined;
}

/**
 * To the side: beside the active text editor; while another kind of editor is active (the
 * walkthrough), beside the document's own editor. Not to the side: in the active editor's column.
 */
export function previewColumn(toSide: boolean, editors: EditorColumns): PreviewColumn {
  if (!toSide) return editors.active ?? "active";
  const besideOf = editors.textEditorActive ? editors.active : editors.source;
  return besideOf === undefined ? "beside" : besideOf + 1;
}
