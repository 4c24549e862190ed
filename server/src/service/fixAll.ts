// source.fixAll.fs: every safe fix at once (those that cannot change a stored amount; see
// shared/src/fix/fixAll.ts), as one edit on the analysed text. Value-changing fixes never run here.

import type { Edit } from "jsonc-parser";
import { differenceEdit, fixAll } from "../../../shared/src/index";
import * as l10n from "@vscode/l10n";
import type { ParsedVersion } from "../analysis";

export const FIX_ALL_KIND = "source.fixAll.fs";

export interface FixAllEdit {
  title: string;
  edits: Edit[];
  /** How many fixes the edit applies. */
  count: number;
}

export function fixAllEdit(good: ParsedVersion): FixAllEdit | undefined {
  const outcome = fixAll(good.text);
  if (outcome.applied.length === 0 || outcome.text === good.text) return undefined;
  const count = outcome.applied.length;
  const title = count === 1 ? l10n.t("Fix all safe FS problems (1 fix)") : l10n.t("Fix all safe FS problems ({0} fixes)", count);
  return { title, edits: [differenceEdit(good.text, outcome.text)], count };
}
