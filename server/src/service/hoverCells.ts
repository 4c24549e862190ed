// The hover of one value cell: for a subtotal, its whole rollup in that period (children, expected
// sum, stated value, difference, tolerance, status); for a child, the subtotal it rolls into and
// how that subtotal fares. Values are shown exactly as stored.

import { childrenOf, itemName, parentOf, periodSummary, unitSummary, type ItemEntry, type RollupApplication, type StatementEntry } from "../../../shared/src/index";
import { groupDigits } from "../../../shared/src/render/format";
import type { ParsedVersion } from "../analysis";
import { applicationFor, cellText, plural, storedCells, type StoredCell } from "./documentFacts";
import { bold, codeSpan, escapeText, tableRow } from "./markdown";
import { causesMarkdown } from "./rollupCauses";

export function cellHover(good: ParsedVersion, statement: StatementEntry, item: ItemEntry, period: string): string {
  const sections = [heading(good, statement, item, period)];
  if (item.children.length > 0) sections.push(rollupSection(good, statement, item, period));
  if (item.rollupTo !== undefined) sections.push(rollsIntoSection(good, statement, item, period));
  if (sections.length === 1) sections.push(`Stored value: ${cellMarkdown(storedCells(good, statement, [item], period)[0]!)}`);
  return sections.join("\n\n");
}

function heading(good: ParsedVersion, statement: StatementEntry, item: ItemEntry, period: string): string {
  const definition = good.model.periods.get(period);
  const when = definition === undefined ? "undefined period" : escapeText(periodSummary(definition));
  const unit = item.unit === undefined ? undefined : good.model.units.get(item.unit);
  const unitText = unit === undefined ? (item.unit === undefined ? "no unit" : `unit ${codeSpan(item.unit)} (undefined)`) : escapeText(unitSummary(unit));
  const name = [bold(itemName(item)), ...(item.id === undefined ? [] : [codeSpan(item.id)])].join(" ");
  const note = statement.periods.includes(period) ? "" : " · not one of this statement's periods";
  return `${name} · ${codeSpan(period)} (${when}) · ${unitText}${note}`;
}

function rollupSection(good: ParsedVersion, statement: StatementEntry, parent: ItemEntry, period: string): string {
  const rows = [tableRow(["Item", escapeText(period)]), tableRow([":--", "--:"])];
  const children = childrenOf(statement, parent);
  const cells = storedCells(good, statement, [...children, parent], period);
  children.forEach((child, index) => rows.push(tableRow([escapeText(itemName(child)), cellMarkdown(cells[index]!, true)])));
  const application = applicationFor(good, statement, parent, period);
  const stated = `**Actual** (${escapeText(itemName(parent))})`;
  if (application !== undefined && application.status !== "error") {
    rows.push(
      tableRow(["**Expected** (sum of children)", groupDigits(application.expected)]),
      tableRow([stated, groupDigits(application.actual)]),
      tableRow(["**Difference**", groupDigits(application.difference)]),
      tableRow(["Tolerance", groupDigits(application.tolerance)]),
    );
  } else {
    rows.push(tableRow([stated, cellMarkdown(cells[children.length]!, true)]));
  }
  const causes = application?.status === "unsatisfied" ? causesMarkdown(good, application.key) : undefined;
  return `${rows.join("\n")}\n\n${statusText(good, statement, parent, application)}${causes === undefined ? "" : `\n\n${causes}`}`;
}

function rollsIntoSection(good: ParsedVersion, statement: StatementEntry, item: ItemEntry, period: string): string {
  const parent = parentOf(statement, item);
  const target = item.rollupTo ?? "";
  if (parent === undefined) {
    return target === item.id ? `Rolls into itself (${codeSpan(target)}), which is not allowed.` : `Rolls into ${codeSpan(target)}, which is no item of this statement.`;
  }
  const line = `Rolls into ${bold(itemName(parent))} (${codeSpan(target)})`;
  const application = applicationFor(good, statement, parent, period);
  return `${line}\n\n${escapeText(period)}: ${statusText(good, statement, parent, application)}`;
}

/** The subtotal's status in one period, in words. */
function statusText(good: ParsedVersion, statement: StatementEntry, parent: ItemEntry, application: RollupApplication | undefined): string {
  if (application === undefined) {
    const errors = good.analysis.result.conformance.errors.length;
    return errors > 0
      ? `Not checked: rollups run only when the document conforms (it has ${plural(errors, "structural error")}).`
      : "Not checked: this period is not one of the statement's periods.";
  }
  if (application.status !== "error") {
    const sums = `stated ${groupDigits(application.actual)}, children sum to ${groupDigits(application.expected)}`;
    return application.status === "satisfied"
      ? `✓ **satisfied**: ${sums} (difference ${groupDigits(application.difference)}, tolerance ${groupDigits(application.tolerance)})`
      : `✗ **not satisfied**: ${sums}, off by ${groupDigits(application.difference)} (tolerance ${groupDigits(application.tolerance)})`;
  }
  const what = application.reason === "missing-value" ? "has no value (null)" : "is marked unavailable";
  const why = application.reason === "missing-value" ? "missing value" : "unavailable value";
  const cellItem = statement.itemsById.get(application.cell.item);
  const whose = application.cell.item === parent.id ? "the subtotal's own value" : bold(cellItem === undefined ? application.cell.item : itemName(cellItem));
  return `! **not evaluated** (${why}): ${whose} ${what} in ${escapeText(application.cell.period)}, so the sum cannot be checked`;
}

function cellMarkdown(cell: StoredCell, inTable = false): string {
  return cell.kind === "other" ? codeSpan(cell.source, inTable) : cellText(cell);
}
