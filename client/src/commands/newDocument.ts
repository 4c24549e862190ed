// FS: New Document: a few questions (entity, currency, scale, fiscal years and their last day), then
// an untitled JSON editor holding a conforming FS document (shared/src/template/newDocument.ts),
// inserted as a snippet so that Tab moves through the values the user types next.

import * as vscode from "vscode";
import { newDocumentColumn, type GroupTop } from "./newDocumentColumn";
import { stepDone } from "./walkthroughProgress";
import { checkNewDocumentOptions, newDocument, parseYears, yearsTextProblem, type NewDocument, type NewDocumentOptions } from "../../../shared/src/template/newDocument";

const STEPS = 5;

function title(step: number): string {
  return vscode.l10n.t("New FS Document ({0}/{1})", step, STEPS);
}

function scales(): (vscode.QuickPickItem & { scale: number })[] {
  return [
    { label: vscode.l10n.t("Units"), description: vscode.l10n.t("values as they are (scale 0)"), scale: 0 },
    { label: vscode.l10n.t("Thousands"), description: vscode.l10n.t("values in thousands (scale 3)"), scale: 3 },
    { label: vscode.l10n.t("Millions"), description: vscode.l10n.t("values in millions (scale 6)"), scale: 6 },
  ];
}

/**
 * The questions, one on screen at a time, each shown in place of the one before.
 *
 * A question hidden before the next is shown hands the keyboard back to what had it before: the
 * walkthrough's step, when started from the palette over the walkthrough. The Enter that answered
 * it then lands there too, and the walkthrough selects that step again and takes the focus 250 ms
 * later, from whichever question is showing by then. Shown in place of the one before, the next
 * question takes the keyboard straight from it.
 */
class Questions {
  private current: vscode.QuickInput | undefined;

  /** Shows `question` in place of the one on screen. */
  present(question: vscode.QuickInput): void {
    const previous = this.current;
    this.current = question;
    question.show();
    previous?.dispose();
  }

  isCurrent(question: vscode.QuickInput): boolean {
    return this.current === question;
  }

  /**
   * The answers are in and the document is being made: the question on screen shows progress and
   * keeps the keyboard (a key typed meanwhile lands in it, harmlessly, where the user sees it).
   */
  handOver(): void {
    if (this.current === undefined) return;
    this.current.busy = true;
  }

  /** Closes the question on screen (the last one while it still has the keyboard, which VS Code then hands on in the same step). */
  close(): void {
    const last = this.current;
    this.current = undefined;
    last?.dispose();
  }
}

/** Whether the active editor is not a text editor (the walkthrough, a preview). */
function besideAnotherKindOfEditor(): boolean {
  return vscode.window.activeTextEditor === undefined && vscode.window.tabGroups.activeTabGroup.activeTab !== undefined;
}

/** The column of the group of text editors a new document opens in (see newDocumentColumn). */
export function textGroupColumn(): vscode.ViewColumn {
  const top = (tab: vscode.Tab | undefined): GroupTop =>
    tab === undefined ? "empty" : tab.input instanceof vscode.TabInputText || tab.input instanceof vscode.TabInputTextDiff ? "text" : "other";
  const groups = vscode.window.tabGroups.all.map((group) => ({ column: group.viewColumn, top: top(group.activeTab) }));
  return newDocumentColumn(vscode.window.tabGroups.activeTabGroup.viewColumn, groups);
}

/**
 * The first question can open while another part of the window is about to take the focus: the
 * walkthrough's step, selected again by the keyup of the palette's Enter, or a webview in the
 * group a `command:toSide:` button focuses; in both, the active editor is not a text editor. Then,
 * until the user has touched it, it is shown again at these delays (a question being shown takes the keyboard; VS Code 1.100's
 * `workbench.action.focusQuickOpen` focuses a quick pick's list, and nothing of an input box).
 */
const RETAKE_FOCUS_MS = [150, 400, 800, 1500];

/**
 * Asks one question made by `make`: resolves with its answer, or undefined when it is cancelled.
 * `make` gets `answer` (settles the question) and `touch` (the user typed or moved in it).
 */
function ask<T>(questions: Questions, retakeFocus: boolean, make: (answer: (value: T) => void, touch: () => void) => vscode.QuickInput): Promise<T | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    let touched = false;
    const settle = (value: T | undefined) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    let shown: vscode.QuickInput | undefined;
    const show = () => {
      const question = make(settle, () => {
        touched = true;
      });
      // Hidden while on screen: cancelled (Escape, or the window closing it). A question replaced
      // by the next one, or by its own copy, is no longer the current one when told.
      question.onDidHide(() => {
        if (questions.isCurrent(question)) {
          questions.close();
          settle(undefined);
        }
      });
      shown = question;
      questions.present(question);
    };
    show();
    if (!retakeFocus) return;
    for (const delay of RETAKE_FOCUS_MS) {
      setTimeout(() => {
        if (!settled && !touched && shown !== undefined && questions.isCurrent(shown)) show();
      }, delay);
    }
  });
}

function input(
  questions: Questions,
  step: number,
  prompt: string,
  value: string,
  validate: (text: string) => string | undefined,
  retakeFocus = false,
): Promise<string | undefined> {
  return ask<string>(questions, retakeFocus, (answer, touch) => {
    const box = vscode.window.createInputBox();
    box.title = title(step);
    box.prompt = prompt;
    box.value = value;
    box.ignoreFocusOut = true;
    const check = (text: string) => {
      box.validationMessage = validate(text.trim());
    };
    box.onDidChangeValue((text) => {
      touch();
      check(text);
    });
    box.onDidAccept(() => {
      check(box.value);
      if (box.validationMessage === undefined) answer(box.value);
    });
    // An empty answer is refused when accepted, not before anything is typed.
    if (value !== "") check(box.value);
    return box;
  });
}

