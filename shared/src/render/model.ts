// The presentation model: what a renderer shows, read leniently from any JSON value. It is the
// single input of the HTML and TSV projections, so both agree on order, units and cell kinds.

import type { CalculationStatus, ConformanceStatus, ErrorApplication, RollupApplication } from "../types";

export interface Presentation {
  /** entity.name, or undefined when the document has no readable name. */
  readonly entity: string | undefined;
  /** scope.label, or undefined when the document has no readable label. */
  readonly scope: string | undefined;
  readonly statements: readonly StatementPresentation[];
  /** Present only when a validation result was given. */
  readonly status: StatusSummary | undefined;
}

export interface StatusSummary {
  readonly conformance: ConformanceStatus;
  readonly errorCount: number;
  readonly calculations: CalculationStatus;
  readonly satisfied: number;
  readonly unsatisfied: number;
  readonly errors: number;
}

export interface StatementPresentation {
  /** Index in the document's statements array (statements that are not objects are skipped). */
  readonly index: number;
  readonly pointer: string;
  readonly id: string | undefined;
  /** The statement label, else its id, else "Statement N". */
  readonly label: string;
  readonly periods: readonly PeriodColumn[];
  readonly rows: readonly RowPresentation[];
  /** The unit every row shares, stated once; undefined when units are mixed or unreadable. */
  readonly unit: UnitPresentation | undefined;
  /** True when the rows do not share one unit, so each row shows its own unit cell. */
  readonly unitPerRow: boolean;
  /**
   * True when this statement's cells were not built because it, or the statements before it,
   * exceed the render bounds (limits.ts); its rows then have no cells. Building them could cost
   * items × periods objects, which a small hostile document can make astronomically many.
   */
  readonly cellsOmitted: boolean;
}

export interface PeriodColumn {
  /** The period id as listed by the statement. */
  readonly id: string;
  /** "2025-12-31" for an instant, "2025-01-01 – 2025-12-31" for a duration, else the id (model/names.ts, periodLabel). */
  readonly label: string;
  readonly kind: "instant" | "duration" | "unresolved";
  /** The dates the label is made of (model/names.ts, periodDates): [date], [start, end], or none when unresolved. */
  readonly dates: readonly string[];
  /** Pointer of the entry in the statement's periods array. */
  readonly pointer: string;
}

export interface UnitPresentation {
  readonly id: string;
  /** False when the id names no readable unit definition; label etc. are then undefined. */
  readonly resolved: boolean;
  readonly label: string | undefined;
  readonly measure: string | undefined;
  /** The scale as written (an integer), never used for arithmetic. */
  readonly scale: string | undefined;
}

export interface RowPresentation {
  /** Index in the statement's items array (items that are not objects are skipped). */
  readonly index: number;
  readonly pointer: string;
  readonly id: string | undefined;
  /** The item label, else its id, else "Item N". */
  readonly label: string;
  readonly description: string | undefined;
  /** undefined when the item has no unit id at all. */
  readonly unit: UnitPresentation | undefined;
  /** Number of ancestors reached by following rollupTo inside the statement (cycle-safe). */
  readonly depth: number;
  /** True when at least one other item of the statement names this item in rollupTo. */
  readonly isSubtotal: boolean;
  /** Row position (in `rows`) of the rollupTo parent, when it resolves within the statement. */
  readonly parentRow: number | undefined;
  readonly cells: readonly CellPresentation[];
}

export type CellKind = "value" | "missing" | "unavailable" | "invalid";

export interface CellPresentation {
  readonly kind: CellKind;
  /**
   * value: the stored decimal string, exactly; invalid: what was found, for display only
   * (a string as written, otherwise its JSON text); missing, unavailable: "".
   */
  readonly text: string;
  /** JSON Pointer of the source cell, e.g. /statements/0/items/3/values/fy2025. */
  readonly pointer: string;
  /** The period id of this column. */
  readonly period: string;
  /** Why an invalid cell is invalid. */
  readonly problem: CellProblem | undefined;
  /** On a subtotal's cell: the rollup application for this parent and period, if one was given. */
  readonly rollup: RollupApplication | undefined;
  /** Error applications that name this cell as the missing or unavailable cell. */
  readonly blocks: readonly ErrorApplication[];
}

export type CellProblem = "absent" | "not-decimal" | "wrong-type";
