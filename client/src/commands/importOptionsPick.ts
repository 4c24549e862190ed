// The import's options in the editor: after the file is chosen, one list whose first line imports
// (Enter: as the file says) and whose other lines each show one option's value; choosing a line
// asks for that value (a list of choices or an input box) and comes back to the list, with
// "Import" selected again. Escape on the list cancels the import.

import * as vscode from "vscode";
import type { ImportOptions } from "../../../shared/src/import/options";
import { describeOptions, describeValue, importOptionFields, withOption, type ImportOptionField } from "./importOptionFields";

type Line = vscode.QuickPickItem & { field?: ImportOptionField };

/** The options the user settles on for `name`, or undefined when they cancel. */
export async function askImportOptions(name: string): Promise<ImportOptions | undefined> {
  let options: ImportOptions = {};
  for (;;) {
    const fields = importOptionFields();
    const lines: Line[] = [
      { label: vscode.l10n.t("Import"), description: describeOptions(options) ?? vscode.l10n.t("as the file says") },
      { label: vscode.l10n.t("Decide instead of the file"), kind: vscode.QuickPickItemKind.Separator },
      ...fields.map((field) => ({ label: field.label, description: describeValue(field, options), field })),
    ];
    const chosen = await vscode.window.showQuickPick(lines, {
      title: vscode.l10n.t("Import {0}", name),
      placeHolder: vscode.l10n.t("Enter imports; choose a line to decide it instead of the file"),
      ignoreFocusOut: true,
    });
    if (chosen === undefined) return undefined;
    if (chosen.field === undefined) return options;
    const answer = await askValue(chosen.field, options);
    if (answer !== undefined) options = withOption(options, chosen.field.key, answer.value);
  }
}

/** The field's new value (undefined inside: as the file says), or undefined when the question is cancelled. */
async function askValue(field: ImportOptionField, options: ImportOptions): Promise<{ value: string | number | undefined } | undefined> {
  if (field.choices !== undefined) {
    const current = describeValue(field, options);
    const chosen = await vscode.window.showQuickPick(field.choices, { title: field.label, placeHolder: vscode.l10n.t("Now: {0}", current), ignoreFocusOut: true });
    return chosen === undefined ? undefined : { value: chosen.value };
  }
  if (field.input === undefined) return undefined;
  const current = options[field.key];
  const typed = await vscode.window.showInputBox({
    title: field.label,
    prompt: field.input.prompt,
    placeHolder: field.input.example,
    value: current === undefined ? "" : String(current),
    validateInput: field.input.validate,
    ignoreFocusOut: true,
  });
  return typed === undefined ? undefined : { value: typed };
}
