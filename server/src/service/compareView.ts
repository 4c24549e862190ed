// fs/compareView: the changes view of an open document (NEW) against OLD, a text the client sent
// once per session (the file's HEAD, a commit, the index, another file, a diff editor's left
// side). OLD is parsed and validated once and kept by session; NEW is the analysis of its current
// version (or the last one that parsed), whose preview model the view is drawn over. The view's
// wire last sent to a session's page is kept too, so that the next answer (after an edit of NEW)
// is a patch from it (diffPreviewWires, as the preview's), not the whole view again.

import * as l10n from "@vscode/l10n";
import { analyze, parseJson } from "../../../shared/src/index";
import { compareDocuments } from "../../../shared/src/compare/index";
import { comparisonView, viewSummary } from "../../../shared/src/compare/view";
import { decodeWireStatement, encodeWireStatement, PREVIEW_WIRE_VERSION, previewWireText, type PreviewWire, type WireStatement } from "../../../shared/src/render/previewWire";
import { diffPreviewWires } from "../../../shared/src/render/previewPatch";
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
  private readonly sentViews = new Map<string, SentView>();

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

  /** The view last sent to the session's page (the base of the next patch). */
  sentView(session: string): SentView | undefined {
    return this.sentViews.get(session);
  }

  /** Keeps what was sent to the session's page; undefined: nothing the page holds is known. */
  setSentView(session: string, view: SentView | undefined): void {
    if (view === undefined) this.sentViews.delete(session);
    else this.sentViews.set(session, view);
  }

  release(session: string): void {
    this.sides.delete(session);
    this.newSides.delete(session);
    this.sentViews.delete(session);
  }
}

/** A view as sent to a page: of NEW's `version`, in wire form. */
export interface SentView {
  version: number;
  wire: PreviewWire;
}

/** The view the page holds, when it holds one: the answer may be a patch from it. */
export interface ViewBase {
  sent: SentView | undefined;
  /** The version the page says it holds (absent: none, as after the page (re)loaded). */
  baseVersion: number | undefined;
}

/** Ops in JSON text longer than this are weighed against the whole view's text before they are sent. */
const SMALL_PATCH = 64 * 1024;

export function readOld(text: string): CompareOld {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const line = parsed.problems[0]?.line;
    return { ok: false, problem: line === undefined ? l10n.t("The old version is not valid JSON.") : l10n.t("The old version is not valid JSON (line {0}).", line) };
  }
  return { ok: true, value: parsed.value, result: analyze(parsed.value).result };
}

/**
 * The changes view of `analysis` (NEW) against `old`, and the view sent (the session keeps it as
 * the next base): a patch from `base` when the page holds the view last sent and the patch is the
 * smaller, else the whole view.
 */
export function compareView(
  analysis: DocumentAnalysis,
  old: CompareOld | undefined,
  oldName: string,
  newName: string,
  display: DisplayFormat = NEUTRAL_FORMAT,
  base: ViewBase = { sent: undefined, baseVersion: undefined },
): { result: CompareViewResult; sent: SentView | undefined } {
  const { uri, version, lastGood: good } = analysis;
  const title = l10n.t("{0} → {1}", oldName, newName);
  const kept = { sent: base.sent };
  // A server started after OLD was sent (a restart) has none: the client sends it again.
  if (old === undefined)
    return { ...kept, result: { uri, version, title, problem: l10n.t("The old version is no longer available; run FS: Compare with… again."), needsOld: true } };
  if (!old.ok) return { ...kept, result: { uri, version, title, problem: old.problem } };
  if (good === undefined) return { ...kept, result: { uri, version, title, problem: staleProblem(analysis.syntax[0]?.line) } };
  const comparison = compareDocuments({ value: old.value, result: old.result }, { value: good.value, result: good.analysis.result });
  const newWire = good.previewWire;
  const model = { title: newWire.title, statements: newWire.statements.map(decodeWireStatement) };
  const { model: viewModel, ...marks } = comparisonView(comparison, old.value, good.value, model, oldName, newName, display);
  // A statement the view left as it was (no removed rows put back) goes as NEW's own wire statement:
  // not encoded again, and the same object from version to version where the edit did not touch
  // it, so the next patch skips it at once (diffPreviewWires compares identity first).
  const wireOf = new Map(model.statements.map((statement, index) => [statement, newWire.statements[index] as WireStatement]));
  const wire: PreviewWire = {
    v: PREVIEW_WIRE_VERSION,
    title: viewModel.title,
    statements: viewModel.statements.map((statement) => wireOf.get(statement) ?? encodeWireStatement(statement)),
  };
  const sent: SentView = { version: good.version, wire };
  const result: CompareViewResult = { uri, version: good.version, title, summary: viewSummary(marks.counts, display.number), marks };
  if (analysis.parsed === undefined) result.problem = staleProblem(analysis.syntax[0]?.line);
  const patch = patchFrom(base, sent.wire);
  if (patch === undefined) result.wire = previewWireText(sent.wire);
  else result.patch = patch;
  return { result, sent };
}

/** The ops from the view the page holds to `wire`; undefined when it holds none, or they would outweigh the whole view. */
function patchFrom({ sent, baseVersion }: ViewBase, wire: PreviewWire): CompareViewResult["patch"] {
  if (sent === undefined || baseVersion === undefined || sent.version !== baseVersion) return undefined;
  const ops = diffPreviewWires(sent.wire, wire);
  const size = JSON.stringify(ops).length;
  // Most statements replaced: the whole view is no larger, and the page decodes it in one go.
  if (size > SMALL_PATCH && size >= previewWireText(wire).length) return undefined;
  return { baseVersion, ops };
}
