// Fixes applied without asking (source.fixAll.fs, `fsdoc fix`): the safe format fixes only, which
// cannot change a stored amount; and, when named, value-changing fix sets such as "set every
// failing subtotal to the sum of its children". Each round re-parses and re-analyses the text and
// applies the disjoint edits it finds, until nothing is left to fix.

import * as l10n from "@vscode/l10n";
import type { Edit } from "jsonc-parser";
import { SourceLocator } from "../json/locate";
import { parseJson } from "../json/parse";
import { pointer } from "../json/pointer";
import { buildModel, type DocumentModel } from "../model/document-model";
import { analyze } from "../result";
import type { NumericApplication } from "../types";
import { causeFixEdits, setSubtotalFix } from "./causeEdits";
import { formatFixesFor, type FixSource } from "./formatFixes";
import { applyOffsetEdits } from "./jsonEdits";

/** Value-changing fix sets that `fsdoc fix --apply NAME` can name. */
export const VALUE_FIXES = ["set-subtotal"] as const;
export type ValueFixName = (typeof VALUE_FIXES)[number];

export interface AppliedFix {
  title: string;
  /** JSON Pointer of what the fix was about. */
  path: string;
}

export interface FixAllOutcome {
  text: string;
  applied: AppliedFix[];
}

// Each round fixes at least one thing and a subtotal chain is at most as deep as the document is
// long, but a bound keeps hostile input finite.
const MAX_ROUNDS = 64;

export function fixAll(text: string, options: { apply?: readonly ValueFixName[] } = {}): FixAllOutcome {
  const applied: AppliedFix[] = [];
  let current = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const parsed = parseJson(current);
    if (!parsed.ok) break;
    const analysis = analyze(parsed.value);
    const locator = new SourceLocator(current, parsed.value);
    let model: DocumentModel | undefined;
    const source: FixSource = {
      text: current,
      locator,
      get model() {
        model ??= buildModel(parsed.value);
        return model;
      },
    };
    const edits: Edit[] = [];
    const take = (title: string, path: string, fixEdits: readonly Edit[] | undefined): void => {
      if (fixEdits === undefined || fixEdits.length === 0 || !fixEdits.every((edit) => edits.every((other) => apart(edit, other)))) return;
      edits.push(...fixEdits);
      applied.push({ title, path });
    };
    for (const issue of analysis.issues) {
      const fix = formatFixesFor(source, { code: issue.code, path: issue.path, params: issue.params }).find((candidate) => candidate.safe);
      if (fix !== undefined) take(fix.title, issue.path, fix.edits);
    }
    if (edits.length === 0 && analysis.document !== undefined && options.apply?.includes("set-subtotal") === true) {
      // A subtotal whose children include a failing subtotal waits for a later round, so that a
      // chain is settled from the bottom up and every total ends up equal to its children's sum.
      const document = analysis.document;
      const failing = new Map<string, NumericApplication>();
      for (const application of analysis.result.calculations.applications) {
        if (application.status === "unsatisfied") failing.set(cellKey(application.key.statement, application.key.parent, application.key.period), application);
      }
      document.statements.forEach((statement, statementIndex) => {
        const childrenByParent = new Map<string, string[]>();
        statement.items.forEach((item) => {
          if (item.rollupTo !== undefined) childrenByParent.set(item.rollupTo, [...(childrenByParent.get(item.rollupTo) ?? []), item.id]);
        });
        statement.items.forEach((item, itemIndex) => {
          for (const period of statement.periods) {
            const application = failing.get(cellKey(statement.id, item.id, period));
            if (application === undefined) continue;
            if ((childrenByParent.get(item.id) ?? []).some((child) => failing.has(cellKey(statement.id, child, period)))) continue;
            take(
              // The quick fix's words (explainText.ts); `fsdoc fix` has no bundle, so it stays English.
              l10n.t("Set {0} to the sum of its children ({1})", `${item.label} ${period}`, application.expected),
              pointer("statements", statementIndex, "items", itemIndex, "values", period),
              causeFixEdits(current, locator, document, statement.id, setSubtotalFix(application)),
            );
          }
        });
      });
    }
    if (edits.length === 0) break;
    current = applyOffsetEdits(current, edits);
  }
  return { text: current, applied };
}

function cellKey(statement: string, item: string, period: string): string {
  return JSON.stringify([statement, item, period]);
}

function apart(a: Edit, b: Edit): boolean {
  return a.offset + a.length <= b.offset || b.offset + b.length <= a.offset;
}
