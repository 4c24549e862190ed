// The embedded validationSnapshot (2.11): its shape, its internal consistency (section 3, Snapshot
// consistency), the arithmetic of each recorded application, and unique keys. Recorded keys and
// cells are never resolved against the current document.

import * as l10n from "@vscode/l10n";
import { DECIMAL, NONNEGATIVE_DECIMAL } from "../decimal/grammar";
import { absAtMost, subtract } from "../decimal/exact";
import { IssueList, describeType, hasMember, isRecord, jsonType, show } from "./issue";
import { checkIdentifier, expectObject, expectObjectWithMembers, memberSet, checkMembers } from "./shape";

const SNAPSHOT = memberSet(() => l10n.t("The validation snapshot"), ["conformance", "calculations", "applications"]);
const NUMERIC_APPLICATION = memberSet(() => l10n.t("A recorded application"), ["key", "status", "actual", "expected", "difference", "tolerance"]);
const ERROR_APPLICATION = memberSet(() => l10n.t("A recorded error application"), ["key", "status", "reason", "cell"]);
const ANY_APPLICATION = memberSet(() => l10n.t("A recorded application"), ["key", "status"], ["actual", "expected", "difference", "tolerance", "reason", "cell"]);
const KEY = memberSet(() => l10n.t("An application key"), ["statement", "parent", "period"]);
const CELL = memberSet(() => l10n.t("A cell identity"), ["statement", "item", "period"]);
const CONFORMANCE = ["conforming", "nonconforming"];
const CALCULATIONS = ["not-run", "not-defined", "consistent", "inconsistent"];
const STATUSES = ["satisfied", "unsatisfied", "error"];
const REASONS = ["missing-value", "unavailable-value"];
const PATH = "/validationSnapshot";

export function checkSnapshot(issues: IssueList, value: unknown): void {
  const snapshot = expectObjectWithMembers(issues, value, PATH, SNAPSHOT);
  if (snapshot === undefined) return;
  const conformance = enumMember(issues, snapshot, "conformance", CONFORMANCE);
  const calculations = enumMember(issues, snapshot, "calculations", CALCULATIONS);
  if (conformance !== undefined && calculations !== undefined && (conformance === "nonconforming") !== (calculations === "not-run")) {
    issues.report(
      "invalid-value",
      `${PATH}/calculations`,
      conformance === "nonconforming"
        ? l10n.t('A nonconforming snapshot must record calculations "not-run", not "{0}".', calculations)
        : l10n.t('A conforming snapshot cannot record calculations "not-run"; rollups run on every conforming document.'),
      { rule: "snapshot-consistency" },
    );
  }
  if (!hasMember(snapshot, "applications")) return;
  const applications = snapshot.applications;
  if (!Array.isArray(applications)) {
    issues.report("invalid-type", `${PATH}/applications`, l10n.t("The recorded applications must be an array, not {0}.", describeType(jsonType(applications))), {
      expected: "array",
      actual: jsonType(applications),
    });
    return;
  }
  const firstByKey = new Map<string, number>();
  applications.forEach((application, index) => {
    const key = checkApplication(issues, application, `${PATH}/applications/${index}`);
    if (key === undefined) return;
    const first = firstByKey.get(key);
    if (first === undefined) firstByKey.set(key, index);
    else {
      issues.report(
        "duplicate-application-key",
        `${PATH}/applications/${index}/key`,
        l10n.t("Application {0} already records this key; each statement, parent and period appears once.", first),
        {
          first: `${PATH}/applications/${first}/key`,
        },
      );
    }
  });
  if (calculations !== undefined) checkApplicationSet(issues, calculations, applications);
}

function checkApplicationSet(issues: IssueList, calculations: string, applications: readonly unknown[]): void {
  const statusOf = (application: unknown): unknown => (isRecord(application) ? application.status : undefined);
  const at = `${PATH}/applications`;
  if ((calculations === "not-run" || calculations === "not-defined") && applications.length > 0) {
    issues.report("invalid-value", at, l10n.t('Calculations "{0}" record no applications, but {1} are listed.', calculations, applications.length), {
      rule: "snapshot-consistency",
    });
  } else if ((calculations === "consistent" || calculations === "inconsistent") && applications.length === 0) {
    issues.report("invalid-value", at, l10n.t('Calculations "{0}" require at least one recorded application.', calculations), { rule: "snapshot-consistency" });
  } else if (calculations === "consistent") {
    applications.forEach((application, index) => {
      const status = statusOf(application);
      // A status that is not one of the three is already reported where it is checked.
      if (status === "unsatisfied" || status === "error") {
        issues.report("invalid-value", `${at}/${index}/status`, l10n.t('Calculations "consistent" require every application to be satisfied, but this one is {0}.', show(status)), {
          rule: "snapshot-consistency",
        });
      }
    });
  } else if (
    calculations === "inconsistent" &&
    // An application without a valid status is reported itself; it might be the unsatisfied one.
    applications.every((application) => STATUSES.includes(statusOf(application) as string)) &&
    !applications.some((application) => statusOf(application) === "unsatisfied" || statusOf(application) === "error")
  ) {
    issues.report("invalid-value", at, l10n.t('Calculations "inconsistent" require at least one unsatisfied or error application.'), { rule: "snapshot-consistency" });
  }
}

