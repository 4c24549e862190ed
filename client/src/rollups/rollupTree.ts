// The "Rollups" view in the Explorer: the active FS document's statements, their subtotals and
// each subtotal's children, with a status icon each. Fed by the server's fs/rollupTree request
// (protocol/lsp.ts, through FsServer.rollupTree), refreshed when the active editor changes or its analysis does. A
// title-bar toggle lists failing subtotals first; a click reveals the item in the source.

import * as vscode from "vscode";
import { type RollupNodeStatus, type RollupTreeChild, type RollupTreeRange, type RollupTreeStatement, type RollupTreeSubtotal } from "../../../protocol/lsp";
import type { FsDocumentDetector } from "../detection";
import type { FsServer } from "../server/fsServer";
import { failingFirst, rollupSeverity, statusIcon } from "./order";

export const ROLLUPS_VIEW = "fs.rollups";
export const ROLLUP_COMMANDS = {
  failingFirst: "fs.rollups.failingFirst",
  documentOrder: "fs.rollups.documentOrder",
  reveal: "fs.rollups.reveal",
} as const;
const FAILING_FIRST_CONTEXT = "fs.rollups.failingFirst";

type Node =
  | { kind: "statement"; uri: string; value: RollupTreeStatement }
  | { kind: "subtotal"; uri: string; value: RollupTreeSubtotal }
  | { kind: "child"; uri: string; value: RollupTreeChild };

function icon(status: RollupNodeStatus | undefined, uri: string): vscode.ThemeIcon {
  const severity = rollupSeverity(vscode.workspace.getConfiguration("fs.rollups", vscode.Uri.parse(uri)).get("severity"));
  const { id, color } = statusIcon(status, severity);
  return new vscode.ThemeIcon(id, color === undefined ? undefined : new vscode.ThemeColor(color));
}

/** A subtotal's state in words (looked up when shown: the bundle is configured after the modules load). */
function statusText(status: RollupNodeStatus): string {
  switch (status) {
    case "satisfied":
      return vscode.l10n.t("adds up");
    case "unsatisfied":
      return vscode.l10n.t("does not add up");
    case "error":
      return vscode.l10n.t("cannot be checked");
    case "not-checked":
      return vscode.l10n.t("not checked");
  }
}

class RollupTreeProvider implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private failingFirst = false;
  private view: vscode.TreeView<Node> | undefined;
  /** A change came while the view was hidden: refresh when it is shown. */
  private stale = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly server: FsServer,
    private readonly detector: FsDocumentDetector,
  ) {
    this.subscriptions = [
      this.changed,
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      detector.onDidDetect(() => this.refresh()),
      // The icons follow the Problems panel's severity.
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration("fs.rollups.severity")) this.refresh();
      }),
      server.onStatus((status) => {
        if (status.uri === vscode.window.activeTextEditor?.document.uri.toString()) this.refresh();
      }),
    ];
    void vscode.commands.executeCommand("setContext", FAILING_FIRST_CONTEXT, false);
  }

  /** The view this provider feeds: while it is hidden (collapsed, or another side bar), nothing is asked of the server. */
  attach(view: vscode.TreeView<Node>): vscode.Disposable {
    this.view = view;
    return view.onDidChangeVisibility(({ visible }) => {
      if (visible && this.stale) this.refresh();
    });
  }

  /** The whole tree is one server request: asked for only when someone can see it. */
  private refresh(): void {
    this.stale = this.view !== undefined && !this.view.visible;
    if (!this.stale) this.changed.fire();
  }

  setFailingFirst(value: boolean): void {
    this.failingFirst = value;
    void vscode.commands.executeCommand("setContext", FAILING_FIRST_CONTEXT, value);
    this.refresh();
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node === undefined) {
      const document = vscode.window.activeTextEditor?.document;
      if (document === undefined || !this.detector.isFsDocument(document)) return [];
      const uri = document.uri.toString();
      const result = await this.server.rollupTree(uri);
      const statements = (result?.statements ?? []).filter((statement) => statement.subtotals.length > 0);
      return this.order(statements).map((value) => ({ kind: "statement", uri, value }));
    }
    if (node.kind === "statement") return this.order(node.value.subtotals).map((value) => ({ kind: "subtotal", uri: node.uri, value }));
    if (node.kind === "subtotal") return this.order(node.value.children).map((value) => ({ kind: "child", uri: node.uri, value }));
    return [];
  }

  private order<T extends { status?: RollupNodeStatus }>(nodes: readonly T[]): T[] {
    return this.failingFirst ? failingFirst(nodes) : [...nodes];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    // Statements open, subtotals closed: an expanded subtotal makes the view ask for (and redraw on
    // every edit) each of its children, tens of thousands of rows in a multi-megabyte document.
    const state =
      node.kind === "statement"
        ? vscode.TreeItemCollapsibleState.Expanded
        : node.kind === "subtotal"
          ? vscode.TreeItemCollapsibleState.Collapsed
          : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(node.value.label, state);
    const status = node.value.status;
    item.iconPath = icon(status, node.uri);
    item.id = `${node.uri}\u0000${node.kind}\u0000${node.kind === "statement" ? node.value.id : JSON.stringify([node.value.id, node.value.range.start])}`;
    if (node.kind === "subtotal") item.description = node.value.problems.length > 0 ? node.value.problems.join("; ") : statusText(node.value.status);
    else if (node.kind === "child")
      item.description = node.value.status === undefined ? node.value.id : vscode.l10n.t("{0} · subtotal, {1}", node.value.id, statusText(node.value.status));
    else item.description = statusText(node.value.status);
    item.tooltip = status === undefined ? `${node.value.label} (${node.value.id})` : vscode.l10n.t("{0} ({1}): {2}", node.value.label, node.value.id, statusText(status));
    item.command = { command: ROLLUP_COMMANDS.reveal, title: vscode.l10n.t("Reveal in Source"), arguments: [node.uri, node.value.range] };
    return item;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

async function reveal(uri: string, range: RollupTreeRange): Promise<void> {
  const selection = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
  await vscode.window.showTextDocument(vscode.Uri.parse(uri), { selection, preserveFocus: false });
}

/** The view, its toggle and its reveal command; everything returned is disposed with the extension. */
export function registerRollupTree(server: FsServer, detector: FsDocumentDetector): vscode.Disposable[] {
  const provider = new RollupTreeProvider(server, detector);
  const view = vscode.window.createTreeView(ROLLUPS_VIEW, { treeDataProvider: provider, showCollapseAll: true });
  return [
    provider,
    view,
    provider.attach(view),
    vscode.commands.registerCommand(ROLLUP_COMMANDS.failingFirst, () => provider.setFailingFirst(true)),
    vscode.commands.registerCommand(ROLLUP_COMMANDS.documentOrder, () => provider.setFailingFirst(false)),
    vscode.commands.registerCommand(ROLLUP_COMMANDS.reveal, (uri: string, range: RollupTreeRange) => reveal(uri, range)),
  ];
}
