// renderTsv: one tab-separated text per statement, for spreadsheets. Encoding:
//   - header row: "Item ID", "Item", "Unit", then one column per statement period, in the
//     statement's order, headed by the period label ("2025-12-31", "2025-01-01 – 2025-12-31");
//   - one row per item in array order: its id (empty if it has none), its label, its unit's full
//     name ("USD <millions> (USD, scale 6)", on every row, as section 1 requires; empty when the
//     item names no unit), then per period:
//       a value         the stored decimal exactly as written (no separators, no rounding),
//       missing (null)  an empty field,
//       unavailable     the word "unavailable",
//       invalid         the word "invalid" (the cell is none of the three above);
//   - tab, line feed and carriage return inside author text become a space; every line, the last
//     included, ends with "\n". No quoting is needed: no field can contain a tab or line break.
//   - Formula guard (CSV/TSV formula injection, OWASP "CSV Injection"): a spreadsheet that opens
//     the file reads a field beginning with "=", "+", "-" or "@" (and, in some, a leading tab or
//     carriage return) as a formula, so a hostile label such as =HYPERLINK(…) would run. Every
//     author-text field (item id, label, unit name, period label) that begins with one of those
//     characters is written with a leading apostrophe ("'=SUM(A1)"), which spreadsheets take as
//     "this is text" and do not show. Value fields are never guarded: they are decimals as stored
//     ("-12.5" must stay a number), or the fixed words "unavailable" and "invalid".
//   - Author text is written as is otherwise.
// Bounds are the HTML page's (limits.ts): columns and cells as the reference counts them, and
// 16 MiB of UTF-8 for all files together.

import type { RenderOptions } from "./page";
import { unitText } from "./format";
import { BYTE_COUNT_CEILING, checkBytes, checkShape, unknownStatement, type RenderError } from "./limits";
import type { CellPresentation, StatementPresentation } from "./model";
import { presentDocument, statementIds } from "./presentation";
import { ByteCounter, FieldCollector, type Writer } from "./writer";

export interface TsvFile {
  /** The statement id, or "statement-N" (its 1-based position) when it has none. */
  readonly statement: string;
  readonly text: string;
}

export type TsvOutcome = { ok: true; files: TsvFile[] } | { ok: false; error: RenderError };

export function renderTsv(document: unknown, options?: RenderOptions): TsvOutcome {
  const selected = options?.statement;
  const { statements } = presentDocument(document, undefined, selected);
  if (selected !== undefined && statements.length === 0) {
    return { ok: false, error: unknownStatement(selected, statementIds(document)) };
  }
  const shapeError = checkShape(statements);
  if (shapeError !== undefined) return { ok: false, error: shapeError };

  const counter = new ByteCounter(false, BYTE_COUNT_CEILING);
  for (const statement of statements) writeStatementTsv(statement, counter);
  const byteError = checkBytes(counter, "tab-separated output");
  if (byteError !== undefined) return { ok: false, error: byteError };

  const files = statements.map((statement) => {
    const collector = new FieldCollector();
    writeStatementTsv(statement, collector);
    return { statement: statement.id ?? `statement-${statement.index + 1}`, text: collector.toString() };
  });
  return { ok: true, files };
}

const FORMULA_START = /^[=+\-@\t\r\n]/;

/** Author text as a field no spreadsheet reads as a formula (see the header). */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cellField(cell: CellPresentation): string {
  switch (cell.kind) {
    case "value":
      return cell.text;
    case "missing":
      return "";
    case "unavailable":
      return "unavailable";
    case "invalid":
      return "invalid";
  }
}

function writeStatementTsv(statement: StatementPresentation, out: Writer): void {
  out.raw("Item ID\tItem\tUnit");
  for (const period of statement.periods) {
    out.raw("\t");
    out.text(guardFormula(period.label));
  }
  out.raw("\n");
  for (const row of statement.rows) {
    out.text(guardFormula(row.id ?? ""));
    out.raw("\t");
    out.text(guardFormula(row.label));
    out.raw("\t");
    if (row.unit !== undefined) out.text(guardFormula(unitText(row.unit)));
    for (const cell of row.cells) out.raw(`\t${cellField(cell)}`);
    out.raw("\n");
  }
}
