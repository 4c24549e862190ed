// The analysis of one document version, and every cache derived from it. One object per version:
// a feature asks it for what it needs (locator, model, diff, applications by key, id occurrences,
// preview model, outline, positions) and each is built on first use, then kept for
// as long as the version is current. Nothing else keeps per-version state (the preview's patch
// base, service/preview.ts, only holds on to the model it last answered with, not its version).

import type { TextDocument } from "vscode-languageserver-textdocument";
import type { DocumentLimits } from "../../protocol/lsp";
import type { CodeLens, Diagnostic, DiagnosticSeverity, DocumentSymbol } from "vscode-languageserver-protocol";
import {
  analyze,
  buildModel,
  diffSnapshot,
  explanationMayChange,
  parseJson,
  RollupExplainer,
  SourceLocator,
  type Analysis,
  type DocumentModel,
  type EditedCell,
  type Occurrence,
  type RollupApplication,
  type SnapshotDiff,
  type SyntaxProblem,
} from "../../shared/src/index";
import type { DisplayFormat } from "../../shared/src/render/localeFormat";
import { omittedStatements, type OmittedStatement } from "../../shared/src/render/index";
import { presentStatementShell, shellOfPresented, type StatementShell } from "../../shared/src/render/presentation";
import type { StatementPresentation } from "../../shared/src/render/model";
import { arrayMember } from "../../shared/src/json/read";
import { statementPointer } from "../../shared/src/model/pointers";
import { PreviewWireBuilder, type PreviewWire } from "../../shared/src/render/previewWire";
import { rowsOfValueEdit, withRowsRebuilt, withStatementRebuilt } from "../../shared/src/render/previewEdit";
import { ValueCellIndex, ValueCellIndexBuilder } from "../../shared/src/incremental/cellIndex";
import { scanSpansAndCells } from "../../shared/src/incremental/cellScan";
import { scanSpans, type SpanTable } from "../../shared/src/json/guided-scan";
import { applicationPositions, applyValueEdit, type TextEdit, type ValueEdit } from "../../shared/src/incremental/valueEdit";
import type { ApplicationPositions } from "../../shared/src/incremental/applicationPositions";
import { OpenDocument } from "./textDocument";
import { shiftDiagnostic, shiftLenses, shiftSymbols, type LineShift } from "./lineShift";
import { textDelta, toOlder, type TextDelta } from "./textDelta";
import { mappedPart, type TextPart } from "./mappedContext";

const DECIMAL_CHARACTERS = /^[-.0-9]*$/;

