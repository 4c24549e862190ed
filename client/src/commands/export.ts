// "FS: Export HTML" / "FS: Export TSV": the server renders the files. HTML is one file, saved where
// the user chooses (suggested beside the document as <name>.html). TSV is one file per statement:
// the user picks one folder and the files are named as `fsdoc render --format tsv --output <dir>`
// names them, <statement-id>.tsv, after one confirmation if any already exists; the work runs under
// a cancellable progress notification.

import * as vscode from "vscode";
import { dialogFolder, suggestedFile } from "../util/dialogFolder";
import type { ExportParams } from "../../../protocol/lsp";
import { documentName } from "../preview/previewPanel";
import type { FsServer } from "../server/fsServer";
import { safePart, tsvFileName } from "./exportNames";
import { errorText } from "./target";

function baseName(uri: vscode.Uri): string {
  return documentName(uri).replace(/(\.fs)?\.jsonc?$/i, "") || "statements";
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

async function exportHtml(document: vscode.TextDocument, file: { text: string }): Promise<void> {
  const name = `${safePart(baseName(document.uri))}.html`;
  const target = await vscode.window.showSaveDialog({
    defaultUri: suggestedFile(document.uri, vscode.workspace.workspaceFolders?.[0]?.uri, name),
    filters: { HTML: ["html"] },
    title: vscode.l10n.t("Export {0}", name),
  });
  if (target === undefined) return;
  try {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(file.text));
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Could not write {0}: {1}", target.toString(true), errorText(error)));
    return;
  }
  void vscode.window.showInformationMessage(vscode.l10n.t("Exported {0}.", documentName(target)));
}

async function chooseFolder(document: vscode.TextDocument): Promise<vscode.Uri | undefined> {
  const chosen = await vscode.window.showOpenDialog({
    defaultUri: dialogFolder(document.uri, vscode.workspace.workspaceFolders?.[0]?.uri),
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    openLabel: vscode.l10n.t("Export Here"),
    title: vscode.l10n.t("Export TSV: one <statement-id>.tsv per statement into this folder"),
  });
  return chosen?.[0];
}

export async function exportDocument(server: FsServer, document: vscode.TextDocument, format: ExportParams["format"]): Promise<void> {
  // The folder first: the user answers at once, and the rendering runs under the progress.
  const folder = format === "tsv" ? await chooseFolder(document) : undefined;
  if (format === "tsv" && folder === undefined) return;
  const render = async () => {
    try {
      return await server.export(document.uri, format);
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t("Export failed: {0}", errorText(error)));
      return undefined;
    }
  };
  const result =
    folder === undefined
      ? await render()
      : await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("Export TSV: rendering the statements…") }, render);
  if (result === undefined) return;
  if (result.problem !== undefined || result.files.length === 0) {
    void vscode.window.showWarningMessage(
      result.problem === undefined ? vscode.l10n.t("Cannot export: there is nothing to export.") : vscode.l10n.t("Cannot export: {0}", result.problem),
    );
    return;
  }
  if (folder === undefined) {
    await exportHtml(document, result.files[0]!);
    return;
  }
  const targets = result.files.map((file) => ({ file, uri: vscode.Uri.joinPath(folder, tsvFileName(file.statement)) }));
  const existing = (await Promise.all(targets.map(async ({ uri }) => ((await exists(uri)) ? documentName(uri) : undefined)))).filter((name) => name !== undefined);
  if (existing.length > 0) {
    const replace = vscode.l10n.t("Replace");
    const where = folder.toString(true);
    const answer = await vscode.window.showWarningMessage(
      existing.length === 1
        ? vscode.l10n.t("{0} already exists in {1}. Replace it?", existing[0]!, where)
        : vscode.l10n.t(
            "{0} of the files already exist ({1}) in {2}. Replace them?",
            existing.length,
            `${existing.slice(0, 3).join(", ")}${existing.length > 3 ? ", …" : ""}`,
            where,
          ),
      { modal: true },
      replace,
    );
    if (answer !== replace) return;
  }
  const written = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("Export TSV"), cancellable: true },
    async (progress, token) => {
      const done: string[] = [];
      for (const { file, uri } of targets) {
        if (token.isCancellationRequested) break;
        progress.report({ message: documentName(uri), increment: 100 / targets.length });
        try {
          await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(file.text));
        } catch (error) {
          void vscode.window.showErrorMessage(vscode.l10n.t("Could not write {0}: {1}", uri.toString(true), errorText(error)));
          break;
        }
        done.push(documentName(uri));
      }
      return done;
    },
  );
  if (written.length === 0) return;
  const missed = targets.length - written.length;
  void vscode.window.showInformationMessage(
    [
      written.length === 1
        ? vscode.l10n.t("Exported 1 table to {0}: {1}.", folder.toString(true), written.join(", "))
        : vscode.l10n.t("Exported {0} tables to {1}: {2}.", written.length, folder.toString(true), written.join(", ")),
      ...(missed > 0 ? [vscode.l10n.t("{0} not exported.", missed)] : []),
    ].join(" "),
  );
}
