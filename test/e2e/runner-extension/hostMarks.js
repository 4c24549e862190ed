// For `npm run bench:editor --timeline` (test/e2e/bench/main.ts, the cold opens): the extension
// host's side of a window's first open, as epoch milliseconds. When each document reached this
// extension host (its onDidOpenTextDocument: VS Code's text transfer done; this extension activates
// at start-up, before any open), FS Documents' own marks (`fs/…`, client/src/util/marks.ts), this
// extension's (`fsE2e/…`: the cold-open control's, instantLens.js) and VS Code's marks of activating
// FS Documents and VS Code's JSON in this host.
"use strict";
const vscode = require("vscode");

/** VS Code's extension host marks of these extensions' activation (code/extHost/{will,did}…/<id>). */
const ACTIVATION_MARK = /^code\/extHost\/.*\/(fs-documents\.fs-documents|vscode\.json-language-features)$/;

function startHostMarks() {
  /** URI → when it first reached this host. */
  const opened = new Map();
  const subscription = vscode.workspace.onDidOpenTextDocument((document) => {
    const key = document.uri.toString();
    if (!opened.has(key)) opened.set(key, Date.now());
  });
  return {
    read() {
      const marks = performance
        .getEntriesByType("mark")
        .filter((mark) => mark.name.startsWith("fs/") || mark.name.startsWith("fsE2e/"))
        .map((mark) => ({ name: mark.name, at: performance.timeOrigin + mark.startTime }));
      // VS Code's own marks in a Node extension host (vs/base/common/performance): startTime is the epoch.
      const vscodeMarks = globalThis.MonacoPerformanceMarks?.getMarks?.() ?? [];
      for (const mark of vscodeMarks) if (ACTIVATION_MARK.test(mark.name)) marks.push({ name: mark.name, at: mark.startTime });
      return { documents: [...opened].map(([uri, at]) => ({ uri, at })), marks };
    },
    dispose() {
      subscription.dispose();
    },
  };
}

const SEVERITIES = ["error", "warning", "information", "hint"];

/**
 * What the extension host holds of the active document's diagnostics, by source (as each extension
 * gives it) and severity, and those of its first `lines` lines in full: whether a diagnostic the
 * screen does not show was given at all.
 */
function describeDiagnostics(lines = 5) {
  const document = vscode.window.activeTextEditor?.document ?? vscode.window.visibleTextEditors[0]?.document;
  if (document === undefined) return { error: "no text editor" };
  const bySource = {};
  const top = [];
  for (const diagnostic of vscode.languages.getDiagnostics(document.uri)) {
    const source = diagnostic.source ?? "(none)";
    const severity = SEVERITIES[diagnostic.severity] ?? String(diagnostic.severity);
    bySource[source] ??= {};
    bySource[source][severity] = (bySource[source][severity] ?? 0) + 1;
    if (diagnostic.range.start.line < lines) top.push({ source, severity, line: diagnostic.range.start.line + 1, message: diagnostic.message });
  }
  return { uri: document.uri.toString(), bySource, top };
}

module.exports = { describeDiagnostics, startHostMarks };