/** A version whose text parsed: its value, its validation and what is derived from them. */
export class ParsedVersion {
  private locatorCache: SourceLocator | undefined;
  private modelCache: DocumentModel | undefined;
  private diffCache: SnapshotDiff | undefined;
  private occurrencesCache: Map<string, Occurrence> | undefined;
  private previewWireCache: PreviewWire | undefined;
  /** The preview's model while it is being built ahead, a few rows at a time (buildPreviewWireStep). */
  private previewWireBuilder: PreviewWireBuilder | undefined;
  private omittedCache: readonly OmittedStatement[] | undefined;
  /**
   * The shells (rows without cells) of the statements the preview shows, by statement index, made
   * ahead (buildStatementShellStep) or at a statement's first value edit: a value edit presents
   * only the rows it changed from them (previewEdit.ts). Value edits change no shell, so the
   * versions after one share this map. About an object per row the preview shows cells of.
   */
  private statementShells: Map<number, StatementShell> | undefined;
  private positionsCache: TextDocument | undefined;
  /**
   * Built a step at a time after the open (buildValueEditsStep), or at once when an edit asks for
   * it first; a value edit hands the next version a shifted copy.
   */
  private cellsCache: ValueCellIndex | null | undefined;
  /** The index while it is being built a step at a time. */
  private cellsBuilder: ValueCellIndexBuilder | undefined;
  /**
   * Where each application is in the result's list, by key: built once per full analysis and kept
   * by the value edits after it, which change applications in place (valueEdit.ts).
   */
  private applicationPositionsCache: ApplicationPositions | undefined;
  /**
   * Every application's position by statement id, then parent id, in list order; kept by value edits
   * like the positions. Nested maps, not one joined key string per application (those strings held
   * 0.79 MB on `deep` at 5 MB in a heap snapshot, s19).
   */
  private applicationsByParentCache: ReadonlyMap<string, ReadonlyMap<string, readonly number[]>> | undefined;
  private explainerCache: RollupExplainer | null | undefined;
  /** The outline, once a request has built it completely (not cancelled). */
  outline: { symbols: DocumentSymbol[]; limited: boolean } | undefined;
  /** The parent items' unresolved code lenses (service/codeLens.ts), once built, for the document key they carry. */
  lenses: { documentKey: number; lenses: readonly CodeLens[] } | undefined;
  /** What the server limits on this version (service/status.ts), once computed; null when nothing is. */
  limits: DocumentLimits | null | undefined;
  /**
   * The rollup diagnostics built for this version (service/diagnostics.ts), by the application's
   * position in the result, with the settings they were built with. A value edit hands the next
   * version those it cannot have changed, their positions moved.
   */
  rollupDiagnostics: RollupDiagnostics | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    readonly version: number,
    readonly text: string,
    readonly value: unknown,
    readonly analysis: Analysis,
  ) {}

  /**
   * The version after a value edit of `previous` (engine: incremental/valueEdit.ts). It inherits
   * what the edit leaves valid: the application positions, the shifted cell index, and the
   * preview model with the edited statement rebuilt when the previous version had one.
   */
  static afterValueEdit(previous: ParsedVersion, document: TextDocument, text: string, edit: ValueEdit): ParsedVersion {
    const next = new ParsedVersion(document.uri, document.languageId, document.version, text, edit.value, edit.analysis);
    next.cellsCache = edit.cells;
    next.applicationPositionsCache = previous.applicationPositionsCache;
    next.applicationsByParentCache = previous.applicationsByParentCache;
    // Ids, keys and pointers are as they were: the id model and its occurrences hold as they are,
    // and every range located so far holds moved by the edit.
    next.modelCache = previous.modelCache;
    next.occurrencesCache = previous.occurrencesCache;
    next.locatorCache = previous.locatorCache?.afterEdit(text, edit.value, { offset: edit.edit.offset, length: edit.edit.length, inserted: edit.edit.text.length });
    // The explainer keeps the other statements' indexes and the causes the edit cannot have changed.
    if (previous.explainerCache) next.explainerCache = previous.explainerCache.afterValueEdit(edit.value, edit.analysis.result.calculations.applications, edit.cell);
    // A value edit changes no statement's shape (items, periods, units), so the same ones are left out.
    next.omittedCache = previous.omittedCache;
    // Nor the outline's size, the subtotals or the statements the preview leaves out: the same limits.
    next.limits = previous.limits;
    if (previous.previewWireCache !== undefined) next.previewWireCache = previous.previewAfterValueEdit(previous.previewWireCache, next, edit);
    // The outline, the lens list and the diagnostics name ids and items, which the edit left as
    // they were; only positions after the edit on its line moved (it inserted no line break).
    if (previous.outline !== undefined || previous.lenses !== undefined || previous.rollupDiagnostics !== undefined) {
      const start = document.positionAt(edit.edit.offset);
      const shift: LineShift = { line: start.line, from: start.character + edit.edit.length, delta: edit.edit.text.length - edit.edit.length };
      if (previous.outline !== undefined) next.outline = { symbols: shiftSymbols(previous.outline.symbols, shift), limited: previous.outline.limited };
      if (previous.lenses !== undefined) next.lenses = { documentKey: previous.lenses.documentKey, lenses: shiftLenses(previous.lenses.lenses, shift) };
      if (previous.rollupDiagnostics !== undefined) next.rollupDiagnostics = carriedDiagnostics(previous.rollupDiagnostics, previous.analysis, edit.cell, shift);
    }
    return next;
  }

  /**
   * The preview model of `next`, made by `edit` from this version, whose model is `wire`: only the
   * rows the edit can change (the edited item's, and the subtotals' whose checks it is in) are
   * presented again, from the statement's shell; the whole statement when no shell fits.
   */
  private previewAfterValueEdit(wire: PreviewWire, next: ParsedVersion, edit: ValueEdit): PreviewWire {
    // A statement the preview shows no cells of: the edit changes nothing there.
    if (!showsCells(wire, edit.statement)) return wire;
    this.statementShells ??= new Map<number, StatementShell>();
    next.statementShells = this.statementShells;
    const shell = this.statementShell(edit.statement);
    if (shell !== undefined) {
      const applications = edit.analysis.result.calculations.applications;
      const rows = rowsOfValueEdit(shell, edit.value, edit.item, edit.changed, applications);
      const rebuilt = rows && withRowsRebuilt(wire, shell, edit.value, rows, (statement, parent, period) => next.application(statement, parent, period));
      if (rebuilt !== undefined) return rebuilt;
    }
    return withStatementRebuilt(wire, edit.value, edit.analysis.result, edit.statement);
  }

  /** The shell of statement `index`, made now if it was not made yet. */
  private statementShell(index: number): StatementShell | undefined {
    this.statementShells ??= new Map<number, StatementShell>();
    let shell = this.statementShells.get(index);
    if (shell === undefined) {
      shell = presentStatementShell(this.value, this.analysis.result, index);
      if (shell !== undefined) this.statementShells.set(index, shell);
    }
    return shell;
  }

  /**
   * Makes the shell of one more statement the preview shows cells of, once its model is built
   * (previewAhead.ts), so that the first value edit of each statement does not make it (10–40 ms
   * for a 3,000-row statement at 5 MB); false once every such statement has one.
   */
  buildStatementShellStep(): boolean {
    const wire = this.previewWireCache;
    if (wire === undefined) return false;
    for (const [index] of arrayMember(this.value, "statements").entries()) {
      if (this.statementShells?.has(index) !== true && showsCells(wire, index)) return this.statementShell(index) !== undefined;
    }
    return false;
  }

  /** This version's analysis of `text` (this text with `edit` applied), when the edit is a value edit. */
  valueEdit(edit: TextEdit, text: string): ValueEdit | undefined {
    // Typing anything but digits, "-" or "." is never a value edit: no index is built for it.
    if (!DECIMAL_CHARACTERS.test(edit.text) || !this.prepareValueEdits()) return undefined;
    const cells = this.cellsCache as ValueCellIndex;
    return applyValueEdit({ text: this.text, analysis: this.analysis, cells, positions: this.applicationIndex() }, edit, text);
  }

  /** Builds what value edits of this version need (a scan of the text), what is left of it; false when they cannot be. */
  prepareValueEdits(): boolean {
    if (this.analysis.document === undefined || this.analysis.issues.length > 0) return false;
    if (this.cellsCache === undefined) {
      this.cellsCache = (this.cellsBuilder ?? new ValueCellIndexBuilder(this.text, this.analysis.document)).finish() ?? null;
      this.cellsBuilder = undefined;
    }
    if (this.cellsCache === null) return false;
    // The positions too, so that the first number typed waits for neither.
    this.applicationIndex();
    return true;
  }

  /** Whether what value edits need is built, or known not to be possible (an edit waits for neither). */
  get valueEditsPrepared(): boolean {
    return this.cellsCache !== undefined;
  }

  /**
   * Scans a few thousand more cells for value edits (prepareValueEdits; cellScan.ts); false once
   * what they need is ready, or they cannot be.
   */
  buildValueEditsStep(): boolean {
    const document = this.analysis.document;
    if (document === undefined || this.analysis.issues.length > 0) return false;
    // The cells may be there already, from the span scan (`locator`): then only the positions are left.
    if (this.cellsCache === undefined) {
      this.cellsBuilder ??= new ValueCellIndexBuilder(this.text, document);
      if (this.cellsBuilder.step()) return true;
    }
    this.prepareValueEdits();
    return false;
  }

  /** Where each application is in the result's list, by key (applicationPositionsCache). */
  private applicationIndex(): ApplicationPositions {
    this.applicationPositionsCache ??= applicationPositions(this.analysis.result.calculations.applications);
    return this.applicationPositionsCache;
  }

  /** Pointers → ranges in this text. */
  get locator(): SourceLocator {
    this.locatorCache ??= new SourceLocator(this.text, this.value, undefined, (text, value, depth) => this.scanSpans(text, value, depth));
    return this.locatorCache;
  }

  /**
   * A large text's span table (json/spans.ts), made for the open's diagnostics: the walk also
   * records the value-edit index's cells when this version can have them and they are not built
   * yet, which otherwise took a second walk of the whole text after the diagnostics (cellScan.ts).
   */
  private scanSpans(text: string, value: unknown, depth: number): SpanTable | undefined {
    const document = this.analysis.document;
    if (this.cellsCache !== undefined || this.cellsBuilder !== undefined || document === undefined || this.analysis.issues.length > 0 || text.length > 0x7fffffff) {
      return scanSpans(text, value, depth);
    }
    const both = scanSpansAndCells(text, document, depth);
    // Cells the walk missed are left to the value-edit index's own scan.
    if (both?.cells !== undefined) this.cellsCache = ValueCellIndex.of(both.cells);
    return both?.spans;
  }

  get model(): DocumentModel {
    this.modelCache ??= buildModel(this.value);
    return this.modelCache;
  }

  /** The likely causes of failing rollups (rollup/explain.ts), built on first need; none unless the document conforms. */
  get explainer(): RollupExplainer | undefined {
    if (this.explainerCache === undefined) {
      const document = this.analysis.document;
      this.explainerCache = document === undefined ? null : new RollupExplainer(document, this.analysis.result.calculations.applications);
    }
    return this.explainerCache ?? undefined;
  }

  get diff(): SnapshotDiff {
    this.diffCache ??= diffSnapshot(this.value, this.analysis);
    return this.diffCache;
  }

  /**
   * The preview's data model of this version (fs/previewModel), kept in its wire form: arrays per
   * row and cell, a plain value cell being the parsed value's own decimal string, no cell pointers
   * (previewWire.ts). The presentation and the model objects it is built from are not kept: one
   * object per cell would be most of what a version holds (and what each garbage collection walks).
   */
  get previewWire(): PreviewWire {
    this.previewWireCache ??= this.finishPreviewWire();
    return this.previewWireCache;
  }

  /** The preview's model, built from where buildPreviewWireStep left it (or from the start). */
  private finishPreviewWire(): PreviewWire {
    const wire = (this.previewWireBuilder ?? this.previewWireBuilderOf()).finish();
    this.previewWireBuilder = undefined;
    return wire;
  }

  /**
   * A builder of this version's preview model that keeps each statement it presents as that
   * statement's shell (value edits present their rows from it): the statement is not presented a
   * second time for its shell (buildStatementShellStep then finds them made).
   */
  private previewWireBuilderOf(): PreviewWireBuilder {
    return new PreviewWireBuilder(this.value, this.analysis.result, (statement) => this.keepShell(statement));
  }

  private keepShell(statement: StatementPresentation): void {
    this.statementShells ??= new Map<number, StatementShell>();
    if (this.statementShells.has(statement.index)) return;
    const shell = shellOfPresented(statement, this.analysis.result);
    if (shell !== undefined) this.statementShells.set(statement.index, shell);
  }

  /** Whether the preview's model of this version is built (a request for it answers at once). */
  get hasPreviewWire(): boolean {
    return this.previewWireCache !== undefined;
  }

  /**
   * Builds a few more rows of the preview's model (PREVIEW_STEP_CELLS cells) ahead of a preview
   * asking for it (previewAhead.ts); false once the model is built.
   */
  buildPreviewWireStep(): boolean {
    if (this.previewWireCache !== undefined) return false;
    this.previewWireBuilder ??= this.previewWireBuilderOf();
    if (this.previewWireBuilder.step()) return true;
    this.previewWireCache = this.finishPreviewWire();
    return false;
  }

  /**
   * The statements whose cells the preview leaves out (over the render limits), from the
   * statements' shapes: the language status reports them without a preview model being built.
   */
  get omittedStatements(): readonly OmittedStatement[] {
    this.omittedCache ??= omittedStatements(this.value);
    return this.omittedCache;
  }

  /**
   * The current application of (statement, parent, period); none unless the document conforms (a
   * conforming document has one application per key), found through the positions value edits use.
   */
  application(statement: string, parent: string, period: string): RollupApplication | undefined {
    const position = this.applicationIndex().get(statement, parent, period);
    return position === undefined ? undefined : this.analysis.result.calculations.applications[position];
  }

  /**
   * The positions in the result's list of every application whose key names `statement` and
   * `parent` (any period), in list order: one per period in a conforming document, and every one of
   * them in a document that repeats ids.
   */
  applicationsOfParent(statement: string, parent: string): readonly number[] {
    if (this.applicationsByParentCache === undefined) {
      const byStatement = new Map<string, Map<string, number[]>>();
      this.analysis.result.calculations.applications.forEach((application, position) => {
        const { statement: statementId, parent: parentId } = application.key;
        let byParent = byStatement.get(statementId);
        if (byParent === undefined) byStatement.set(statementId, (byParent = new Map()));
        const positions = byParent.get(parentId);
        if (positions === undefined) byParent.set(parentId, [position]);
        else positions.push(position);
      });
      this.applicationsByParentCache = byStatement;
    }
    return this.applicationsByParentCache.get(statement)?.get(parent) ?? [];
  }

  /** The id occurrence at a pointer (a value, or the member name when `mark` is "key"). */
  occurrence(mark: "key" | "value", at: string): Occurrence | undefined {
    if (this.occurrencesCache === undefined) {
      this.occurrencesCache = new Map();
      for (const occurrence of this.model.occurrences) {
        const key = `${occurrence.mark}\u0000${occurrence.pointer}`;
        if (!this.occurrencesCache.has(key)) this.occurrencesCache.set(key, occurrence);
      }
    }
    return this.occurrencesCache.get(`${mark}\u0000${at}`);
  }

  /** Line/character positions of this text (used when it is no longer the open text). */
  get positions(): TextDocument {
    this.positionsCache ??= OpenDocument.create(this.uri, this.languageId, this.version, this.text);
    return this.positionsCache;
  }
}

