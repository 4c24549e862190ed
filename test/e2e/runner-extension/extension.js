// Test-only extension: "FS E2E: Run API Suites" runs suites.js in this editor and writes the
// results as JSON to FS_E2E_RESULTS or the fsE2e.resultsFile setting, where the harness waits.
"use strict";
const { renameSync, writeFileSync } = require("node:fs");
const vscode = require("vscode");
const { runSuites } = require("./suites");
const { collectFirstHour } = require("./firstHour");
const { describeActiveDocument, openWalkthrough } = require("./gettingStarted");

function resultsFile() {
  return process.env.FS_E2E_RESULTS || vscode.workspace.getConfiguration("fsE2e").get("resultsFile") || "";
}

function activate(context) {
  // The harness waits for this item: once it shows, the extension host is up and every installed
  // extension's commands are in the palette.
  const ready = vscode.window.createStatusBarItem("fsE2e.ready", vscode.StatusBarAlignment.Left);
  ready.text = "FS E2E ready";
  ready.show();
  context.subscriptions.push(ready);
  context.subscriptions.push(
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
  );
}

module.exports = { activate, deactivate() {} };
