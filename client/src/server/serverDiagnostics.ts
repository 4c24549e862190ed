// The server's diagnostics as VS Code shows them. They arrive two ways: fs/diagnosticGroups, the
// groups that changed since the last publication (this client asks for it, protocol/lsp.ts), and
// textDocument/publishDiagnostics, all of a document's diagnostics (through the language client's
// middleware; a server that does not send groups). Either way they are merged, per document and
// group, into what the server last said (`held`, unfiltered), and the groups that changed are
// handed on, less what the built-in JSON shows (builtInJsonOverlap.ts), to the collections
// (diagnosticGroups.ts), which set only the groups whose diagnostics differ. fs/diagnosticGroups are
// converted in order, and one that cannot be taken asks the server for its document whole again
// (diagnosticsResync.ts).

import * as vscode from "vscode";
import type { Diagnostic } from "vscode-languageclient";
import type { DiagnosticGroupsParams } from "../../../protocol/lsp";
import { openDocument } from "../util/openDocument";
import { JSON_EXTENSION_ID, withoutBuiltInJsonOverlap } from "./builtInJsonOverlap";
import { groupsOf, mergeGroups, type DiagnosticGroups, type GroupsUpdate } from "./diagnosticGroups";
import { GroupPublications, type ResyncChannel } from "./diagnosticsResync";

/** Whether VS Code's JSON validates `document` (so its syntax problems are shown, and ours dropped). */
function builtInValidates(document: vscode.TextDocument | undefined): boolean {
  if (document === undefined || (document.languageId !== "json" && document.languageId !== "jsonc")) return false;
  if (vscode.extensions.getExtension(JSON_EXTENSION_ID) === undefined) return false;
  return vscode.workspace.getConfiguration("json", document).get<boolean>("validate.enable", true);
}

/** The language client's conversion of the protocol's diagnostics (it keeps their `data` for code actions). */
export interface DiagnosticConverter {
  asUri(value: string): vscode.Uri;
  asDiagnostics(diagnostics: Diagnostic[]): Promise<vscode.Diagnostic[]>;
}

export class ServerDiagnostics implements vscode.Disposable {
  /** Per document, what the server last said, by group, before the built-in JSON's filter. */
  private readonly held = new Map<string, { uri: vscode.Uri; groups: ReadonlyMap<string, readonly vscode.Diagnostic[]> }>();
  /** fs/diagnosticGroups, converted and applied in order. */
  private readonly publications: GroupPublications<vscode.Diagnostic>;
  private readonly settingsListener: vscode.Disposable;

  constructor(
    private readonly groups: DiagnosticGroups,
    channel: ResyncChannel,
  ) {
    this.publications = new GroupPublications(channel);
    // `json.validate.enable` decides what the filter leaves out: every document is filtered again.
    this.settingsListener = vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration("json.validate.enable")) return;
      for (const { uri, groups: held } of [...this.held.values()]) this.show(uri, { whole: true, groups: held });
    });
  }

  /** textDocument/publishDiagnostics: all of the document's diagnostics. */
  published(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[]): void {
    this.apply(uri, { whole: true, groups: groupsOf(diagnostics) });
  }

  /** fs/diagnosticGroups: converted and merged in the order they came. */
  received(params: DiagnosticGroupsParams, converter: DiagnosticConverter): void {
    void this.publications.received(params, {
      convert: (list) => converter.asDiagnostics(list),
      apply: (update) => this.apply(converter.asUri(params.uri), update),
    });
  }

  /** The server stopped: its diagnostics go with it, and so does any publication still being converted. */
  clear(): void {
    this.publications.clear();
    this.held.clear();
    this.groups.clear();
  }

  private apply(uri: vscode.Uri, update: GroupsUpdate<vscode.Diagnostic>): void {
    const key = uri.toString();
    const { held, changed } = mergeGroups(this.held.get(key)?.groups, update);
    if (held.size === 0) this.held.delete(key);
    else this.held.set(key, { uri, groups: held });
    this.show(uri, { whole: update.whole, groups: update.whole ? held : changed });
  }

  /** Hands the groups on, less what the built-in JSON shows; a whole update is compared with what is shown group by group. */
  private show(uri: vscode.Uri, update: GroupsUpdate<vscode.Diagnostic>): void {
    const document = openDocument(uri);
    const validates = builtInValidates(document);
    if (update.whole) {
      this.groups.set(
        uri,
        [...update.groups.values()].flatMap((list) => withoutBuiltInJsonOverlap(document, validates, list)),
      );
      return;
    }
    this.groups.setGroups(uri, new Map([...update.groups].map(([group, list]) => [group, withoutBuiltInJsonOverlap(document, validates, list)])));
  }

  dispose(): void {
    this.settingsListener.dispose();
    this.held.clear();
  }
}
