// "FS: Export XLSX": the workbook `fsdoc render --format xlsx` writes (one sheet per statement,
// subtotals as live SUMs, a Validation sheet), made by the server from the current version of a
// conforming document and written through workspace.fs, so it works on any file system the editor
// has (remote and virtual ones too). The file is chosen in a save dialog, suggested beside the
// document as <name>.xlsx, at once (the workbook is built meanwhile); a caller (a test, another extension) may pass the target Uri instead.

import * as vscode from "vscode";
import { base64ToBytes } from "../../../protocol/base64";
import { documentName } from "../preview/previewPanel";
import type { FsServer } from "../server/fsServer";
import { askWhileBuilding } from "./askWhileBuilding";
import { safePart } from "./exportNames";
import { errorText } from "./target";
import { suggestedFile } from "../util/dialogFolder";

/** Says what became of the values a spreadsheet number cannot hold exactly. */
export function textValuesNote(count: number): string {
  if (count === 0) return "";
  return count === 1
    ? vscode.l10n.t(
        "1 value has more than 15 significant digits, more than a spreadsheet number holds exactly, so it was written as text (see the cell notes); nothing was rounded.",
      )
    : vscode.l10n.t(
        "{0} values have more than 15 significant digits, more than a spreadsheet number holds exactly, so they were written as text (see the cell notes); nothing was rounded.",
        count,
      );
}

/** Returns the Uri written, or undefined when nothing was (refused, cancelled or failed; the user was told). */
export async function exportXlsx(server: FsServer, document: vscode.TextDocument, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const name = `${safePart(documentName(document.uri).replace(/(\.fs)?\.jsonc?$/i, "") || "statements")}.xlsx`;
  // The save dialog comes at once, while the server builds the workbook of the version the user
  // asked for: building takes seconds on a large document, and keys typed meanwhile belong to the
  // dialog, not to the document.
  const chosen = await askWhileBuilding(
    () => server.exportXlsx(document.uri),
    async () =>
      target ??
      (await vscode.window.showSaveDialog({
        defaultUri: suggestedFile(document.uri, vscode.workspace.workspaceFolders?.[0]?.uri, name),
        filters: { [vscode.l10n.t("Excel workbook")]: ["xlsx"] },
        title: vscode.l10n.t("Export {0}", name),
      })),
    (building) => vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("Export XLSX: building the workbook…") }, () => building),
  );
  if (chosen === undefined) return undefined;
  const { target: destination, built } = chosen;
  if (!built.ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Export failed: {0}", errorText(built.error)));
    return undefined;
  }
  const result = built.value;
  if (result.base64 === undefined) {
    void vscode.window.showWarningMessage(
      result.problem === undefined ? vscode.l10n.t("Cannot export XLSX: there is nothing to export.") : vscode.l10n.t("Cannot export XLSX: {0}", result.problem),
    );
    return undefined;
  }
  try {
    await vscode.workspace.fs.writeFile(destination, base64ToBytes(result.base64));
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Could not write {0}: {1}", destination.toString(true), errorText(error)));
    return undefined;
  }
  const note = textValuesNote(result.textValues);
  const exported = vscode.l10n.t("Exported {0}.", documentName(destination));
  if (note === "") void vscode.window.showInformationMessage(exported);
  else void vscode.window.showWarningMessage(`${exported} ${note}`);
  return destination;
}
