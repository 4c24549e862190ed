// The "why" panel under the tables: when the user points at, focuses or clicks a failing subtotal
// cell, the page asks the extension why it fails (fs/cellExplanation, answered by the server from
// its analysis) and shows the summary and the likely causes, each a button that reveals the item
// concerned in the source. For a subtotal whose check could not be evaluated it names the cells
// that hold no value instead, each a button too. The model never carries causes: one cell is
// asked about at a time, and an answer is shown only for exactly the document, model version and
// cell last asked about. Everything is written with textContent.

import * as l10n from "@vscode/l10n";
import type { CellExplanation } from "../../protocol/lsp";
import type { ExplanationMessage } from "../../protocol/webview";

export interface ExplanationHooks {
  /** Post the question for this cell of this model version. */
  ask(uri: string, version: number, pointer: string): void;
  /** Reveal a cell's source (a cause's item). */
  reveal(pointer: string): void;
  /** Set the subtotal cell to the sum of its children (the rollup quick fix); only offered while the document can be edited. */
  setChildrenSum(pointer: string): void;
  /** The panel closed with the keyboard in it (Escape, ×, its subtotal fixed): give the keyboard back to the cell it explained. */
  leave(pointer: string): void;
}

interface Subject {
  uri: string;
  version: number;
  pointer: string;
}

const same = (a: Subject | undefined, b: Subject): boolean => a !== undefined && a.uri === b.uri && a.version === b.version && a.pointer === b.pointer;

export class ExplanationPanel {
  /** The cell last asked about; an answer for anything else is stale. */
  private asked: Subject | undefined;
  /** The cell whose explanation is shown. */
  private shown: Subject | undefined;
  /** Whether the document can be edited from the preview (the "Set to the children's sum" action). */
  editable = true;

  constructor(
    private readonly document: Document,
    private readonly root: HTMLElement,
    private readonly hooks: ExplanationHooks,
  ) {
    this.root.addEventListener("click", (event) => {
      if (!(event.target instanceof Element)) return;
      if (event.target.closest(".fs-explanation-close") !== null) {
        this.close();
        return;
      }
      if (event.target.closest(".fs-explanation-sum") !== null && this.shown !== undefined) {
        this.hooks.setChildrenSum(this.shown.pointer);
        return;
      }
      const pointer = event.target.closest<HTMLElement>(".fs-explanation-cause[data-cause-pointer]")?.dataset.causePointer;
      if (pointer !== undefined) this.hooks.reveal(pointer);
    });
  }

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  /** The cell shown (or asked about, when no answer has come yet). */
  get subjectPointer(): string | undefined {
    return (this.asked ?? this.shown)?.pointer;
  }

  /** The user's attention is on a failing subtotal cell: ask about it, unless it is the one asked about or shown. */
  want(subject: Subject): void {
    if (same(this.asked, subject) || (this.asked === undefined && same(this.shown, subject))) return;
    this.asked = { ...subject };
    this.hooks.ask(subject.uri, subject.version, subject.pointer);
  }

  receive(message: ExplanationMessage): void {
    if (!same(this.asked, message)) return;
    this.asked = undefined;
    if (message.explanation === null) {
      if (this.shown?.pointer === message.pointer) this.close();
      return;
    }
    this.shown = { uri: message.uri, version: message.version, pointer: message.pointer };
    this.render(message.explanation);
  }

  /**
   * A new model (or patch) is shown: the explanation on screen is of an older version. Ask again
   * for the same cell when it still fails; otherwise close the panel.
   */
  modelChanged(uri: string | undefined, version: number | undefined, stillFailing: (pointer: string) => boolean): void {
    const subject = this.asked ?? this.shown;
    if (subject === undefined) return;
    if (uri !== subject.uri || version === undefined || !stillFailing(subject.pointer)) {
      this.close();
      return;
    }
    if (version !== subject.version) this.want({ uri, version, pointer: subject.pointer });
  }

  /**
   * Gives the keyboard to the panel shown for `pointer`: its action ("Set to the children's sum"),
   * else its first cause, else its close button. False when no panel is shown for that cell.
   */
  focusFor(pointer: string): boolean {
    if (this.root.hidden || this.shown?.pointer !== pointer) return false;
    const target = this.root.querySelector<HTMLElement>(".fs-explanation-sum, .fs-explanation-cause") ?? this.root.querySelector<HTMLElement>(".fs-explanation-close");
    target?.focus();
    return target !== null;
  }

  /** Whether the keyboard is in the panel. */
  hasFocus(): boolean {
    return this.root.contains(this.document.activeElement);
  }

  close(): void {
    const back = this.hasFocus() ? (this.shown ?? this.asked)?.pointer : undefined;
    this.asked = undefined;
    this.shown = undefined;
    this.root.hidden = true;
    this.root.replaceChildren();
    if (back !== undefined) this.hooks.leave(back);
  }

  private render(explanation: CellExplanation): void {
    const doc = this.document;
    const head = doc.createElement("div");
    head.className = "fs-explanation-head";
    const title = doc.createElement("h2");
    title.className = "fs-explanation-title";
    title.textContent = explanation.notEvaluated === true ? l10n.t("Why this subtotal cannot be checked") : l10n.t("Why this subtotal does not add up");
    const close = doc.createElement("button");
    close.type = "button";
    close.className = "fs-explanation-close";
    close.setAttribute("aria-label", l10n.t("Close the explanation (Escape)"));
    close.textContent = "×";
    head.append(title, close);
    const summary = doc.createElement("p");
    summary.className = "fs-explanation-summary";
    summary.textContent = explanation.summary;
    this.root.replaceChildren(head, summary);
    // A check that could not be evaluated has no children's sum to set (a value it needs is not known).
    if (this.editable && explanation.notEvaluated !== true) {
      const sum = doc.createElement("button");
      sum.type = "button";
      sum.className = "fs-explanation-sum";
      sum.textContent = l10n.t("Set to the children's sum");
      sum.title = l10n.t("Write the sum of its children into this subtotal, as the quick fix does (one undo step).");
      this.root.append(sum);
    }
    if (explanation.notEvaluated === true) {
      const intro = doc.createElement("p");
      intro.textContent = l10n.t("The check runs once each of these values is known:");
      this.root.append(intro, this.causeList(explanation));
    } else if (explanation.causes.length === 0) {
      const none = doc.createElement("p");
      none.className = "fs-explanation-none";
      none.textContent = l10n.t("None of the usual causes fits: no single sign, item, digit swap, scale or rounding explains the difference.");
      this.root.append(none);
    } else {
      const intro = doc.createElement("p");
      intro.textContent = l10n.t("Likely causes, most specific first:");
      this.root.append(intro, this.causeList(explanation));
    }
    this.root.hidden = false;
  }

  /** The causes as a list; one with a pointer is a button that reveals that value in the source. */
  private causeList(explanation: CellExplanation): HTMLOListElement {
    const doc = this.document;
    const list = doc.createElement("ol");
    list.className = "fs-explanation-causes";
    for (const cause of explanation.causes) {
      const entry = doc.createElement("li");
      if (cause.pointer === undefined) entry.textContent = cause.text;
      else {
        const button = doc.createElement("button");
        button.type = "button";
        button.className = "fs-explanation-cause";
        // Not data-pointer: that names the table's own cells and rows (clicks, reveal, tests).
        button.dataset.causePointer = cause.pointer;
        button.title = l10n.t("Show this value in the source");
        button.textContent = cause.text;
        entry.append(button);
      }
      list.append(entry);
    }
    return list;
  }
}
