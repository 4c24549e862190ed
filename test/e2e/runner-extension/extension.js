// Test-only extension: "FS E2E: Run API Suites" runs suites.js in this editor and writes the
// results as JSON to FS_E2E_RESULTS or the fsE2e.resultsFile setting, where the harness waits.
"use strict";
const { renameSync, writeFileSync } = require("node:fs");
const vscode = require("vscode");
const { openMarkdownControl } = require("./markdownControl");
const { runSuites } = require("./suites");
const { collectFirstHour } = require("./firstHour");
const { measureActivation, startHostProfile, startProbe } = require("./benchProbe");
const { describeActiveDocument, openWalkthrough } = require("./gettingStarted");
const { describeDiagnostics, startHostMarks } = require("./hostMarks");
const { startInstantLens } = require("./instantLens");

function resultsFile() {
  return process.env.FS_E2E_RESULTS || vscode.workspace.getConfiguration("fsE2e").get("resultsFile") || "";
}

/** Writes `results` to <results file><suffix>, renamed into place so the harness never reads half a file. */
function writeResults(suffix, results) {
  const target = resultsFile();
  if (!target) return;
  writeFileSync(`${target}${suffix}.partial`, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(`${target}${suffix}.partial`, `${target}${suffix}`);
}

let hostProfile;

function activate(context) {
  // The harness waits for this item: once it shows, the extension host is up and every installed
  // extension's commands are in the palette.
  const ready = vscode.window.createStatusBarItem("fsE2e.ready", vscode.StatusBarAlignment.Left);
  ready.text = "FS E2E ready";
  ready.show();
  context.subscriptions.push(ready);
  const probe = vscode.workspace.getConfiguration("fsE2e").get("benchProbe") ? startProbe() : undefined;
  if (probe !== undefined) context.subscriptions.push(probe);
  const hostMarks = startHostMarks();
  context.subscriptions.push(hostMarks);
  // The bench's cold-open control (instantLens.js): registered before any document opens.
  const instantLens = startInstantLens();
  if (instantLens !== undefined) context.subscriptions.push(instantLens);
  context.subscriptions.push(
    // Writes to <results file>.probe.json (test/e2e/bench/ waits for it); the setting fsE2e.benchProbe starts the probe.
    vscode.commands.registerCommand("fsE2e.readBenchProbe", () =>
      writeResults(".probe.json", probe === undefined ? { error: "fsE2e.benchProbe is off" } : probe.read({ collect: true })),
    ),
    // Writes to <results file>.marks.json: when documents reached this host, and FS Documents' and VS Code's marks here (hostMarks.js).
    vscode.commands.registerCommand("fsE2e.readHostMarks", () => writeResults(".marks.json", hostMarks.read())),
    // Writes to <results file>.diagnostics.json: the active document's diagnostics by source and severity (hostMarks.js).
    vscode.commands.registerCommand("fsE2e.describeDiagnostics", () => writeResults(".diagnostics.json", describeDiagnostics())),
    // Writes to <results file>.activation.json: whether FS Documents was active already, else what activating it cost.
    vscode.commands.registerCommand("fsE2e.measureActivation", async () =>
      writeResults(".activation.json", await measureActivation(vscode.extensions.getExtension("fs-documents.fs-documents"))),
    ),
    vscode.commands.registerCommand("fsE2e.startHostProfile", () => {
      hostProfile = startHostProfile();
    }),
    // Writes to <results file>.host-profile.json.
    vscode.commands.registerCommand("fsE2e.stopHostProfile", async () => {
      const profile = hostProfile === undefined ? { error: "no profile was started" } : await hostProfile.stop().catch((error) => ({ error: String(error) }));
      hostProfile = undefined;
      writeResults(".host-profile.json", profile);
    }),
    vscode.commands.registerCommand("fsE2e.runSuites", async () => {
      const target = resultsFile();
      let results;
      try {
        results = await runSuites();
      } catch (error) {
        results = { error: error instanceof Error ? (error.stack ?? error.message) : String(error), suites: [] };
      }
      if (target) {
        // Renamed into place so that the harness never reads half a file.
        writeFileSync(`${target}.partial`, `${JSON.stringify(results, null, 2)}\n`);
        renameSync(`${target}.partial`, target);
      }
      return results;
    }),
    // Writes to <results file>.first-hour.json (test/e2e/firstHour.test.ts waits for it).
    vscode.commands.registerCommand("fsE2e.collectFirstHour", async () => {
      let results;
      try {
        results = await collectFirstHour();
      } catch (error) {
        results = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      }
      const target = resultsFile();
      if (target) {
        writeFileSync(`${target}.first-hour.json.partial`, `${JSON.stringify(results, null, 2)}\n`);
        renameSync(`${target}.first-hour.json.partial`, `${target}.first-hour.json`);
      }
    }),
    // Writes to <results file>.active-document.json, replacing an earlier answer.
    vscode.commands.registerCommand("fsE2e.describeActiveDocument", async () => {
      let results;
      try {
        results = await describeActiveDocument();
      } catch (error) {
        results = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      }
      const target = resultsFile();
      if (target) {
        writeFileSync(`${target}.active-document.json.partial`, `${JSON.stringify(results, null, 2)}\n`);
        renameSync(`${target}.active-document.json.partial`, `${target}.active-document.json`);
      }
    }),
    vscode.commands.registerCommand("fsE2e.openWalkthrough", openWalkthrough),
    vscode.commands.registerCommand("fsE2e.markdownControl", openMarkdownControl),
    // Installs the .vsix named by the fsE2e.languagePackVsix setting through the editor itself (as
    // "Install from VSIX…" does): the running server registers a language pack only when it installs
    // it. Writes to <results file>.language-pack.json once the install is done (or failed).
    vscode.commands.registerCommand("fsE2e.installLanguagePack", async () => {
      const vsix = vscode.workspace.getConfiguration("fsE2e").get("languagePackVsix") || "";
      let result;
      try {
        if (!vsix) throw new Error("fsE2e.languagePackVsix is not set");
        await vscode.commands.executeCommand("workbench.extensions.installExtension", vscode.Uri.file(vsix));
        result = { installed: vsix };
      } catch (error) {
        result = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      }
      writeResults(".language-pack.json", result);
    }),
    // FS Documents sets fs.activeEditorIsFsDocument a round trip after the active editor changes:
    // these hold it as it is in that moment (still true in an editor that is no FS document), so that
    // what the workbench does then can be tested at will. Each writes <results file>.fs-context.json
    // once the workbench has the key's value.
    vscode.commands.registerCommand("fsE2e.setFsContext", async () => {
      await vscode.commands.executeCommand("setContext", "fs.activeEditorIsFsDocument", true);
      writeResults(".fs-context.json", { value: true });
    }),
    vscode.commands.registerCommand("fsE2e.clearFsContext", async () => {
      await vscode.commands.executeCommand("setContext", "fs.activeEditorIsFsDocument", false);
      writeResults(".fs-context.json", { value: false });
    }),
    // Writes to <results file>.environment.json: the display language the extension host was given
    // (test/e2e/l10n.test.ts), and whether FS Documents runs beside the runner.
    vscode.commands.registerCommand("fsE2e.describeEnvironment", () =>
      writeResults(".environment.json", {
        language: vscode.env.language,
        fsDocumentsActive: vscode.extensions.getExtension("fs-documents.fs-documents")?.isActive ?? false,
      }),
    ),
  );
}

module.exports = { activate, deactivate() {} };
