// The snapshot diff as a readable Markdown text: recorded → current for conformance and
// calculations, then every application that changed, was added or was removed, with its numbers.
// Pure, so it can be tested without the editor.

import type { ApplicationChange, RollupApplication, SnapshotDiff } from "../../../shared/src/types";

function key(application: RollupApplication): string {
  const { statement, parent, period } = application.key;
  return `${statement} › ${parent} › ${period}`;
}

function outcome(application: RollupApplication): string {
  if (application.status !== "error") return application.status;
  const { item, period } = application.cell;
  return `error (${application.reason === "missing-value" ? "missing" : "unavailable"} value: ${item}, ${period})`;
}

function figures(application: RollupApplication): string {
  if (application.status === "error") return "";
  return `actual ${application.actual}, expected ${application.expected}, difference ${application.difference}, tolerance ${application.tolerance}`;
}

function arrow(recorded: string, current: string): string {
  return recorded === current ? recorded : `${recorded} → ${current}`;
}

function changedFigures(recorded: RollupApplication, current: RollupApplication): string {
  if (recorded.status === "error" || current.status === "error") {
    return [figures(recorded) && `recorded: ${figures(recorded)}`, figures(current) && `current: ${figures(current)}`].filter(Boolean).join("; ");
  }
  return (["actual", "expected", "difference", "tolerance"] as const).map((name) => `${name} ${arrow(recorded[name], current[name])}`).join(", ");
}

function changeLines(change: ApplicationChange): string[] {
  switch (change.change) {
    case "added":
    case "removed": {
      const application = change.change === "added" ? change.current : change.recorded;
      const numbers = figures(application);
      return [`- ${key(application)}: ${outcome(application)}`, ...(numbers === "" ? [] : [`  - ${numbers}`])];
    }
    case "changed":
    case "unchanged": {
      const numbers = changedFigures(change.recorded, change.current);
      return [`- ${key(change.current)}: ${arrow(outcome(change.recorded), outcome(change.current))}`, ...(numbers === "" ? [] : [`  - ${numbers}`])];
    }
  }
}

const SECTIONS = [
  ["changed", "Changed"],
  ["added", "Added (not in the snapshot)"],
  ["removed", "Removed (only in the snapshot)"],
] as const;

export function snapshotDiffText(name: string, diff: SnapshotDiff | undefined, problem: string | undefined): string {
  const lines = [`# Validation snapshot diff: ${name}`, ""];
  if (problem !== undefined) return [...lines, problem, ""].join("\n");
  if (diff === undefined) return [...lines, "No diff is available.", ""].join("\n");
  if (diff.status === "not-recorded") {
    return [...lines, "No validation snapshot is recorded in this document. Run “FS: Record Validation Snapshot” to record one.", ""].join("\n");
  }
  if (diff.status === "not-comparable") {
    return [...lines, "The recorded validation snapshot is not valid, so it cannot be compared. Record a fresh one.", ""].join("\n");
  }
  lines.push(
    diff.status === "match" ? "**Match**: the recorded snapshot agrees with the current validation." : "**Mismatch**: the recorded snapshot differs from the current validation.",
    "",
    `- Conformance: ${arrow(diff.conformance.recorded, diff.conformance.current)}`,
    `- Calculations: ${arrow(diff.calculations.recorded, diff.calculations.current)}`,
    "",
  );
  for (const [change, heading] of SECTIONS) {
    const changes = diff.applications.filter((candidate) => candidate.change === change);
    if (changes.length === 0) continue;
    lines.push(`## ${heading}: ${changes.length}`, "", ...changes.flatMap(changeLines), "");
  }
  const unchanged = diff.applications.filter((candidate) => candidate.change === "unchanged").length;
  lines.push(`Unchanged applications: ${unchanged} of ${diff.applications.length}.`, "");
  return lines.join("\n");
}
