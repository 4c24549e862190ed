import * as l10n from "@vscode/l10n";
import { pointer } from "../json/pointer";
import { IssueList, show } from "./issue";
import { checkItems } from "./items";
import type { UnitFacts } from "./units";
import { Definitions, checkIdentifier, expectObjectWithMembers, identifierMember, memberSet, nonemptyArrayMember, nonemptyStringMember } from "./shape";

const STATEMENT = memberSet(() => l10n.t("A statement"), ["id", "label", "periods", "items"]);

export function checkStatements(issues: IssueList, statements: readonly unknown[], units: ReadonlyMap<string, UnitFacts>, periodIds: ReadonlySet<string>): void {
  const definitions = new Definitions(issues, "statement", "/statements");
  statements.forEach((value, index) => {
    const path = pointer("statements", index);
    const record = expectObjectWithMembers(issues, value, path, STATEMENT);
    if (record === undefined) return;
    const id = identifierMember(issues, record, "id", path, () => l10n.t("The statement id"));
    if (id !== undefined) definitions.define(id, index);
    nonemptyStringMember(issues, record, "label", path, () => l10n.t("The statement label"));
    const periods = nonemptyArrayMember(issues, record, "periods", path, () => l10n.t("The statement's periods"));
    const selected = periods === undefined ? undefined : checkSelectedPeriods(issues, periods, `${path}/periods`, periodIds);
    const items = nonemptyArrayMember(issues, record, "items", path, () => l10n.t("The statement's items"));
    if (items !== undefined) checkItems(issues, items, path, units, selected);
  });
}

/**
 * Checks the statement's period references; returns them as the set that every item's values must
 * be keyed by, or undefined when an entry is malformed (then the value maps cannot be judged).
 */
function checkSelectedPeriods(issues: IssueList, periods: readonly unknown[], path: string, periodIds: ReadonlySet<string>): ReadonlySet<string> | undefined {
  const firstByPeriod = new Map<string, number>();
  let wellFormed = true;
  periods.forEach((value, index) => {
    const at = `${path}/${index}`;
    const id = checkIdentifier(issues, value, at, () => l10n.t("A period reference"));
    if (id === undefined) {
      wellFormed = false;
      return;
    }
    const first = firstByPeriod.get(id);
    if (first !== undefined) {
      issues.report("duplicate-reference", at, l10n.t("Period {0} is already listed at position {1}; list each period once.", show(id), first), {
        id,
        first: `${path}/${first}`,
      });
      return;
    }
    firstByPeriod.set(id, index);
    if (!periodIds.has(id)) {
      issues.report("unresolved-reference", at, l10n.t("No period has the id {0}; define it in the document's periods or use a defined id.", show(id)), {
        target: "period",
        id,
      });
    }
  });
  return wellFormed ? new Set(firstByPeriod.keys()) : undefined;
}
