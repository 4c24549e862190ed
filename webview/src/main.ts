// The preview's page script (bundled as dist/webview.js): holds the document's preview model,
// applies the extension's patches to it (never an older one over a newer one), draws it as
// virtualized tables, follows the editor's cursor and scroll, and reports clicks, Enter and
// scrolling back. Also: the outline toggles, cell selection and copy, keyboard navigation and the
// page's own find box.

import type { GridWrite } from "../../protocol/lsp";
import {
  asPreviewState,
  isExtensionToWebview,
  SHELL_IDS,
  type ExtensionToWebview,
  type FirstPaintMark,
  type EditResultMessage,
  type ModelMessage,
  type NumberFormat,
  type PatchMessage,
  type PreviewState,
  type WebviewToExtension,
} from "../../protocol/webview";
import type { PreviewModel } from "../../shared/src/render/previewModel";
import { applyPreviewPatch } from "../../shared/src/render/previewPatch";
import { rowsInPlace } from "../../shared/src/render/patchInPlace";
import { decodePreviewWire } from "../../shared/src/render/previewWire";
import { ExplanationPanel } from "./explain";
import { FindBox, findMatches, type FindMatch } from "./find";
import { element, keepConsumedKeys, PageHeader, reportPageFocus } from "./page";
import { ScrollReporter } from "./scroll";
import { RevealQueue } from "./reveals";
import { StatementsView, type Place } from "./statements";
import { cellsText, SelectionRange } from "./selection";
import { CellEditor, clearsValue, startsValue, type Direction, type EditTarget } from "./grid";
import { display } from "./display";
import type { CellContent } from "../../shared/src/fix/cellEdits";
import { unavailableKeyword } from "../../shared/src/render/cellInput";
import { numberSymbols } from "../../shared/src/render/localeFormat";
import { parseTsvBlock, planPaste } from "../../shared/src/render/gridPaste";
import * as l10n from "@vscode/l10n";

/** The subtotal cells the "why" panel explains: those whose check fails, and those whose check could not be evaluated. */
const EXPLAINED_CELLS = "td.fs-inconsistent[data-pointer], td.fs-rollup-error[data-pointer]";

/** How long the pointer rests on a failing subtotal before the panel explains it. */
const HOVER_INTENT_MS = 350;

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** Sets a first-paint mark (protocol/webview.ts), once per page. */
function markOnce(name: FirstPaintMark): void {
  if (performance.getEntriesByName(name, "mark").length === 0) performance.mark(name);
}
markOnce("fs-preview-script");

const HIGHLIGHT = "fs-highlight";
const SELECTED = "fs-selected";
const FIND_MATCH = "fs-find-match";
const FIND_CURRENT = "fs-find-current";

/** The model in the UTF-8 JSON bytes of a wire form (a model message's payload), or undefined. */
function decodeWireBytes(bytes: Uint8Array): PreviewModel | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
  return decodePreviewWire(parsed);
}

class PreviewScript {
  private readonly header = new PageHeader(document);
  private readonly content = element(document, SHELL_IDS.content);
  private readonly view: StatementsView;
  private readonly scroll: ScrollReporter;
  /** The editor's scrolls and cursor reveals, made once per frame (reveals.ts). */
  private readonly reveals = new RevealQueue(
    (callback) => requestAnimationFrame(callback),
    (handle) => cancelAnimationFrame(handle),
  );
  private readonly find: FindBox;
  private readonly explanation: ExplanationPanel;
  private state: PreviewState | undefined;
  /** Collapsed subtotal rows per document, for as long as the panel lives. */
  private readonly collapsed = new Map<string, Set<string>>();
  private uri: string | undefined;
  private version: number | undefined;
  private lastSequence = -Infinity;
  /** The document whose tables this page last drew ("painted" is said once per document). */
  private paintedUri: string | undefined;
  private format: NumberFormat = "full";
  private documentName = "";
  private highlighted: Place | undefined;
  /** The pointer the editor's cursor is at: re-resolved when a patch moves rows. */
  private highlightedPointer: string | undefined;
  private selection: SelectionRange | undefined;
  /** The cell that is its table's tab stop, per statement. */
  private readonly tabStops = new Map<number, Place>();
  private matches: FindMatch[] = [];
  private matchIndex = 0;
  /** The position saved before this page was (re)loaded: a hidden preview or a reload restores it. */
  private restoreTop: number | undefined;
  /**
   * How many whole models and patches this page has applied, on <body> as data-models and
   * data-patches: the observable proof (for tests and anyone debugging) that an edit arrived as a patch.
   * data-model-bytes is the size of the last whole model's wire form, which arrived as bytes.
   */
  private readonly applied = { models: 0, patches: 0 };
  private readonly editor: CellEditor;
  /** Why the document cannot be edited from the grid; undefined: it can. */
  private readOnly: string | undefined;
  private lastEditId = 0;
  /** The next copy includes the header row and the Unit column (Ctrl+Shift+C). */
  private copyWithHeaders = false;
  /** Set while the keyboard goes back to a cell from the explanation panel (Escape), which asks nothing. */
  private quietFocus = false;
  /** Writes sent and not answered yet: the cell each was made from. */
  private readonly pendingEdits = new Map<number, Place>();

