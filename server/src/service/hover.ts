// Hovers: what a value cell, a reference or a definition under the cursor means. The token under
// the cursor and its JSON path come from the analysed text; the path says what it is.
// While the text is broken, the last good text answers where the edit left the text unchanged.

import type { JSONPath } from "jsonc-parser";
import type { Hover, MarkupContent, Position } from "vscode-languageserver-protocol";
import { itemAt, itemName, periodSummary, statementAt, statementName, scaleInWords, unitSummary, type ItemEntry, type StatementEntry } from "../../../shared/src/index";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import { cellHover } from "./hoverCells";
import * as l10n from "@vscode/l10n";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../../shared/src/render/localeFormat";
import { counted } from "./documentFacts";
import { bold, codeSpan, escapeText } from "./markdown";
import { isKeyNode } from "./nodes";

/** `causesInProblems`: failing subtotals' diagnostics are published with their likely causes (see cellHover). */
export function hover(analysis: DocumentAnalysis, position: Position, display: DisplayFormat = NEUTRAL_FORMAT, causesInProblems = false): Hover | null {
  const good = analysis.lastGood;
  if (good === undefined) return null;
  const { document } = analysis;
  // While the text is broken, the last good text answers wherever the edit left it unchanged.
  const offset = analysis.toLastGood(document.offsetAt(position));
  const target = offset === undefined ? undefined : targetAt(good, offset);
  const at = target === undefined ? undefined : analysis.fromLastGood(target.offset, target.length);
  const markdown = target === undefined || at === undefined ? undefined : describe(good, target, display, causesInProblems);
  if (at === undefined || markdown === undefined) return null;
  const value = analysis.parsed !== undefined ? markdown : `${markdown}\n\n${l10n.t("*From the last valid version: the text has syntax errors.*")}`;
  return { contents: { kind: "markdown", value } satisfies MarkupContent, range: { start: document.positionAt(at.offset), end: document.positionAt(at.offset + at.length) } };
}

/** A scalar or member name under the cursor, with its JSON path (a key's path ends in its name). */
interface Target {
  path: JSONPath;
  key: boolean;
  /** The string under the cursor (a string value or a member name). */
  text: string | undefined;
  offset: number;
  length: number;
}

// The node at the offset comes from the version's locator: on a large text its span index parses
// only the item that holds it, so a hover costs the same anywhere in the document.
function targetAt(good: ParsedVersion, offset: number): Target | undefined {
  const found = good.locator.nodeAt(offset);
  if (found === undefined) return undefined;
  const { node, path } = found;
  if (offset < node.offset || offset >= node.offset + node.length) return undefined;
  if (node.type === "object" || node.type === "array" || node.type === "property") return undefined;
  return { path, key: isKeyNode(node), text: typeof node.value === "string" ? node.value : undefined, offset: node.offset, length: node.length };
}

/** The Markdown for the target, or undefined when it is nothing a hover explains. */
function describe(good: ParsedVersion, { path, key, text }: Target, display: DisplayFormat, causesInProblems: boolean): string | undefined {
  const [top, index, member] = path;
  const model = good.model;
  if (path.length === 3 && !key && member === "id" && text !== undefined) {
    if (top === "units") return unitHover(good, text, index);
    if (top === "periods") return periodHover(good, text, index, display);
    if (top === "statements" && typeof index === "number") {
      const statement = statementAt(model, index);
      return statement === undefined ? undefined : statementHover(statement, display);
    }
  }
  if (top !== "statements" || typeof index !== "number") return undefined;
  const statement = statementAt(model, index);
  if (statement === undefined) return undefined;
  if (member === "periods" && path.length === 4 && !key && text !== undefined) return periodHover(good, text, undefined, display);
  if (member !== "items" || typeof path[3] !== "number") return undefined;
  const item = itemAt(statement, path[3]);
  if (item === undefined) return undefined;
  return itemPartHover(good, statement, item, path.slice(4), key, text, display, causesInProblems);
}

function itemPartHover(
  good: ParsedVersion,
  statement: StatementEntry,
  item: ItemEntry,
  rest: JSONPath,
  key: boolean,
  text: string | undefined,
  display: DisplayFormat,
  causesInProblems: boolean,
): string | undefined {
  const [member, period] = rest;
  if (member === "values" && typeof period === "string") {
    if (rest.length === 2 && key) return periodReferenceHover(good, statement, period, display);
    return cellHover(good, statement, item, period, display, causesInProblems);
  }
  if (rest.length !== 1 || key || text === undefined) return undefined;
  if (member === "id") return itemHover(good, statement, item, display);
  if (member === "unit") return unitHover(good, text, undefined);
  if (member === "rollupTo") return rollupToHover(good, statement, item, text, display);
  return undefined;
}

