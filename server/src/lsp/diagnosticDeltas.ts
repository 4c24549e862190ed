// What of a document's diagnostics to send a client that takes them by group (fs/diagnosticGroups,
// protocol/lsp.ts). LSP publishes all of a document's diagnostics for each version: on a 5 MB draft
// 474 KB per value typed, of which under 1% changed. This keeps, per URI, each group's diagnostics
// as they were last sent (their JSON text, compared exactly) and gives the groups that differ.

import type { Diagnostic } from "vscode-languageserver";
import { groupByDiagnosticPath, type DiagnosticGroupParams, type DiagnosticGroupsParams } from "../../../protocol/lsp";

/** The diagnostics by group, each group in the publication's order. */
export function groupDiagnostics(diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> {
  return groupByDiagnosticPath(diagnostics, (diagnostic) => (diagnostic.data as { path?: unknown } | undefined)?.path);
}

export class DiagnosticDeltas {
  /** Per URI, each group's diagnostics as last sent (JSON text); no entry: the client holds nothing of ours for it. */
  private readonly sent = new Map<string, Map<string, string>>();

  /**
   * The publication of `diagnostics` (all of the document's) for a client that holds what was sent
   * before: the changed groups, or every group (`whole`) when nothing is held for `uri` or `whole`
   * is asked. `keep: false` (a file that is not open) keeps nothing, so the next one is whole too.
   */
  next(
    uri: string,
    version: number | undefined,
    diagnostics: readonly Diagnostic[],
    { whole = false, keep = true }: { whole?: boolean; keep?: boolean } = {},
  ): DiagnosticGroupsParams {
    const before = whole ? undefined : this.sent.get(uri);
    const after = new Map<string, string>();
    const groups: DiagnosticGroupParams[] = [];
    for (const [group, list] of groupDiagnostics(diagnostics)) {
      const text = JSON.stringify(list);
      after.set(group, text);
      if (before?.get(group) !== text) groups.push({ group, diagnostics: list });
    }
    if (before !== undefined) for (const group of before.keys()) if (!after.has(group)) groups.push({ group, diagnostics: [] });
    // An empty document's next publication is whole again: nothing of it is held.
    if (keep && after.size > 0) this.sent.set(uri, after);
    else this.sent.delete(uri);
    const params: DiagnosticGroupsParams = { uri, whole: before === undefined, groups };
    if (version !== undefined) params.version = version;
    return params;
  }

  /** The client holds nothing of `uri` any more (withdrawn): the next publication is whole. */
  forget(uri: string): void {
    this.sent.delete(uri);
  }
}
