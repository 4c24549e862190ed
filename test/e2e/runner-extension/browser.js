// Test-only extension, web entry (package.json `browser`, bundled by the harness): the same
// "FS E2E: Run API Suites" as extension.js, for a run with both extensions forced into the
// web-worker extension host (test/e2e/web.test.ts). It adds the facts that prove where it runs,
// and writes the results through workspace.fs (a Worker has no file system of its own).
"use strict";
const vscode = require("vscode");
const { openMarkdownControl } = require("./markdownControl");
const { runSuites } = require("./suites");

const FS_EXTENSION = "fs-documents.fs-documents";

/** Where this code runs, and whether FS Documents is active in the same extension host. */
function hostFacts() {
  const fsExtension = vscode.extensions.getExtension(FS_EXTENSION);
  return {
    process: typeof process,
    workerGlobalScope: typeof WorkerGlobalScope,
    worker: typeof Worker,
    // getExtension sees only the extensions of its own host: FS Documents found and active here
    // means it runs in this (web-worker) host too.
    fsExtension: fsExtension === undefined ? "not in this extension host" : fsExtension.isActive ? "active in this extension host" : "inactive in this extension host",
    uiKind: vscode.env.uiKind === vscode.UIKind.Web ? "web" : "desktop",
  };
}

/** The results file (an absolute path on the machine of the workspace) as a URI of the workspace's file system. */
function resultsUri(suffix) {
  const target = vscode.workspace.getConfiguration("fsE2e").get("resultsFile") || "";
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!target || folder === undefined) return undefined;
  return folder.uri.with({ path: `${target}${suffix}` });
}

async function writeResults(results) {
  const partial = resultsUri(".partial");
  const target = resultsUri("");
  if (partial === undefined || target === undefined) return;
  // Renamed into place so that the harness never reads half a file.
  await vscode.workspace.fs.writeFile(partial, new TextEncoder().encode(`${JSON.stringify(results, null, 2)}\n`));
  await vscode.workspace.fs.rename(partial, target, { overwrite: true });
}

function activate(context) {
  const ready = vscode.window.createStatusBarItem("fsE2e.ready", vscode.StatusBarAlignment.Left);
  ready.text = "FS E2E ready";
  ready.show();
  context.subscriptions.push(
    ready,
    vscode.commands.registerCommand("fsE2e.markdownControl", openMarkdownControl),
    vscode.commands.registerCommand("fsE2e.runSuites", async () => {
      let results;
      try {
        // The facts after the suites: FS Documents activates only once an FS document is open,
        // which the suites do (asked before, it may not have activated yet).
        const outcome = await runSuites();
        results = { host: hostFacts(), ...outcome };
      } catch (error) {
        results = { host: hostFacts(), error: error instanceof Error ? (error.stack ?? error.message) : String(error), suites: [] };
      }
      await writeResults(results);
      return results;
    }),
  );
}

module.exports = { activate, deactivate() {} };
