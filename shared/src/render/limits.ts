// Output bounds, as the reference renderer sets them: 1,000 columns per statement, 100,000 cells
// per document and 16 MiB of HTML. Columns and cells are counted as the reference counts them: a
// statement's columns are its fixed columns (the item column, plus the unit column when units are
// mixed) and one per period, so 1,000 periods make 1,001 columns; its cells are (items + 1 header
// row) × columns, summed over the rendered statements. The checks run on the presentation, before
// anything is written, so an oversized document costs no rendering.

import { countText } from "./format";
import type { StatementPresentation } from "./model";

export const RENDER_LIMITS = {
  columnsPerStatement: 1_000,
  cellsPerDocument: 100_000,
  outputBytes: 16 * 1024 * 1024,
} as const;

export type RenderErrorCode = "column-limit" | "cell-limit" | "byte-limit" | "unknown-statement";

export interface RenderError {
  readonly code: RenderErrorCode;
  readonly message: string;
}

function plural(count: number, noun: string): string {
  return `${countText(count)} ${noun}${count === 1 ? "" : "s"}`;
}

type Shape = Pick<StatementPresentation, "unitPerRow"> & { readonly periods: { readonly length: number } };

export function statementColumns(statement: Shape): number {
  return 1 + (statement.unitPerRow ? 1 : 0) + statement.periods.length;
}

export function statementCells(statement: Shape & { readonly rows: { readonly length: number } }): number {
  return (statement.rows.length + 1) * statementColumns(statement);
}

/** Which bound leaves a statement's cells out of a rendering: its own columns, or the document's cells. */
export type Omission = "columns" | "cells";

/**
 * Whether a statement's cells are built, in document order: not when its columns break the
 * per-statement bound or its cells exceed what is left of `budget` (the document's cells); a
 * statement that fits is charged its cells. Only built cells are charged, so a later statement
 * that fits is still shown in a preview; a page or TSV is refused anyway when any statement is
 * omitted (checkShape counts them all). The one rule of the presentation and of what the language
 * status reports as not shown.
 */
export function chargeCells(statement: Shape & { readonly rows: { readonly length: number } }, budget: { cells: number }): Omission | undefined {
  if (statementColumns(statement) > RENDER_LIMITS.columnsPerStatement) return "columns";
  const cells = statementCells(statement);
  if (cells > budget.cells) return "cells";
  budget.cells -= cells;
  return undefined;
}

/** The first bound the statements break, columns before cells; undefined when all fit. */
export function checkShape(statements: readonly StatementPresentation[]): RenderError | undefined {
  for (const statement of statements) {
    const columns = statementColumns(statement);
    if (columns > RENDER_LIMITS.columnsPerStatement) {
      return {
        code: "column-limit",
        message:
          `Statement ${statementName(statement)} would render ${countText(columns)} columns ` +
          `(${plural(statement.periods.length, "period")} plus ${statement.unitPerRow ? "the item and unit columns" : "the item column"}); ` +
          `the limit is ${countText(RENDER_LIMITS.columnsPerStatement)} columns per statement.`,
      };
    }
  }
  let cells = 0;
  for (const statement of statements) cells += statementCells(statement);
  if (cells > RENDER_LIMITS.cellsPerDocument) {
    return {
      code: "cell-limit",
      message:
        `The document would render ${countText(cells)} table cells (header rows and label columns included); ` +
        `the limit is ${countText(RENDER_LIMITS.cellsPerDocument)} cells per document.`,
    };
  }
  return undefined;
}

/** Measuring stops past this many bytes; a larger output is reported as "more than" it. */
export const BYTE_COUNT_CEILING = 4 * RENDER_LIMITS.outputBytes;

export function checkBytes(measured: { readonly bytes: number; readonly exact: boolean }, what: string): RenderError | undefined {
  if (measured.bytes <= RENDER_LIMITS.outputBytes) return undefined;
  const size = measured.exact ? countText(measured.bytes) : `more than ${countText(BYTE_COUNT_CEILING)}`;
  return {
    code: "byte-limit",
    message: `The ${what} would be ${size} bytes of UTF-8; the limit is ${countText(RENDER_LIMITS.outputBytes)} bytes (16 MiB).`,
  };
}

const KNOWN_LISTED = 10;

/** An id in JSON quotes (control characters escaped), else the statement's position. */
function statementName(statement: StatementPresentation): string {
  return statement.id === undefined ? `at ${statement.pointer}` : JSON.stringify(statement.id);
}

export function unknownStatement(selected: string, known: readonly string[]): RenderError {
  const listed = known.slice(0, KNOWN_LISTED).map((id) => JSON.stringify(id));
  if (known.length > KNOWN_LISTED) listed.push("…");
  return {
    code: "unknown-statement",
    message: `The document has no statement with id ${JSON.stringify(selected)}` + (listed.length === 0 ? "." : `; its statements are ${listed.join(", ")}.`),
  };
}
