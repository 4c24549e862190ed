// fs/compareView: the changes view of an open document (NEW) against OLD, a text the client sent
// once per session (the file's HEAD, a commit, the index, another file, a diff editor's left
// side). OLD is parsed and validated once and kept by session; NEW is the analysis of its current
// version (or the last one that parsed), whose preview model the view is drawn over.

import * as l10n from "@vscode/l10n";
import { analyze, parseJson } from "../../../shared/src/index";
import { compareDocuments } from "../../../shared/src/compare/index";
import { comparisonView, viewSummary } from "../../../shared/src/compare/view";
import { decodeWireStatement, encodePreviewWire, previewWireText } from "../../../shared/src/render/previewWire";
import type { CompareViewResult } from "../../../protocol/lsp";
import type { ValidationResult } from "../../../shared/src/types";
import { isFsDocumentValue } from "../../../shared/src/detect";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../../shared/src/render/localeFormat";
import { DocumentAnalysis } from "../analysis";
import { OpenDocument } from "../textDocument";
import { staleProblem } from "./preview";

export type CompareOld = { ok: true; value: unknown; result: ValidationResult } | { ok: false; problem: string };

/** NEW's text and version, sent by the client for a side the server does not hold open. */
export interface CompareNewSide {
  text: string;
  version: number;
}

/**
 * OLD of each open changes view, by session, until the view closes; and NEW where the client sent
 * its text: a side the server does not hold open (outside the documents it validates), such as the
 * index in a staged-versus-HEAD diff (a git: URI).
 */
export class CompareSessions {
  private readonly sides = new Map<string, CompareOld>();
  private readonly newSides = new Map<string, DocumentAnalysis>();

  /** The session's OLD: from `text` when given (a new session, or a new OLD), else the one kept. */
  old(session: string, text: string | undefined): CompareOld | undefined {
    if (text !== undefined) this.sides.set(session, readOld(text));
    return this.sides.get(session);
  }

  /**
   * The session's NEW at `uri` as the client sent it: analysed from `side` when given (the first
   * request, or a new version), else the one kept; undefined when none was sent for `uri`, or when
   * its text parses and is not an FS document.
   */
  newSide(session: string, uri: string, side: CompareNewSide | undefined): DocumentAnalysis | undefined {
    if (side !== undefined) {
      const previous = this.newSides.get(session);
      this.newSides.set(session, DocumentAnalysis.of(OpenDocument.create(uri, "json", side.version, side.text), previous?.uri === uri ? previous : undefined));
    }
    const kept = this.newSides.get(session);
    if (kept?.uri !== uri || (kept.parsed !== undefined && !isFsDocumentValue(kept.parsed.value))) return undefined;
    return kept;
  }

  /** A NEW side a view holds at `uri`, for the navigation requests about it (a click reveals its source). */
  heldNewSide(uri: string): DocumentAnalysis | undefined {
    for (const analysis of this.newSides.values()) if (analysis.uri === uri) return analysis;
    return undefined;
  }

  release(session: string): void {
    this.sides.delete(session);
    this.newSides.delete(session);
  }
}

export function readOld(text: string): CompareOld {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const line = parsed.problems[0]?.line;
    return { ok: false, problem: line === undefined ? l10n.t("The old version is not valid JSON.") : l10n.t("The old version is not valid JSON (line {0}).", line) };
  }
  return { ok: true, value: parsed.value, result: analyze(parsed.value).result };
}

export function compareView(analysis: DocumentAnalysis, old: CompareOld | undefined, oldName: string, newName: string, display: DisplayFormat = NEUTRAL_FORMAT): CompareViewResult {
  const { uri, version, lastGood: good } = analysis;
  const title = l10n.t("{0} → {1}", oldName, newName);
  if (old === undefined) return { uri, version, title, problem: l10n.t("The old version is no longer available; run FS: Compare with… again.") };
  if (!old.ok) return { uri, version, title, problem: old.problem };
  if (good === undefined) return { uri, version, title, problem: staleProblem(analysis.syntax[0]?.line) };
  const comparison = compareDocuments({ value: old.value, result: old.result }, { value: good.value, result: good.analysis.result });
  const wire = good.previewWire;
  const model = { title: wire.title, statements: wire.statements.map(decodeWireStatement) };
  const { model: viewModel, ...marks } = comparisonView(comparison, old.value, good.value, model, oldName, newName, display.number);
  const result: CompareViewResult = {
    uri,
    version: good.version,
    title,
    summary: viewSummary(marks.counts, display.number),
    wire: previewWireText(encodePreviewWire(viewModel)),
    marks,
  };
  if (analysis.parsed === undefined) result.problem = staleProblem(analysis.syntax[0]?.line);
  return result;
}
