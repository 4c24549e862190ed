// The top level (2.2), entity and scope (2.3), and the order in which the parts are checked:
// definitions (units, periods) before the statements that reference them.

import * as l10n from "@vscode/l10n";
import { DOCUMENT_SCHEMA_URI, FORMAT_VERSION } from "../types";
import { IssueList, describeType, hasMember, isRecord, jsonType, show, type Subject } from "./issue";
import { checkPeriods } from "./periods";
import { identifierMember, memberSet, checkMembers, expectObjectWithMembers, nonemptyArrayMember, nonemptyStringMember } from "./shape";
import { checkSnapshot } from "./snapshot";
import { checkStatements } from "./statements";
import { checkUnits, type UnitFacts } from "./units";

const DOCUMENT = memberSet(() => l10n.t("An FS document"), ["formatVersion", "entity", "scope", "units", "periods", "statements"], ["$schema", "documentId", "validationSnapshot"]);
const ENTITY = memberSet(() => l10n.t("The entity"), ["name"], ["id"]);
const SCOPE = memberSet(() => l10n.t("The scope"), ["label"], ["id"]);

export function checkDocument(issues: IssueList, value: unknown): void {
  if (!isRecord(value)) {
    issues.report("invalid-type", "", l10n.t("An FS document must be a JSON object, not {0}.", describeType(jsonType(value))), {
      expected: "object",
      actual: jsonType(value),
    });
    return;
  }
  checkMembers(issues, value, "", DOCUMENT);
  if (hasMember(value, "$schema") && value.$schema !== DOCUMENT_SCHEMA_URI) {
    issues.report("invalid-value", "/$schema", l10n.t('$schema must be "{0}" (or be omitted), not {1}.', DOCUMENT_SCHEMA_URI, show(value.$schema)), {
      rule: "const",
      expected: DOCUMENT_SCHEMA_URI,
    });
  }
  if (hasMember(value, "formatVersion") && value.formatVersion !== FORMAT_VERSION) {
    issues.report(
      "invalid-value",
      "/formatVersion",
      value.formatVersion === "0.1"
        ? l10n.t('formatVersion "0.1" is the previous format; this is a 0.2 validator. Set "0.2" and remove groupingColumns and groupings.')
        : l10n.t('formatVersion must be "0.2", not {0}.', show(value.formatVersion)),
      { rule: "format-version", actual: typeof value.formatVersion === "string" ? value.formatVersion : jsonType(value.formatVersion) },
    );
  }
  identifierMember(issues, value, "documentId", "", () => l10n.t("The documentId"));
  checkParty(
    issues,
    value,
    "entity",
    ENTITY,
    "name",
    () => l10n.t("The entity name"),
    () => l10n.t("The entity id"),
  );
  checkParty(
    issues,
    value,
    "scope",
    SCOPE,
    "label",
    () => l10n.t("The scope label"),
    () => l10n.t("The scope id"),
  );

  const units = nonemptyArrayMember(issues, value, "units", "", () => l10n.t("The units"));
  const unitsById = units === undefined ? new Map<string, UnitFacts>() : checkUnits(issues, units);
  const periods = nonemptyArrayMember(issues, value, "periods", "", () => l10n.t("The periods"));
  const periodIds = periods === undefined ? new Set<string>() : checkPeriods(issues, periods);
  const statements = nonemptyArrayMember(issues, value, "statements", "", () => l10n.t("The statements"));
  if (statements !== undefined) checkStatements(issues, statements, unitsById, periodIds);
  if (hasMember(value, "validationSnapshot")) checkSnapshot(issues, value.validationSnapshot);
}

function checkParty(issues: IssueList, document: Record<string, unknown>, name: string, members: typeof ENTITY, text: string, what: Subject, idWhat: Subject): void {
  if (!hasMember(document, name)) return;
  const record = expectObjectWithMembers(issues, document[name], `/${name}`, members);
  if (record === undefined) return;
  nonemptyStringMember(issues, record, text, `/${name}`, what);
  identifierMember(issues, record, "id", `/${name}`, idWhat);
}
