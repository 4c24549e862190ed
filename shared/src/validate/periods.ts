import * as l10n from "@vscode/l10n";
import { pointer } from "../json/pointer";
import { dateProblem } from "./dates";
import { IssueList, hasMember, jsonType, describeType, show } from "./issue";
import { Definitions, checkMembers, expectObject, identifierMember, memberSet } from "./shape";

const INSTANT = memberSet(() => l10n.t("An instant period"), ["id", "kind", "date"]);
const DURATION = memberSet(() => l10n.t("A duration period"), ["id", "kind", "start", "end"]);

/** Checks every period; returns the set of (valid) period ids. */
export function checkPeriods(issues: IssueList, periods: readonly unknown[]): Set<string> {
  const definitions = new Definitions(issues, "period", "/periods");
  const firstByDefinition = new Map<string, number>();
  periods.forEach((value, index) => {
    const path = pointer("periods", index);
    const record = expectObject(issues, value, path, () => l10n.t("A period"));
    if (record === undefined) return;
    const id = identifierMember(issues, record, "id", path, () => l10n.t("The period id"));
    if (id !== undefined) definitions.define(id, index);
    const definition = checkPeriodKind(issues, record, path);
    if (definition === undefined) return;
    const first = firstByDefinition.get(definition);
    if (first !== undefined) {
      issues.report(
        "duplicate-period-definition",
        path,
        definition.startsWith("instant")
          ? l10n.t("This period describes the same date as period {0}; define each period once and reference it by id.", first)
          : l10n.t("This period describes the same start and end as period {0}; define each period once and reference it by id.", first),
        { first: pointer("periods", first) },
      );
    } else {
      firstByDefinition.set(definition, index);
    }
  });
  return new Set(definitions.firstIndex.keys());
}

/** Checks kind, member set and dates; returns a key naming what the period describes, when valid. */
function checkPeriodKind(issues: IssueList, record: Record<string, unknown>, path: string): string | undefined {
  if (!hasMember(record, "kind")) {
    issues.report("required-property", `${path}/kind`, l10n.t('A period is missing the required member "kind" ("instant" or "duration").'), { member: "kind" });
    return undefined;
  }
  const kind = record.kind;
  if (kind === "instant") {
    checkMembers(issues, record, path, INSTANT);
    const date = checkDate(issues, record, "date", path);
    return date === undefined ? undefined : `instant:${date}`;
  }
  if (kind === "duration") {
    checkMembers(issues, record, path, DURATION);
    const start = checkDate(issues, record, "start", path);
    const end = checkDate(issues, record, "end", path);
    if (start === undefined || end === undefined) return undefined;
    // A reversed duration still names a (start, end) pair, so it still counts for duplicates.
    if (start > end) issues.report("invalid-duration", path, l10n.t("The duration starts ({0}) after it ends ({1}); start must be no later than end.", start, end), { start, end });
    return `duration:${start}:${end}`;
  }
  issues.report("invalid-value", `${path}/kind`, l10n.t('The period kind must be "instant" or "duration", not {0}.', show(kind)), {
    rule: "enum",
    allowed: ["instant", "duration"],
  });
  return undefined;
}

function checkDate(issues: IssueList, record: Record<string, unknown>, name: string, path: string): string | undefined {
  if (!hasMember(record, name)) return undefined;
  const value = record[name];
  const at = `${path}/${name}`;
  if (typeof value !== "string") {
    issues.report("invalid-type", at, l10n.t('The {0} must be a date string like "2025-12-31", not {1}.', name, describeType(jsonType(value))), {
      expected: "string",
      actual: jsonType(value),
    });
    return undefined;
  }
  const problem = dateProblem(value);
  if (problem === "format") {
    issues.report("invalid-value", at, l10n.t('The {0} {1} is not a date in the form YYYY-MM-DD (e.g. "2025-12-31").', name, show(value)), { rule: "date-format" });
    return undefined;
  }
  if (problem === "calendar") {
    issues.report("invalid-date", at, l10n.t("The {0} {1} is not a real calendar date.", name, show(value)), { date: value });
    return undefined;
  }
  return value;
}
