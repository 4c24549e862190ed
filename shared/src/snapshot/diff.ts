// The snapshot diff (2.13): the document's recorded validationSnapshot against current validation.

import { FORMAT_VERSION, type ApplicationChange, type RollupApplication, type SnapshotDiff, type ValidationSnapshot } from "../types";
import type { Analysis } from "../result";
import { isRecord } from "../json/read";
import { keyOfApplication as keyOf } from "../model/keys";

const SNAPSHOT_PATH = "/validationSnapshot";

export function diffSnapshot(value: unknown, analysis: Analysis): SnapshotDiff {
  if (!isRecord(value) || !Object.hasOwn(value, "validationSnapshot")) return { formatVersion: FORMAT_VERSION, status: "not-recorded" };
  const invalid = analysis.issues.some((issue) => issue.path === SNAPSHOT_PATH || issue.path.startsWith(SNAPSHOT_PATH + "/"));
  if (invalid) return { formatVersion: FORMAT_VERSION, status: "not-comparable", reason: "invalid-snapshot" };
  const snapshot = value.validationSnapshot as ValidationSnapshot;
  const current = analysis.result;
  const recordedByKey = new Map<string, RollupApplication>();
  for (const application of snapshot.applications) recordedByKey.set(keyOf(application), application);
  const changes: ApplicationChange[] = [];
  for (const application of current.calculations.applications) {
    const key = keyOf(application);
    const recorded = recordedByKey.get(key);
    if (recorded === undefined) {
      changes.push({ change: "added", current: application });
      continue;
    }
    recordedByKey.delete(key);
    const normalized = normalizeApplication(recorded);
    changes.push({ change: sameApplication(normalized, application) ? "unchanged" : "changed", recorded: normalized, current: application });
  }
  for (const application of snapshot.applications) {
    if (recordedByKey.has(keyOf(application))) changes.push({ change: "removed", recorded: normalizeApplication(application) });
  }
  const match =
    snapshot.conformance === current.conformance.status && snapshot.calculations === current.calculations.status && changes.every((change) => change.change === "unchanged");
  return {
    formatVersion: FORMAT_VERSION,
    status: match ? "match" : "mismatch",
    conformance: { recorded: snapshot.conformance, current: current.conformance.status },
    calculations: { recorded: snapshot.calculations, current: current.calculations.status },
    applications: changes,
  };
}

/** The same application with members in the contract's order, as every output lists them. */
export function normalizeApplication(application: RollupApplication): RollupApplication {
  const key = { statement: application.key.statement, parent: application.key.parent, period: application.key.period };
  if (application.status === "error") {
    const { cell } = application;
    return { key, status: "error", reason: application.reason, cell: { statement: cell.statement, item: cell.item, period: cell.period } };
  }
  const { status, actual, expected, difference, tolerance } = application;
  return { key, status, actual, expected, difference, tolerance };
}

function sameApplication(left: RollupApplication, right: RollupApplication): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}