  constructor(private readonly api: VsCodeApi) {
    this.state = asPreviewState(api.getState());
    this.restoreTop = this.state?.scrollTop;
    if (this.state !== undefined) this.collapsed.set(this.state.uri, new Set(this.state.collapsed));
    this.scroll = new ScrollReporter(
      this.content,
      window,
      () => this.reportScroll(),
      (byUser) => {
        // A scroll of ours that draw() followed at this offset (a reveal) has nothing more to draw:
        // drawing again laid the tables out again, 20–200 ms on `wide` on the workbench's thread.
        if (byUser || !this.view.drawnHere()) this.view.draw();
        this.saveState();
        this.explanationAfterScroll();
      },
    );
    this.view = new StatementsView(document, this.content, {
      isCollapsed: (pointer) => this.collapsedSet().has(pointer),
      scrollOurselves: (scroll) => this.scroll.scrollOurselves(scroll),
      keeps: (element) => this.editor.holds(element),
    });
    this.editor = new CellEditor(document, numberSymbols(display.locale), {
      commit: (target, content, direction) => this.commitEdit(target, content, direction),
      cancel: (target, refocus) => {
        this.view.repaintRow(target.place.statement, target.place.row);
        if (refocus) this.focusPlace(target.place);
      },
    });
    this.find = new FindBox(element(document, SHELL_IDS.find), {
      search: (query) => this.search(query),
      step: (direction) => this.stepMatch(direction),
      close: () => {
        this.matches = [];
        this.view.mark(FIND_MATCH, []);
        this.view.mark(FIND_CURRENT, []);
        this.content.focus();
      },
    });
    this.explanation = new ExplanationPanel(document, element(document, SHELL_IDS.explanation), {
      ask: (uri, version, pointer) => this.post({ type: "explain", uri, version, pointer }),
      reveal: (pointer) => this.revealSource(pointer, true),
      setChildrenSum: (pointer) => {
        const place = this.view.nearest(pointer);
        if (place !== undefined && this.readOnly === undefined) this.write([{ pointer, content: { kind: "children-sum" } }], place);
      },
      leave: (pointer) => {
        const place = this.view.nearest(pointer);
        if (place === undefined || place.row < 0) return;
        // The focus coming back is not a new question about the cell.
        this.quietFocus = true;
        try {
          this.focusPlace(place);
        } finally {
          this.quietFocus = false;
        }
      },
    });
    window.addEventListener("message", (event: MessageEvent<unknown>) => {
      if (isExtensionToWebview(event.data)) this.receive(event.data);
    });
    window.addEventListener("resize", () => this.view.draw());
    reportPageFocus(window, (message) => this.post(message));
    window.addEventListener("blur", () => this.onWindowFocus(false));
    window.addEventListener("focus", () => this.onWindowFocus(true));
    document.addEventListener("focusin", () => (this.cellLeftForNothing = undefined), { capture: true });
    document.addEventListener("focusout", (event) => this.onFocusOut(event), { capture: true });
    document.addEventListener("keydown", (event) => this.onDocumentKey(event));
    // After the page's own key listeners (the content's bubble to the document first).
    keepConsumedKeys(document);
    document.addEventListener("copy", (event) => this.onCopy(event));
    document.addEventListener("paste", (event) => this.onPaste(event));
    this.content.addEventListener("click", (event) => this.onClick(event));
    // Anywhere in the page (cells, headers, the scrollbar): the user is using the preview now.
    document.addEventListener("mousedown", () => this.post({ type: "pressed" }), { capture: true });
    // Shift+click extends the cell selection; it must not start a text selection as well.
    this.content.addEventListener("mousedown", (event) => {
      if (event.shiftKey && event.target instanceof Element && event.target.closest("td, th") !== null) event.preventDefault();
    });
    this.content.addEventListener("keydown", (event) => this.onKey(event));
    this.content.addEventListener("dblclick", (event) => this.onDoubleClick(event));
    this.content.addEventListener("focusin", (event) => this.onFocus(event));
    // Resting the pointer on a failing subtotal explains it (so do focusing and clicking it); a
    // pointer that merely passes over one, or that the content scrolls under, asks nothing.
    this.content.addEventListener("mouseover", (event) => this.pointAt(event.target));
    this.post({ type: "ready" });
    markOnce("fs-preview-ready");
  }

  private post(message: WebviewToExtension): void {
    this.api.postMessage(message);
  }

  private collapsedSet(): Set<string> {
    const uri = this.uri ?? "";
    let set = this.collapsed.get(uri);
    if (set === undefined) {
      set = new Set();
      this.collapsed.set(uri, set);
    }
    return set;
  }

  private receive(message: ExtensionToWebview): void {
    // A patch, a model, the panel or a new number format can replace the cell that has the focus.
    this.keepingFocus(() => this.dispatch(message));
  }

  private dispatch(message: ExtensionToWebview): void {
    switch (message.type) {
      case "model": {
        if (message.sequence <= this.lastSequence) return;
        if (message.wire !== undefined) markOnce("fs-preview-model-received");
        // The wire form is checked field by field as it is decoded; one that does not decode is
        // dropped like any other invalid message.
        const model = message.wire === undefined ? undefined : decodeWireBytes(message.wire);
        if (model !== undefined) markOnce("fs-preview-model-decoded");
        if (message.wire !== undefined && model === undefined) return;
        if (message.wire !== undefined) document.body.dataset.modelBytes = String(message.wire.byteLength);
        this.paintModel(message, model);
        return;
      }
      case "patch":
        this.applyPatch(message);
        return;
      case "highlight":
        this.highlight(message.pointer, message.reveal);
        if (message.explain === true) this.explainPointer(message.pointer);
        return;
      case "scrollTo": {
        const { pointer } = message;
        this.reveals.ask("top", () => this.scrollToPointer(pointer));
        return;
      }
      case "lock":
        this.header.setLocked(message.locked);
        if (this.state !== undefined) this.state = { ...this.state, locked: message.locked };
        this.saveState();
        return;
      case "options":
        this.format = message.numberFormat;
        this.view.setFormat(message.numberFormat);
        return;
      case "explanation":
        this.explanation.receive(message);
        return;
      case "editResult":
        this.editAnswered(message);
        return;
      case "expect":
        // The model posted while this page loaded went to a page VS Code discarded: ask for it.
        if (message.sequence > this.lastSequence) this.post({ type: "resync", uri: message.uri });
        return;
    }
  }

