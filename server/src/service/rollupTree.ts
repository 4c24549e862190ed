// The Rollups view's data: statements → subtotals → children, each with a status and the source
// range a click reveals. Pure: the analysis and a TextDocument of its text in, protocol data out.

import type { TextDocument } from "vscode-languageserver-textdocument";
import { childrenOf, itemName, statementName, type ItemEntry, type RollupApplication, type StatementEntry } from "../../../shared/src/index";
import * as l10n from "@vscode/l10n";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { RollupNodeStatus, RollupTreeRange, RollupTreeStatement, RollupTreeSubtotal } from "../../../protocol/lsp";
import type { ParsedVersion } from "../analysis";
import { periodNamer } from "./documentFacts";

const RANK: Record<RollupNodeStatus, number> = { satisfied: 0, "not-checked": 1, unsatisfied: 2, error: 3 };

function worst(statuses: readonly RollupNodeStatus[], none: RollupNodeStatus): RollupNodeStatus {
  return statuses.reduce<RollupNodeStatus>((current, status) => (RANK[status] > RANK[current] ? status : current), statuses.length === 0 ? none : "satisfied");
}

export function rollupTree(good: ParsedVersion, document: TextDocument, display: DisplayFormat = NEUTRAL_FORMAT): RollupTreeStatement[] {
  const conforming = good.analysis.document !== undefined;
  const byParent = new Map<string, Map<string, RollupApplication[]>>();
  for (const application of good.analysis.result.calculations.applications) {
    let parents = byParent.get(application.key.statement);
    if (parents === undefined) byParent.set(application.key.statement, (parents = new Map()));
    parents.set(application.key.parent, [...(parents.get(application.key.parent) ?? []), application]);
  }
  const requests: string[] = [];
  const statements = good.model.statements.map((statement) => {
    const subtotals = statement.items.filter((item) => item.children.length > 0 && item.id !== undefined);
    return { statement, subtotals };
  });
  for (const { statement, subtotals } of statements) {
    requests.push(statement.id === undefined ? statement.pointer : `${statement.pointer}/id`);
    for (const subtotal of subtotals) {
      requests.push(`${subtotal.pointer}/id`);
      for (const child of childrenOf(statement, subtotal)) requests.push(child.id === undefined ? child.pointer : `${child.pointer}/id`);
    }
  }
  const ranges = good.locator.locateAll(requests.map((path) => ({ path, mark: "value" as const })));
  let next = 0;
  const range = (): RollupTreeRange => {
    const { offset, length } = ranges[next++] ?? { offset: 0, length: 0 };
    return { start: document.positionAt(offset), end: document.positionAt(offset + length) };
  };
  const periodName = periodNamer(good, display);
  const statusOf = (statement: StatementEntry, item: ItemEntry): { status: RollupNodeStatus; problems: string[] } => {
    if (!conforming || statement.id === undefined || item.id === undefined) return { status: "not-checked", problems: [] };
    const applications = byParent.get(statement.id)?.get(item.id) ?? [];
    // Periods as the preview's column headings name them, the reason in the code lens's words.
    const problems = applications.flatMap((application) => {
      if (application.status === "satisfied") return [];
      const period = periodName(application.key.period);
      if (application.status === "error") {
        return [l10n.t("{0}: cannot be checked ({1})", period, application.reason === "missing-value" ? l10n.t("missing value") : l10n.t("unavailable value"))];
      }
      return [l10n.t("{0}: off by {1}", period, display.number(application.difference))];
    });
    return {
      status: worst(
        applications.map((application) => application.status),
        "not-checked",
      ),
      problems,
    };
  };
  return statements.map(({ statement, subtotals }) => {
    const statementRange = range();
    const nodes: RollupTreeSubtotal[] = subtotals.map((subtotal) => {
      const subtotalRange = range();
      const { status, problems } = statusOf(statement, subtotal);
      const children = childrenOf(statement, subtotal).map((child) => ({
        id: child.id ?? "",
        label: itemName(child),
        ...(child.children.length > 0 ? { status: statusOf(statement, child).status } : {}),
        range: range(),
      }));
      return { id: subtotal.id ?? "", label: itemName(subtotal), status, problems, range: subtotalRange, children };
    });
    return {
      id: statement.id ?? "",
      label: statementName(statement),
      status: conforming
        ? worst(
            nodes.map((node) => node.status),
            "satisfied",
          )
        : "not-checked",
      range: statementRange,
      subtotals: nodes,
    };
  });
}
