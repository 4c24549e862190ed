// A document's diagnostics in one collection per part of a statement. LSP publishes all of a
// document's diagnostics for each version, and VS Code converts, sends and redraws every diagnostic
// of a collection whenever the collection is set for the document: at 5 MB that is 215 diagnostics
// with 537 related locations, 50–100 ms on the extension host and 100–150 ms in the workbench for
// each value typed, and a draft not reconciled yet has 900 with 3,600. An edit of one value changes
// the diagnostics of its own item and the subtotals it rolls into only, so they are kept apart, one
// collection per run of ITEMS_PER_GROUP items of a statement (a statement of thousands of rows is
// many groups), one per statement for the rest of it, and one for the rest of the document; only
// the groups whose diagnostics changed are set. The Problems panel, the status bar and the API
// (languages.getDiagnostics, code action contexts) see the union, as before.

import type * as vscode from "vscode";
import { diagnosticGroupOfPath, groupByDiagnosticPath, type DiagnosticData } from "../../../protocol/lsp";

export { ITEMS_PER_GROUP } from "../../../protocol/lsp";

/** What this needs of a DiagnosticCollection (vscode.languages.createDiagnosticCollection makes them). */
export type DiagnosticSink = Pick<vscode.DiagnosticCollection, "set" | "delete" | "clear" | "dispose">;

/**
 * The group a diagnostic belongs to, from its data's path (diagnosticGroupOfPath, the rule the
 * server sends fs/diagnosticGroups by): "N.B" for a run of items of statement N, "N" for the rest
 * of statement N, "" for the rest.
 */
export function diagnosticGroup(diagnostic: vscode.Diagnostic): string {
  return diagnosticGroupOfPath(diagnosticPath(diagnostic));
}

/** The language client keeps the server's `data` on the diagnostic it makes; other sources have none. */
function diagnosticPath(diagnostic: vscode.Diagnostic): unknown {
  return (diagnostic as { data?: Partial<DiagnosticData> }).data?.path;
}

/** A document's diagnostics by group, each group in the publication's order. */
export function groupsOf<T extends vscode.Diagnostic>(diagnostics: readonly T[]): Map<string, T[]> {
  return groupByDiagnosticPath(diagnostics, diagnosticPath);
}

/** A publication by group: `whole`, every group that has diagnostics; else only the groups that changed ([]: none any more). */
export interface GroupsUpdate<T> {
  whole: boolean;
  groups: ReadonlyMap<string, readonly T[]>;
}

/**
 * `update` merged into what a document held (`held`, each group's diagnostics): what it holds now,
 * and the groups that the update changes (a group it empties maps to []). A whole update replaces
 * everything: a group held and not in it is changed to [].
 */
export function mergeGroups<T>(
  held: ReadonlyMap<string, readonly T[]> | undefined,
  update: GroupsUpdate<T>,
): { held: Map<string, readonly T[]>; changed: Map<string, readonly T[]> } {
  const changed = new Map<string, readonly T[]>(update.groups);
  const next = new Map<string, readonly T[]>(update.whole ? [] : held);
  if (update.whole) for (const group of held?.keys() ?? []) if (!changed.has(group)) changed.set(group, []);
  for (const [group, list] of update.groups) {
    if (list.length === 0) next.delete(group);
    else next.set(group, list);
  }
  return { held: next, changed };
}

/** What a diagnostic shows (and hands to code actions): equal signatures need no new set. */
function signature(diagnostic: vscode.Diagnostic): string {
  const range = (r: vscode.Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
  const code = typeof diagnostic.code === "object" ? JSON.stringify(diagnostic.code) : String(diagnostic.code);
  const related = (diagnostic.relatedInformation ?? []).map((entry) => `${entry.location.uri.toString()}@${range(entry.location.range)}:${entry.message}`);
  const data = JSON.stringify((diagnostic as { data?: unknown }).data ?? null);
  return JSON.stringify([range(diagnostic.range), diagnostic.severity, code, diagnostic.source, diagnostic.message, diagnostic.tags ?? [], related, data]);
}

export class DiagnosticGroups implements vscode.Disposable {
  private readonly collections = new Map<string, DiagnosticSink>();
  /** Per document, each group's signatures as last set. */
  private readonly shown = new Map<string, Map<string, string[]>>();

  constructor(
    private readonly name: string,
    private readonly create: (name: string) => DiagnosticSink,
  ) {}

  /** The document's diagnostics, all of them (as LSP publishes them): only the changed groups are set. */
  set(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[]): void {
    const key = uri.toString();
    const groups = groupsOf(diagnostics);
    const before = this.shown.get(key) ?? new Map<string, string[]>();
    const after = new Map<string, string[]>();
    for (const [group, list] of groups) {
      const signatures = list.map(signature);
      after.set(group, signatures);
      const old = before.get(group);
      if (old !== undefined && old.length === signatures.length && old.every((entry, index) => entry === signatures[index])) continue;
      this.collection(group).set(uri, list);
    }
    for (const group of before.keys()) if (!groups.has(group)) this.collections.get(group)?.delete(uri);
    if (after.size === 0) this.shown.delete(key);
    else this.shown.set(key, after);
  }

  /** Some groups' diagnostics, all of each (the others stand); [] empties a group. A group whose diagnostics are as set before is not set again. */
  setGroups(uri: vscode.Uri, groups: ReadonlyMap<string, readonly vscode.Diagnostic[]>): void {
    const key = uri.toString();
    const shown = this.shown.get(key) ?? new Map<string, string[]>();
    for (const [group, list] of groups) {
      if (list.length === 0) {
        if (shown.delete(group)) this.collections.get(group)?.delete(uri);
        continue;
      }
      const signatures = list.map(signature);
      const old = shown.get(group);
      if (old !== undefined && old.length === signatures.length && old.every((entry, index) => entry === signatures[index])) continue;
      shown.set(group, signatures);
      this.collection(group).set(uri, list);
    }
    if (shown.size === 0) this.shown.delete(key);
    else this.shown.set(key, shown);
  }

  /** Removes every diagnostic (the language client stopped). */
  clear(): void {
    for (const collection of this.collections.values()) collection.clear();
    this.shown.clear();
  }

  private collection(group: string): DiagnosticSink {
    let collection = this.collections.get(group);
    if (collection === undefined) {
      collection = this.create(group === "" ? this.name : `${this.name}.${group}`);
      this.collections.set(group, collection);
    }
    return collection;
  }

  dispose(): void {
    for (const collection of this.collections.values()) collection.dispose();
    this.collections.clear();
    this.shown.clear();
  }
}