function pick<T extends vscode.QuickPickItem>(questions: Questions, step: number, items: T[], placeholder: string): Promise<T | undefined> {
  return ask<T>(questions, false, (answer, touch) => {
    const picker = vscode.window.createQuickPick<T>();
    picker.title = title(step);
    picker.placeholder = placeholder;
    picker.items = items;
    picker.ignoreFocusOut = true;
    picker.onDidChangeValue(touch);
    picker.onDidChangeActive((active) => {
      if (active[0] !== undefined && active[0] !== items[0]) touch();
    });
    picker.onDidAccept(() => {
      const chosen = picker.selectedItems[0] ?? picker.activeItems[0];
      if (chosen !== undefined) answer(chosen);
    });
    return picker;
  });
}

function readYearEnd(text: string): { month: number; day: number } | undefined {
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(text);
  return match === null ? undefined : { month: Number(match[1]), day: Number(match[2]) };
}

/** Asks the questions; undefined when the user cancels any of them. */
async function askOptions(questions: Questions): Promise<NewDocumentOptions | undefined> {
  const probe: NewDocumentOptions = { entityName: "X", currency: "X", scale: 0, years: [2000] };
  const entityName = await input(
    questions,
    1,
    vscode.l10n.t("The entity's name"),
    "",
    (text) => checkNewDocumentOptions({ ...probe, entityName: text }),
    besideAnotherKindOfEditor(),
  );
  if (entityName === undefined) return undefined;
  const currency = await input(questions, 2, vscode.l10n.t("The currency (the unit's measure), e.g. USD, EUR, GBP"), "USD", (text) =>
    checkNewDocumentOptions({ ...probe, currency: text }),
  );
  if (currency === undefined) return undefined;
  const scale = await pick(questions, 3, scales(), vscode.l10n.t("The values are stated in…"));
  if (scale === undefined) return undefined;
  const thisYear = new Date().getFullYear();
  const yearsText = await input(questions, 4, vscode.l10n.t("The fiscal years, by the year each ends in: 2024, 2025 or 2024-2025"), `${thisYear - 2}-${thisYear - 1}`, (text) => {
    const years = parseYears(text);
    return years === undefined ? yearsTextProblem(text) : checkNewDocumentOptions({ ...probe, years });
  });
  if (yearsText === undefined) return undefined;
  const yearEndText = await input(questions, 5, vscode.l10n.t("The last day of the fiscal year (MM-DD)"), "12-31", (text) => {
    const yearEnd = readYearEnd(text);
    return yearEnd === undefined ? vscode.l10n.t("Give the month and day as MM-DD, e.g. 03-31.") : checkNewDocumentOptions({ ...probe, yearEnd });
  });
  if (yearEndText === undefined) return undefined;
  return { entityName: entityName.trim(), currency: currency.trim(), scale: scale.scale, years: parseYears(yearsText.trim()) ?? [], yearEnd: readYearEnd(yearEndText.trim()) };
}

/**
 * Opens an untitled JSON editor holding the new document in a group of text editors: the active
 * group, or when that shows another kind of editor (the walkthrough, a preview) the nearest group
 * of text editors, or a new group beside it (textGroupColumn); the other editor stays in view. The editor opens with
 * its text and the first value selected at once, without the keyboard: the question on screen
 * keeps it (see `newFsDocument`). Then the same text is replaced by the snippet, for its tab stops;
 * VS Code refuses that when the user has typed meanwhile, and what was typed stays.
 */
export async function openNewDocument({ text, snippet, firstTabStop }: NewDocument, handOver: () => void): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: "json", content: text });
  const first = new vscode.Selection(document.positionAt(firstTabStop.offset), document.positionAt(firstTabStop.offset + firstTabStop.length));
  const editor = await vscode.window.showTextDocument(document, {
    viewColumn: textGroupColumn(),
    selection: first,
    preserveFocus: true,
  });
  // The document is indented with two spaces; say so, whatever the editor's default ("Spaces: 4").
  editor.options = { tabSize: 2, insertSpaces: true };
  // The first tab stop can be below the fold of a new editor (line 56 of a new document): in view.
  editor.revealRange(first, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  handOver();
  // Takes the keyboard (again, when closing the question gave it to this editor already).
  await vscode.window.showTextDocument(document, { viewColumn: editor.viewColumn, preserveFocus: false });
  await editor.insertSnippet(new vscode.SnippetString(snippet), new vscode.Range(document.positionAt(0), document.positionAt(text.length)), {
    undoStopBefore: false,
    undoStopAfter: false,
  });
  return editor;
}

export async function newFsDocument(): Promise<void> {
  const questions = new Questions();
  try {
    const options = await askOptions(questions);
    if (options === undefined) return;
    const problem = checkNewDocumentOptions(options);
    if (problem !== undefined) {
      void vscode.window.showErrorMessage(problem);
      return;
    }
    // The last question stays on screen, with the keyboard, until the new editor is shown; then it
    // closes before the editor takes the keyboard. Closed while it has the keyboard, it gives the
    // keyboard back in the same moment to what had it before the questions: in the active group
    // that is the new document's editor (the group's text editor shows it now). Had the editor taken
    // the keyboard first, the question would have closed only on its blur, a moment later, and a key
    // pressed in that moment (under load, seconds) went into the document while the question showed.
    questions.handOver();
    await openNewDocument(newDocument(options), () => questions.close());
    stepDone("documentCreated");
  } finally {
    questions.close();
  }
}
