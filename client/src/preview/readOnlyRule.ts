// Which documents the grid does not write to, as a pure rule (gridEdits.ts gives it VS Code's facts
// and words): an untrusted workspace; a Git version of a file (the left side of a diff, a file
// opened from Source Control); a document the language server does not hold (it makes the grid's
// edits); a file system that cannot be written; a file the user marked read-only
// (files.readonlyInclude less files.readonlyExclude).

export interface DocumentFacts {
  trusted: boolean;
  scheme: string;
  /** Documents of this scheme are synced to the language server. */
  served: boolean;
  /** vscode.workspace.fs.isWritableFileSystem: undefined when no file system is known for the scheme. */
  writable: boolean | undefined;
  /** Under files.readonlyInclude and not under files.readonlyExclude. */
  markedReadOnly: boolean;
}

export type ReadOnlyKind = "untrusted" | "git" | "unwritable";

/** Why the grid shows the document read-only; undefined when it can be edited. */
export function readOnlyKind(facts: DocumentFacts): ReadOnlyKind | undefined {
  if (!facts.trusted) return "untrusted";
  if (facts.scheme === "git") return "git";
  if (!facts.served || facts.writable === false || facts.markedReadOnly) return "unwritable";
  return undefined;
}
