// What validating one file produced, as plain data: the unit that workers send back and that every
// output format (json, text, sarif, github) is built from.

import type { CalculationStatus, ConformanceStatus } from "../types";
import type { LocatedProblem } from "./problems";

/** A file that could not be validated: unreadable, not UTF-8 or not one JSON value. */
export interface FileError {
  code: string;
  /** JSON Pointer of the deepest container reached ("" when none). */
  path: string;
  message: string;
  /** 1-based, UTF-16 columns; absent when the file could not be read at all. */
  line?: number;
  column?: number;
  /** For invalid-utf8: the offset of the first invalid byte. */
  byteOffset?: number;
}

export interface RollupCounts {
  satisfied: number;
  unsatisfied: number;
  /** Not evaluated: a cell the check needs is null. */
  missingValue: number;
  /** Not evaluated: a cell the check needs is marked unavailable. */
  unavailableValue: number;
}

export interface FileReport {
  /** The file name as given or found (relative to the working folder when found below it). */
  file: string;
  conformance: ConformanceStatus | undefined;
  calculations: CalculationStatus | undefined;
  rollups: RollupCounts;
  /** Structural errors and rollup problems, or the syntax problems of a file that failed. */
  problems: LocatedProblem[];
  /** Set when the file could not be validated. */
  error: FileError | undefined;
}

export interface RunSummary {
  documents: number;
  conforming: number;
  nonconforming: number;
  failed: number;
  /** Of the failed: files that could not be read at all (missing, a folder, no permission). */
  unreadable: number;
  /** Structural errors in nonconforming documents plus files that failed. */
  errors: number;
  rollups: RollupCounts;
  /** Conforming documents whose calculations are inconsistent. */
  inconsistent: number;
}

export function summarize(reports: Iterable<FileReport>): RunSummary {
  const summary: RunSummary = {
    documents: 0,
    conforming: 0,
    nonconforming: 0,
    failed: 0,
    unreadable: 0,
    errors: 0,
    inconsistent: 0,
    rollups: { satisfied: 0, unsatisfied: 0, missingValue: 0, unavailableValue: 0 },
  };
  for (const report of reports) {
    summary.documents++;
    if (report.error !== undefined) {
      summary.failed++;
      if (report.error.code === "cannot-read") summary.unreadable++;
      summary.errors += Math.max(1, report.problems.length);
      continue;
    }
    if (report.conformance === "conforming") summary.conforming++;
    else {
      summary.nonconforming++;
      summary.errors += report.problems.filter((problem) => problem.kind === "structure").length;
    }
    if (report.calculations === "inconsistent") summary.inconsistent++;
    summary.rollups.satisfied += report.rollups.satisfied;
    summary.rollups.unsatisfied += report.rollups.unsatisfied;
    summary.rollups.missingValue += report.rollups.missingValue;
    summary.rollups.unavailableValue += report.rollups.unavailableValue;
  }
  return summary;
}
