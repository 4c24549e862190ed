// fs.explainRollup: a failing subtotal's code lens was clicked. The editor's cursor goes to the
// failing cell (where Ctrl+. lists its quick fixes), and the preview opens beside with the
// subtotal's cell selected and its "why" panel open: the likely causes, each a link to its value,
// and "Set to the children's sum". With several failures the user picks one, or the peek of all
// their cells (what the lens did before: a one-entry peek explained nothing).

import * as vscode from "vscode";
import type { RollupFailureArgument } from "../../../protocol/lsp";
import type { PreviewManager } from "../preview/previewManager";
import { asLocation, peekLocations } from "./peek";

function asFailure(value: unknown): RollupFailureArgument | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { pointer, title } = value as Partial<RollupFailureArgument>;
  return typeof pointer === "string" && typeof title === "string" ? { pointer, title } : undefined;
}

/** The lens's arguments: the document's URI, the lens's position, the failing cells, and one failure for each. */
export async function explainRollup(previews: PreviewManager, uri: unknown, position: unknown, locations: unknown, failures: unknown): Promise<void> {
  const cells = Array.isArray(locations) ? locations.map(asLocation) : [];
  const explained = Array.isArray(failures) ? failures.map(asFailure) : [];
  const usable = cells.length > 0 && cells.length === explained.length && cells.every((cell) => cell !== undefined) && explained.every((failure) => failure !== undefined);
  if (!usable) {
    await peekLocations(uri, position, locations);
    return;
  }
  const chosen = cells.length === 1 ? 0 : await pickFailure(explained as RollupFailureArgument[]);
  if (chosen === undefined) return;
  if (chosen === "peek") {
    await peekLocations(uri, position, locations);
    return;
  }
  const cell = cells[chosen]!;
  goToCell(cell);
  previews.explain(cell.uri, explained[chosen]!.pointer);
}

/** Which failure to explain (its index), "peek" for all their cells, undefined when dismissed. */
async function pickFailure(failures: RollupFailureArgument[]): Promise<number | "peek" | undefined> {
  const explain = vscode.l10n.t("Explain in the preview");
  const items: (vscode.QuickPickItem & { choice: number | "peek" })[] = failures.map((failure, index) => ({ label: failure.title, description: explain, choice: index }));
  items.push({ label: vscode.l10n.t("Show all {0} cells in a peek", failures.length), choice: "peek" });
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t("Which failing check of this subtotal?") });
  return picked?.choice;
}

/** The cursor inside the cell's value (not before its opening quote), in the editor the lens was clicked in. */
function goToCell(cell: vscode.Location): void {
  const key = cell.uri.toString();
  const active = vscode.window.activeTextEditor;
  const editor = active?.document.uri.toString() === key ? active : vscode.window.visibleTextEditors.find((visible) => visible.document.uri.toString() === key);
  if (editor === undefined) return;
  const { range } = cell;
  const inside = range.isSingleLine && range.end.character - range.start.character > 1 ? range.start.translate(0, 1) : range.start;
  editor.selection = new vscode.Selection(inside, inside);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
