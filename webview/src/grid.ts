// Editing one cell of the grid in place: an <input> in the cell, started by Enter, F2, a double-click
// or typing; Enter commits and moves down, Tab right (Shift: the other way), Escape cancels, and
// leaving the cell commits. What was typed is read by the shared parser (cellInput.ts) in the
// display language's conventions; invalid input stays in the cell with a message beside it and
// nothing is written. A commit hands the new content to the page script, which sends it to the
// extension as one write.

import * as l10n from "@vscode/l10n";
import type { CellContent } from "../../shared/src/fix/cellEdits";
import { parseCellInput } from "../../shared/src/render/cellInput";
import type { NumberSymbols } from "../../shared/src/render/localeFormat";
import type { Place } from "./statements";

export type Direction = "down" | "up" | "right" | "left" | "none";

/** The cell being edited: where it is, what it names and what it holds now. */
export interface EditTarget {
  place: Place;
  /** The pointer written: the cell's, or the item's label. */
  pointer: string;
  kind: "value" | "label";
  /** The text the editor starts with (the value as the table shows it in full, or the label). */
  text: string;
  /** Is `content` what the cell holds already (nothing to write)? */
  unchanged(content: CellContent): boolean;
}

export interface EditorHooks {
  /** The user committed `content` for `target`; move by `direction` afterwards. */
  commit(target: EditTarget, content: CellContent, direction: Direction): void;
  /** The edit ended without a write (Escape, or nothing changed): give the cell back its content. */
  cancel(target: EditTarget, refocus: boolean): void;
}

const EDITOR_CLASS = "fs-cell-editor";
const MESSAGE_CLASS = "fs-cell-message";
/** How long a message stays when nothing else happens. */
const MESSAGE_MS = 10_000;

export class CellEditor {
  private editing: { target: EditTarget; cell: HTMLElement; input: HTMLInputElement } | undefined;
  private message: { element: HTMLElement; timer: number } | undefined;

  constructor(
    private readonly document: Document,
    private readonly symbols: NumberSymbols,
    private readonly hooks: EditorHooks,
  ) {
    // A message is about the last action: the next one (a key, a click anywhere) takes it away.
    // Captured, so it goes before the action, which may show a message of its own.
    for (const type of ["keydown", "pointerdown"]) document.addEventListener(type, () => this.clearMessage(), { capture: true });
  }

  get active(): EditTarget | undefined {
    return this.editing?.target;
  }

  /** Is `element` (a cell being repainted by a patch) the cell being edited? */
  holds(element: Element): boolean {
    return this.editing?.cell === element;
  }

  /** Starts editing `cell`; `typed` replaces the content (typing started it), otherwise all of it is selected. */
  begin(target: EditTarget, cell: HTMLElement, typed?: string): void {
    this.finish(false);
    this.clearMessage();
    const input = this.document.createElement("input");
    input.type = "text";
    input.className = EDITOR_CLASS;
    input.spellcheck = false;
    input.autocomplete = "off";
    input.value = typed ?? target.text;
    input.setAttribute("aria-label", cell.getAttribute("aria-label") ?? cell.textContent ?? "");
    cell.classList.add("fs-editing");
    cell.replaceChildren(input);
    this.editing = { target, cell, input };
    input.addEventListener("keydown", (event) => this.onKey(event));
    input.addEventListener("blur", () => {
      // Leaving the cell commits (a click elsewhere, another window); an invalid value stays unwritten.
      if (this.editing?.input === input) this.commit("none", false);
    });
    input.focus({ preventScroll: true });
    if (typed === undefined) input.select();
    else input.setSelectionRange(input.value.length, input.value.length);
  }

  /** Commits what the editor holds; false (and the editor stays, with a message) when it is not valid. */
  commit(direction: Direction, refocus = true): boolean {
    const editing = this.editing;
    if (editing === undefined) return true;
    const content = this.read(editing.target, editing.input.value);
    if ("message" in content) {
      this.showMessage(editing.cell, content.message);
      editing.cell.classList.add("fs-edit-invalid");
      editing.input.setAttribute("aria-invalid", "true");
      if (!refocus) this.finish(true);
      return false;
    }
    this.finish(false);
    if (editing.target.unchanged(content)) this.hooks.cancel(editing.target, refocus);
    else this.hooks.commit(editing.target, content, direction);
    return true;
  }

  /**
   * Drops the editor without repainting anything: its row is being replaced (a new model, rows
   * moved). Returns what was being edited and the text typed so far, to resume where the cell is now.
   */
  abandon(): { pointer: string; kind: EditTarget["kind"]; text: string } | undefined {
    const editing = this.editing;
    this.editing = undefined;
    this.clearMessage();
    return editing === undefined ? undefined : { pointer: editing.target.pointer, kind: editing.target.kind, text: editing.input.value };
  }

