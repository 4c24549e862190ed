// The walkthrough's steps are ticked by context keys these commands set when they succeed
// (package.json, completionEvents "onContext:fs.walkthrough.*"), not by the command running: a
// step whose command fails, is cancelled or finds nothing to do stays unticked.

import * as vscode from "vscode";

export type WalkthroughStep = "exampleOpened" | "previewOpened" | "subtotalFixed" | "snapshotRecorded" | "documentCreated";

export function stepDone(step: WalkthroughStep): void {
  void vscode.commands.executeCommand("setContext", `fs.walkthrough.${step}`, true);
}
