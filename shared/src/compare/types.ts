// The comparison of two FS documents by meaning (compareDocuments): what `fsdoc compare --format
// json` prints and schema/0.2/fs-comparison.schema.json describes. Every value is data: decimals
// are exact strings, cells are written as the document writes them (a decimal string, null or
// {"unavailable": true}), ids are the documents' own.

import type { CalculationStatus, ConformanceStatus } from "../types";

/** A value cell as stored: a decimal string (canonical or not, on a nonconforming side), null, or unavailable. */
export type CompareCell = string | null | { unavailable: true } | { invalid: string };

export interface SideState {
  conformance: ConformanceStatus;
  calculations: CalculationStatus;
  /** The number of structural errors. */
  errors: number;
}

/** How a rollup application stands on one side. */
export type RollupState =
  | { status: "satisfied" | "unsatisfied"; actual: string; expected: string; difference: string; tolerance: string }
  | { status: "error"; reason: "missing-value" | "unavailable-value"; item: string }
  | { status: "absent" };

interface Located {
  /** The JSON Pointer of the changed part in NEW (or in OLD, for what NEW no longer has). */
  path: string;
}

export type DocumentField = "formatVersion" | "documentId" | "entity.name" | "entity.id" | "scope.label" | "scope.id";
export type UnitField = "label" | "measure" | "scale" | "defaultTolerance";
export type PeriodField = "kind" | "date" | "start" | "end";
export type ItemField = "label" | "unit" | "description";

export type Change =
  | (Located & { kind: "document-changed"; field: DocumentField; old: string | undefined; new: string | undefined })
  | (Located & { kind: "unit-added" | "unit-removed"; unit: string; label: string | undefined; measure: string | undefined; scale: string | undefined })
  | (Located & { kind: "unit-changed"; unit: string; field: UnitField; old: string | undefined; new: string | undefined })
  | (Located & { kind: "period-added" | "period-removed"; period: string; label: string })
  | (Located & { kind: "period-renamed"; period: string; oldPeriod: string; label: string })
  | (Located & { kind: "period-changed"; period: string; field: PeriodField; old: string | undefined; new: string | undefined })
  | (Located & { kind: "statement-added" | "statement-removed"; statement: string; label: string | undefined; items: number })
  | (Located & { kind: "statement-moved"; statement: string; oldIndex: number; newIndex: number })
  | (Located & { kind: "statement-changed"; statement: string; field: "label"; old: string | undefined; new: string | undefined })
  | (Located & { kind: "column-added" | "column-removed"; statement: string; period: string })
  | (Located & { kind: "columns-reordered"; statement: string; old: string[]; new: string[] })
  | (Located & { kind: "item-added" | "item-removed"; statement: string; item: string; label: string | undefined; index: number; values: Record<string, CompareCell> })
  | (Located & { kind: "item-moved"; statement: string; item: string; oldIndex: number; newIndex: number })
  | (Located & { kind: "item-reparented"; statement: string; item: string; old: string | undefined; new: string | undefined })
  | (Located & { kind: "item-changed"; statement: string; item: string; field: ItemField; old: string | undefined; new: string | undefined })
  | (Located & ValueChange)
  | (Located & { kind: "rollup-changed"; statement: string; item: string; period: string; old: RollupState; new: RollupState })
  | (Located & { kind: "error-added" | "error-fixed"; code: string; message: string });

export interface ValueChange {
  kind: "value-changed";
  statement: string;
  item: string;
  /** The period's id in NEW (a renamed period is named by its new id). */
  period: string;
  old: CompareCell;
  new: CompareCell;
  /**
   * OLD's value written in NEW's unit, when the unit's scale differs (the same amount: value ×
   * 10^(old scale − new scale)); absent when the scales agree.
   */
  oldInNewUnit?: string;
  /** new − old as amounts, in NEW's unit; absent unless both cells are values of the same measure. */
  difference?: string;
  /** The difference relative to |old|, in percent, rounded half away from zero to 2 decimals; absent when old is 0. */
  relativePercent?: string;
}

export type ChangeKind = Change["kind"];

export interface Comparison {
  /** "same" when nothing in the statements, units, periods, identity or conformance differs. The snapshot alone does not count. */
  status: "same" | "different";
  old: SideState;
  new: SideState;
  /** false when a side does not conform: each was compared as far as it could be read, and its rollups were not evaluated. */
  complete: boolean;
  /** validationSnapshot, reported apart from the changes. */
  snapshot: "absent" | "unchanged" | "added" | "removed" | "changed";
  /** How many changes of each kind. */
  counts: Partial<Record<ChangeKind, number>>;
  /** Document, units and periods first; then each statement in NEW's order (removed ones last), its rows in order; then conformance. */
  changes: Change[];
}
