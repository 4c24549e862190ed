// The page's own find box. The table is virtualized, so the webview's built-in find widget would
// only see the drawn rows; this one searches the model (labels, descriptions and shown values of
// every row) and brings each match into view, expanding the collapsed groups that hide it.

import type { PreviewModel } from "../../shared/src/render/previewModel";
import { cellDisplayText } from "../../shared/src/render/previewModel";
import type { NumberFormat } from "../../protocol/webview";
import * as l10n from "@vscode/l10n";
import { display } from "./display";

export interface FindMatch {
  statement: number;
  row: number;
}

export function findMatches(model: PreviewModel | undefined, query: string, format: NumberFormat): FindMatch[] {
  const needle = query.trim().toLocaleLowerCase();
  if (model === undefined || needle === "") return [];
  const matches: FindMatch[] = [];
  model.statements.forEach((statement, statementIndex) => {
    statement.rows.forEach((row, rowIndex) => {
      const texts = [row.label, row.description ?? "", ...row.cells.map((cell) => cellDisplayText(cell, format, display.number))];
      if (texts.some((text) => text.toLocaleLowerCase().includes(needle))) matches.push({ statement: statementIndex, row: rowIndex });
    });
  });
  return matches;
}

export interface FindBoxHandlers {
  search(query: string): { current: number; total: number };
  step(direction: 1 | -1): { current: number; total: number };
  close(): void;
}

/** The find box's controls (from the page shell): show, type, next/previous, close. */
export class FindBox {
  private readonly input: HTMLInputElement;
  private readonly count: HTMLElement;

  constructor(
    private readonly box: HTMLElement,
    private readonly handlers: FindBoxHandlers,
  ) {
    const input = box.querySelector<HTMLInputElement>(".fs-find-input");
    const count = box.querySelector<HTMLElement>(".fs-find-count");
    if (input === null || count === null) throw new Error("The preview shell has no find box.");
    this.input = input;
    this.count = count;
    input.addEventListener("input", () => this.show(this.handlers.search(input.value)));
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === "F3") {
        event.preventDefault();
        this.show(this.handlers.step(event.shiftKey ? -1 : 1));
      } else if (event.key === "Escape") {
        event.preventDefault();
        this.close();
      }
    });
    box.querySelector(".fs-find-next")?.addEventListener("click", () => this.show(this.handlers.step(1)));
    box.querySelector(".fs-find-previous")?.addEventListener("click", () => this.show(this.handlers.step(-1)));
    box.querySelector(".fs-find-close")?.addEventListener("click", () => this.close());
  }

  get isOpen(): boolean {
    return !this.box.hidden;
  }

  get query(): string {
    return this.input.value;
  }

  open(): void {
    this.box.hidden = false;
    this.input.focus();
    this.input.select();
    if (this.input.value !== "") this.show(this.handlers.search(this.input.value));
  }

  /** F3 / Shift+F3 outside the box. */
  step(direction: 1 | -1): void {
    if (!this.isOpen || this.input.value === "") {
      this.open();
      return;
    }
    this.show(this.handlers.step(direction));
  }

  /** The model changed: search again for the same text. */
  refresh(): void {
    if (this.isOpen && this.input.value !== "") this.show(this.handlers.search(this.input.value));
  }

  close(): void {
    this.box.hidden = true;
    this.handlers.close();
  }

  private show({ current, total }: { current: number; total: number }): void {
    this.count.textContent =
      this.input.value === "" ? "" : total === 0 ? l10n.t("No results") : l10n.t("{0} of {1}", display.number(String(current + 1)), display.number(String(total)));
  }
}
