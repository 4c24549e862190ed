// The snapshot diff (FS 0.2, 2.13) as text for people: the status, what changed in conformance
// and calculations, then one line per rollup check (application) added, removed or changed (unchanged ones are
// counted, not listed).

import type { RollupApplication, SnapshotDiff } from "../types";
import { groupDigits } from "../render/format";

export function diffTextLines(file: string, diff: SnapshotDiff): string[] {
  switch (diff.status) {
    case "not-recorded":
      return [`${file}: snapshot not recorded (the document has no validationSnapshot)`];
    case "not-comparable":
      return [`${file}: snapshot not comparable: the recorded validationSnapshot is invalid`];
    default: {
      const lines = [`${file}: snapshot ${diff.status}`];
      const pair = (what: string, change: { recorded: string; current: string }) =>
        `  ${what}: ${change.recorded === change.current ? `${change.current} (unchanged)` : `${change.recorded} → ${change.current}`}`;
      lines.push(pair("conformance", diff.conformance), pair("calculations", diff.calculations));
      let unchanged = 0;
      for (const change of diff.applications) {
        if (change.change === "unchanged") unchanged++;
        else if (change.change === "added") lines.push(`  added    ${keyText(change.current)}: ${statusText(change.current)}`);
        else if (change.change === "removed") lines.push(`  removed  ${keyText(change.recorded)}: ${statusText(change.recorded)}`);
        else lines.push(`  changed  ${keyText(change.current)}: ${statusText(change.recorded)} → ${statusText(change.current)}`);
      }
      lines.push(`  ${unchanged} rollup check${unchanged === 1 ? "" : "s"} unchanged`);
      return lines;
    }
  }
}

function keyText(application: RollupApplication): string {
  const { key } = application;
  return `${key.statement} / ${key.parent} / ${key.period}`;
}

function statusText(application: RollupApplication): string {
  if (application.status === "error") return `not evaluated (${application.reason} at ${application.cell.item} ${application.cell.period})`;
  if (application.status === "satisfied") return `satisfied (${groupDigits(application.actual)})`;
  return `not satisfied (${groupDigits(application.actual)} stated, children ${groupDigits(application.expected)}, difference ${groupDigits(application.difference)})`;
}
