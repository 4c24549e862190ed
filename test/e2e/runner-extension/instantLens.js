// For `npm run bench:editor`'s cold-open control (test/e2e/bench/main.ts, measureColdControl): a
// code lens provider that answers at once, for the document named by the fsE2e.instantLens setting,
// in a window without FS Documents. Its first lens on screen is VS Code's own floor for a cold
// window's first lens on that document: the text's transfer to this extension host, VS Code's
// request for lenses, and its drawing, with no provider's work in between. The first request is
// marked `fsE2e/instantLens/provide` (hostMarks.js reads it).
"use strict";
const vscode = require("vscode");

/** The lens's title, for the bench to tell it from any other. */
const INSTANT_LENS_TITLE = "FS E2E instant lens";

/** Registers the provider when fsE2e.instantLens names a file; undefined otherwise. */
function startInstantLens() {
  const name = vscode.workspace.getConfiguration("fsE2e").get("instantLens") || "";
  if (!name) return undefined;
  let marked = false;
  return vscode.languages.registerCodeLensProvider(
    { pattern: `**/${name}` },
    {
      provideCodeLenses() {
        if (!marked) performance.mark("fsE2e/instantLens/provide");
        marked = true;
        return [new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), { title: INSTANT_LENS_TITLE, command: "fsE2e.describeEnvironment" })];
      },
    },
  );
}

module.exports = { INSTANT_LENS_TITLE, startInstantLens };
