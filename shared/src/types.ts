// The FS 0.2 contract as TypeScript types: the document (section 2.2–2.8), the validation
// result (2.12) and the snapshot diff (2.13). A value of type FsDocument is only ever obtained
// from a document that validated as conforming; everything else is `unknown` until checked.

export const FORMAT_VERSION = "0.2";
export const SCHEMA_BASE = "https://cpaikr.github.io/fs";
export const DOCUMENT_SCHEMA_URI = `${SCHEMA_BASE}/schema/0.2/fs-document.schema.json`;

/** A decimal string in the canonical grammar of section 2.1. */
export type DecimalString = string;

export interface FsDocument {
  $schema?: string;
  formatVersion: "0.2";
  documentId?: string;
  entity: { name: string; id?: string };
  scope: { label: string; id?: string };
  units: Unit[];
  periods: Period[];
  statements: Statement[];
  validationSnapshot?: ValidationSnapshot;
}

export interface Unit {
  id: string;
  label: string;
  measure: string;
  scale: number;
  defaultTolerance?: DecimalString;
}

export type Period = InstantPeriod | DurationPeriod;
export interface InstantPeriod {
  id: string;
  kind: "instant";
  date: string;
}
export interface DurationPeriod {
  id: string;
  kind: "duration";
  start: string;
  end: string;
}

export interface Statement {
  id: string;
  label: string;
  periods: string[];
  items: Item[];
}

export interface Item {
  id: string;
  label: string;
  description?: string;
  unit: string;
  values: Record<string, Cell>;
  rollupTo?: string;
}

export interface UnavailableCell {
  unavailable: true;
}
export type Cell = DecimalString | null | UnavailableCell;

export type ConformanceStatus = "conforming" | "nonconforming";
export type CalculationStatus = "not-run" | "not-defined" | "consistent" | "inconsistent";

export interface ApplicationKey {
  statement: string;
  parent: string;
  period: string;
}
export interface CellIdentity {
  statement: string;
  item: string;
  period: string;
}

export interface NumericApplication {
  key: ApplicationKey;
  status: "satisfied" | "unsatisfied";
  actual: DecimalString;
  expected: DecimalString;
  difference: DecimalString;
  tolerance: DecimalString;
}
export interface ErrorApplication {
  key: ApplicationKey;
  status: "error";
  reason: "missing-value" | "unavailable-value";
  cell: CellIdentity;
}
export type RollupApplication = NumericApplication | ErrorApplication;

export interface ValidationSnapshot {
  conformance: ConformanceStatus;
  calculations: CalculationStatus;
  applications: RollupApplication[];
}

/** The public diagnostic codes, as the reference project names them. */
export const DIAGNOSTIC_CODES = [
  "required-property",
  "unknown-property",
  "invalid-type",
  "invalid-value",
  "decimal-string-required",
  "invalid-tolerance",
  "scale-out-of-range",
  "duplicate-id",
  "duplicate-reference",
  "duplicate-period-definition",
  "invalid-date",
  "invalid-duration",
  "unresolved-reference",
  "map-key-mismatch",
  "self-rollup",
  "cyclic-rollup",
  "unit-mismatch",
  "duplicate-application-key",
] as const;
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export interface StructuralError {
  code: DiagnosticCode;
  /** JSON Pointer (RFC 6901) into the document. */
  path: string;
  message: string;
}

export interface ValidationResult {
  formatVersion: "0.2";
  conformance: { status: ConformanceStatus; errors: StructuralError[] };
  calculations: { status: CalculationStatus; applications: RollupApplication[] };
}

export type ApplicationChange =
  | { change: "unchanged" | "changed"; recorded: RollupApplication; current: RollupApplication }
  | { change: "added"; current: RollupApplication }
  | { change: "removed"; recorded: RollupApplication };

export type SnapshotDiff =
  | { formatVersion: "0.2"; status: "not-recorded" }
  | { formatVersion: "0.2"; status: "not-comparable"; reason: "invalid-snapshot" }
  | {
      formatVersion: "0.2";
      status: "match" | "mismatch";
      conformance: { recorded: ConformanceStatus; current: ConformanceStatus };
      calculations: { recorded: CalculationStatus; current: CalculationStatus };
      applications: ApplicationChange[];
    };
