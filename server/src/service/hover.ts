// Hovers: what a value cell, a reference or a definition under the cursor means. The token under
// the cursor and its JSON path come from the analysed text; the path says what it is.
// While the text is broken, the last good text answers where the edit left the text unchanged.

import { getLocation, type JSONPath } from "jsonc-parser";
import type { Hover, MarkupContent, Position } from "vscode-languageserver-protocol";
import { itemAt, itemName, periodSummary, statementAt, statementName, scaleInWords, unitSummary, type ItemEntry, type StatementEntry } from "../../../shared/src/index";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import { cellHover } from "./hoverCells";
import { plural } from "./documentFacts";
import { bold, codeSpan, escapeText } from "./markdown";

export function hover(analysis: DocumentAnalysis, position: Position): Hover | null {
  const good = analysis.lastGood;
  if (good === undefined) return null;
  const { document } = analysis;
  // While the text is broken, the last good text answers wherever the edit left it unchanged.
  const offset = analysis.toLastGood(document.offsetAt(position));
  const target = offset === undefined ? undefined : targetAt(good.text, offset);
  const at = target === undefined ? undefined : analysis.fromLastGood(target.offset, target.length);
  const markdown = target === undefined || at === undefined ? undefined : describe(good, target);
  if (at === undefined || markdown === undefined) return null;
  const value = analysis.parsed !== undefined ? markdown : `${markdown}\n\n*From the last valid version: the text has syntax errors.*`;
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

// getLocation reads the text only up to the cursor, so a hover needs no parse tree of a large text.
function targetAt(text: string, offset: number): Target | undefined {
  const location = getLocation(text, offset);
  const node = location.previousNode;
  if (node === undefined || offset < node.offset || offset >= node.offset + node.length) return undefined;
  const key = node.type === "property";
  if (!key && (node.type === "object" || node.type === "array")) return undefined;
  return { path: location.path, key, text: typeof node.value === "string" ? node.value : undefined, offset: node.offset, length: node.length };
}

/** The Markdown for the target, or undefined when it is nothing a hover explains. */
function describe(good: ParsedVersion, { path, key, text }: Target): string | undefined {
  const [top, index, member] = path;
  const model = good.model;
  if (path.length === 3 && !key && member === "id" && text !== undefined) {
    if (top === "units") return unitHover(good, text, index);
    if (top === "periods") return periodHover(good, text, index);
    if (top === "statements" && typeof index === "number") {
      const statement = statementAt(model, index);
      return statement === undefined ? undefined : statementHover(statement);
    }
  }
  if (top !== "statements" || typeof index !== "number") return undefined;
  const statement = statementAt(model, index);
  if (statement === undefined) return undefined;
  if (member === "periods" && path.length === 4 && !key && text !== undefined) return periodHover(good, text, undefined);
  if (member !== "items" || typeof path[3] !== "number") return undefined;
  const item = itemAt(statement, path[3]);
  if (item === undefined) return undefined;
  return itemPartHover(good, statement, item, path.slice(4), key, text);
}

function itemPartHover(good: ParsedVersion, statement: StatementEntry, item: ItemEntry, rest: JSONPath, key: boolean, text: string | undefined): string | undefined {
  const [member, period] = rest;
  if (member === "values" && typeof period === "string") {
    if (rest.length === 2 && key) return periodReferenceHover(good, statement, period);
    return cellHover(good, statement, item, period);
  }
  if (rest.length !== 1 || key || text === undefined) return undefined;
  if (member === "id") return itemHover(good, statement, item);
  if (member === "unit") return unitHover(good, text, undefined);
  if (member === "rollupTo") return rollupToHover(good, statement, item, text);
  return undefined;
}

function unitHover(good: ParsedVersion, id: string, definedAt: string | number | undefined): string {
  const unit = good.model.units.get(id);
  if (unit === undefined) return `No unit named ${codeSpan(id)}.`;
  const lines = [`${bold(unit.label ?? unit.id)} ${codeSpan(unit.id)} · unit`, ""];
  const facts = [
    unit.measure === undefined ? "no measure" : `measure ${escapeText(unit.measure)}`,
    unit.scale === undefined ? "no scale" : `scale ${unit.scale} (values ${scaleInWords(unit.scale)})`,
    unit.defaultTolerance === undefined ? "default tolerance 0 (implicit)" : `default tolerance ${escapeText(unit.defaultTolerance)}`,
  ];
  lines.push(facts.join(" · "));
  if (typeof definedAt === "number" && definedAt !== unit.index) lines.push("", "Another unit with this id is defined first; references resolve to that one.");
  return lines.join("\n");
}

function periodHover(good: ParsedVersion, id: string, definedAt: string | number | undefined): string {
  const period = good.model.periods.get(id);
  if (period === undefined) return `No period named ${codeSpan(id)}.`;
  const lines = [`${codeSpan(period.id)} · ${escapeText(periodSummary(period))}`];
  if (typeof definedAt === "number" && definedAt !== period.index) lines.push("", "Another period with this id is defined first; references resolve to that one.");
  return lines.join("\n");
}

function periodReferenceHover(good: ParsedVersion, statement: StatementEntry, id: string): string {
  const hover = periodHover(good, id, undefined);
  if (statement.periods.includes(id)) return hover;
  return `${hover}\n\nNot one of the periods of ${bold(statementName(statement))}.`;
}

function statementHover(statement: StatementEntry): string {
  const periods = statement.periods.map((period) => codeSpan(period)).join(", ");
  const heading = [bold(statementName(statement)), ...(statement.id === undefined ? [] : [codeSpan(statement.id)])].join(" ");
  return [`${heading} · statement`, "", `${plural(statement.items.length, "item")} · periods ${periods === "" ? "none" : periods}`].join("\n");
}

function itemHover(good: ParsedVersion, statement: StatementEntry, item: ItemEntry): string {
  const heading = [bold(itemName(item)), ...(item.id === undefined ? [] : [codeSpan(item.id)])].join(" ");
  const lines = [`${heading} · item of ${bold(statementName(statement))}`, ""];
  const facts = [unitFact(good, item.unit)];
  if (item.rollupTo !== undefined) {
    const parent = statement.itemsById.get(item.rollupTo);
    facts.push(parent === undefined || parent === item ? `rolls into ${codeSpan(item.rollupTo)} (unresolved)` : `rolls into ${bold(itemName(parent))}`);
  }
  if (item.children.length > 0) facts.push(`subtotal of ${plural(item.children.length, "child", "children")}`);
  lines.push(facts.join(" · "));
  if (item.description !== undefined) lines.push("", escapeText(item.description));
  return lines.join("\n");
}

function rollupToHover(good: ParsedVersion, statement: StatementEntry, item: ItemEntry, id: string): string {
  const parent = statement.itemsById.get(id);
  if (parent === undefined) return `No item named ${codeSpan(id)} in ${bold(statementName(statement))}.`;
  if (parent === item) return `${codeSpan(id)} is this item itself; an item cannot roll into itself.`;
  const facts = [unitFact(good, parent.unit), `subtotal of ${plural(parent.children.length, "child", "children")}`];
  return [`Rolls into ${bold(itemName(parent))} ${codeSpan(id)}`, "", facts.join(" · ")].join("\n");
}

function unitFact(good: ParsedVersion, id: string | undefined): string {
  if (id === undefined) return "no unit";
  const unit = good.model.units.get(id);
  return unit === undefined ? `unit ${codeSpan(id)} (undefined)` : `unit ${escapeText(unitSummary(unit))}`;
}
