// Words for what is limited on a large document, for the second language status item ("fs.limits",
// client/src/status/languageStatus.ts): the server's limits (fs/status `limits`: the outline's
// statements and subtotals, statements the preview leaves out, code lenses near the view) and VS
// Code's own large-file mode, which turns off code lenses and highlights. Free of editor imports (like describe.ts), so the words are tested in Node.

import * as l10n from "@vscode/l10n";
import type { DocumentLimits } from "../../../protocol/lsp";
import { countText } from "../../../shared/src/render/format";

/**
 * VS Code's large-file limits (its TextModel's LARGE_FILE_SIZE_THRESHOLD and
 * LARGE_FILE_LINE_COUNT_THRESHOLD, with `editor.largeFileOptimizations` on): above either, when the
 * file is opened, it turns off tokenization, folding, code lenses, word highlighting and sticky
 * scroll for that editor.
 */
export const EDITOR_LARGE_FILE = { characters: 20 * 1024 * 1024, lines: 300_000 } as const;

/** Whether VS Code opened a document of this size in its large-file mode. */
export function overEditorLimits(size: { characters: number; lines: number }): boolean {
  return size.characters > EDITOR_LARGE_FILE.characters || size.lines > EDITOR_LARGE_FILE.lines;
}

export interface LimitsDescription {
  /** The item's text: which features, short enough for the language status hover. */
  text: string;
  /** One clause per limited feature, with its figures and why. */
  detail: string;
}

function count(n: number, one: (n: string) => string, many: (n: string) => string): string {
  return n === 1 ? one(countText(n)) : many(countText(n));
}

/** Undefined when nothing is limited: the item then does not exist. */
export function describeLimits(limits: DocumentLimits | undefined, editorLargeFile: boolean): LimitsDescription | undefined {
  const features: string[] = [];
  const details: string[] = [];
  if (limits?.outline !== undefined) {
    features.push(l10n.t("outline"));
    details.push(l10n.t("Outline: statements and subtotals only, {0} of {1} symbols", countText(limits.outline.shown), countText(limits.outline.total)));
  }
  const preview = limits?.preview;
  if (preview !== undefined) {
    features.push(l10n.t("preview"));
    const omitted = preview.overColumns + preview.overCells;
    const columns = countText(preview.columnsPerStatement);
    const cells = countText(preview.cellsPerDocument);
    const why =
      preview.overColumns === 0
        ? l10n.t("over {0} cells per document", cells)
        : preview.overCells === 0
          ? l10n.t("over {0} columns", columns)
          : l10n.t("{0} over {1} columns, {2} over {3} cells per document", countText(preview.overColumns), columns, countText(preview.overCells), cells);
    details.push(
      count(
        preview.statements,
        (total) => l10n.t("Preview: {0} of {1} statement not shown ({2})", countText(omitted), total, why),
        (total) => l10n.t("Preview: {0} of {1} statements not shown ({2})", countText(omitted), total, why),
      ),
    );
  }
  // Over VS Code's large-file limits it shows no lenses at all, which the clause below says.
  if (limits?.codeLenses !== undefined && !editorLargeFile) {
    features.push(l10n.t("code lenses"));
    details.push(l10n.t("Code lenses: near the lines in view only ({0} subtotals, over {1})", countText(limits.codeLenses.subtotals), countText(limits.codeLenses.inFull)));
  }
  if (editorLargeFile) {
    features.push(l10n.t("code lenses"));
    details.push(
      l10n.t(
        "Code lenses and highlights: turned off by VS Code for files over {0} MiB or {1} lines",
        countText(EDITOR_LARGE_FILE.characters / (1024 * 1024)),
        countText(EDITOR_LARGE_FILE.lines),
      ),
    );
  }
  if (features.length === 0) return undefined;
  return { text: l10n.t("FS: limited: {0}", features.join(" · ")), detail: `${details.join(". ")}.` };
}
