// FS: New Document: a few questions (entity, currency, scale, fiscal years and their last day), then
// an untitled JSON editor holding a conforming FS document (shared/src/template/newDocument.ts),
// inserted as a snippet so that Tab moves through the values the user types next.

import * as vscode from "vscode";
import { stepDone } from "./walkthroughProgress";
import { checkNewDocumentOptions, newDocument, parseYears, type NewDocumentOptions } from "../../../shared/src/template/newDocument";

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
 * Puts the keyboard in the question just shown. A question that opens while another part of the
 * window takes the focus (the walkthrough's page after its button, the editor group it focuses
 * for a `command:toSide:` button, or the page again after the palette that ran this command) is
 * shown without it: typing went nowhere and Enter did nothing. That part takes the focus at a
 * moment of its own, so the question takes it back a few times while nothing has been typed into
 * it yet (`untouched`); once the user types, it is left alone.
 */
function focusQuestion(untouched: () => boolean): void {
  for (const delay of FOCUS_RETRIES_MS) {
    setTimeout(() => {
      if (untouched()) void vscode.commands.executeCommand("workbench.action.focusQuickOpen");
    }, delay);
  }
}

/** When the question takes the focus back after it is shown (see focusQuestion). */
const FOCUS_RETRIES_MS = [0, 100, 300, 700, 1500];

function input(step: number, prompt: string, value: string, validate: (text: string) => string | undefined): Promise<string | undefined> {
  const box = vscode.window.createInputBox();
  box.title = title(step);
  box.prompt = prompt;
  box.value = value;
  box.ignoreFocusOut = true;
  let open = true;
  return new Promise((resolve) => {
    const check = (text: string) => {
      box.validationMessage = validate(text.trim());
    };
    const subscriptions = [
      box.onDidChangeValue(check),
      box.onDidAccept(() => {
        check(box.value);
        if (box.validationMessage !== undefined) return;
        resolve(box.value);
        box.hide();
      }),
      box.onDidHide(() => {
        open = false;
        resolve(undefined);
        for (const subscription of subscriptions) subscription.dispose();
        box.dispose();
      }),
    ];
    check(box.value);
    box.show();
    focusQuestion(() => open && box.value === value);
  });
}

function pick<T extends vscode.QuickPickItem>(step: number, items: T[], placeholder: string): Promise<T | undefined> {
  const picker = vscode.window.createQuickPick<T>();
  picker.title = title(step);
  picker.placeholder = placeholder;
  picker.items = items;
  picker.ignoreFocusOut = true;
  let open = true;
  return new Promise((resolve) => {
    const subscriptions = [
      picker.onDidAccept(() => {
        resolve(picker.selectedItems[0] ?? picker.activeItems[0]);
        picker.hide();
      }),
      picker.onDidHide(() => {
        open = false;
        resolve(undefined);
        for (const subscription of subscriptions) subscription.dispose();
        picker.dispose();
      }),
    ];
    picker.show();
    focusQuestion(() => open && picker.value === "");
  });
}

function readYearEnd(text: string): { month: number; day: number } | undefined {
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(text);
  return match === null ? undefined : { month: Number(match[1]), day: Number(match[2]) };
}

/** Asks the questions; undefined when the user cancels any of them. */
async function askOptions(): Promise<NewDocumentOptions | undefined> {
  const probe: NewDocumentOptions = { entityName: "X", currency: "X", scale: 0, years: [2000] };
  const entityName = await input(1, vscode.l10n.t("The entity's name"), "", (text) => checkNewDocumentOptions({ ...probe, entityName: text }));
  if (entityName === undefined) return undefined;
  const currency = await input(2, vscode.l10n.t("The currency (the unit's measure), e.g. USD, EUR, GBP"), "USD", (text) => checkNewDocumentOptions({ ...probe, currency: text }));
  if (currency === undefined) return undefined;
  const scale = await pick(3, scales(), vscode.l10n.t("The values are stated in…"));
  if (scale === undefined) return undefined;
  const thisYear = new Date().getFullYear();
  const yearsText = await input(4, vscode.l10n.t("The fiscal years, by the year each ends in: 2024, 2025 or 2024-2025"), `${thisYear - 2}-${thisYear - 1}`, (text) => {
    const years = parseYears(text);
    return years === undefined ? vscode.l10n.t("List years (2024, 2025) or give a range (2024-2025).") : checkNewDocumentOptions({ ...probe, years });
  });
  if (yearsText === undefined) return undefined;
  const yearEndText = await input(5, vscode.l10n.t("The last day of the fiscal year (MM-DD)"), "12-31", (text) => {
    const yearEnd = readYearEnd(text);
    return yearEnd === undefined ? vscode.l10n.t("Give the month and day as MM-DD, e.g. 03-31.") : checkNewDocumentOptions({ ...probe, yearEnd });
  });
  if (yearEndText === undefined) return undefined;
  return { entityName: entityName.trim(), currency: currency.trim(), scale: scale.scale, years: parseYears(yearsText.trim()) ?? [], yearEnd: readYearEnd(yearEndText.trim()) };
}

/** Opens an untitled JSON editor with `snippet` inserted (its tab stops active). */
export async function openSnippetDocument(snippet: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: "json", content: "" });
  const editor = await vscode.window.showTextDocument(document);
  await editor.insertSnippet(new vscode.SnippetString(snippet), new vscode.Position(0, 0));
  return editor;
}

export async function newFsDocument(): Promise<void> {
  const options = await askOptions();
  if (options === undefined) return;
  const problem = checkNewDocumentOptions(options);
  if (problem !== undefined) {
    void vscode.window.showErrorMessage(problem);
    return;
  }
  await openSnippetDocument(newDocument(options).snippet);
  stepDone("documentCreated");
}
