// "FS: Export HTML" / "FS: Export TSV": the server renders the files; each is saved where the user
// chooses, suggested beside the document as <name>.html or <name>.<statement>.tsv.

import * as vscode from "vscode";
import type { ExportParams } from "../../../protocol/lsp";
import { documentName } from "../preview/previewPanel";
import type { FsServer } from "../server/fsServer";
import { errorText } from "./target";

function baseName(uri: vscode.Uri): string {
  return documentName(uri).replace(/(\.fs)?\.jsonc?$/i, "") || "statements";
}

/** A file name part from author text: no path separators or characters file systems reject. */
function safePart(text: string): string {
  return text.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 100);
}

function suggestedUri(document: vscode.TextDocument, fileName: string): vscode.Uri | undefined {
  if (document.uri.scheme !== "untitled") {
    return document.uri.with({ path: document.uri.path.replace(/[^/]*$/, fileName), query: "", fragment: "" });
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return folder === undefined ? undefined : vscode.Uri.joinPath(folder, fileName);
}

export async function exportDocument(server: FsServer, document: vscode.TextDocument, format: ExportParams["format"]): Promise<void> {
  let result;
  try {
    result = await server.export(document.uri, format);
  } catch (error) {
    void vscode.window.showErrorMessage(`Export failed: ${errorText(error)}`);
    return;
  }
  if (result.problem !== undefined || result.files.length === 0) {
    void vscode.window.showWarningMessage(`Cannot export: ${result.problem ?? "there is nothing to export."}`);
    return;
  }
  const base = safePart(baseName(document.uri));
  const filters: Record<string, string[]> = format === "html" ? { HTML: ["html"] } : { "Tab-separated values": ["tsv"] };
  const saved: vscode.Uri[] = [];
  for (const file of result.files) {
    const name = file.statement === undefined ? `${base}.${format}` : `${base}.${safePart(file.statement)}.${format}`;
    const target = await vscode.window.showSaveDialog({ defaultUri: suggestedUri(document, name), filters, title: `Export ${name}` });
    if (target === undefined) break;
    try {
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(file.text));
      saved.push(target);
    } catch (error) {
      void vscode.window.showErrorMessage(`Could not write ${target.toString(true)}: ${errorText(error)}`);
      return;
    }
  }
  if (saved.length === 0) return;
  const skipped = result.files.length - saved.length;
  const names = saved.map((uri) => documentName(uri)).join(", ");
  void vscode.window.showInformationMessage(`Exported ${names}.${skipped > 0 ? ` ${skipped} not exported (cancelled).` : ""}`);
}
