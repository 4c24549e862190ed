// Every command the extension contributes (package.json) or the server's lenses invoke
// (CLIENT_COMMANDS), bound to the objects that carry them out.

import * as vscode from "vscode";
import { CLIENT_COMMANDS } from "../../../protocol/lsp";
import type { CompareViews } from "../compare/compareViews";
import { diffOf } from "../preview/diffTabs";
import type { PreviewManager } from "../preview/previewManager";
import type { FsServer } from "../server/fsServer";
import { exportDocument } from "./export";
import { exportXlsx } from "./exportXlsx";
import { importSpreadsheet } from "./importSpreadsheet";
import { newFsDocument } from "./newDocument";
import { explainRollup } from "./explainRollup";
import { peekLocations } from "./peek";
import { recordSnapshot } from "./record";
import type { SnapshotDiffProvider } from "./snapshotDiff";
import { targetDocument, uriArgument } from "./target";
import { validateWorkspace } from "./validateWorkspace";
import { fixFailingSubtotal, openExample } from "./walkthrough";
import { stepDone } from "./walkthroughProgress";

export interface CommandTargets {
  server: FsServer;
  previews: PreviewManager;
  snapshotDiffs: SnapshotDiffProvider;
  compareViews: CompareViews;
  extensionUri: vscode.Uri;
}

export function registerCommands({ server, previews, snapshotDiffs, compareViews, extensionUri }: CommandTargets): vscode.Disposable[] {
  const active = () => previews.activeResource();
  const withDocument = (run: (document: vscode.TextDocument) => Promise<void>) => async (argument?: unknown) => {
    const document = await targetDocument(argument, active);
    if (document !== undefined) await run(document);
  };
  const openPreview = (toSide: boolean) => (argument?: unknown) => {
    const uri = uriArgument(argument) ?? active();
    if (uri === undefined) void vscode.window.showInformationMessage(vscode.l10n.t("Open an FS document first."));
    else {
      previews.open(uri, toSide);
      // Done once its page shows the tables: a preview left blank is not (issue 30).
      void previews.whenPainted(uri).then(() => stepDone("previewOpened"));
    }
  };
  // The left side of a diff editor (its original, e.g. a git: version), named from the diff's tab: the
  // active editor is the right side whenever no editor has the text focus.
  const openLeftSidePreview = (argument?: unknown) => {
    const diff = diffOf(uriArgument(argument));
    if (diff === undefined) void vscode.window.showInformationMessage(vscode.l10n.t("Open a diff editor of an FS document first (Source Control: Open Changes)."));
    else {
      previews.open(diff.input.original, true);
      void previews.whenPainted(diff.input.original).then(() => stepDone("previewOpened"));
    }
  };
  const importOutput = vscode.window.createOutputChannel(vscode.l10n.t("FS Import"));
  return [
    importOutput,
    // A second argument (an object of fsdoc import's options: kind, yearEnd, measure, scale, locale, entity, scope, rollups) overrides the guesses.
    vscode.commands.registerCommand("fs.importSpreadsheet", (argument?: unknown, options?: unknown) =>
      importSpreadsheet({ server, previews, output: importOutput }, argument, options),
    ),
    vscode.commands.registerCommand(CLIENT_COMMANDS.openPreview, openPreview(true)),
    vscode.commands.registerCommand("fs.openPreview", openPreview(false)),
    // The walkthrough's button: FS: Open Preview to the Side under a name with no keybinding, so that
    // VS Code adds no "Tip: Use keyboard shortcut Ctrl+K V" line below it, which it never wraps and a
    // narrow group cut off (the page names the shortcut in its text).
    vscode.commands.registerCommand("fs.walkthrough.openPreview", () => vscode.commands.executeCommand(CLIENT_COMMANDS.openPreview)),
    vscode.commands.registerCommand("fs.openLeftSidePreview", openLeftSidePreview),
    vscode.commands.registerCommand("fs.togglePreviewLock", () => previews.toggleLock()),
    vscode.commands.registerCommand(CLIENT_COMMANDS.revealInPreview, (uri?: unknown, pointer?: unknown) => {
      const target = uriArgument(uri) ?? active();
      if (target !== undefined) previews.reveal(target, typeof pointer === "string" ? pointer : "");
    }),
    vscode.commands.registerCommand(CLIENT_COMMANDS.peekLocations, peekLocations),
    vscode.commands.registerCommand(CLIENT_COMMANDS.explainRollup, (uri?: unknown, position?: unknown, locations?: unknown, failures?: unknown) =>
      explainRollup(previews, uri, position, locations, failures),
    ),
    vscode.commands.registerCommand(
      CLIENT_COMMANDS.showSnapshotDiff,
      withDocument((document) => snapshotDiffs.show(document.uri)),
    ),
    vscode.commands.registerCommand(
      CLIENT_COMMANDS.recordSnapshot,
      withDocument((document) => recordSnapshot(server, document)),
    ),
    vscode.commands.registerCommand(
      "fs.exportHtml",
      withDocument((document) => exportDocument(server, document, "html")),
    ),
    vscode.commands.registerCommand(
      "fs.exportTsv",
      withDocument((document) => exportDocument(server, document, "tsv")),
    ),
    // A second argument (a Uri) names the file to write instead of asking; the command returns the Uri written.
    vscode.commands.registerCommand("fs.exportXlsx", async (argument?: unknown, target?: unknown) => {
      const document = await targetDocument(argument, active);
      return document === undefined ? undefined : exportXlsx(server, document, target instanceof vscode.Uri ? target : undefined);
    }),
    vscode.commands.registerCommand("fs.validateWorkspace", () => validateWorkspace(server)),
    vscode.commands.registerCommand("fs.newDocument", newFsDocument),
    vscode.commands.registerCommand("fs.openExample", () => openExample(extensionUri)),
    vscode.commands.registerCommand("fs.fixFailingSubtotal", () => fixFailingSubtotal()),
    vscode.commands.registerCommand("fs.compareWith", (argument?: unknown) => compareViews.compareWith(argument, active)),
    vscode.commands.registerCommand("fs.compareDiffSides", (argument?: unknown) => compareViews.compareDiff(argument)),
  ];
}