  private paintModel(message: ModelMessage, model: PreviewModel | undefined): void {
    if (message.sequence <= this.lastSequence) return;
    this.lastSequence = message.sequence;
    const changedDocument = this.uri !== message.uri;
    // A reveal asked for in the last document's tables would scroll the new one's.
    if (changedDocument) this.reveals.clear();
    this.uri = message.uri;
    this.format = message.numberFormat;
    this.documentName = message.documentName;
    this.header.setTitle(model?.title ?? (changedDocument ? "" : (this.view.current?.title ?? "")), message.documentName);
    this.header.setStatus(message.status);
    this.header.setLocked(message.locked);
    this.header.setProblem(message.problem);
    this.readOnly = message.readOnly;
    this.header.setReadOnly(message.readOnly);
    document.body.classList.toggle("fs-readonly", message.readOnly !== undefined);
    this.explanation.editable = message.readOnly === undefined;
    const savedUri = this.state?.uri;
    this.state = { uri: message.uri, locked: message.locked, scrollTop: this.scroll.top, collapsed: [...this.collapsedSet()] };
    // No model: keep the last tables of the same document under the banner; another document shows none.
    if (model === undefined && !changedDocument) {
      this.saveState();
      return;
    }
    const keptTop = this.scroll.top;
    this.version = message.version;
    this.count("models");
    this.selection = undefined;
    this.tabStops.clear();
    const previous = this.highlighted;
    this.highlighted = undefined;
    this.view.mark(HIGHLIGHT, []);
    this.view.markRange(SELECTED, undefined);
    this.editor.abandon();
    const restored = savedUri === message.uri ? this.restoreTop : undefined;
    this.restoreTop = undefined;
    const top = message.scrollTop ?? restored ?? (changedDocument ? 0 : keptTop);
    // New content can move the scroller by itself (content shorter than the old offset clamps it):
    // that scroll is ours with the one to `top`, never reported as the user's, which would scroll
    // the editor (a new document's, away from its cursor).
    this.scroll.scrollOurselves(() => {
      this.view.setModel(model, message.numberFormat);
      this.markReadOnly();
      this.scroll.scrollTo(top);
    });
    this.view.draw();
    if (model !== undefined) {
      markOnce("fs-preview-drawn");
      if (this.paintedUri !== message.uri) {
        this.paintedUri = message.uri;
        this.post({ type: "painted", uri: message.uri });
      }
    }
    this.updateTabStops();
    if (previous !== undefined && !changedDocument) this.markHighlight(previous);
    this.find.refresh();
    this.explanation.modelChanged(this.uri, this.version, (pointer) => this.isFailingCell(pointer));
    this.saveState();
  }

  private applyPatch(message: PatchMessage): void {
    if (message.sequence <= this.lastSequence) return;
    const model = this.view.current;
    // A patch is applied only over exactly the version it was made from; anything else asks for the whole model.
    if (message.uri !== this.uri || model === undefined || message.baseVersion !== this.version) {
      this.lastSequence = message.sequence;
      this.post({ type: "resync", uri: message.uri });
      return;
    }
    this.lastSequence = message.sequence;
    // The margin of a jump just made waits until this answer is drawn (the key at a new place).
    this.view.postponeMargin();
    this.header.setStatus(message.status);
    this.header.setProblem(message.problem);
    // Found before the model is patched, while it holds the rows the patch replaces.
    const inPlace = rowsInPlace(model, message.ops);
    if (!applyPreviewPatch(model, message.ops)) {
      this.version = undefined;
      this.post({ type: "resync", uri: message.uri });
      return;
    }
    this.version = message.version;
    this.count("patches");
    for (const op of message.ops) if (op.op === "title") this.header.setTitle(op.title, this.documentName);
    // A label's edit replaces its row in place (patchInPlace.ts): no row moves, as with a value's.
    const structural = inPlace === undefined && message.ops.some((op) => op.op !== "cells" && op.op !== "title");
    if (structural) {
      this.selection = undefined;
      this.view.markRange(SELECTED, undefined);
      this.tabStops.clear();
    }
    // Rows moved under the editor: it is taken up again where its cell is now.
    const editing = structural ? this.editor.abandon() : undefined;
    this.view.applyOps(message.ops, inPlace);
    if (structural) this.markReadOnly();
    if (editing !== undefined) this.resumeEditing(editing);
    this.explanation.modelChanged(this.uri, this.version, (pointer) => this.isFailingCell(pointer));
    if (structural) {
      if (this.highlightedPointer !== undefined) this.highlight(this.highlightedPointer, false);
      this.updateTabStops();
      this.find.refresh();
    } else if (inPlace !== undefined && inPlace.length > 0) this.find.refresh();
  }

  private count(kind: "models" | "patches"): void {
    this.applied[kind]++;
    document.body.dataset[kind] = String(this.applied[kind]);
  }

  // ---- Highlight and scroll sync ----

  private highlight(pointer: string, reveal: boolean): void {
    this.highlightedPointer = pointer;
    const place = this.view.nearest(pointer);
    // The editor's cursor following a click in the grid: the clicked row stays where it is (a
    // second click of a double-click must find its cell under the pointer).
    const followed = this.followed;
    this.followed = undefined;
    if (followed !== undefined && place !== undefined && followed.statement === place.statement && followed.row === place.row) reveal = false;
    if (place === undefined) {
      this.highlighted = undefined;
      this.view.mark(HIGHLIGHT, []);
      return;
    }
    this.markHighlight(this.shownPlace(place));
    if (reveal) this.reveals.ask("cursor", () => this.revealPlace(pointer));
  }

  /**
   * Scrolls the place shown for `pointer` (found again: a patch may have moved it since it was asked
   * for) to the view's middle, unless its row is in view already: then only its table scrolls
   * sideways to the cell. A Go to Line posts the editor's top line and the cursor; the top line's
   * scroll, drawn first, brings the cursor's row into view, and centring it then drew and laid out
   * the rows it brought in a second time (on `wide`, 15–60 ms of the workbench's thread, which the
   * page shares); so did the key typed there, whose cursor comes back once answered (issue 25).
   */
  private revealPlace(pointer: string): void {
    const place = this.view.nearest(pointer);
    if (place === undefined) return;
    const shown = this.shownPlace(place);
    if (shown.row < 0) {
      if (shown.column < 0) this.view.scrollToStatement(shown.statement);
      return;
    }
    if (!this.view.rowInView(shown.statement, shown.row)) this.view.scrollToRow(shown.statement, shown.row, "center");
    const target = this.view.elementAt(shown);
    target?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
  }

