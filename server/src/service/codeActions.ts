// Code actions: quick fixes for the FS diagnostics in the request's context (see quickFixes.ts),
// and the source action that records the current validation as the document's snapshot.

import { CodeActionKind, type CodeAction, type CodeActionContext, type Diagnostic } from "vscode-languageserver-protocol";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { recordSnapshot } from "../../../shared/src/index";
import * as l10n from "@vscode/l10n";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../../shared/src/render/localeFormat";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import { SOURCE } from "./diagnostics";
import { toTextEdits } from "./jsonEdits";
import { fixesFor } from "./quickFixes";
import { rollupFixes } from "./rollupCauses";
import { FIX_ALL_KIND, fixAllEdit } from "./fixAll";

export const RECORD_SNAPSHOT_KIND = `${CodeActionKind.Source}.fs.recordSnapshot`;
export const CODE_ACTION_KINDS = [CodeActionKind.QuickFix, CodeActionKind.Source, RECORD_SNAPSHOT_KIND, FIX_ALL_KIND];

export function codeActions(analysis: DocumentAnalysis, context: Pick<CodeActionContext, "diagnostics" | "only">, display: DisplayFormat = NEUTRAL_FORMAT): CodeAction[] {
  // Fixes are edits on the current text, so they need its parse; none while it is broken.
  const good = analysis.parsed;
  if (good === undefined) return [];
  const { document } = analysis;
  const only = context.only;
  const actions: CodeAction[] = [];
  if (wants(only, CodeActionKind.QuickFix)) actions.push(...quickFixes(good, document, context.diagnostics, display));
  // Fix-all and recording rewrite or re-validate the whole document, so they are computed only when
  // source actions are asked for by kind (the client filters them out of the light bulb anyway).
  if (only !== undefined && wants(only, FIX_ALL_KIND)) {
    const fixAll = fixAllEdit(good);
    if (fixAll !== undefined) actions.push({ title: fixAll.title, kind: FIX_ALL_KIND, edit: { changes: { [document.uri]: toTextEdits(document, fixAll.edits) } } });
  }
  if (only !== undefined && wants(only, RECORD_SNAPSHOT_KIND)) {
    const record = recordAction(good, document);
    if (record !== undefined) actions.push(record);
  }
  return actions;
}

/** Does the client's `only` filter admit actions of `kind`? (A filter admits its sub-kinds.) */
function wants(only: readonly string[] | undefined, kind: string): boolean {
  return only === undefined || only.some((wanted) => kind === wanted || kind.startsWith(`${wanted}.`));
}

function quickFixes(good: ParsedVersion, document: TextDocument, diagnostics: readonly Diagnostic[], display: DisplayFormat): CodeAction[] {
  // Several diagnostics can share one fix (the migration fixes every grouping at once): one action
  // then lists them all.
  const byEdit = new Map<string, CodeAction>();
  for (const diagnostic of diagnostics) {
    for (const fix of [...fixesFor(good, diagnostic), ...rollupFixesFor(good, diagnostic, display)]) {
      const edits = toTextEdits(document, fix.edits);
      const key = JSON.stringify([fix.title, edits]);
      const existing = byEdit.get(key);
      if (existing !== undefined) {
        existing.diagnostics?.push(diagnostic);
        continue;
      }
      byEdit.set(key, {
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: fix.preferred ? true : undefined,
        edit: { changes: { [document.uri]: edits } },
      });
    }
  }
  return [...byEdit.values()];
}

function recordAction(good: ParsedVersion, document: TextDocument): CodeAction | undefined {
  const recording = recordSnapshot(good.text, good.value);
  if (recording === undefined || recording.text === good.text) return undefined;
  return {
    title: l10n.t("Record validation snapshot"),
    kind: RECORD_SNAPSHOT_KIND,
    edit: { changes: { [document.uri]: toTextEdits(document, recording.edits) } },
  };
}

/** The cause fixes and "set to the sum" behind an unsatisfied rollup diagnostic (its data names the application). */
function rollupFixesFor(good: ParsedVersion, diagnostic: Diagnostic, display: DisplayFormat): ReturnType<typeof rollupFixes> {
  const params = (diagnostic.data as { params?: Record<string, unknown> } | undefined)?.params;
  if (diagnostic.source !== SOURCE || diagnostic.code !== "rollup-unsatisfied" || params === undefined) return [];
  const { statement, parent, period } = params;
  if (typeof statement !== "string" || typeof parent !== "string" || typeof period !== "string") return [];
  return rollupFixes(good, { statement, parent, period }, display);
}
