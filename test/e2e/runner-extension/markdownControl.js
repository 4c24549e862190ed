// The editor bench's control (test/e2e/bench/main.ts, measureMarkdownControl): VS Code's Markdown
// preview of the workspace's control.md to the side of the active editor, by a key (package.json:
// Ctrl+K Ctrl+Alt+V) pressed in the state the preview's own key is, a large FS document's editor
// active. Markdown's own Ctrl+K V needs a Markdown editor active first.
"use strict";
const vscode = require("vscode");

function openMarkdownControl() {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder !== undefined) return vscode.commands.executeCommand("markdown.showPreviewToSide", vscode.Uri.joinPath(folder.uri, "control.md"));
  return undefined;
}

module.exports = { openMarkdownControl };
