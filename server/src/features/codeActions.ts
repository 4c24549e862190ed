// Code actions: quick fixes for the FS diagnostics in the request's context (see quickFixes.ts),
// and the source action that records the current validation as the document's snapshot.

import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic, type ServerCapabilities } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { recordSnapshot } from "../../../shared/src/index";
import type { GoodAnalysis } from "../analysis";
import type { ServerContext } from "../context";
import { SOURCE } from "../diagnostics";
import { toTextEdits } from "./jsonEdits";
import { fixesFor } from "./quickFixes";
import { rollupFixes } from "../service/rollupCauses";
import { FIX_ALL_KIND, fixAllEdit } from "../service/fixAll";

export const RECORD_SNAPSHOT_KIND = `${CodeActionKind.Source}.fs.recordSnapshot`;

export const codeActionCapabilities: ServerCapabilities = {
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.Source, RECORD_SNAPSHOT_KIND, FIX_ALL_KIND] },
};

export function registerCodeActions(context: ServerContext): void {
  context.connection.onCodeAction(
    context.guard<CodeActionParams, CodeAction[] | null>("codeAction", null, (params) => {
      const open = context.store.current(params.textDocument.uri);
      if (open === undefined) return null;
      const { state, document } = open;
      // Fixes are edits on the current text, so they need its parse; none while it is broken.
      const good = state.current ? state.good : undefined;
      if (good === undefined) return [];
      const only = params.context.only;
      const actions: CodeAction[] = [];
      if (wants(only, CodeActionKind.QuickFix)) actions.push(...quickFixes(good, document, params.context.diagnostics));
      // Recording re-validates the whole document, so it is computed only when source actions are
      // asked for by kind (the client filters them out of the light bulb anyway).
      if (only !== undefined && wants(only, FIX_ALL_KIND)) {
        const fixAll = fixAllEdit(good);
        if (fixAll !== undefined) actions.push({ title: fixAll.title, kind: FIX_ALL_KIND, edit: { changes: { [document.uri]: toTextEdits(document, fixAll.edits) } } });
      }
      if (only !== undefined && wants(only, RECORD_SNAPSHOT_KIND)) {
        const record = recordAction(good, document);
        if (record !== undefined) actions.push(record);
      }
      return actions;
    }),
  );
}

/** Does the client's `only` filter admit actions of `kind`? (A filter admits its sub-kinds.) */
function wants(only: readonly string[] | undefined, kind: string): boolean {
  return only === undefined || only.some((wanted) => kind === wanted || kind.startsWith(`${wanted}.`));
}

function quickFixes(good: GoodAnalysis, document: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  // Several diagnostics can share one fix (the migration fixes every grouping at once): one action
  // then lists them all.
  const byEdit = new Map<string, CodeAction>();
  for (const diagnostic of diagnostics) {
    for (const fix of [...fixesFor(good, diagnostic), ...rollupFixesFor(good, diagnostic)]) {
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

function recordAction(good: GoodAnalysis, document: TextDocument): CodeAction | undefined {
  const recording = recordSnapshot(good.text, good.value);
  if (recording === undefined || recording.text === good.text) return undefined;
  return {
    title: "Record validation snapshot",
    kind: RECORD_SNAPSHOT_KIND,
    edit: { changes: { [document.uri]: toTextEdits(document, recording.edits) } },
  };
}

/** The cause fixes and "set to the sum" behind an unsatisfied rollup diagnostic (its data names the application). */
function rollupFixesFor(good: GoodAnalysis, diagnostic: Diagnostic): ReturnType<typeof rollupFixes> {
  const params = (diagnostic.data as { params?: Record<string, unknown> } | undefined)?.params;
  if (diagnostic.source !== SOURCE || diagnostic.code !== "rollup-unsatisfied" || params === undefined) return [];
  const { statement, parent, period } = params;
  if (typeof statement !== "string" || typeof parent !== "string" || typeof period !== "string") return [];
  return rollupFixes(good, { statement, parent, period });
}