function unitHover(good: ParsedVersion, id: string, definedAt: string | number | undefined): string {
  const unit = good.model.units.get(id);
  if (unit === undefined) return l10n.t("No unit named {0}.", codeSpan(id));
  const lines = [l10n.t("{0} {1} · unit", bold(unit.label ?? unit.id), codeSpan(unit.id)), ""];
  const facts = [
    unit.measure === undefined ? l10n.t("no measure") : l10n.t("measure {0}", escapeText(unit.measure)),
    unit.scale === undefined ? l10n.t("no scale") : l10n.t("scale {0} (values {1})", unit.scale, scaleInWords(unit.scale)),
    unit.defaultTolerance === undefined ? l10n.t("default tolerance 0 (implicit)") : l10n.t("default tolerance {0}", escapeText(unit.defaultTolerance)),
  ];
  lines.push(facts.join(" · "));
  if (typeof definedAt === "number" && definedAt !== unit.index) lines.push("", l10n.t("Another unit with this id is defined first; references resolve to that one."));
  return lines.join("\n");
}

function periodHover(good: ParsedVersion, id: string, definedAt: string | number | undefined, display: DisplayFormat): string {
  const period = good.model.periods.get(id);
  if (period === undefined) return l10n.t("No period named {0}.", codeSpan(id));
  const lines = [`${codeSpan(period.id)} · ${escapeText(periodSummary(period, display.date))}`];
  if (typeof definedAt === "number" && definedAt !== period.index) lines.push("", l10n.t("Another period with this id is defined first; references resolve to that one."));
  return lines.join("\n");
}

function periodReferenceHover(good: ParsedVersion, statement: StatementEntry, id: string, display: DisplayFormat): string {
  const hover = periodHover(good, id, undefined, display);
  if (statement.periods.includes(id)) return hover;
  return `${hover}\n\n${l10n.t("Not one of the periods of {0}.", bold(statementName(statement)))}`;
}

function statementHover(statement: StatementEntry, display: DisplayFormat): string {
  const periods = statement.periods.map((period) => codeSpan(period)).join(", ");
  const heading = [bold(statementName(statement)), ...(statement.id === undefined ? [] : [codeSpan(statement.id)])].join(" ");
  const items = counted(
    statement.items.length,
    display,
    (n) => l10n.t("{0} item", n),
    (n) => l10n.t("{0} items", n),
  );
  return [l10n.t("{0} · statement", heading), "", `${items} · ${periods === "" ? l10n.t("no periods") : l10n.t("periods {0}", periods)}`].join("\n");
}

function itemHover(good: ParsedVersion, statement: StatementEntry, item: ItemEntry, display: DisplayFormat): string {
  const heading = [bold(itemName(item)), ...(item.id === undefined ? [] : [codeSpan(item.id)])].join(" ");
  const lines = [l10n.t("{0} · item of {1}", heading, bold(statementName(statement))), ""];
  const facts = [unitFact(good, item.unit)];
  if (item.rollupTo !== undefined) {
    const parent = statement.itemsById.get(item.rollupTo);
    facts.push(parent === undefined || parent === item ? l10n.t("rolls into {0} (unresolved)", codeSpan(item.rollupTo)) : l10n.t("rolls into {0}", bold(itemName(parent))));
  }
  if (item.children.length > 0) facts.push(subtotalOf(item.children.length, display));
  lines.push(facts.join(" · "));
  if (item.description !== undefined) lines.push("", escapeText(item.description));
  return lines.join("\n");
}

function rollupToHover(good: ParsedVersion, statement: StatementEntry, item: ItemEntry, id: string, display: DisplayFormat): string {
  const parent = statement.itemsById.get(id);
  if (parent === undefined) return l10n.t("No item named {0} in {1}.", codeSpan(id), bold(statementName(statement)));
  if (parent === item) return l10n.t("{0} is this item itself; an item cannot roll into itself.", codeSpan(id));
  const facts = [unitFact(good, parent.unit), subtotalOf(parent.children.length, display)];
  return [l10n.t("Rolls into {0} {1}", bold(itemName(parent)), codeSpan(id)), "", facts.join(" · ")].join("\n");
}

function subtotalOf(children: number, display: DisplayFormat): string {
  return counted(
    children,
    display,
    (n) => l10n.t("subtotal of {0} child", n),
    (n) => l10n.t("subtotal of {0} children", n),
  );
}

function unitFact(good: ParsedVersion, id: string | undefined): string {
  if (id === undefined) return l10n.t("no unit");
  const unit = good.model.units.get(id);
  return unit === undefined ? l10n.t("unit {0} (undefined)", codeSpan(id)) : l10n.t("unit {0}", escapeText(unitSummary(unit)));
}
