// The changes view's page script (bundled as dist/compare.js): NEW's statements drawn by the
// preview's table renderer (StatementsView, virtualized, with the preview's stylesheet), with the
// comparison's marks added to each row as it is drawn: a changed cell shows OLD's value struck
// through above NEW's and the difference below, added/removed/moved rows are marked in their item
// cell, and a subtotal whose check changed is flagged with both states. A click on a cell or row
// asks the extension to reveal it in NEW. After an edit of NEW the view comes as a patch of the one
// the page holds (the preview's ops) with the whole marks; a patch that does not fit asks for the
// whole view again.

import * as l10n from "@vscode/l10n";
import { COMPARE_SHELL_IDS, isExtensionToCompareView, type CompareModelMessage, type CompareViewToExtension, type NumberFormat } from "../../protocol/webview";
import type { CompareViewMarks } from "../../protocol/lsp";
import type { ViewCellMark, ViewCellValue, ViewRowMark } from "../../shared/src/compare/view";
import type { PreviewModel } from "../../shared/src/render/previewModel";
import { decodePreviewWire } from "../../shared/src/render/previewWire";
import { applyPreviewPatch } from "../../shared/src/render/previewPatch";
import { cellDisplayText } from "../../shared/src/render/previewModel";
import { signedDecimal } from "../../shared/src/render/format";
import { display } from "./display";
import { element, reportPageFocus } from "./page";
import { ScrollReporter } from "./scroll";
import { StatementsView } from "./statements";
import { breakableElement, NO_WIDTH, numberElement, textWidths, widest, WRAPPED, type Widths } from "./columnWidth";

/** The room of the arrow after an old value (preview.css, .fc-arrow), in ch and px. */
const ARROW_CH = 2;
const ARROW_PX = 18;

