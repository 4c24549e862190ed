// The validation result (2.12) of a parsed document, with the structural issues behind it.

import { FORMAT_VERSION, type CalculationStatus, type FsDocument, type RollupApplication, type ValidationResult } from "./types";
import { checkStructure, type Issue } from "./validate/index";
import { evaluateRollups } from "./rollup/evaluate";

export interface Analysis {
  result: ValidationResult;
  /** The structural errors as data (the result's errors carry only code, path and message). */
  issues: Issue[];
  /** The document, typed, when it conforms. */
  document: FsDocument | undefined;
}

export function analyze(value: unknown): Analysis {
  const issues = checkStructure(value);
  if (issues.length > 0) {
    return {
      issues,
      document: undefined,
      result: {
        formatVersion: FORMAT_VERSION,
        conformance: { status: "nonconforming", errors: issues.map(({ code, path, message }) => ({ code, path, message })) },
        calculations: { status: "not-run", applications: [] },
      },
    };
  }
  const document = value as FsDocument;
  const applications = evaluateRollups(document);
  return {
    issues,
    document,
    result: {
      formatVersion: FORMAT_VERSION,
      conformance: { status: "conforming", errors: [] },
      calculations: { status: calculationStatus(applications), applications },
    },
  };
}

export function calculationStatus(applications: readonly RollupApplication[]): CalculationStatus {
  if (applications.length === 0) return "not-defined";
  return applications.every((application) => application.status === "satisfied") ? "consistent" : "inconsistent";
}
