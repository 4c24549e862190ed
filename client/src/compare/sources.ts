// What "FS: Compare with…" offers as OLD for an FS document: with Git, the file's HEAD, its staged
// version and any commit that touched it (VS Code's Git extension API); everywhere, another FS
// file. And OLD of a diff editor (Source Control's "Open Changes"): its left side, read through
// VS Code's text documents (a git: URI on the desktop, the repository's file system on the web).

import * as vscode from "vscode";
import { dialogFolder } from "../util/dialogFolder";
import { documentName } from "../preview/previewPanel";
import type { OldSide } from "./comparePanel";
import { repositoryOf, type GitRepository } from "./git";

/** How many commits that touched the file the commit list offers. */
const MAX_COMMITS = 200;

interface SourceItem extends vscode.QuickPickItem {
  read(): Promise<OldSide | undefined>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function show(repository: GitRepository, ref: string, uri: vscode.Uri, name: string): Promise<OldSide | undefined> {
  try {
    return { text: await repository.show(ref, uri.fsPath), name };
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t("{0} of {1} could not be read: {2}", name, documentName(uri), errorText(error)));
    return undefined;
  }
}

/** The text of `uri`: its open document's (unsaved edits included), else the file's. */
async function textOf(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open !== undefined) return open.getText();
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

async function pickCommit(repository: GitRepository, uri: vscode.Uri): Promise<OldSide | undefined> {
  const commits = repository.log({ path: uri.fsPath, maxEntries: MAX_COMMITS }).then((log) =>
    log.map((commit) => ({
      label: `$(git-commit) ${commit.hash.slice(0, 7)}`,
      description: commit.message.split("\n")[0] ?? "",
      detail: [commit.authorName, commit.authorDate?.toLocaleString(vscode.env.language)].filter((part) => part !== undefined && part !== "").join(", "),
      hash: commit.hash,
    })),
  );
  const picked = await vscode.window.showQuickPick(commits, {
    title: vscode.l10n.t("Compare {0} with a commit", documentName(uri)),
    placeHolder: vscode.l10n.t("Commits that touched the file, newest first"),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return picked === undefined ? undefined : show(repository, picked.hash, uri, picked.hash.slice(0, 7));
}

async function pickFile(uri: vscode.Uri): Promise<OldSide | undefined> {
  const picked = await vscode.window.showOpenDialog({
    title: vscode.l10n.t("Compare {0} with another FS file", documentName(uri)),
    openLabel: vscode.l10n.t("Compare"),
    canSelectMany: false,
    defaultUri: dialogFolder(uri, vscode.workspace.workspaceFolders?.[0]?.uri),
    filters: { [vscode.l10n.t("JSON files")]: ["json", "jsonc"] },
  });
  const other = picked?.[0];
  if (other === undefined) return undefined;
  try {
    return { text: await textOf(other), name: documentName(other) };
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Cannot open {0}: {1}", other.toString(true), errorText(error)));
    return undefined;
  }
}

/** Asks the user what to compare `uri` (NEW) with, and reads it; undefined when cancelled or unreadable. */
export async function pickOldSide(uri: vscode.Uri): Promise<OldSide | undefined> {
  const repository = await repositoryOf(uri);
  const items: SourceItem[] = [];
  if (repository !== undefined) {
    items.push(
      { label: `$(git-commit) ${vscode.l10n.t("HEAD")}`, description: vscode.l10n.t("the file's last commit"), read: () => show(repository, "HEAD", uri, "HEAD") },
      { label: `$(diff-added) ${vscode.l10n.t("Staged")}`, description: vscode.l10n.t("the version in the index"), read: () => show(repository, "", uri, vscode.l10n.t("staged")) },
      { label: `$(history) ${vscode.l10n.t("A commit…")}`, description: vscode.l10n.t("any commit that touched the file"), read: () => pickCommit(repository, uri) },
    );
  }
  items.push({
    label: `$(file) ${vscode.l10n.t("Another FS file…")}`,
    description: repository === undefined ? vscode.l10n.t("Git revisions need the Git extension and a repository") : undefined,
    read: () => pickFile(uri),
  });
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t("Compare {0} with…", documentName(uri)),
    placeHolder: vscode.l10n.t("The old version to compare with"),
  });
  return picked?.read();
}

/** The name of a diff editor's left side: the Git revision of a git: URI ("HEAD", "staged", a short hash), else the file's name. */
export function diffSideName(uri: vscode.Uri): string {
  if (uri.scheme === "git") {
    try {
      const query: unknown = JSON.parse(uri.query);
      const ref = typeof query === "object" && query !== null && "ref" in query && typeof query.ref === "string" ? query.ref : undefined;
      if (ref === "" || ref === "~") return vscode.l10n.t("staged");
      if (ref !== undefined) return /^[0-9a-f]{40}$/i.test(ref) ? ref.slice(0, 7) : ref;
    } catch {
      // Not the Git extension's query: the name of the file.
    }
  }
  return documentName(uri);
}

/** The left side of a diff editor, as OLD. */
export async function readDiffSide(uri: vscode.Uri): Promise<OldSide | undefined> {
  try {
    return { text: await textOf(uri).catch(async () => (await vscode.workspace.openTextDocument(uri)).getText()), name: diffSideName(uri) };
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t("Cannot open {0}: {1}", uri.toString(true), errorText(error)));
    return undefined;
  }
}