  private markHighlight(place: Place): void {
    this.highlighted = place;
    if (place.row < 0) {
      const section = this.view.sectionOf(place.statement);
      this.view.mark(HIGHLIGHT, []);
      if (place.column < 0) section?.classList.add(HIGHLIGHT);
      else this.view.tableOf(place.statement)?.tHead?.rows[0]?.children[place.column]?.classList.add(HIGHLIGHT);
      return;
    }
    this.view.mark(HIGHLIGHT, [place]);
  }

  /** A row hidden under a collapsed subtotal is shown by its nearest visible ancestor. */
  private shownPlace(place: Place): Place {
    if (place.row < 0) return place;
    const statement = this.view.statementAt(place.statement);
    let row = place.row;
    let column = place.column;
    while (statement !== undefined && this.view.positionOf(place.statement, row) < 0) {
      const parent = statement.rows[row]?.parent;
      const parentIndex = parent === undefined ? -1 : statement.rows.findIndex((candidate) => candidate.pointer === parent);
      if (parentIndex < 0) break;
      row = parentIndex;
      column = -1;
    }
    return { statement: place.statement, row, column };
  }

  private scrollToPointer(pointer: string): void {
    if (pointer === "") {
      this.scroll.scrollTo(0);
      this.view.draw();
      return;
    }
    const place = this.view.nearest(pointer);
    if (place === undefined) return;
    const shown = this.shownPlace(place);
    if (shown.row < 0) this.view.scrollToStatement(shown.statement);
    else this.view.scrollToRow(shown.statement, shown.row, "top");
  }

  private reportScroll(): void {
    if (this.scroll.top <= 0) {
      this.post({ type: "scrolled", pointer: "" });
      return;
    }
    const top = this.view.topRow();
    if (top !== undefined) this.post({ type: "scrolled", pointer: top.pointer });
  }

  // ---- Mouse ----

  private onClick(event: MouseEvent): void {
    if (!(event.target instanceof Element)) return;
    const toggle = event.target.closest(".fs-toggle");
    if (toggle !== null) {
      const place = this.view.placeOf(toggle);
      if (place !== undefined) this.toggleGroup(place);
      return;
    }
    const place = this.view.placeOf(event.target);
    if (place !== undefined && place.column >= 0) {
      if (event.shiftKey && this.selection !== undefined && this.selection.statement === place.statement) this.selection = this.selection.extendTo(place, this.view);
      else this.selection = SelectionRange.at(place);
      if (event.shiftKey) document.getSelection()?.removeAllRanges();
      this.markSelection();
      this.setTabStop(place);
      if (event.shiftKey) return;
    }
    const source = event.target.closest<HTMLElement>("[data-pointer]");
    const pointer = source?.dataset.pointer;
    // A click keeps the focus in the grid and the source follows in the editor (the second click of
    // a double-click, which edits, asks nothing more); Ctrl+click (Cmd+click) goes to the source.
    if (pointer !== undefined && event.detail < 2) this.revealSource(pointer, event.ctrlKey || event.metaKey);
    this.explainCell(event.target);
  }

  /** Where the editor's cursor is sent without the focus: its highlight coming back does not scroll the grid. */
  private followed: Place | undefined;

  /** Selects the source of `pointer` in the editor; `focus`: the editor takes the focus. */
  private revealSource(pointer: string, focus: boolean): void {
    this.scroll.flush();
    this.followed = focus ? undefined : this.view.nearest(pointer);
    this.post({ type: "reveal", pointer, focus });
  }

  // ---- Why a subtotal fails ----

  /** The failing cell the pointer rests on, and the timer that turns the rest into a question. */
  private pointing: { cell: Element; timer: number } | undefined;

  private pointAt(target: EventTarget | null): void {
    const cell = target instanceof Element ? target.closest(EXPLAINED_CELLS) : null;
    if (cell !== null && cell === this.pointing?.cell) return;
    this.stopPointing();
    if (cell !== null) this.pointing = { cell, timer: window.setTimeout(() => this.explainCell(cell), HOVER_INTENT_MS) };
  }

  private stopPointing(): void {
    if (this.pointing !== undefined) window.clearTimeout(this.pointing.timer);
    this.pointing = undefined;
  }

  /** After a scroll: a pointer at rest did not choose what moved under it, and an explanation whose cell left the view goes. */
  private explanationAfterScroll(): void {
    this.stopPointing();
    const pointer = this.explanation.subjectPointer;
    if (pointer === undefined) return;
    const cell = this.content.querySelector(`td[data-pointer="${CSS.escape(pointer)}"]`);
    const view = this.content.getBoundingClientRect();
    const box = cell?.getBoundingClientRect();
    if (box === undefined || box.bottom <= view.top || box.top >= view.bottom) this.explanation.close();
  }

  /** Asks why the failing (or not evaluated) subtotal cell at (or around) `target` fails; other cells ask nothing (false). */
  private explainCell(target: EventTarget | null): boolean {
    if (!(target instanceof Element) || this.uri === undefined || this.version === undefined) return false;
    const cell = target.closest<HTMLElement>(EXPLAINED_CELLS);
    const pointer = cell?.dataset.pointer;
    if (pointer === undefined) return false;
    this.explanation.want({ uri: this.uri, version: this.version, pointer });
    return true;
  }

  /**
   * A failing subtotal's lens was clicked in the editor: its cell becomes the selection, and its
   * "why" panel opens (asked now, from the model: the cell's row may not be drawn until the reveal).
   */
  private explainPointer(pointer: string): void {
    const place = this.view.nearest(pointer);
    if (place === undefined || place.row < 0 || place.column < 0 || this.uri === undefined || this.version === undefined) return;
    this.selection = SelectionRange.at(place);
    this.markSelection();
    this.setTabStop(place);
    if (this.isFailingCell(pointer)) this.explanation.want({ uri: this.uri, version: this.version, pointer });
  }

