import * as l10n from "@vscode/l10n";
import { isNonnegativeDecimal, canonicalDecimal } from "../decimal/grammar";
import { pointer } from "../json/pointer";
import { IssueList, describeType, hasMember, jsonType, show } from "./issue";
import { Definitions, expectObjectWithMembers, identifierMember, memberSet, nonemptyStringMember } from "./shape";

const UNIT = memberSet(() => l10n.t("A unit"), ["id", "label", "measure", "scale"], ["defaultTolerance"]);
const MAX_SCALE = 9007199254740991;

export interface UnitFacts {
  index: number;
  record: Record<string, unknown>;
}

/** Checks every unit; returns the units by (valid, first-defined) id. */
export function checkUnits(issues: IssueList, units: readonly unknown[]): Map<string, UnitFacts> {
  const definitions = new Definitions(issues, "unit", "/units");
  const byId = new Map<string, UnitFacts>();
  units.forEach((value, index) => {
    const path = pointer("units", index);
    const record = expectObjectWithMembers(issues, value, path, UNIT);
    if (record === undefined) return;
    const id = identifierMember(issues, record, "id", path, () => l10n.t("The unit id"));
    nonemptyStringMember(issues, record, "label", path, () => l10n.t("The unit label"));
    nonemptyStringMember(issues, record, "measure", path, () => l10n.t("The unit measure"));
    if (hasMember(record, "scale")) checkScale(issues, record.scale, `${path}/scale`);
    if (hasMember(record, "defaultTolerance")) checkTolerance(issues, record.defaultTolerance, `${path}/defaultTolerance`);
    if (id === undefined) return;
    definitions.define(id, index);
    if (!byId.has(id)) byId.set(id, { index, record });
  });
  return byId;
}

function checkScale(issues: IssueList, scale: unknown, path: string): void {
  if (typeof scale !== "number" || !Number.isInteger(scale)) {
    issues.report(
      "invalid-type",
      path,
      l10n.t("The scale must be an integer (a power of ten such as 0, 3 or 6), not {0}.", typeof scale === "number" ? String(scale) : describeType(jsonType(scale))),
      {
        expected: "integer",
        actual: jsonType(scale),
      },
    );
  } else if (scale > MAX_SCALE || scale < -MAX_SCALE) {
    issues.report("scale-out-of-range", path, l10n.t("The scale {0} is outside the allowed range {1} to {2}.", scale, `-${MAX_SCALE}`, MAX_SCALE), {
      minimum: -MAX_SCALE,
      maximum: MAX_SCALE,
    });
  }
}

function checkTolerance(issues: IssueList, tolerance: unknown, path: string): void {
  if (isNonnegativeDecimal(tolerance)) return;
  let reason: string;
  let canonical: string | undefined;
  if (typeof tolerance === "number") {
    // The number's digits are only in the source text (the editor's quick fix reads them there).
    reason = l10n.t("it is a JSON number; write it in quotes");
  } else if (typeof tolerance !== "string") {
    reason = l10n.t("it is {0}", describeType(jsonType(tolerance)));
  } else {
    canonical = canonicalDecimal(tolerance);
    reason = canonical !== undefined && canonical.startsWith("-") ? l10n.t("it is negative") : l10n.t("{0} is not a canonical decimal", show(tolerance));
  }
  const message =
    canonical !== undefined && !canonical.startsWith("-")
      ? l10n.t('The default tolerance must be a nonnegative decimal string such as "{0}"; {1}.', canonical, reason)
      : l10n.t('The default tolerance must be a nonnegative decimal string such as "0" or "0.5"; {0}.', reason);
  issues.report("invalid-tolerance", path, message, {
    actual: typeof tolerance === "string" ? tolerance : jsonType(tolerance),
    canonical,
  });
}
