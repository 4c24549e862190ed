// Commands for the getting-started end-to-end tests (test/e2e/firstHour.test.ts): what the API
// can tell that the page cannot show reliably.
//   "FS E2E: Describe Active Document" writes <results file>.active-document.json: the active
//   editor's document (scheme, language, text), its FS code lens titles once the FS server has
//   analysed it, every diagnostic it then has, and whether its cursor is in view.
//   "FS E2E: Open FS Walkthrough" opens the extension's walkthrough, as Welcome: Open Walkthrough does.
"use strict";
const vscode = require("vscode");

const WALKTHROUGH = "fs-documents.fs-documents#fs.gettingStarted";
const WAIT_MS = 60_000;
const POLL_MS = 250;

/** The FS lenses of `uri`, once the FS server answers with its status lens (it answers null before it has analysed the document). */
async function fsLenses(uri) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const lenses = (await vscode.commands.executeCommand("vscode.executeCodeLensProvider", uri)) ?? [];
    const titles = lenses.map((lens) => lens.command?.title ?? "").filter((title) => title !== "");
    if (titles.some((title) => title.startsWith("FS 0.2"))) return titles;
    if (Date.now() > deadline) throw new Error(`no FS status lens on ${uri.toString()} within ${WAIT_MS} ms; lenses: ${JSON.stringify(titles)}`);
    // Polls the state (as Playwright's waits do): there is no event for "the server has analysed it".
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function describeActiveDocument() {
  // The walkthrough's page may hold the focus (it takes it back after its buttons run), and then
  // no text editor is active: the document beside it is then the one visible text editor.
  const visible = vscode.window.visibleTextEditors;
  const editor = vscode.window.activeTextEditor ?? (visible.length === 1 ? visible[0] : undefined);
  if (editor === undefined) throw new Error(`no active text editor, and ${visible.length} visible ones`);
  const { document } = editor;
  const lenses = await fsLenses(document.uri);
  const all = vscode.languages.getDiagnostics(document.uri);
  const diagnostics = all.map((diagnostic) => ({ source: diagnostic.source, message: diagnostic.message, line: diagnostic.range.start.line + 1 }));
  // The quick fixes offered inside the first value whose rollup check is not satisfied, as the light bulb asks for them.
  const failing = all.find((diagnostic) => diagnostic.source === "fs" && (diagnostic.code?.value ?? diagnostic.code) === "rollup-unsatisfied");
  let quickFixes = [];
  if (failing !== undefined) {
    const inside = failing.range.start.translate(0, 1);
    const actions = (await vscode.commands.executeCommand("vscode.executeCodeActionProvider", document.uri, new vscode.Range(inside, inside), "quickfix")) ?? [];
    quickFixes = actions.map((action) => action.title);
    if (quickFixes.length === 0) quickFixes = [`none; the diagnostic: ${JSON.stringify({ ...failing, data: failing.data })}`];
  }
  // Whether the cursor is on screen (a new document's first value to type can be far down).
  const cursorVisible = editor.visibleRanges.some((range) => range.contains(editor.selection.active));
  const indentation = { tabSize: editor.options.tabSize, insertSpaces: editor.options.insertSpaces };
  return { scheme: document.uri.scheme, languageId: document.languageId, text: document.getText(), lenses, diagnostics, quickFixes, cursorVisible, indentation };
}

function openWalkthrough() {
  return vscode.commands.executeCommand("workbench.action.openWalkthrough", WALKTHROUGH, false);
}

module.exports = { describeActiveDocument, openWalkthrough };
