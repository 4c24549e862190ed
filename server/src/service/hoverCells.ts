// The hover of one value cell: for a subtotal, its whole rollup in that period (children, expected
// sum, stated value, difference, tolerance, status); for a child, the subtotal it rolls into and
// how that subtotal fares. Values are shown exactly as stored. Below a failing subtotal's published
// diagnostic, only what the diagnostic does not say: a line of its children's values.

import { childrenOf, itemName, parentOf, unitSummary, type ItemEntry, type RollupApplication, type StatementEntry } from "../../../shared/src/index";
import * as l10n from "@vscode/l10n";
import type { DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { ParsedVersion } from "../analysis";
import { applicationFor, cellText, periodNamer, storedCells, type StoredCell } from "./documentFacts";
import { bold, codeSpan, escapeText, tableRow } from "./markdown";
import { causesMarkdown } from "./rollupCauses";

/**
 * `causesInProblems`: a failing subtotal's diagnostic carries its likely causes (fs.rollups.severity
 * is not off). VS Code shows that diagnostic above this hover (stated value, sum, difference,
 * tolerance, causes, then its actions), within the 250 px a hover shows before it scrolls, which
 * leaves about three lines. So the hover of a failing subtotal is then one paragraph, its children's
 * values (see childrenLine), and says nothing the diagnostic says.
 */
export function cellHover(good: ParsedVersion, statement: StatementEntry, item: ItemEntry, period: string, display: DisplayFormat, causesInProblems = false): string {
  const application = item.children.length > 0 && causesInProblems ? applicationFor(good, statement, item, period) : undefined;
  if (application?.status === "unsatisfied") return childrenLine(good, statement, item, period, application.expected, display);
  const sections = [heading(good, statement, item, period, display)];
  if (item.children.length > 0) sections.push(rollupSection(good, statement, item, period, display));
  if (item.rollupTo !== undefined) sections.push(rollsIntoSection(good, statement, item, period, display));
  if (sections.length === 1) sections.push(l10n.t("Stored value: {0}", cellMarkdown(storedCells(good, statement, [item], period)[0]!, display)));
  return sections.join("\n\n");
}

function heading(good: ParsedVersion, statement: StatementEntry, item: ItemEntry, period: string, display: DisplayFormat): string {
  const when = good.model.periods.has(period) ? periodText(good, period, display) : `${codeSpan(period)} (${l10n.t("undefined period")})`;
  const name = [bold(itemName(item)), ...(item.id === undefined ? [] : [codeSpan(item.id)])].join(" ");
  const note = statement.periods.includes(period) ? "" : ` · ${l10n.t("not one of this statement's periods")}`;
  return `${name} · ${when} · ${unitText(good, item)}${note}`;
}

/**
 * A period as the hover names it: as its column heading does (periodNamer), in plain text (VS Code
 * pads a code span, which read as "in  fy2025 ,").
 */
function periodText(good: ParsedVersion, period: string, display: DisplayFormat): string {
  return escapeText(periodNamer(good, display)(period));
}

function unitText(good: ParsedVersion, item: ItemEntry): string {
  const unit = item.unit === undefined ? undefined : good.model.units.get(item.unit);
  return unit === undefined ? (item.unit === undefined ? l10n.t("no unit") : l10n.t("unit {0} (undefined)", codeSpan(item.unit))) : escapeText(unitSummary(unit));
}

/**
 * A failing subtotal's children and their sum in one paragraph, for the hover below its diagnostic:
 * "Children of **Operating profit** in 2025-01-01 – 2025-12-31, GBP thousands: Gross profit 50,910 · … · sum
 * **18,110**". A name and its value never part at a line's end.
 */
function childrenLine(good: ParsedVersion, statement: StatementEntry, parent: ItemEntry, period: string, sum: string, display: DisplayFormat): string {
  const children = childrenOf(statement, parent);
  const cells = storedCells(good, statement, children, period);
  const values = children.map((child, index) => `${escapeText(itemName(child))}\u00a0${cellMarkdown(cells[index]!, display)}`);
  // A formatted number holds digits, separators and a sign only: nothing Markdown would read.
  return l10n.t(
    "Children of {0} in {1}, {2}: {3} · sum {4}",
    bold(itemName(parent)),
    periodText(good, period, display),
    unitText(good, parent),
    values.join(" · "),
    `**${display.number(sum)}**`,
  );
}

function rollupSection(good: ParsedVersion, statement: StatementEntry, parent: ItemEntry, period: string, display: DisplayFormat): string {
  const rows = [tableRow([l10n.t("Item"), periodText(good, period, display)]), tableRow([":--", "--:"])];
  const children = childrenOf(statement, parent);
  const cells = storedCells(good, statement, [...children, parent], period);
  children.forEach((child, index) => rows.push(tableRow([escapeText(itemName(child)), cellMarkdown(cells[index]!, display, true)])));
  const application = applicationFor(good, statement, parent, period);
  const stated = l10n.t("**Actual** ({0})", escapeText(itemName(parent)));
  if (application !== undefined && application.status !== "error") {
    rows.push(
      tableRow([l10n.t("**Expected** (sum of children)"), display.number(application.expected)]),
      tableRow([stated, display.number(application.actual)]),
      tableRow([l10n.t("**Difference**"), display.number(application.difference)]),
      tableRow([l10n.t("Tolerance"), display.number(application.tolerance)]),
    );
  } else {
    rows.push(tableRow([stated, cellMarkdown(cells[children.length]!, display, true)]));
  }
  const causes = application?.status === "unsatisfied" ? causesMarkdown(good, application.key, display) : undefined;
  return `${rows.join("\n")}\n\n${statusText(good, statement, parent, application, display)}${causes === undefined ? "" : `\n\n${causes}`}`;
}

function rollsIntoSection(good: ParsedVersion, statement: StatementEntry, item: ItemEntry, period: string, display: DisplayFormat): string {
  const parent = parentOf(statement, item);
  const target = item.rollupTo ?? "";
  if (parent === undefined) {
    return target === item.id
      ? l10n.t("Rolls into itself ({0}), which is not allowed.", codeSpan(target))
      : l10n.t("Rolls into {0}, which is no item of this statement.", codeSpan(target));
  }
  const line = l10n.t("Rolls into {0} ({1})", bold(itemName(parent)), codeSpan(target));
  const application = applicationFor(good, statement, parent, period);
  return `${line}\n\n${periodText(good, period, display)}: ${statusText(good, statement, parent, application, display)}`;
}

/** The subtotal's status in one period, in words. */
function statusText(good: ParsedVersion, statement: StatementEntry, parent: ItemEntry, application: RollupApplication | undefined, display: DisplayFormat): string {
  if (application === undefined) {
    const errors = good.analysis.result.conformance.errors.length;
    if (errors === 0) return l10n.t("Not checked: this period is not one of the statement's periods.");
    const count = display.number(String(errors));
    return errors === 1
      ? l10n.t("Not checked: rollups run only when the document conforms (it has {0} structural error).", count)
      : l10n.t("Not checked: rollups run only when the document conforms (it has {0} structural errors).", count);
  }
  if (application.status !== "error") {
    const [actual, expected, difference, tolerance] = [application.actual, application.expected, application.difference, application.tolerance].map((value) =>
      display.number(value),
    );
    return application.status === "satisfied"
      ? l10n.t("✓ **satisfied**: stated {0}, children sum to {1} (difference {2}, tolerance {3})", actual!, expected!, difference!, tolerance!)
      : l10n.t("✗ **not satisfied**: stated {0}, children sum to {1}, off by {2} (tolerance {3})", actual!, expected!, difference!, tolerance!);
  }
  const period = periodText(good, application.cell.period, display);
  const cellItem = statement.itemsById.get(application.cell.item);
  if (application.cell.item === parent.id) {
    return application.reason === "missing-value"
      ? l10n.t("! **not evaluated** (missing value): the subtotal's own value has no value (null) in {0}, so the sum cannot be checked", period)
      : l10n.t("! **not evaluated** (unavailable value): the subtotal's own value is marked unavailable in {0}, so the sum cannot be checked", period);
  }
  const whose = bold(cellItem === undefined ? application.cell.item : itemName(cellItem));
  return application.reason === "missing-value"
    ? l10n.t("! **not evaluated** (missing value): {0} has no value (null) in {1}, so the sum cannot be checked", whose, period)
    : l10n.t("! **not evaluated** (unavailable value): {0} is marked unavailable in {1}, so the sum cannot be checked", whose, period);
}

function cellMarkdown(cell: StoredCell, display: DisplayFormat, inTable = false): string {
  return cell.kind === "other" ? codeSpan(cell.source, inTable) : cellText(cell, display);
}
