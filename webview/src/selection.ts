// Cell selection: a rectangle of shown rows (by visible position) and columns within one
// statement. Copy writes it as tab-separated text from the model, so rows that are not drawn are
// copied too, and values are the exact stored decimals (not the compact display).

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

export function cellsText(selection: SelectionRange, view: StatementsView): string {
  const statement = view.statementAt(selection.statement);
  const bounds = selection.bounds(view);
  if (statement === undefined || bounds === undefined) return "";
  const offset = statement.unitPerRow ? 2 : 1;
  const lines: string[] = [];
  for (let position = bounds.fromPosition; position <= bounds.toPosition; position += 1) {
    const row = statement.rows[view.rowAtPosition(selection.statement, position) ?? -1];
    if (row === undefined) continue;
    const fields: string[] = [];
    for (let column = bounds.fromColumn; column <= bounds.toColumn; column += 1) {
      if (column === 0) fields.push(row.label);
      else if (column < offset) fields.push(row.unit?.text ?? "");
      else {
        const cell = row.cells[column - offset];
        fields.push(cell === undefined || cell.kind === "missing" || cell.kind === "unavailable" ? "" : cell.value);
      }
    }
    lines.push(fields.map((field) => field.replace(/[\t\r\n]+/g, " ")).join("\t"));
  }
  return lines.join("\n");
}