interface VsCodeApi {
  postMessage(message: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

function decode(bytes: Uint8Array): PreviewModel | undefined {
  try {
    return decodePreviewWire(JSON.parse(new TextDecoder().decode(bytes)) as unknown);
  } catch {
    return undefined;
  }
}

/** "+1,500" / "-20": a difference with its sign, in the display language (its minus, as the values'). */
function signedText(decimal: string): string {
  return signedDecimal(decimal, display.number);
}

function valueText(cell: ViewCellValue, format: NumberFormat): string {
  return cellDisplayText({ pointer: "", kind: cell.kind, value: cell.value, title: "", flag: "" }, format, display.number);
}

/** ["+1,500", "(+3.2%)"] ("(+3,2 %)" in German): a value's difference and its relative change, each shown whole; none without a difference. */
function differenceParts(change: NonNullable<ViewCellMark["value"]>): string[] {
  if (change.difference === undefined) return [];
  const difference = signedText(change.difference);
  return change.relativePercent === undefined ? [difference] : [difference, `(${display.percent(signedText(change.relativePercent))})`];
}

const ROW_MARK_SIGN: Record<ViewRowMark["mark"], string> = { added: "+", removed: "−", moved: "↕", changed: "•" };

class CompareScript {
  private readonly title = element(document, COMPARE_SHELL_IDS.title);
  private readonly summary = element(document, COMPARE_SHELL_IDS.summary);
  private readonly lines = element(document, COMPARE_SHELL_IDS.lines);
  private readonly problem = element(document, COMPARE_SHELL_IDS.problem);
  private readonly content = element(document, COMPARE_SHELL_IDS.content);
  private readonly view: StatementsView;
  private lastSequence = -Infinity;
  /** NEW's version of the view held (a patch must start from it). */
  private heldVersion: number | undefined;
  private format: NumberFormat = "full";
  private rows = new Map<string, ViewRowMark>();
  private cells = new Map<string, ViewCellMark[]>();
  private readonly applied = { models: 0 };

  constructor(private readonly api: VsCodeApi) {
    const scroll = new ScrollReporter(
      this.content,
      window,
      () => undefined,
      () => this.view.draw(),
    );
    this.view = new StatementsView(document, this.content, {
      isCollapsed: () => false,
      scrollOurselves: (run) => scroll.scrollOurselves(run),
      // Nothing is edited in the changes view: a patch may replace any cell.
      keeps: () => false,
      decorateRow: (row, statement, rowIndex) => this.decorate(row, statement, rowIndex),
      decorationWidths: (statement, rowIndex, column) => this.decorationWidths(statement, rowIndex, column),
    });
    window.addEventListener("message", (event: MessageEvent<unknown>) => {
      if (!isExtensionToCompareView(event.data)) return;
      if (event.data.type === "options") {
        this.format = event.data.numberFormat;
        this.view.setFormat(this.format);
      } else this.paint(event.data);
    });
    window.addEventListener("resize", () => this.view.draw());
    reportPageFocus(window, (message) => this.post(message));
    this.content.addEventListener("click", (event) => this.onClick(event));
    this.post({ type: "ready" });
  }

  private post(message: CompareViewToExtension): void {
    this.api.postMessage(message);
  }

  private paint(message: CompareModelMessage): void {
    if (message.sequence <= this.lastSequence) return;
    if (message.patch !== undefined) {
      this.patch(message, message.patch);
      return;
    }
    const model = message.wire === undefined ? undefined : decode(message.wire);
    if (message.wire !== undefined && model === undefined) return;
    this.lastSequence = message.sequence;
    this.showHeader(message);
    if (model === undefined) return;
    this.setMarks(message.marks);
    const top = this.content.scrollTop;
    this.view.setModel(model, message.numberFormat);
    this.content.scrollTop = top;
    this.view.draw();
    this.heldVersion = message.version;
    this.painted(message);
  }

  /** Applies a patch to the view held, with the new marks; one that does not fit the view held asks for the whole view. */
  private patch(message: CompareModelMessage, patch: NonNullable<CompareModelMessage["patch"]>): void {
    const model = this.view.current;
    if (model === undefined || this.heldVersion !== patch.baseVersion || !applyPreviewPatch(model, patch.ops)) {
      // What the page holds is not the patch's base: it holds nothing usable, and says so.
      this.heldVersion = undefined;
      this.post({ type: "ready" });
      return;
    }
    this.lastSequence = message.sequence;
    this.heldVersion = message.version;
    this.showHeader(message);
    this.view.setFormat(this.format);
    this.view.applyOps(patch.ops);
    this.setMarks(message.marks);
    // The columns fit the new marks' old values and differences too.
    this.view.resizeColumns();
    // Every drawn row again, with its new marks (a row's marks may change without its cells).
    this.view.refreshVisibility();
    this.painted(message);
  }

  private painted(message: CompareModelMessage): void {
    this.applied.models++;
    document.body.dataset.models = String(this.applied.models);
    document.body.dataset.version = String(message.version ?? "");
  }

  /** The title, summary and problem, and the number format, of a view or a patch. */
  private showHeader(message: CompareModelMessage): void {
    this.format = message.numberFormat;
    this.title.textContent = message.title;
    document.title = message.title;
    this.summary.textContent = message.summary;
    this.summary.hidden = message.summary === "";
    this.problem.textContent = message.problem ?? "";
    this.problem.hidden = message.problem === undefined;
  }

  private setMarks(marks: CompareViewMarks | undefined): void {
    this.rows = new Map((marks?.rows ?? []).map((row) => [`${row.statement}:${row.row}`, row]));
    this.cells = new Map();
    for (const cell of marks?.cells ?? []) {
      const key = `${cell.statement}:${cell.row}`;
      const list = this.cells.get(key);
      if (list === undefined) this.cells.set(key, [cell]);
      else list.push(cell);
    }
    this.lines.replaceChildren(
      ...(marks?.lines ?? []).map((line) => {
        const item = document.createElement("li");
        item.textContent = line;
        return item;
      }),
    );
  }

  private decorate(tr: HTMLTableRowElement, statement: number, rowIndex: number): void {
    const key = `${statement}:${rowIndex}`;
    const row = this.rows.get(key);
    if (row !== undefined) {
      tr.classList.add(`fc-row-${row.mark}`);
      tr.dataset.change = row.mark;
      const th = tr.querySelector("th.fs-item");
      if (th !== null) {
        const sign = document.createElement("span");
        sign.className = "fc-mark";
        sign.textContent = ROW_MARK_SIGN[row.mark];
        const words = { added: l10n.t("added"), removed: l10n.t("removed"), moved: l10n.t("moved"), changed: l10n.t("changed") }[row.mark];
        sign.title = words;
        sign.setAttribute("aria-label", words);
        // Beside the label, on its first line (the label is a block of its own: media/preview.css).
        const label = th.querySelector(".fs-item-label");
        if (label === null) th.prepend(sign);
        else label.before(sign);
        for (const note of row.notes) {
          const line = document.createElement("span");
          line.className = "fc-note";
          line.textContent = note;
          th.append(line);
        }
      }
    }
    const cells = tr.querySelectorAll<HTMLTableCellElement>("td.fs-cell");
    for (const mark of this.cells.get(key) ?? []) {
      const td = cells[mark.column];
      if (td !== undefined) this.decorateCell(td, mark);
    }
  }

  private decorateCell(td: HTMLTableCellElement, mark: ViewCellMark): void {
    if (mark.value !== undefined) {
      td.classList.add("fc-changed");
      const old = document.createElement("span");
      old.className = "fc-old";
      const oldText = valueText(mark.value.old, this.format);
      // A long old value is cut in its fraction as the new one is (columnWidth.ts); its title is whole.
      if (this.cuttable(mark.value.old) && mark.value.oldInNewUnit === undefined)
        old.append(numberElement(document, oldText, this.view.numberWidths(mark.value.old.value), `calc(100% - ${ARROW_CH}ch)`));
      else old.textContent = mark.value.oldInNewUnit === undefined ? oldText : `${oldText} (${display.number(mark.value.oldInNewUnit)})`;
      const arrow = document.createElement("span");
      arrow.className = "fc-arrow";
      arrow.textContent = "→";
      arrow.setAttribute("aria-label", l10n.t("changed to"));
      old.append(arrow);
      old.title = l10n.t("was {0}", oldText);
      td.prepend(old);
      if (mark.value.difference !== undefined) {
        const difference = document.createElement("span");
        difference.className = "fc-difference";
        // Each number whole, or the difference cut in its fraction (columnWidth.ts); the relative change may wrap under it.
        differenceParts(mark.value).forEach((part, index) => {
          // The relative change wraps at its group separators in a narrow column (a value's magnitude, not a number the table adds).
          const piece =
            index > 0
              ? breakableElement(document, part, "fc-relative fs-number-wrap")
              : this.format === "full"
                ? numberElement(document, part, this.signedWidths(mark.value!.difference!))
                : document.createElement("span");
          if (index === 0) difference.title = part;
          if (index === 0 && !piece.classList.contains("fs-number")) {
            piece.className = "fs-nobreak";
            piece.textContent = part;
          }
          if (index > 0) difference.append(" ");
          difference.append(piece);
        });
        td.append(difference);
      }
    }
    if (mark.rollup !== undefined) {
      td.classList.add(mark.rollup.outcome === "holds" ? "fc-rollup-better" : "fc-rollup-worse");
      const flag = document.createElement("span");
      flag.className = "fc-rollup";
      flag.textContent =
        mark.rollup.outcome === "fails" ? l10n.t("⚠ stopped adding up") : mark.rollup.outcome === "unchecked" ? l10n.t("⚠ can no longer be checked") : l10n.t("✓ now adds up");
      flag.title = l10n.t("Before: {0}\nNow: {1}", mark.rollup.old, mark.rollup.new);
      td.append(flag);
      td.title = td.title === "" ? flag.title : `${td.title}\n${flag.title}`;
    }
  }

  /** Whether a cell's value is shown as a number the column may cut in its fraction. */
  private cuttable(cell: ViewCellValue): boolean {
    return cell.kind === "value" && this.format === "full";
  }

  /** A difference's widths: its number's, and its sign ("+" for a positive one). */
  private signedWidths(decimal: string): ReturnType<StatementsView["numberWidths"]> {
    const widths = this.view.numberWidths(decimal);
    const sign = decimal.startsWith("-") ? 0 : 1;
    return { ...widths, keep: widths.keep + sign, keepPx: widths.keepPx === 0 ? 0 : widths.keepPx + 12 * sign, full: widths.full + sign };
  }

  /** The widths of what decorate adds to a cell: its old value and arrow, its difference and relative change (on a line of their own). */
  private decorationWidths(statement: number, rowIndex: number, column: number): Widths {
    let widths = NO_WIDTH;
    for (const mark of this.cells.get(`${statement}:${rowIndex}`) ?? []) {
      if (mark.column !== column || mark.value === undefined) continue;
      const change = mark.value;
      const oldText = valueText(change.old, this.format);
      const old =
        this.cuttable(change.old) && change.oldInNewUnit === undefined
          ? this.view.numberWidths(change.old.value)
          : textWidths(change.oldInNewUnit === undefined ? oldText.length : oldText.length + display.number(change.oldInNewUnit).length + 3);
      widths = widest(widths, { keep: old.keep + ARROW_CH, keepPx: old.keepPx === 0 ? 0 : old.keepPx + ARROW_PX, full: old.full + ARROW_CH });
      const parts = differenceParts(change);
      if (change.difference !== undefined && parts.length > 0) {
        const difference = this.format === "full" ? this.signedWidths(change.difference) : textWidths(parts[0]!.length);
        const relative = parts[1]?.length ?? 0;
        widths = widest(widths, {
          keep: Math.max(difference.keep, Math.min(relative, WRAPPED)),
          keepPx: difference.keepPx,
          full: difference.full + (relative === 0 ? 0 : relative + 1),
        });
      }
    }
    return widths;
  }

  private onClick(event: MouseEvent): void {
    if (!(event.target instanceof Element)) return;
    const pointer = event.target.closest<HTMLElement>("[data-pointer]")?.dataset.pointer;
    // Not a grid: the source takes the focus, as a link would.
    if (pointer !== undefined) this.post({ type: "reveal", pointer, focus: true });
  }
}

new CompareScript(acquireVsCodeApi());
