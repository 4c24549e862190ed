// The part of VS Code's Git extension API (extensions/git/src/api/git.d.ts, version 1) the
// changes view uses: the repository of a file, the commits that touched it, and a file's text at
// a revision ("" is the index: `git show :path`). Absent where the Git extension is (the web, or
// git.enabled false): the caller then offers what needs no Git.

import * as vscode from "vscode";

export interface GitCommit {
  readonly hash: string;
  readonly message: string;
  readonly authorName?: string;
  readonly authorDate?: Date;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  /** The text of `path` (absolute) at `ref`; "" is the index. */
  show(ref: string, path: string): Promise<string>;
  log(options?: { readonly maxEntries?: number; readonly path?: string }): Promise<GitCommit[]>;
}

interface GitApi {
  readonly state: "uninitialized" | "initialized";
  readonly onDidChangeState: vscode.Event<"uninitialized" | "initialized">;
  getRepository(uri: vscode.Uri): GitRepository | null;
  openRepository?(root: vscode.Uri): Promise<GitRepository | null>;
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** How long to wait for the Git extension to find the repositories it opens at start-up. */
const GIT_START_MS = 10_000;

async function initialized(api: GitApi): Promise<void> {
  if (api.state === "initialized") return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, GIT_START_MS);
    const subscription = api.onDidChangeState((state) => {
      if (state === "initialized") done();
    });
    function done(): void {
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    }
  });
}

/** The Git repository holding the file `uri`, or undefined when Git is not there for it. */
export async function repositoryOf(uri: vscode.Uri): Promise<GitRepository | undefined> {
  if (uri.scheme !== "file") return undefined;
  const extension = vscode.extensions.getExtension<GitExtension>("vscode.git");
  if (extension === undefined) return undefined;
  try {
    const git = extension.isActive ? extension.exports : await extension.activate();
    if (!git.enabled) return undefined;
    const api = git.getAPI(1);
    await initialized(api);
    return api.getRepository(uri) ?? undefined;
  } catch {
    // A Git extension that fails to start: Compare with… offers what needs no Git.
    return undefined;
  }
}
