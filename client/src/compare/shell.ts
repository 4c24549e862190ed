// The changes view's page shell: the empty landmarks its script fills (the title OLD → NEW, the
// summary, the changes outside the tables, the problem banner and the statements) in the frame
// every page of ours shares (page/shell.ts: CSP, inline script and stylesheet with the nonce; the
// stylesheet is the preview's). Pure (no vscode import).

import * as l10n from "@vscode/l10n";
import { COMPARE_SHELL_IDS } from "../../../protocol/webview";
import { escapeHtml } from "../../../shared/src/render/writer";
import { buildPageShell, type ShellOptions } from "../page/shell";

export function buildCompareShell(options: ShellOptions): string {
  const attribute = escapeHtml;
  return buildPageShell(options, {
    title: l10n.t("FS Changes"),
    bodyClass: "fs-preview fc-view",
    body: `<header class="fs-preview-header">
<h1 id="${COMPARE_SHELL_IDS.title}" class="fs-preview-title"></h1>
<p id="${COMPARE_SHELL_IDS.summary}" class="fc-summary" role="status" hidden></p>
<ul id="${COMPARE_SHELL_IDS.lines}" class="fc-lines" aria-label="${attribute(l10n.t("Other changes"))}"></ul>
</header>
<div id="${COMPARE_SHELL_IDS.problem}" class="fs-preview-problem" role="alert" hidden></div>
<main id="${COMPARE_SHELL_IDS.content}" class="fs-preview-content" aria-label="${attribute(l10n.t("Statements with their changes"))}" tabindex="-1"></main>
`,
  });
}