  /** Is `pointer` a subtotal cell of the model shown whose check fails or could not be evaluated? */
  private isFailingCell(pointer: string): boolean {
    const place = this.view.nearest(pointer);
    const statement = place === undefined ? undefined : this.view.statementAt(place.statement);
    if (place === undefined || statement === undefined || place.row < 0) return false;
    const cell = statement.rows[place.row]?.cells[place.column - (statement.unitPerRow ? 2 : 1)];
    return cell?.pointer === pointer && (cell.check === "inconsistent" || cell.check === "rollup-error");
  }

  private toggleGroup(place: Place): void {
    const row = this.view.statementAt(place.statement)?.rows[place.row];
    if (row === undefined || !row.subtotal) return;
    const set = this.collapsedSet();
    if (set.has(row.pointer)) set.delete(row.pointer);
    else set.add(row.pointer);
    this.selection = undefined;
    this.view.markRange(SELECTED, undefined);
    this.view.refreshVisibility();
    if (this.highlighted !== undefined) this.markHighlight(this.shownPlace(this.highlighted));
    this.updateTabStops();
    this.saveState();
  }

  // ---- Keyboard ----

  private onDocumentKey(event: KeyboardEvent): void {
    // The find box handles its own keys first (Enter, F3, Escape).
    if (event.defaultPrevented) return;
    const mod = event.ctrlKey || event.metaKey;
    // Undo and redo in the document (not in a text box: the find box and the cell editor keep their own).
    if (mod && !event.altKey && !(event.target instanceof HTMLInputElement) && this.uri !== undefined && (event.key.toLowerCase() === "z" || event.key.toLowerCase() === "y")) {
      event.preventDefault();
      if (this.readOnly === undefined) this.post({ type: "undo", uri: this.uri, redo: event.key.toLowerCase() === "y" || event.shiftKey });
      return;
    }
    // Ctrl+Shift+C: copy the selection with the header row and the Unit column.
    if (mod && event.shiftKey && !event.altKey && event.key.toLowerCase() === "c" && this.selection !== undefined && !(event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      this.copyWithHeaders = true;
      try {
        document.execCommand("copy");
      } finally {
        this.copyWithHeaders = false;
      }
      return;
    }
    if (mod && !event.altKey && event.key.toLowerCase() === "f") {
      event.preventDefault();
      this.find.open();
    } else if (event.key === "F3") {
      event.preventDefault();
      this.find.step(event.shiftKey ? -1 : 1);
    } else if (event.key === "Escape" && this.find.isOpen) {
      this.find.close();
    } else if (event.key === "Escape" && this.explanation.isOpen) {
      // From within the panel, the keyboard goes back to the subtotal it explained (its leave hook).
      this.explanation.close();
    }
  }

  private onFocus(event: FocusEvent): void {
    if (!(event.target instanceof Element)) return;
    // A table whose tab-stop cell is not drawn is itself the tab stop: move focus into it.
    if (event.target instanceof HTMLTableElement) {
      const statement = [...Array(this.view.statementCount).keys()].find((index) => this.view.tableOf(index) === event.target);
      const stop = statement === undefined ? undefined : this.tabStops.get(statement);
      if (stop !== undefined) this.focusPlace(stop);
      return;
    }
    const place = this.view.placeOf(event.target);
    if (place !== undefined && place.column >= 0) {
      this.setTabStop(place);
      // The focused cell is the active cell (where typing, a paste or Ctrl+Shift+C act): a focus that
      // lands outside the selection (Tab, the find box closing, a script) makes it the selection.
      if (!this.selectionHolds(place)) {
        this.selection = SelectionRange.at(place);
        this.markSelection();
      }
      // Announced as "row label, period: value".
      const label = this.view.describe(place);
      const cell = this.view.elementAt(place);
      if (label !== undefined && cell !== undefined && cell === event.target) cell.setAttribute("aria-label", label);
    }
    if (this.quietFocus) return;
    // The panel follows the focused cell: a failing subtotal's is asked for, any other cell's focus closes it.
    if (!this.explainCell(event.target) && place !== undefined && place.column >= 0) this.explanation.close();
  }

  private onKey(event: KeyboardEvent): void {
    // Keys in the cell editor are its own; those it lets through are the workbench's (grid.ts).
    if (!(event.target instanceof Element) || event.target instanceof HTMLInputElement) return;
    const place = this.view.placeOf(event.target);
    if (place === undefined || place.column < 0) return;
    const mod = event.ctrlKey || event.metaKey;
    // Tab from a failing subtotal whose panel is open goes into the panel, not through the other
    // tables (whose focus would scroll the subtotal away, and close the panel with it).
    if (event.key === "Tab" && !event.shiftKey && !mod && !event.altKey) {
      const pointer = event.target.closest<HTMLElement>("[data-pointer]")?.dataset.pointer;
      if (pointer !== undefined && this.explanation.focusFor(pointer)) event.preventDefault();
      return;
    }
    if (this.startEditingByKey(place, event)) return;
    if (event.key === "Enter" || event.key === " ") {
      const pointer = event.target.closest<HTMLElement>("[data-pointer]")?.dataset.pointer;
      if (pointer !== undefined) this.revealSource(pointer, true);
      event.preventDefault();
      return;
    }
    if (event.key === "-" || event.key === "+" || event.key === "=") {
      const row = this.view.statementAt(place.statement)?.rows[place.row];
      if (row?.subtotal === true && (event.key === "-") === !this.collapsedSet().has(row.pointer)) {
        event.preventDefault();
        this.toggleGroup(place);
        this.focusPlace({ ...place });
      }
      return;
    }
    if (mod && event.key.toLowerCase() === "a") {
      event.preventDefault();
      const count = this.view.visibleCount(place.statement);
      const first = this.view.rowAtPosition(place.statement, 0);
      const last = this.view.rowAtPosition(place.statement, count - 1);
      if (first === undefined || last === undefined) return;
      this.selection = new SelectionRange(place.statement, { ...place, row: first, column: 0 }, { ...place, row: last, column: this.view.columnCount(place.statement) - 1 });
      this.markSelection();
      return;
    }
    const next = this.placeForKey(place, event);
    if (next === undefined) return;
    event.preventDefault();
    if (event.shiftKey) {
      this.selection = (this.selection?.statement === place.statement ? this.selection : SelectionRange.at(place)).extendTo(next, this.view);
    } else this.selection = SelectionRange.at(next);
    this.markSelection();
    this.focusPlace(next);
  }

  // ---- Editing ----

  /** Enter, F2 or typing (any character; Backspace or Delete with an empty input) starts editing the focused cell. */
  private startEditingByKey(place: Place, event: KeyboardEvent): boolean {
    if (this.readOnly !== undefined || event.ctrlKey || event.metaKey || event.altKey) return false;
    const target = this.editTarget(place);
    const cell = this.view.elementAt(place);
    if (target === undefined || cell === undefined) return false;
    let typed: string | undefined;
    if (event.key === "Enter" || event.key === "F2") typed = undefined;
    // In the label column + and - still fold and unfold a subtotal's group.
    else if (startsValue(event.key) && (target.kind === "value" || !"+-=".includes(event.key))) typed = event.key;
    else if (target.kind === "value" && clearsValue(event.key)) typed = "";
    else return false;
    event.preventDefault();
    this.selection = SelectionRange.at(place);
    this.markSelection();
    this.editor.begin(target, cell, typed);
    return true;
  }

  /** A double-click edits the cell; where nothing can be edited (read-only, the unit column) it goes to the source. */
  private onDoubleClick(event: MouseEvent): void {
    if (!(event.target instanceof Element) || event.target.closest(".fs-toggle, input") !== null || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const place = this.view.placeOf(event.target);
    const target = place === undefined || this.readOnly !== undefined ? undefined : this.editTarget(place);
    const cell = place === undefined ? undefined : this.view.elementAt(place);
    if (target === undefined || cell === undefined) {
      const pointer = event.target.closest<HTMLElement>("[data-pointer]")?.dataset.pointer;
      if (pointer !== undefined) this.revealSource(pointer, true);
      return;
    }
    event.preventDefault();
    this.editor.begin(target, cell);
  }

  /** What editing the cell at `place` writes: a value cell, or the label of its row; undefined for anything else. */
  private editTarget(place: Place): EditTarget | undefined {
    const statement = this.view.statementAt(place.statement);
    const row = statement?.rows[place.row];
    if (statement === undefined || row === undefined || statement.omitted !== undefined || place.column < 0) return undefined;
    if (place.column === 0) {
      return { place, pointer: `${row.pointer}/label`, kind: "label", text: row.label, unchanged: (content) => content.kind === "text" && content.text === row.label };
    }
    const cell = row.cells[place.column - (statement.unitPerRow ? 2 : 1)];
    if (cell === undefined) return undefined;
    const text =
      cell.kind === "value" ? display.number(cell.value) : cell.kind === "unavailable" ? unavailableKeyword() : cell.kind === "invalid" && cell.absent !== true ? cell.value : "";
    return {
      place,
      pointer: cell.pointer,
      kind: "value",
      text,
      unchanged: (content) => (content.kind === "value" ? cell.kind === "value" && cell.value === content.decimal : content.kind === cell.kind),
    };
  }

  /** A committed edit: shown in the cell at once (until the patch repaints it), written, and the focus moves on. */
  private commitEdit(target: EditTarget, content: CellContent, direction: Direction): void {
    this.view.repaintRow(target.place.statement, target.place.row);
    const cell = this.view.elementAt(target.place);
    if (cell !== undefined) {
      const shown =
        content.kind === "value" ? display.number(content.decimal) : content.kind === "missing" ? "—" : content.kind === "unavailable" ? unavailableKeyword() : content.text;
      const label = target.kind === "label" ? cell.querySelector(".fs-item-label") : null;
      if (label !== null) label.textContent = shown;
      else if (target.kind === "value") cell.textContent = shown;
      cell.classList.add("fs-pending");
    }
    this.write([{ pointer: target.pointer, content }], target.place);
    this.moveAfterEdit(target.place, direction);
  }

  private write(writes: GridWrite[], place: Place): void {
    if (this.uri === undefined) return;
    const id = ++this.lastEditId;
    this.pendingEdits.set(id, place);
    this.post({ type: "edit", uri: this.uri, id, writes });
  }

  private moveAfterEdit(place: Place, direction: Direction): void {
    const key = { down: "ArrowDown", up: "ArrowUp", right: "ArrowRight", left: "ArrowLeft", none: "" }[direction];
    if (key === "") return;
    const next = this.placeForKey(place, new KeyboardEvent("keydown", { key })) ?? place;
    this.selection = SelectionRange.at(next);
    this.markSelection();
    this.focusPlace(next);
  }

  /** The extension's answer to a write: when nothing was written, the cells go back to the model's content and the page says why. */
  private editAnswered(message: EditResultMessage): void {
    const place = this.pendingEdits.get(message.id);
    this.pendingEdits.delete(message.id);
    if (message.written || place === undefined) return;
    this.view.repaintRow(place.statement, place.row);
    const names = message.pointers
      .slice(0, 5)
      .map((pointer) => {
        const at = this.view.nearest(pointer);
        return (at === undefined ? undefined : this.view.cellName(at)) ?? pointer;
      })
      .join("; ");
    const more = message.pointers.length > 5 ? ` ${l10n.t("and {0} more", message.pointers.length - 5)}` : "";
    const text = names === "" ? (message.message ?? "") : `${message.message ?? ""} ${names}${more}`;
    const cell = this.view.elementAt(place);
    if (cell !== undefined) this.editor.showMessage(cell, text);
    else this.header.setProblem(text);
  }

  /** Editing again, with the text typed so far, at the cell `editing` named before rows moved (nothing if it is gone). */
  private resumeEditing(editing: { pointer: string; kind: EditTarget["kind"]; text: string }): void {
    const found = this.view.nearest(editing.kind === "label" ? editing.pointer.slice(0, -"/label".length) : editing.pointer);
    if (found === undefined || found.row < 0 || (editing.kind === "value" && found.column < 0)) return;
    const place = { ...found, column: editing.kind === "label" ? 0 : found.column };
    this.view.scrollToRow(place.statement, place.row, "nearest");
    const target = this.editTarget(place);
    const cell = this.view.elementAt(place);
    if (target === undefined || cell === undefined || target.pointer !== editing.pointer) return;
    this.editor.begin(target, cell, editing.text);
  }

  /** Tables carry aria-readonly while the document cannot be edited. */
  private markReadOnly(): void {
    for (let statement = 0; statement < this.view.statementCount; statement += 1) {
      const table = this.view.tableOf(statement);
      if (this.readOnly === undefined) table?.removeAttribute("aria-readonly");
      else table?.setAttribute("aria-readonly", "true");
    }
  }

  private placeForKey(place: Place, event: KeyboardEvent): Place | undefined {
    const { statement } = place;
    const count = this.view.visibleCount(statement);
    const columns = this.view.columnCount(statement);
    const position = this.view.positionOf(statement, place.row);
    const at = (p: number, c: number): Place | undefined => {
      const row = this.view.rowAtPosition(statement, Math.max(0, Math.min(count - 1, p)));
      return row === undefined ? undefined : { statement, row, column: Math.max(0, Math.min(columns - 1, c)) };
    };
    const mod = event.ctrlKey || event.metaKey;
    switch (event.key) {
      case "ArrowRight":
        return at(position, place.column + 1);
      case "ArrowLeft":
        return at(position, place.column - 1);
      case "ArrowDown":
        return at(position + 1, place.column);
      case "ArrowUp":
        return at(position - 1, place.column);
      case "PageDown":
        return at(position + 20, place.column);
      case "PageUp":
        return at(position - 20, place.column);
      case "Home":
        return mod ? at(0, 0) : at(position, 0);
      case "End":
        return mod ? at(count - 1, columns - 1) : at(position, columns - 1);
      default:
        return undefined;
    }
  }

  /**
   * Runs `change`, which may replace the DOM that holds the focus. A grid cell that had the focus
   * gets it back, found again by its pointer (its place when that is gone), without scrolling: a
   * removed element leaves the focus on <body>, where no key reaches the grid.
   */
  private keepingFocus(change: () => void): void {
    const active = document.activeElement;
    const held = this.focusedCell();
    change();
    if (held === undefined || active === document.activeElement || !this.focusIsNowhere()) return;
    this.refocus(this.placeAgain(held), false);
  }

  /** The grid cell (not its editor) that has the focus, by its pointer and place. */
  private focusedCell(): { pointer: string; place: Place } | undefined {
    return this.gridCellOf(document.activeElement);
  }

  /** `element` as a grid cell (not its editor), by its pointer and place; undefined for anything else. */
  private gridCellOf(element: EventTarget | null): { pointer: string; place: Place } | undefined {
    if (!(element instanceof HTMLElement) || element instanceof HTMLInputElement || !this.content.contains(element)) return undefined;
    const place = this.view.placeOf(element);
    const pointer = element.closest<HTMLElement>("[data-pointer]")?.dataset.pointer;
    return place === undefined || place.column < 0 || pointer === undefined ? undefined : { pointer, place };
  }

  /** Nothing has the focus: a removed element (or a window that lost it) left it on <body>; anything else got it on purpose. */
  private focusIsNowhere(): boolean {
    return document.activeElement === null || document.activeElement === document.body;
  }

  /** Where a cell is now: found by its pointer, else at its old place. */
  private placeAgain(cell: { pointer: string; place: Place }): Place {
    const found = this.view.nearest(cell.pointer);
    return found !== undefined && found.row >= 0 ? { ...found, column: found.column >= 0 ? found.column : cell.place.column } : cell.place;
  }

  /**
   * The cell that had the focus when the page's window lost it. Chromium then leaves the frame's
   * focus on <body> (so the undo in the editor that Ctrl+Z runs, or a look at the editor, lost
   * the grid's place): when the window gets the focus back to nothing, the cell takes it again.
   */
  private leftCell: { pointer: string; place: Place } | undefined;

  /**
   * The grid cell that last lost the focus to nothing in the page (no focusin since). When the
   * focus goes to another frame (the workbench's editor for Ctrl+Z, Ctrl+1), Chromium takes it from
   * the cell (focusout, <body> active) BEFORE the window's blur, as recorded in code-server around
   * the undo; the blur then finds no focused cell, and this one is the cell the window left.
   */
  private cellLeftForNothing: { pointer: string; place: Place } | undefined;

  private onFocusOut(event: FocusEvent): void {
    this.cellLeftForNothing = event.relatedTarget === null ? this.gridCellOf(event.target) : undefined;
  }

  private onWindowFocus(focused: boolean): void {
    if (!focused) {
      this.leftCell = this.focusedCell() ?? (this.focusIsNowhere() ? this.cellLeftForNothing : undefined);
      return;
    }
    const left = this.leftCell;
    this.leftCell = undefined;
    if (left !== undefined && this.focusIsNowhere()) this.refocus(this.placeAgain(left), true);
  }

  /** Focuses the cell at `place` when it is drawn, scrolling nothing; `quiet`: asks the "why" panel nothing. */
  private refocus(place: Place, quiet: boolean): void {
    if (place.statement >= this.view.statementCount || place.column >= this.view.columnCount(place.statement)) return;
    this.setTabStop(place);
    const cell = this.view.elementAt(place);
    if (cell === undefined) return;
    this.quietFocus = quiet;
    try {
      cell.focus({ preventScroll: true });
    } finally {
      this.quietFocus = false;
    }
  }

  /** Scrolls a cell into view (drawing it), makes it the tab stop and focuses it. */
  private focusPlace(place: Place): void {
    this.view.scrollToRow(place.statement, place.row, "nearest");
    this.setTabStop(place);
    const target = this.view.elementAt(place);
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
  }

  private setTabStop(place: Place): void {
    this.tabStops.set(place.statement, { ...place });
    this.updateTabStops(place.statement);
  }

  /** One tab stop per table: its tab-stop cell when drawn, else the table itself. */
  private updateTabStops(only?: number): void {
    for (let statement = 0; statement < this.view.statementCount; statement += 1) {
      if (only !== undefined && statement !== only) continue;
      const table = this.view.tableOf(statement);
      if (table === undefined) continue;
      for (const stop of table.querySelectorAll('[tabindex="0"]')) stop.setAttribute("tabindex", "-1");
      let stop = this.tabStops.get(statement);
      if (stop === undefined || this.view.positionOf(statement, stop.row) < 0) {
        const first = this.view.rowAtPosition(statement, 0);
        stop = first === undefined ? undefined : { statement, row: first, column: 0 };
        if (stop !== undefined) this.tabStops.set(statement, stop);
      }
      const cell = stop === undefined ? undefined : this.view.elementAt(stop);
      if (cell !== undefined) {
        cell.setAttribute("tabindex", "0");
        table.removeAttribute("tabindex");
      } else if (stop !== undefined) table.setAttribute("tabindex", "0");
      else table.removeAttribute("tabindex");
    }
  }

  // ---- Selection and copy ----

  private selectionHolds(place: Place): boolean {
    const bounds = this.selection?.statement === place.statement ? this.selection.bounds(this.view) : undefined;
    const position = this.view.positionOf(place.statement, place.row);
    return bounds !== undefined && position >= bounds.fromPosition && position <= bounds.toPosition && place.column >= bounds.fromColumn && place.column <= bounds.toColumn;
  }

  private markSelection(): void {
    const bounds = this.selection?.bounds(this.view);
    this.view.markRange(SELECTED, this.selection === undefined || bounds === undefined ? undefined : { statement: this.selection.statement, ...bounds });
  }

  private onCopy(event: ClipboardEvent): void {
    if (this.selection === undefined || event.clipboardData === null) return;
    // A text selection made with the mouse copies as the browser does.
    const text = document.getSelection();
    if (text !== null && !text.isCollapsed && text.toString() !== "") return;
    if (event.target instanceof HTMLInputElement) return;
    const model = this.view.current;
    if (model === undefined) return;
    event.clipboardData.setData("text/plain", cellsText(this.selection, this.view, this.copyWithHeaders));
    event.preventDefault();
  }

  /** A block of cells pasted at the focused cell: one write of all of them, or nothing and which cells are wrong. */
  private onPaste(event: ClipboardEvent): void {
    if (event.target instanceof HTMLInputElement || event.clipboardData === null || this.uri === undefined) return;
    const place = this.selection?.anchor ?? (document.activeElement === null ? undefined : this.view.placeOf(document.activeElement));
    if (place === undefined || place.column < 0) return;
    event.preventDefault();
    const cell = this.view.elementAt(place);
    if (this.readOnly !== undefined) {
      if (cell !== undefined) this.editor.showMessage(cell, this.readOnly);
      return;
    }
    const statement = this.view.statementAt(place.statement);
    if (statement === undefined) return;
    const rows: number[] = [];
    for (let position = 0; position < this.view.visibleCount(place.statement); position += 1) rows.push(this.view.rowAtPosition(place.statement, position) ?? -1);
    const block = parseTsvBlock(event.clipboardData.getData("text/plain"));
    const plan = planPaste(block, { statement, rows, position: this.view.positionOf(place.statement, place.row), column: place.column }, numberSymbols(display.locale));
    if ("writes" in plan) {
      if (plan.writes.length > 0) this.write(plan.writes, place);
      return;
    }
    const names = plan.problems
      .slice(0, 5)
      .map((problem) => this.view.cellName({ statement: place.statement, row: rows[problem.position] ?? -1, column: problem.column }) ?? "")
      .join("; ");
    const more = plan.problems.length > 5 ? ` ${l10n.t("and {0} more", plan.problems.length - 5)}` : "";
    const text = names === "" ? plan.message : `${plan.message} ${names}${more}`;
    if (cell !== undefined) this.editor.showMessage(cell, text);
    else this.header.setProblem(text);
  }

  // ---- Find ----

  private search(query: string): { current: number; total: number } {
    this.matches = findMatches(this.view.current, query, this.format);
    this.matchIndex = 0;
    this.showMatch();
    return { current: this.matchIndex, total: this.matches.length };
  }

  private stepMatch(direction: 1 | -1): { current: number; total: number } {
    if (this.matches.length > 0) this.matchIndex = (this.matchIndex + direction + this.matches.length) % this.matches.length;
    this.showMatch();
    return { current: this.matchIndex, total: this.matches.length };
  }

  private showMatch(): void {
    const match = this.matches[this.matchIndex];
    if (match === undefined) {
      this.view.mark(FIND_MATCH, []);
      this.view.mark(FIND_CURRENT, []);
      return;
    }
    // Expand the groups that hide the match.
    const statement = this.view.statementAt(match.statement);
    let parent = statement?.rows[match.row]?.parent;
    let expanded = false;
    const set = this.collapsedSet();
    for (let step = 0; parent !== undefined && step < 64; step += 1) {
      if (set.delete(parent)) expanded = true;
      const pointer: string = parent;
      parent = statement?.rows.find((row) => row.pointer === pointer)?.parent;
    }
    if (expanded) {
      this.view.refreshVisibility();
      this.updateTabStops();
      this.saveState();
    }
    this.view.mark(
      FIND_MATCH,
      this.matches.map((found) => ({ statement: found.statement, row: found.row, column: -1 })),
    );
    this.view.mark(FIND_CURRENT, [{ statement: match.statement, row: match.row, column: -1 }]);
    this.view.scrollToRow(match.statement, match.row, "center");
  }

  private saveState(): void {
    if (this.state === undefined) return;
    this.state = { ...this.state, scrollTop: this.scroll.top, collapsed: [...this.collapsedSet()] };
    this.api.setState(this.state);
  }
}

new PreviewScript(acquireVsCodeApi());