/** Checks one recorded application; returns its key as a string when the key is well-formed. */
function checkApplication(issues: IssueList, value: unknown, path: string): string | undefined {
  const application = expectObject(issues, value, path, () => l10n.t("A recorded application"));
  if (application === undefined) return undefined;
  const status = application.status;
  const numeric = status === "satisfied" || status === "unsatisfied";
  // A missing or mistyped status names no variant: the members are judged against both variants
  // together, so one typo is one error, not a cascade of "missing" and "unknown" members.
  const variant = numeric ? NUMERIC_APPLICATION : status === "error" ? ERROR_APPLICATION : ANY_APPLICATION;
  checkMembers(issues, application, path, variant);
  if (hasMember(application, "status") && variant === ANY_APPLICATION) {
    issues.report("invalid-value", `${path}/status`, l10n.t('The status must be "satisfied", "unsatisfied" or "error", not {0}.', show(status)), {
      rule: "enum",
      allowed: STATUSES,
    });
  }
  const key = identityMember(issues, application, "key", path, KEY);
  if (variant !== ERROR_APPLICATION) {
    const actual = decimalMember(issues, application, "actual", path, DECIMAL);
    const expected = decimalMember(issues, application, "expected", path, DECIMAL);
    const difference = decimalMember(issues, application, "difference", path, DECIMAL);
    const tolerance = decimalMember(issues, application, "tolerance", path, NONNEGATIVE_DECIMAL);
    if (numeric && actual !== undefined && expected !== undefined && difference !== undefined && tolerance !== undefined) {
      const exact = subtract(actual, expected);
      if (exact !== difference) {
        issues.report("invalid-value", path, l10n.t("The recorded difference {0} is not actual − expected ({1} − {2} = {3}).", difference, actual, expected, exact), {
          rule: "snapshot-arithmetic",
          exact,
        });
      } else if ((status === "satisfied") !== absAtMost(difference, tolerance)) {
        issues.report(
          "invalid-value",
          path,
          l10n.t(
            'The recorded status "{0}" contradicts |difference| {1} tolerance ({2} against {3}).',
            String(status),
            absAtMost(difference, tolerance) ? "≤" : ">",
            difference,
            tolerance,
          ),
          { rule: "snapshot-status" },
        );
      }
    }
  }
  if (variant !== NUMERIC_APPLICATION) {
    if (hasMember(application, "reason") && !REASONS.includes(application.reason as string)) {
      issues.report("invalid-value", `${path}/reason`, l10n.t('The reason must be "missing-value" or "unavailable-value", not {0}.', show(application.reason)), {
        rule: "enum",
        allowed: REASONS,
      });
    }
    identityMember(issues, application, "cell", path, CELL);
  }
  return key;
}

function identityMember(issues: IssueList, record: Record<string, unknown>, name: string, path: string, members: typeof KEY): string | undefined {
  if (!hasMember(record, name)) return undefined;
  const at = `${path}/${name}`;
  const identity = expectObjectWithMembers(issues, record[name], at, members);
  if (identity === undefined) return undefined;
  const parts: string[] = [];
  for (const part of members.required) {
    if (!hasMember(identity, part)) return undefined;
    const id = checkIdentifier(issues, identity[part], `${at}/${part}`, () => l10n.t("The {0} id", part));
    if (id === undefined) return undefined;
    parts.push(id);
  }
  return JSON.stringify(parts);
}

function decimalMember(issues: IssueList, record: Record<string, unknown>, name: string, path: string, grammar: RegExp): string | undefined {
  if (!hasMember(record, name)) return undefined;
  const value = record[name];
  const at = `${path}/${name}`;
  if (typeof value !== "string") {
    issues.report("invalid-type", at, l10n.t("The {0} must be a decimal string, not {1}.", name, describeType(jsonType(value))), { expected: "string", actual: jsonType(value) });
    return undefined;
  }
  if (!grammar.test(value)) {
    const message =
      grammar === NONNEGATIVE_DECIMAL
        ? l10n.t("The {0} {1} is not a canonical nonnegative decimal.", name, show(value))
        : l10n.t("The {0} {1} is not a canonical decimal.", name, show(value));
    issues.report("invalid-value", at, message, { rule: "decimal", actual: value });
    return undefined;
  }
  return value;
}

function enumMember(issues: IssueList, record: Record<string, unknown>, name: string, allowed: readonly string[]): string | undefined {
  if (!hasMember(record, name)) return undefined;
  const value = record[name];
  if (typeof value === "string" && allowed.includes(value)) return value;
  issues.report("invalid-value", `${PATH}/${name}`, l10n.t("The recorded {0} must be one of {1}, not {2}.", name, allowed.map((v) => `"${v}"`).join(", "), show(value)), {
    rule: "enum",
    allowed,
  });
  return undefined;
}