/** Whether the preview's model `wire` shows the cells of statement `index` (of the document's statements). */
function showsCells(wire: PreviewWire, index: number): boolean {
  const pointer = statementPointer(index);
  const statement = wire.statements.find((each) => each.pointer === pointer);
  return statement !== undefined && statement.omitted === undefined;
}

/** Rollup diagnostics by application position, for the settings that shape them. */
export interface RollupDiagnostics {
  readonly severity: DiagnosticSeverity;
  readonly display: DisplayFormat;
  /** Filled in by service/diagnostics.ts as it builds them. */
  readonly byPosition: Map<number, Diagnostic>;
}

/**
 * The rollup diagnostics of the version after a value edit of `cell`, from those `built` for the
 * version before (whose analysis is `previous`): those of the applications whose diagnostic the
 * edit cannot have changed (its own values, its causes and its children's cells:
 * rollup/explain.ts, `explanationMayChange`), moved. Applications keep their positions.
 */
function carriedDiagnostics(built: RollupDiagnostics, previous: Analysis, cell: EditedCell, shift: LineShift): RollupDiagnostics {
  const applications = previous.result.calculations.applications;
  const byPosition = new Map<number, Diagnostic>();
  for (const [position, diagnostic] of built.byPosition) {
    const application = applications[position];
    if (application !== undefined && !explanationMayChange(cell, application.key)) byPosition.set(position, shiftDiagnostic(diagnostic, shift));
  }
  return { severity: built.severity, display: built.display, byPosition };
}