  cancel(): void {
    const editing = this.editing;
    if (editing === undefined) return;
    this.finish(false);
    this.clearMessage();
    this.hooks.cancel(editing.target, true);
  }

  /**
   * Shows `text` under `cell` (an invalid value, a write that was refused) until the next key or
   * click, or for MESSAGE_MS. It is as wide as its text allows within the view (a cell near the
   * right edge moves it left, not narrower), above the cell when there is no room below, and
   * clicks go through it to the cells.
   */
  showMessage(cell: Element, text: string): void {
    this.clearMessage();
    const box = cell.getBoundingClientRect();
    const element = this.document.createElement("div");
    element.className = MESSAGE_CLASS;
    element.setAttribute("role", "alert");
    element.textContent = text;
    this.document.body.append(element);
    const view = this.document.documentElement;
    const size = element.getBoundingClientRect();
    const below = box.bottom + 2 + size.height <= view.clientHeight;
    element.style.left = `${Math.max(0, Math.min(box.left, view.clientWidth - size.width))}px`;
    element.style.top = `${below ? box.bottom + 2 : Math.max(0, box.top - 2 - size.height)}px`;
    const window = this.document.defaultView;
    this.message = { element, timer: window?.setTimeout(() => this.clearMessage(), MESSAGE_MS) ?? 0 };
  }

  clearMessage(): void {
    if (this.message === undefined) return;
    this.document.defaultView?.clearTimeout(this.message.timer);
    this.message.element.remove();
    this.message = undefined;
  }

  /** The editor goes away; `restore`: the cell gets its content back (an invalid value left behind). */
  private finish(restore: boolean): void {
    const editing = this.editing;
    if (editing === undefined) return;
    this.editing = undefined;
    editing.cell.classList.remove("fs-editing", "fs-edit-invalid");
    editing.input.remove();
    if (restore) this.hooks.cancel(editing.target, false);
  }

  private read(target: EditTarget, text: string): CellContent | { message: string } {
    if (target.kind === "label") {
      return text.trim() === "" ? { message: l10n.t("A label cannot be empty.") } : { kind: "text", text };
    }
    const parsed = parseCellInput(text, this.symbols);
    return parsed.kind === "error" ? { message: parsed.message } : parsed.kind === "value" ? { kind: "value", decimal: parsed.decimal } : parsed;
  }

  private onKey(event: KeyboardEvent): void {
    // Keys that edit the text stay in the editor. The others go on: VS Code's webview host forwards
    // what reaches the page's window to the workbench, so its shortcuts (Ctrl+P, Ctrl+S, F1,
    // Ctrl+1…) work while a cell is edited, and Ctrl+F still opens the page's find box. The grid's
    // own keys ignore what comes from the editor (main.ts).
    if (!editsText(event)) return;
    event.stopPropagation();
    switch (event.key) {
      case "Enter":
        event.preventDefault();
        this.commit(event.shiftKey ? "up" : "down");
        return;
      case "Tab":
        event.preventDefault();
        this.commit(event.shiftKey ? "left" : "right");
        return;
      case "Escape":
        event.preventDefault();
        this.cancel();
        return;
    }
  }
}

/** Modified keys that edit or move in a text box: undo, redo, select all, the clipboard, by words. */
const TEXT_CHORDS = new Set(["a", "c", "v", "x", "z", "y", "arrowleft", "arrowright", "home", "end", "backspace", "delete"]);

/**
 * Whether a key belongs to the text box: unmodified (or Shift) keys but F-keys, a character typed
 * with AltGr or Option (not a plain letter or digit: Alt+F is the workbench's), and TEXT_CHORDS
 * with Ctrl or Cmd.
 */
export function editsText(event: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey">): boolean {
  if (/^F[0-9]+$/.test(event.key)) return false;
  if (event.altKey) return event.key.length === 1 && !/^[a-z0-9]$/i.test(event.key);
  if (!event.ctrlKey && !event.metaKey) return true;
  return TEXT_CHORDS.has(event.key.toLowerCase());
}

/**
 * Keys that start editing a focused value cell by typing, as in a spreadsheet: any character but a
 * space (a digit, a sign, "(", ".5", or the first letter of the "unavailable" keyword, "n/a").
 * What is typed is checked when it is committed.
 */
export function startsValue(key: string): boolean {
  return [...key].length === 1 && key.trim() !== "";
}

/** Keys that start editing a focused value cell with an empty input, as a spreadsheet clears a cell (Enter then writes null). */
export function clearsValue(key: string): boolean {
  return key === "Backspace" || key === "Delete";
}
