// The open diff editors' two sides, from VS Code's tabs, for diffTabRule.ts.

import * as vscode from "vscode";
import { diffMeant, type DiffSides } from "./diffTabRule";

export interface DiffTab extends DiffSides {
  input: vscode.TabInputTextDiff;
}

const sidesOf = (input: vscode.TabInputTextDiff): DiffTab => ({ original: input.original.toString(), modified: input.modified.toString(), input });

/** Every open diff editor (in any group). */
export function openDiffs(): DiffTab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs.flatMap((tab) => (tab.input instanceof vscode.TabInputTextDiff ? [sidesOf(tab.input)] : [])));
}

/** The active tab when it is a diff editor. */
export function activeDiff(): DiffTab | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputTextDiff ? sidesOf(input) : undefined;
}

/** The diff editor a command means (diffMeant): the active one, else one showing `uri` (a menu's argument). */
export function diffOf(uri: vscode.Uri | undefined): DiffTab | undefined {
  return diffMeant(activeDiff(), openDiffs(), uri?.toString());
}