/** The analysis of one version of an open document. */
export class DocumentAnalysis {
  private deltaCache: TextDelta | undefined;
  readonly uri: string;
  readonly version: number;

  private constructor(
    /** The document at this version. The store hands an analysis out only while it is current. */
    readonly document: TextDocument,
    readonly text: string,
    /** Syntax problems of this version; empty when it parsed. */
    readonly syntax: readonly SyntaxProblem[],
    /** This version's parse, when it parsed. */
    readonly parsed: ParsedVersion | undefined,
    /** This version's parse, or else the last version that parsed (while the text is broken). */
    readonly lastGood: ParsedVersion | undefined,
  ) {
    this.uri = document.uri;
    this.version = document.version;
  }

  static of(document: TextDocument, previous: DocumentAnalysis | undefined): DocumentAnalysis {
    const text = document.getText();
    const outcome = parseJson(text);
    if (!outcome.ok) return new DocumentAnalysis(document, text, outcome.problems, undefined, previous?.lastGood);
    const parsed = new ParsedVersion(document.uri, document.languageId, document.version, text, outcome.value, analyze(outcome.value));
    return new DocumentAnalysis(document, text, [], parsed, parsed);
  }

  /**
   * The analysis after one edit of `previous` (the analysis of the version just before), without
   * reading the text again when the edit only changed one value; undefined otherwise.
   */
  static afterEdit(document: TextDocument, previous: DocumentAnalysis, edit: TextEdit): DocumentAnalysis | undefined {
    const good = previous.parsed;
    if (good === undefined) return undefined;
    const text = document.getText();
    const outcome = good.valueEdit(edit, text);
    if (outcome === undefined) return undefined;
    const parsed = ParsedVersion.afterValueEdit(good, document, text, outcome);
    return new DocumentAnalysis(document, text, [], parsed, parsed);
  }

