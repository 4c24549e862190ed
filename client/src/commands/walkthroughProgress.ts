// The walkthrough's steps are ticked when these commands succeed, not when they merely run: a step
// whose command fails, is cancelled or finds nothing to do stays unticked.
//
// Each success does two things. It sets a context key (package.json, completionEvents
// "onContext:fs.walkthrough.*"), which ticks the step while VS Code's walkthroughs service runs. But
// that service starts only when a walkthrough is first shown, and an onContext event that already
// holds when it registers the steps counts as spent: the step is never ticked for it (a preview
// opened, or a document created, before the walkthrough was ever shown). So the step is also
// marked complete by its id (welcome.markStepComplete), which starts the service when need be.

import * as vscode from "vscode";

export type WalkthroughStep = "exampleOpened" | "previewOpened" | "subtotalFixed" | "snapshotRecorded" | "documentCreated";

/** `<publisher>.<name>#<walkthrough id>` (package.json): VS Code's id of the walkthrough. */
export const WALKTHROUGH_ID = "fs-documents.fs-documents#fs.gettingStarted";

/** The step (package.json, contributes.walkthroughs[0].steps[].id) each success completes. */
export const STEP_OF: Readonly<Record<WalkthroughStep, string>> = {
  exampleOpened: "openExample",
  previewOpened: "openPreview",
  subtotalFixed: "fixSubtotal",
  snapshotRecorded: "recordSnapshot",
  documentCreated: "newDocument",
};

export function stepDone(step: WalkthroughStep): void {
  void vscode.commands.executeCommand("setContext", `fs.walkthrough.${step}`, true);
  // An editor without VS Code's walkthroughs has no such command: the context key is all there is.
  vscode.commands.executeCommand("welcome.markStepComplete", `${WALKTHROUGH_ID}#${STEP_OF[step]}`).then(undefined, () => undefined);
}
