// "FS: Validate Workspace": every **/*.json outside node_modules is read through workspace.fs (so
// virtual workspaces work), cheap-checked, and sent to the server, which publishes its problems to
// the Problems panel. Cancellable, with progress; a summary at the end.

import * as vscode from "vscode";
import { mightBeFsDocument } from "../../../shared/src/detect";
import type { FsServer } from "../server/fsServer";
import { errorText } from "./target";

/** Larger files are skipped: the server bounds its work, but reading them alone would stall. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

interface Tally {
  files: number;
  fsDocuments: number;
  conforming: number;
  nonconforming: number;
  syntaxErrors: number;
  inconsistent: number;
  skipped: number;
  failed: number;
}

async function validateFile(server: FsServer, uri: vscode.Uri, tally: Tally, token: vscode.CancellationToken): Promise<void> {
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.size > MAX_FILE_BYTES) {
    tally.skipped++;
    return;
  }
  const text = new TextDecoder("utf-8").decode(await vscode.workspace.fs.readFile(uri));
  if (!mightBeFsDocument(text) || token.isCancellationRequested) return;
  const result = await server.validateText(uri, text, token);
  if (!result.isFsDocument || result.status === undefined) return;
  tally.fsDocuments++;
  const { conformance, calculations } = result.status;
  if (conformance === "conforming") tally.conforming++;
  else if (conformance === "nonconforming") tally.nonconforming++;
  else tally.syntaxErrors++;
  if (calculations === "inconsistent") tally.inconsistent++;
}

function summary(tally: Tally, cancelled: boolean): string {
  const files = tally.files === 1 ? vscode.l10n.t("1 JSON file") : vscode.l10n.t("{0} JSON files", tally.files);
  const parts = [tally.fsDocuments === 1 ? vscode.l10n.t("1 FS document in {0}", files) : vscode.l10n.t("{0} FS documents in {1}", tally.fsDocuments, files)];
  if (tally.fsDocuments > 0) {
    // The contract's status words stay as they are.
    const states = [`${tally.conforming} conforming`, `${tally.nonconforming} nonconforming`];
    if (tally.syntaxErrors > 0) states.push(vscode.l10n.t("{0} with syntax errors", tally.syntaxErrors));
    if (tally.inconsistent > 0) states.push(vscode.l10n.t("{0} with inconsistent rollups", tally.inconsistent));
    parts.push(states.join(", "));
  }
  if (tally.skipped > 0) parts.push(vscode.l10n.t("{0} skipped (larger than 50 MB)", tally.skipped));
  if (tally.failed > 0) parts.push(vscode.l10n.t("{0} could not be read", tally.failed));
  const counts = parts.join("; ");
  const text = cancelled ? vscode.l10n.t("FS: validation cancelled after {0}.", counts) : vscode.l10n.t("FS: validated {0}.", counts);
  return tally.fsDocuments > 0 ? `${text} ${vscode.l10n.t("See the Problems panel.")}` : text;
}

export async function validateWorkspace(server: FsServer): Promise<void> {
  const tally: Tally = { files: 0, fsDocuments: 0, conforming: 0, nonconforming: 0, syntaxErrors: 0, inconsistent: 0, skipped: 0, failed: 0 };
  const cancelled = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("FS: Validating workspace"), cancellable: true },
    async (progress, token) => {
      const files = await vscode.workspace.findFiles("**/*.json", "**/node_modules/**", undefined, token);
      for (const uri of files) {
        if (token.isCancellationRequested) return true;
        tally.files++;
        progress.report({ message: vscode.workspace.asRelativePath(uri), increment: 100 / files.length });
        try {
          await validateFile(server, uri, tally, token);
        } catch (error) {
          if (token.isCancellationRequested) return true;
          tally.failed++;
          console.warn(`FS: could not validate ${uri.toString(true)}: ${errorText(error)}`);
        }
      }
      return token.isCancellationRequested;
    },
  );
  const message = summary(tally, cancelled);
  if (tally.nonconforming + tally.syntaxErrors > 0) void vscode.window.showWarningMessage(message);
  else void vscode.window.showInformationMessage(message);
}