  /** Positions in `good`'s text: the open document when it is this version, else its own. */
  positionsOf(good: ParsedVersion): TextDocument {
    return good === this.parsed ? this.document : good.positions;
  }

  /**
   * While the text is broken, the last good text answers where the edit left the text unchanged:
   * what lies before an edit (the common prefix) and after it (the common suffix) is the same in
   * both texts, so offsets there translate by a constant; everything else has no counterpart.
   */
  toLastGood(offset: number): number | undefined {
    if (this.lastGood === this.parsed) return offset;
    return toOlder(this.delta(), this.text.length, offset);
  }

  /** The open text's range for a last-good range that lies wholly in unchanged text. */
  fromLastGood(offset: number, length: number): { offset: number; length: number } | undefined {
    if (this.lastGood === this.parsed) return { offset, length };
    const { prefix, suffix, shift } = this.delta();
    if (offset + length <= prefix) return { offset, length };
    if (offset >= (this.lastGood?.text.length ?? 0) - suffix) return { offset: offset + shift, length };
    return undefined;
  }

  /**
   * The part of the open text to read for the cursor at `offset` (completion): the deepest indexed
   * container of the last good text (an item, a statement…) that holds the offset and everything
   * the text changed since, at its offsets in the open text, and its path. The whole text when
   * there is no index (a small text) or no container holds both: a large text is never read from
   * its start for a cursor inside one item.
   */
  readingContext(offset: number): TextPart {
    const good = this.lastGood;
    if (good === undefined) return { start: 0, end: this.text.length, path: [] };
    if (good === this.parsed) return good.locator.enclosing(offset, offset) ?? { start: 0, end: this.text.length, path: [] };
    return mappedPart((from, to) => good.locator.enclosing(from, to), good.text.length, this.delta(), this.text.length, offset);
  }

  private delta(): TextDelta {
    this.deltaCache ??= textDelta(this.lastGood?.text ?? "", this.text);
    return this.deltaCache;
  }
}
