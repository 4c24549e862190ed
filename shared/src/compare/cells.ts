// `fsdoc render --format cells`: a document as lines for Git's textconv diff driver, one line per
// cell with its statement, row label and period, so that `git diff` and `git log -p` show
// cell-level changes. Every line stands on its own (no line depends on its neighbours or on a
// position), so a moved row moves its lines and a renamed period id changes nothing. Values are
// written as amounts (value × 10^scale, with the measure), so re-expressing a unit from thousands
// to millions changes its one unit line and no cell line (a failing subtotal's line too, written in
// the same amounts). Any parsed value is accepted: a
// nonconforming document is written as far as it can be read.

import { groupDigits } from "../render/format";
import { shiftDecimal } from "./amounts";
import { periodName } from "../model/names";
import { cellOf, readSide, type SideUnit } from "./read";
import type { CompareCell } from "./types";
import type { RollupApplication, ValidationResult } from "../types";

/** Beyond this many places an amount is written as value × 10^scale rather than in full. */
const MAX_WRITTEN_SCALE = 30;

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ");

export function amountText(value: string, unit: SideUnit | undefined): string {
  const measure = unit?.measure === undefined ? "" : ` ${unit.measure}`;
  const scale = unit?.scale === undefined ? undefined : Number(unit.scale);
  if (scale === undefined || Math.abs(scale) > MAX_WRITTEN_SCALE) return `${groupDigits(value)}${scale === undefined || scale === 0 ? "" : ` × 10^${unit?.scale}`}${measure}`;
  return `${groupDigits(shiftDecimal(value, scale))}${measure}`;
}

function cellLine(cell: CompareCell | undefined, unit: SideUnit | undefined): string {
  if (cell === undefined) return "(no cell)";
  if (cell === null) return "— (missing)";
  if (typeof cell === "string") return amountText(cell, unit);
  return "unavailable" in cell ? "n/a (unavailable)" : `${cell.invalid} (not a decimal string)`;
}

/** A failing subtotal's line, its amounts written as the cell lines write them (in whole units of the parent's unit), so one diff reads in one scale. */
function rollupLine(application: RollupApplication, unit: SideUnit | undefined): string {
  if (application.status === "error") return `not evaluated: ${application.cell.item} ${application.reason === "missing-value" ? "has no value" : "is unavailable"}`;
  if (application.status === "satisfied") return "adds up";
  const amount = (value: string) => amountText(value, unit);
  return `does not add up: stated ${amount(application.actual)}, children sum to ${amount(application.expected)}, difference ${amount(application.difference)}`;
}

export function cellLines(value: unknown, result: ValidationResult): string {
  const side = readSide(value);
  const lines: string[] = [];
  const entity = (value as { entity?: { name?: unknown } } | null)?.entity?.name;
  lines.push(`FS document: ${typeof entity === "string" ? oneLine(entity) : "(no entity name)"}`);
  lines.push(
    result.conformance.status === "conforming"
      ? `conforming; rollups ${result.calculations.status}`
      : `nonconforming: ${result.conformance.errors.length} structural error${result.conformance.errors.length === 1 ? "" : "s"}`,
  );
  for (const error of result.conformance.errors) lines.push(`error ${error.code} at ${error.path || "(document)"}: ${oneLine(error.message)}`);
  for (const unit of side.units.values()) {
    lines.push(
      `unit ${unit.id}: ${oneLine(unit.label ?? "(no label)")}, measure ${oneLine(unit.measure ?? "(none)")}, scale ${unit.scale ?? "(invalid)"}${unit.defaultTolerance === undefined ? "" : `, tolerance ${unit.defaultTolerance}`}`,
    );
  }
  for (const period of side.periods.values()) lines.push(`period ${period.id}: ${period.kind ?? "(no kind)"} ${periodName(period)}`);
  const failing = new Map<string, RollupApplication>();
  for (const application of result.calculations.applications) {
    if (application.status !== "satisfied") failing.set(`${application.key.statement}\u0000${application.key.parent}\u0000${application.key.period}`, application);
  }
  for (const statement of side.statements) {
    const name = oneLine(statement.label ?? statement.id);
    lines.push(`statement ${statement.id}: ${name}`);
    const periods = statement.periods.map((period) => {
      const entry = side.periods.get(period);
      return [period, entry === undefined ? period : periodName(entry)] as const;
    });
    for (const item of statement.items) {
      const row = `${name} | ${oneLine(item.label ?? item.id)} (${item.id})`;
      const unit = item.unit === undefined ? undefined : side.units.get(item.unit);
      lines.push(
        `${row} | unit ${item.unit ?? "(none)"}${item.rollupTo === undefined ? "" : ` | rolls up to ${item.rollupTo}`}${item.description === undefined ? "" : ` | ${oneLine(item.description)}`}`,
      );
      for (const [period, label] of periods) {
        lines.push(`${row} | ${label} | ${cellLine(cellOf(item, period), unit)}`);
        const application = failing.get(`${statement.id}\u0000${item.id}\u0000${period}`);
        if (application !== undefined) lines.push(`${row} | ${label} | Σ ${rollupLine(application, unit)}`);
      }
    }
  }
  return lines.join("\n") + "\n";
}
