// "FS E2E: Collect First-Hour Diagnostics" (test/e2e/firstHour.test.ts): opens every document of
// the workspace's first-hour/ folder, in name order, each in its own tab; waits until both language
// servers have reported on all of them; and returns every diagnostic of those documents, as the
// Problems panel lists them (it shows the same markers).
//
// Both servers answer in the order documents were opened. The last two names sort last: a control
// whose $schema is an unmapped URL (the built-in JSON must warn it cannot load it) and a sentinel
// with an FS error. Once both have their entry, every earlier document has had its entries too.
"use strict";
const vscode = require("vscode");

const FOLDER = "first-hour";
const CONTROL = "zy-control-unmapped-schema.json";
const SENTINEL = "zz-sentinel.json";
const WAIT_MS = 120_000;

const SEVERITIES = ["Error", "Warning", "Info", "Hint"];

function settled(folder) {
  const control = vscode.languages.getDiagnostics(vscode.Uri.joinPath(folder, CONTROL));
  const sentinel = vscode.languages.getDiagnostics(vscode.Uri.joinPath(folder, SENTINEL));
  return control.some((diagnostic) => /Unable to load schema/.test(diagnostic.message)) && sentinel.some((diagnostic) => diagnostic.source === "fs");
}

function waitUntilSettled(folder) {
  return new Promise((resolve, reject) => {
    if (settled(folder)) return resolve();
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`the diagnostics of ${CONTROL} and ${SENTINEL} did not arrive within ${WAIT_MS} ms`));
    }, WAIT_MS);
    const subscription = vscode.languages.onDidChangeDiagnostics(() => {
      if (!settled(folder)) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    });
  });
}

async function collectFirstHour() {
  const root = vscode.workspace.workspaceFolders?.[0];
  if (root === undefined) throw new Error("no workspace folder is open");
  const folder = vscode.Uri.joinPath(root.uri, FOLDER);
  const names = (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name).sort();
  const started = Date.now();
  for (const name of names) {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, name));
    await vscode.window.showTextDocument(document, { preview: false, preserveFocus: true });
  }
  await waitUntilSettled(folder);
  const files = {};
  for (const name of names) {
    files[name] = vscode.languages.getDiagnostics(vscode.Uri.joinPath(folder, name)).map((diagnostic) => ({
      source: diagnostic.source,
      code: typeof diagnostic.code === "object" ? String(diagnostic.code.value) : diagnostic.code === undefined ? undefined : String(diagnostic.code),
      severity: SEVERITIES[diagnostic.severity],
      message: diagnostic.message,
      line: diagnostic.range.start.line + 1,
      column: diagnostic.range.start.character + 1,
      endLine: diagnostic.range.end.line + 1,
      endColumn: diagnostic.range.end.character + 1,
    }));
  }
  return { openedAndSettledMs: Date.now() - started, files };
}

module.exports = { collectFirstHour, FIRST_HOUR_CONTROL: CONTROL, FIRST_HOUR_SENTINEL: SENTINEL };
