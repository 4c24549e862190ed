// "FS: Export XLSX": the workbook `fsdoc render --format xlsx` writes (one sheet per statement,
// subtotals as live SUMs, a Validation sheet), made by the server from the current version of a
// conforming document and written through workspace.fs, so it works on any file system the editor
// has (remote and virtual ones too). The file is chosen in a save dialog, suggested beside the
// document as <name>.xlsx; a caller (a test, another extension) may pass the target Uri instead.

import * as vscode from "vscode";
import { base64ToBytes } from "../../../protocol/base64";
import { documentName } from "../preview/previewPanel";
import type { FsServer } from "../server/fsServer";
import { safePart } from "./exportNames";
import { errorText } from "./target";

function suggestedUri(document: vscode.TextDocument, fileName: string): vscode.Uri | undefined {
  if (document.uri.scheme !== "untitled") return document.uri.with({ path: document.uri.path.replace(/[^/]*$/, fileName), query: "", fragment: "" });
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return folder === undefined ? undefined : vscode.Uri.joinPath(folder, fileName);
}

/** Says what became of the values a spreadsheet number cannot hold exactly. */
export function textValuesNote(count: number): string {
  if (count === 0) return "";
  const values = count === 1 ? "1 value has" : `${count.toLocaleString("en-US")} values have`;
  return ` ${values} more than 15 significant digits, more than a spreadsheet number holds exactly, so ${count === 1 ? "it was" : "they were"} written as text (see the cell notes); nothing was rounded.`;
}

/** Returns the Uri written, or undefined when nothing was (refused, cancelled or failed; the user was told). */
export async function exportXlsx(server: FsServer, document: vscode.TextDocument, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  let result;
  try {
    result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: "Export XLSX: building the workbook…" }, () =>
      server.exportXlsx(document.uri),
    );
  } catch (error) {
    void vscode.window.showErrorMessage(`Export failed: ${errorText(error)}`);
    return undefined;
  }
  if (result.base64 === undefined) {
    void vscode.window.showWarningMessage(`Cannot export XLSX: ${result.problem ?? "there is nothing to export."}`);
    return undefined;
  }
  const name = `${safePart(documentName(document.uri).replace(/(\.fs)?\.jsonc?$/i, "") || "statements")}.xlsx`;
  const destination =
    target ?? (await vscode.window.showSaveDialog({ defaultUri: suggestedUri(document, name), filters: { "Excel workbook": ["xlsx"] }, title: `Export ${name}` }));
  if (destination === undefined) return undefined;
  try {
    await vscode.workspace.fs.writeFile(destination, base64ToBytes(result.base64));
  } catch (error) {
    void vscode.window.showErrorMessage(`Could not write ${destination.toString(true)}: ${errorText(error)}`);
    return undefined;
  }
  const note = textValuesNote(result.textValues);
  if (note === "") void vscode.window.showInformationMessage(`Exported ${documentName(destination)}.`);
  else void vscode.window.showWarningMessage(`Exported ${documentName(destination)}.${note}`);
  return destination;
}
