import * as l10n from "@vscode/l10n";
import { DECIMAL, canonicalDecimal } from "../decimal/grammar";
import { appendPointer } from "../json/pointer";
import { IssueList, describeType, hasMember, isRecord, jsonType, show } from "./issue";
import { checkRollupGraph, type RollupEdge } from "./rollup-graph";
import type { UnitFacts } from "./units";
import { Definitions, IDENTIFIER, checkMembers, expectObject, expectObjectWithMembers, identifierMember, memberSet, nonemptyStringMember } from "./shape";

const ITEM = memberSet(() => l10n.t("An item"), ["id", "label", "unit", "values"], ["description", "rollupTo"]);
const UNAVAILABLE = memberSet(() => l10n.t("An unavailable cell"), ["unavailable"]);

export function checkItems(
  issues: IssueList,
  items: readonly unknown[],
  statementPath: string,
  units: ReadonlyMap<string, UnitFacts>,
  selectedPeriods: ReadonlySet<string> | undefined,
): void {
  const definitions = new Definitions(issues, "item", `${statementPath}/items`);
  const edges: RollupEdge[] = [];
  items.forEach((value, index) => {
    const path = `${statementPath}/items/${index}`;
    const record = expectObjectWithMembers(issues, value, path, ITEM);
    if (record === undefined) return;
    const id = identifierMember(issues, record, "id", path, () => l10n.t("The item id"));
    if (id !== undefined) definitions.define(id, index);
    nonemptyStringMember(issues, record, "label", path, () => l10n.t("The item label"));
    nonemptyStringMember(issues, record, "description", path, () => l10n.t("The item description"));
    const unit = identifierMember(issues, record, "unit", path, () => l10n.t("The item unit"));
    if (unit !== undefined && !units.has(unit)) {
      issues.report("unresolved-reference", `${path}/unit`, l10n.t("No unit has the id {0}; define it in the document's units or use a defined id.", show(unit)), {
        target: "unit",
        id: unit,
      });
    }
    if (hasMember(record, "values")) {
      const values = expectObject(issues, record.values, `${path}/values`, () => l10n.t("The item's values"));
      if (values !== undefined) checkValues(issues, values, `${path}/values`, selectedPeriods);
    }
    const rollupTo = identifierMember(issues, record, "rollupTo", path, () => l10n.t("The rollupTo reference"));
    if (rollupTo !== undefined) edges.push({ index, id, unit: typeof record.unit === "string" ? record.unit : undefined, rollupTo });
  });
  checkRollupGraph(issues, statementPath, definitions.firstIndex, edges, items);
}

function checkValues(issues: IssueList, values: Record<string, unknown>, path: string, selected: ReadonlySet<string> | undefined): void {
  const extra: string[] = [];
  let expectedKeys = 0;
  for (const key in values) {
    const cell = values[key];
    if (selected !== undefined && selected.has(key)) {
      // The common case, kept cheap: a statement period (so an identifier) holding a decimal.
      expectedKeys++;
      if (typeof cell === "string" && DECIMAL.test(cell)) continue;
      checkCell(issues, cell, path, key);
      continue;
    }
    if (selected !== undefined) extra.push(key);
    if (!IDENTIFIER.test(key)) {
      issues.report(
        "invalid-value",
        appendPointer(path, key),
        l10n.t('The key {0} is not a period id: ids start with a letter and contain only letters, digits, ".", "_" and "-".', show(key)),
        {
          rule: "identifier",
          actual: key,
        },
      );
      // The member is reported at its path already; its cell (at the same path) is not judged too.
      continue;
    }
    checkCell(issues, cell, path, key);
  }
  if (selected === undefined || (extra.length === 0 && expectedKeys === selected.size)) return;
  // Bounded, so that the errors stay linear in the document: a statement of p periods and n items
  // with empty values would otherwise list p ids in each of n errors. The walk stops at the
  // LISTED_KEYS-th missing period, so it visits at most this item's own keys plus LISTED_KEYS.
  const missingCount = selected.size - expectedKeys;
  const missing: string[] = [];
  if (missingCount > 0) {
    for (const period of selected) {
      if (hasMember(values, period)) continue;
      missing.push(period);
      if (missing.length === LISTED_KEYS) break;
    }
  }
  const parts = [
    missingCount > 0 ? l10n.t("missing {0}", listed(missing, missingCount)) : "",
    extra.length > 0 ? l10n.t("not in the statement's periods: {0}", listed(extra.slice(0, LISTED_KEYS), extra.length)) : "",
  ].filter((part) => part !== "");
  issues.report(
    "map-key-mismatch",
    path,
    l10n.t("The values must have exactly one key per statement period ({0}); {1}.", listed(firstOf(selected, LISTED_KEYS), selected.size), parts.join("; ")),
    {
      // The first LISTED_KEYS missing periods (the quick fix reads the rest from the statement), and
      // every extra key: those are this item's own keys, so linear in total.
      missing,
      missingCount,
      extra,
    },
  );
}

/** How many keys a map-key-mismatch names in its message and lists as missing. */
export const LISTED_KEYS = 10;

function firstOf(values: Iterable<string>, count: number): string[] {
  const first: string[] = [];
  for (const value of values) {
    if (first.length === count) break;
    first.push(value);
  }
  return first;
}

function listed(keys: readonly string[], count: number): string {
  const names = keys.map((key) => show(key)).join(", ");
  return count > keys.length ? l10n.t("{0} and {1} more", names, count - keys.length) : names;
}

function checkCell(issues: IssueList, cell: unknown, valuesPath: string, key: string): void {
  if (typeof cell === "string") {
    if (DECIMAL.test(cell)) return;
    const canonical = canonicalDecimal(cell);
    issues.report(
      "invalid-value",
      appendPointer(valuesPath, key),
      canonical === undefined
        ? l10n.t('{0} is not a decimal; write a value like "1250" or "-3.75", null when missing, or {"unavailable": true}.', show(cell))
        : l10n.t('{0} is not in canonical form; write "{1}" (no leading "+", leading zeros, trailing fractional zeros or exponent).', show(cell), canonical),
      { rule: "decimal", actual: cell, canonical },
    );
    return;
  }
  if (cell === null) return;
  const path = appendPointer(valuesPath, key);
  if (typeof cell === "number") {
    issues.report(
      "decimal-string-required",
      path,
      l10n.t('A value must be an exact decimal written as a string: put the number in quotes (e.g. "1250"), since a JSON number may lose digits.'),
      {},
    );
    return;
  }
  if (!isRecord(cell)) {
    issues.report("invalid-type", path, l10n.t('A value must be a decimal string, null (missing) or {"unavailable": true}, not {0}.', describeType(jsonType(cell))), {
      expected: "cell",
      actual: jsonType(cell),
    });
    return;
  }
  checkMembers(issues, cell, path, UNAVAILABLE);
  if (hasMember(cell, "unavailable") && cell.unavailable !== true) {
    issues.report("invalid-value", `${path}/unavailable`, l10n.t('"unavailable" must be true; write null instead when the value is simply missing.'), {
      rule: "const",
      expected: "true",
    });
  }
}
