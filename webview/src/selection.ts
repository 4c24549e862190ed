// Cell selection: a rectangle of shown rows (by visible position) and columns within one
// statement. Copy writes it as tab-separated text from the model, so rows that are not drawn are
// copied too, and values are the exact stored decimals (not the compact display).

import * as l10n from "@vscode/l10n";
import { guardedLabel } from "../../shared/src/render/gridPaste";
import type { Place, StatementsView } from "./statements";

export class SelectionRange {
  constructor(
    readonly statement: number,
    readonly anchor: Place,
    readonly focus: Place,
  ) {}

  static at(place: Place): SelectionRange {
    return new SelectionRange(place.statement, place, place);
  }

  extendTo(place: Place, _view: StatementsView): SelectionRange {
    return place.statement === this.statement ? new SelectionRange(this.statement, this.anchor, place) : SelectionRange.at(place);
  }

  /** The rectangle in visible positions and drawn columns (inclusive). */
  bounds(view: StatementsView): { fromPosition: number; toPosition: number; fromColumn: number; toColumn: number } | undefined {
    const a = view.positionOf(this.statement, this.anchor.row);
    const b = view.positionOf(this.statement, this.focus.row);
    if (a < 0 || b < 0) return undefined;
    return {
      fromPosition: Math.min(a, b),
      toPosition: Math.max(a, b),
      fromColumn: Math.min(this.anchor.column, this.focus.column),
      toColumn: Math.max(this.anchor.column, this.focus.column),
    };
  }
}

/**
 * The selection as tab-separated text: exact stored values, labels guarded against formula
 * injection (guardedLabel). `withHeaders`: a header row (Item, Unit, the periods) first, and every
 * line starts with the row's label and unit, as a sheet wants them.
 */
export function cellsText(selection: SelectionRange, view: StatementsView, withHeaders = false): string {
  const statement = view.statementAt(selection.statement);
  const bounds = selection.bounds(view);
  if (statement === undefined || bounds === undefined) return "";
  const offset = statement.unitPerRow ? 2 : 1;
  const valueColumns: number[] = [];
  for (let column = Math.max(bounds.fromColumn, offset); column <= bounds.toColumn; column += 1) valueColumns.push(column);
  const lines: string[] = [];
  if (withHeaders) {
    const periods = valueColumns.map((column) => statement.columns[column - offset]?.label ?? "");
    lines.push([l10n.t("Item"), l10n.t("Unit"), ...periods].map(guardedLabel).join("\t"));
  }
  for (let position = bounds.fromPosition; position <= bounds.toPosition; position += 1) {
    const row = statement.rows[view.rowAtPosition(selection.statement, position) ?? -1];
    if (row === undefined) continue;
    const unit = statement.unitPerRow ? (row.unit?.text ?? "") : (statement.unit ?? "");
    const fields: string[] = withHeaders ? [guardedLabel(row.label), guardedLabel(unit)] : [];
    const columns = withHeaders ? valueColumns : range(bounds.fromColumn, bounds.toColumn);
    for (const column of columns) {
      if (column === 0) fields.push(guardedLabel(row.label));
      else if (column < offset) fields.push(guardedLabel(row.unit?.text ?? ""));
      else {
        const cell = row.cells[column - offset];
        // A decimal is copied as it is ("-5" is a number to a sheet); an invalid cell's text is guarded like a label.
        fields.push(cell === undefined || cell.kind === "missing" || cell.kind === "unavailable" ? "" : cell.kind === "value" ? cell.value : guardedLabel(cell.value));
      }
    }
    lines.push(fields.join("\t"));
  }
  return lines.join("\n");
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let index = from; index <= to; index += 1) out.push(index);
  return out;
}
