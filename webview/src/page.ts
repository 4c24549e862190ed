// The page header: title, status, lock and the problem banner. Everything is written with
// textContent: author text never becomes markup.

import { SHELL_IDS } from "../../protocol/webview";
import type { DocumentStatus } from "../../protocol/lsp";
import { describeStatus } from "../../client/src/status/describe";
import * as l10n from "@vscode/l10n";
import "./display";

export function element<T extends HTMLElement = HTMLElement>(document: Document, id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`The preview shell has no #${id}.`);
  return found as T;
}

/**
 * Tells the extension whenever the page gains or loses the keyboard: VS Code's own report of a
 * webview's focus can come late (client/src/page/staleFocusGuard.ts).
 */
export function reportPageFocus(window: Window, post: (message: { type: "pageFocus"; focused: boolean }) => void): void {
  window.addEventListener("focus", () => post({ type: "pageFocus", focused: true }));
  window.addEventListener("blur", () => post({ type: "pageFocus", focused: false }));
}

/**
 * Keeps the keys the page acted on (those it called preventDefault on) inside the page. VS Code's
 * webview host forwards every keydown that reaches the page's window to the workbench, which runs
 * its keybinding as well (pre/index.html, `did-keydown`). The workbench learns of the page's focus
 * by polling, so right after a click in the page it may still take another editor for the active
 * one: Ctrl+F then also opened that editor's find widget, which took the keyboard from the page's
 * own find box (seen in a loaded CI run), and Ctrl+Z would undo there a second time. Registered
 * on the document after the page's own key listeners, so that it sees what they did; keys the page
 * left alone (typing in a text box, Ctrl+Z there) still reach VS Code.
 */
export function keepConsumedKeys(document: Document): void {
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented) event.stopPropagation();
  });
}

export class PageHeader {
  private readonly title: HTMLElement;
  private readonly status: HTMLElement;
  private readonly lock: HTMLElement;
  private readonly problem: HTMLElement;
  private readonly readOnly: HTMLElement;

  constructor(private readonly document: Document) {
    this.title = element(document, SHELL_IDS.title);
    this.status = element(document, SHELL_IDS.status);
    this.lock = element(document, SHELL_IDS.lock);
    this.problem = element(document, SHELL_IDS.problem);
    // The sign that the grid cannot be edited, beside the lock.
    this.readOnly = document.createElement("span");
    this.readOnly.className = "fs-preview-readonly";
    this.readOnly.hidden = true;
    this.lock.after(this.readOnly);
  }

  /** Shows why the grid is read-only (undefined: it is editable). */
  setReadOnly(reason: string | undefined): void {
    this.readOnly.hidden = reason === undefined;
    this.readOnly.textContent = reason === undefined ? "" : l10n.t("Read-only");
    if (reason === undefined) this.readOnly.removeAttribute("title");
    else this.readOnly.title = reason;
  }

  setTitle(title: string, documentName: string): void {
    const heading = title === "" ? documentName : title;
    this.title.textContent = heading;
    this.document.title = l10n.t("Preview {0}", heading);
  }

  setLocked(locked: boolean): void {
    this.lock.hidden = !locked;
  }

  setProblem(problem: string | undefined): void {
    this.problem.textContent = problem ?? "";
    this.problem.hidden = problem === undefined;
  }

  setStatus(status: DocumentStatus | undefined): void {
    if (status === undefined) {
      this.status.textContent = "";
      delete this.status.dataset.severity;
      this.status.removeAttribute("title");
      return;
    }
    const description = describeStatus(status);
    this.status.textContent = description.summary;
    this.status.dataset.severity = description.severity;
    this.status.title = description.detail;
  }
}
