// How a value edit moves what a version placed in its text (the outline, the lens list, the
// diagnostics): it typed no line break, so only positions after the edit on its line move.

import type { CodeLens, Diagnostic, DocumentSymbol, Position, Range } from "vscode-languageserver-protocol";

/**
 * How a value edit moved positions: on `line`, those at or after character `from` (the end of the
 * replaced characters) moved by `delta`; no other position moved, since no line break was typed.
 */
export interface LineShift {
  readonly line: number;
  readonly from: number;
  readonly delta: number;
}

function shiftPosition(position: Position, shift: LineShift): Position {
  return position.line === shift.line && position.character >= shift.from ? { line: position.line, character: position.character + shift.delta } : position;
}

/** The range moved, or the same object when it did not move. */
function shiftRange(range: Range, shift: LineShift): Range {
  if (range.start.line !== shift.line && range.end.line !== shift.line) return range;
  const start = shiftPosition(range.start, shift);
  const end = shiftPosition(range.end, shift);
  return start === range.start && end === range.end ? range : { start, end };
}

/** The symbols moved; a symbol with nothing on the edited line is shared, not copied. */
export function shiftSymbols(symbols: DocumentSymbol[], shift: LineShift): DocumentSymbol[] {
  let changed = false;
  const moved = symbols.map((symbol) => {
    const range = shiftRange(symbol.range, shift);
    const selectionRange = shiftRange(symbol.selectionRange, shift);
    // Items nest by rollup, not by text: a child's range need not lie inside its parent's.
    const children = symbol.children === undefined ? undefined : shiftSymbols(symbol.children, shift);
    if (range === symbol.range && selectionRange === symbol.selectionRange && children === symbol.children) return symbol;
    changed = true;
    return { ...symbol, range, selectionRange, ...(children === undefined ? {} : { children }) };
  });
  return changed ? moved : symbols;
}

export function shiftLenses(lenses: readonly CodeLens[], shift: LineShift): readonly CodeLens[] {
  let changed = false;
  const moved = lenses.map((lens) => {
    const range = shiftRange(lens.range, shift);
    if (range === lens.range) return lens;
    changed = true;
    return { ...lens, range };
  });
  return changed ? moved : lenses;
}

/** A diagnostic with its range and its related locations moved; the same object when nothing moved. */
export function shiftDiagnostic(diagnostic: Diagnostic, shift: LineShift): Diagnostic {
  const range = shiftRange(diagnostic.range, shift);
  let related = diagnostic.relatedInformation;
  if (related !== undefined) {
    let moved = false;
    const shifted = related.map((information) => {
      const location = shiftRange(information.location.range, shift);
      if (location === information.location.range) return information;
      moved = true;
      return { ...information, location: { ...information.location, range: location } };
    });
    if (moved) related = shifted;
  }
  if (range === diagnostic.range && related === diagnostic.relatedInformation) return diagnostic;
  return { ...diagnostic, range, ...(related === undefined ? {} : { relatedInformation: related }) };
}
