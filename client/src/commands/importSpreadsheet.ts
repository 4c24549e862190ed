// "FS: Import Spreadsheet…" (palette, and the Explorer's context menu on .xlsx, .csv and .tsv): the
// file is read through workspace.fs (so it works on every file system the editor has, the web's
// too), the server imports it as `fsdoc import` does, and the document opens as an untitled FS
// document with its preview beside it; the report and the engine's verdict go to the "FS Import"
// output channel. After the file, the user may decide what the file says wrong (importOptionsPick.ts);
// a caller (a test, another extension) may pass the file and the options instead.

import * as vscode from "vscode";
import { bytesToBase64 } from "../../../protocol/base64";
import { IMPORT_LIMITS } from "../../../shared/src/import/container";
import type { PreviewManager } from "../preview/previewManager";
import type { FsServer } from "../server/fsServer";
import { askImportOptions } from "./importOptionsPick";
import { importOutput } from "./importOutput";
import { errorText, uriArgument } from "./target";

export const SPREADSHEET_EXTENSIONS = ["xlsx", "csv", "tsv"];

export interface ImportTargets {
  server: FsServer;
  previews: PreviewManager;
  output: vscode.OutputChannel;
}

/** Returns the untitled document opened, or undefined when nothing was imported (the user was told). */
export async function importSpreadsheet({ server, previews, output }: ImportTargets, argument?: unknown, options?: unknown): Promise<vscode.TextDocument | undefined> {
  const source =
    uriArgument(argument) ??
    (
      await vscode.window.showOpenDialog({
        canSelectMany: false,
        filters: { [vscode.l10n.t("Spreadsheets")]: SPREADSHEET_EXTENSIONS },
        title: vscode.l10n.t("Import Spreadsheet"),
        openLabel: vscode.l10n.t("Import"),
      })
    )?.[0];
  if (source === undefined) return undefined;
  const name = source.path.replace(/^.*\//, "") || source.toString(true);
  let bytes: Uint8Array;
  try {
    // The size first: a file over the import's cap is refused without being read.
    const { size } = await vscode.workspace.fs.stat(source);
    if (size > IMPORT_LIMITS.fileBytes) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t("Cannot import {0}: it is {1} MiB; the import reads files up to {2} MiB.", name, Math.round(size / 2 ** 20), IMPORT_LIMITS.fileBytes / 2 ** 20),
      );
      return undefined;
    }
    bytes = await vscode.workspace.fs.readFile(source);
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Cannot read {0}: {1}", source.toString(true), errorText(error)));
    return undefined;
  }
  const chosen = isRecord(options) ? options : await askImportOptions(name);
  if (chosen === undefined) return undefined;
  let result;
  try {
    result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("Importing {0}…", name) }, () =>
      server.importSpreadsheet(name, bytesToBase64(bytes), { ...chosen }),
    );
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Import failed: {0}", errorText(error)));
    return undefined;
  }
  const { block, failure } = importOutput(result);
  output.append(block);
  if (result.text === undefined) {
    // The reason names the file already ("income.csv is empty").
    void vscode.window.showErrorMessage(vscode.l10n.t("Import failed: {0}", failure ?? ""));
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument({ language: "json", content: result.text });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Active });
  previews.open(document.uri, true);
  output.show(true);
  return document;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
