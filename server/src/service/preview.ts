// The preview's requests: its model (whole or patched) and the pointer ↔ offset translation the
// editor needs for click-to-source, cursor highlight and scroll sync, answered from the analysis
// of the document's current version so the extension host never parses the document itself.

import { pointer as pointerOf } from "../../../shared/src/json/pointer";
import { diffPreviewWires, type PreviewPatchOp } from "../../../shared/src/render/previewPatch";
import { previewWireText, type PreviewWire } from "../../../shared/src/render/previewWire";
import type { PreviewModelResult, RangeOfResult } from "../../../protocol/lsp";
import type { DocumentAnalysis, ParsedVersion } from "../analysis";
import type { OneStringEdited } from "../stringEdited";
import * as l10n from "@vscode/l10n";
import { broken } from "./requests";
import { statusOf } from "./status";

export type PreviewAnswer = { kind: "model"; version: number; wire: PreviewWire } | { kind: "patch"; version: number; baseVersion: number; ops: PreviewPatchOp[] };

/**
 * The version each document's preview was last answered with, so the next request can be answered
 * with a patch from it. The models themselves are the versions' own (ParsedVersion.previewWire);
 * this keeps only the one older model a patch needs, not its version: a version's text, parse and
 * caches (30–40 MB at 5 MB) would otherwise stay alive while the next version is analysed in full,
 * its diagnostics built and its model made, until its update is answered (docs/performance.md). The
 * LSP layer forgets a closed document.
 */
export class PreviewBases {
  private readonly latest = new Map<string, { readonly version: number; readonly wire: PreviewWire }>();

  /**
   * The model of `good` for a preview that holds `baseVersion`: a patch when the model of that
   * version is the one kept here, else the whole model. Either way `good`'s model becomes the base.
   */
  answer(good: ParsedVersion, baseVersion: number | undefined): PreviewAnswer {
    const kept = this.latest.get(good.uri);
    const wire = good.previewWire;
    this.latest.set(good.uri, { version: good.version, wire });
    if (kept === undefined || baseVersion === undefined || kept.version !== baseVersion) return { kind: "model", version: good.version, wire };
    if (kept.wire === wire || kept.version === good.version) return { kind: "patch", version: good.version, baseVersion, ops: [] };
    return { kind: "patch", version: good.version, baseVersion, ops: diffPreviewWires(kept.wire, wire) };
  }

  /** The version a document's preview was last answered with; undefined when no preview holds one. */
  versionOf(uri: string): number | undefined {
    return this.latest.get(uri)?.version;
  }

  forget(uri: string): void {
    this.latest.delete(uri);
  }
}

/**
 * fs/previewUpdate: after `analysis` was published, the update of a preview that holds a model of
 * its document (a patch from that version, or only the status while nothing else changed);
 * undefined when no preview holds one.
 */
export function previewUpdate(analysis: DocumentAnalysis, bases: PreviewBases): PreviewModelResult | undefined {
  const base = bases.versionOf(analysis.uri);
  return base === undefined ? undefined : previewModel(analysis, bases, base);
}

/** fs/previewModel: the model of the current version, or of the last valid one while the text does not parse. */
export function previewModel(analysis: DocumentAnalysis, bases: PreviewBases, baseVersion: number | undefined): PreviewModelResult {
  const { result, wire } = previewAnswer(analysis, bases, baseVersion);
  // As text: the extension host passes it on without parsing millions of values (previewWire.ts).
  if (wire !== undefined) result.wire = previewWireText(wire);
  return result;
}

/**
 * fs/previewModel's answer before any wire text is made: `wire` is the whole model to write into
 * the result (previewModel) or to send in parts (lsp/previewParts.ts); without it, `result` is whole.
 */
export function previewAnswer(analysis: DocumentAnalysis, bases: PreviewBases, baseVersion: number | undefined): { result: PreviewModelResult; wire?: PreviewWire } {
  const { uri, version, lastGood: good } = analysis;
  const status = statusOf(analysis);
  if (good === undefined) return { result: { uri, version, status, problem: broken() } };
  const answer = bases.answer(good, baseVersion);
  const result: PreviewModelResult = { uri, version, status, modelVersion: answer.version };
  if (analysis.parsed === undefined) result.problem = staleProblem(analysis.syntax[0]?.line);
  if (answer.kind === "model") return { result, wire: answer.wire };
  result.patch = { baseVersion: answer.baseVersion, ops: answer.ops };
  return { result };
}

/** fs/pointerAt: the pointer of the innermost value or member name at `offset` of exactly `version`. */
export function pointerAt(analysis: DocumentAnalysis, version: number, offset: number): string | null {
  const good = parsedAt(analysis, version);
  if (good === undefined || typeof offset !== "number") return null;
  return pointerIn(good, offset);
}

/**
 * fs/pointerAt while a string is being typed (stringEdited.ts): the same pointer as the analysis of
 * exactly `version` answers, from the last good version, where the offset maps.
 */
export function pointerAtEdited(edited: OneStringEdited, editedVersion: number, version: number, offset: number): string | null {
  if (editedVersion !== version || typeof offset !== "number") return null;
  return pointerIn(edited.good, edited.toGood(offset));
}

function pointerIn(good: ParsedVersion, offset: number): string {
  const found = good.locator.nodeAt(offset);
  return found === undefined ? "" : pointerOf(...found.path);
}

/** fs/rangeOf: where `pointer`'s value is (or where it is missing) in exactly `version`. */
export function rangeOf(analysis: DocumentAnalysis, version: number, pointer: string): RangeOfResult | null {
  const good = parsedAt(analysis, version);
  if (good === undefined || typeof pointer !== "string") return null;
  return good.locator.locate(pointer, "value");
}

/** The parse of exactly `version`: offsets of another version would be wrong. */
function parsedAt(analysis: DocumentAnalysis, version: number): ParsedVersion | undefined {
  return analysis.version === version ? analysis.parsed : undefined;
}

export function staleProblem(line: number | undefined): string {
  if (line === undefined) return l10n.t("The text is not valid JSON; showing the last valid version.");
  return l10n.t("Showing the last valid version, because line {0} has a syntax error.", line);
}
