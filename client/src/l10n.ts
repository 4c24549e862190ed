// The extension's own code speaks through vscode.l10n. The modules it shares with the preview page
// (status words, the page shell) use @vscode/l10n, which knows no bundle until it is given one:
// this extension's bundle for the display language (undefined in English).

import * as l10n from "@vscode/l10n";
import * as vscode from "vscode";

export function configureSharedStrings(): void {
  const bundle = vscode.l10n.bundle;
  if (bundle !== undefined) l10n.config({ contents: bundle });
}
