// The editor half of preview navigation: reveal and select the source of a pointer, and scroll an
// editor so that a pointer's line is at the top.

import * as vscode from "vscode";
import type { SourcePointers } from "../navigation/sourcePointers";

// VS Code's commands that focus the nth editor group (the API can focus neither a group nor a diff's side).
const FOCUS_GROUP_COMMANDS = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth"].map((nth) => `workbench.action.focus${nth}EditorGroup`);

export function visibleEditorFor(uri: vscode.Uri): vscode.TextEditor | undefined {
  const key = uri.toString();
  return vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === key);
}

/**
 * The lines VS Code keeps above (and below) a line it reveals: the sticky scroll's most lines while
 * it is on, or the cursor's surrounding lines (its viewLines' reveal). A reveal "at the top" of line
 * L shows L − context first; a line nearer the edge than that is "outside" for a centring reveal.
 */
export function revealContextLines(editor: vscode.TextEditor): number {
  const config = vscode.workspace.getConfiguration("editor", editor.document);
  const sticky = config.get<boolean>("stickyScroll.enabled", true) ? config.get<number>("stickyScroll.maxLineCount", 5) : 0;
  return Math.max(0, sticky, config.get<number>("cursorSurroundingLines", 0));
}

/** Whether `range` is in view with the reveal's context lines around it: a centring reveal leaves it there. */
function isVisible(editor: vscode.TextEditor, range: vscode.Range): boolean {
  const context = revealContextLines(editor);
  return editor.visibleRanges.some((visible) => range.start.line - visible.start.line >= context && visible.end.line - range.end.line >= context);
}

/**
 * Selects the source of `pointer` in the document's editor beside the preview, opening it there if
 * it is not visible. `focus`: the editor takes the focus; otherwise it follows without it (a visible
 * editor is not even brought to the front of its group again). Returns the editor, and whether this
 * scrolled it, so the caller can ignore that scroll instead of syncing back; undefined when the
 * pointer has no source in the current text.
 */
export async function revealSource(
  uri: vscode.Uri,
  pointer: string,
  pointers: SourcePointers,
  previewColumn: vscode.ViewColumn | undefined,
  focus: boolean,
): Promise<{ editor: vscode.TextEditor; scrolled: boolean } | undefined> {
  let editor = visibleEditorFor(uri);
  const wasVisible = editor !== undefined;
  if (editor === undefined) {
    const document = await vscode.workspace.openTextDocument(uri);
    const column = previewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One;
    editor = await vscode.window.showTextDocument(document, { viewColumn: column, preserveFocus: !focus });
  } else if (focus) {
    editor = await focusEditor(editor);
  }
  const range = await pointers.rangeOf(editor.document, pointer);
  if (range === undefined) return undefined;
  const scrolled = !wasVisible || !isVisible(editor, range);
  // Active end at the start: the cursor sits where the value begins and that is what is revealed.
  editor.selection = new vscode.Selection(range.end, range.start);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return { editor, scrolled };
}

/**
 * Gives `editor` the focus. The left side of a diff shown in its group is focused there (its group,
 * then the diff's left side): showing its document would open it again as an editor of its own,
 * over the preview.
 */
export async function focusEditor(editor: vscode.TextEditor): Promise<vscode.TextEditor> {
  const uri = editor.document.uri.toString();
  const group = vscode.window.tabGroups.all.find(({ activeTab }) => activeTab?.input instanceof vscode.TabInputTextDiff && activeTab.input.original.toString() === uri);
  const focusGroup = group === undefined ? undefined : FOCUS_GROUP_COMMANDS[group.viewColumn - 1];
  if (focusGroup === undefined) return vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preserveFocus: false });
  await vscode.commands.executeCommand(focusGroup);
  await vscode.commands.executeCommand("workbench.action.compareEditor.focusSecondarySide");
  return editor;
}

/**
 * Scrolls `editor` so the line of `pointer` ("" = the top) is the first visible line. Returns that
 * line, or undefined when the editor is already there or `stillWanted` says no once the line is
 * known (no scroll, so no echo to expect).
 */
export async function scrollEditorTo(editor: vscode.TextEditor, pointer: string, pointers: SourcePointers, stillWanted: () => boolean = () => true): Promise<number | undefined> {
  const line = pointer === "" ? 0 : (await pointers.rangeOf(editor.document, pointer))?.start.line;
  if (line === undefined || !stillWanted()) return undefined;
  if (editor.visibleRanges[0]?.start.line === line) return undefined;
  editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.AtTop);
  return line;
}
