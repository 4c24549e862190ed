// The changes view's page shell: the preview's CSP (a fresh nonce, nothing loaded), its stylesheet
// and the view's script, both inline as in the preview (preview/shell.ts says why), and the empty
// landmarks the script fills: the title (OLD → NEW), the summary, the changes outside the tables,
// the problem banner and the statements. Pure (no vscode import).

import * as l10n from "@vscode/l10n";
import { COMPARE_SHELL_IDS } from "../../../protocol/webview";
import { escapeHtml } from "../../../shared/src/render/writer";
import { contentSecurityPolicy, rawText, type ShellOptions } from "../preview/shell";

export function buildCompareShell(options: ShellOptions): string {
  const attribute = escapeHtml;
  return `<!DOCTYPE html>
<html lang="${attribute(options.locale ?? "en")}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attribute(contentSecurityPolicy(options.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style nonce="${attribute(options.nonce)}">${rawText(options.style, "style")}</style>
<title>${attribute(l10n.t("FS Changes"))}</title>
</head>
<body class="fs-preview fc-view" data-locale="${attribute(options.locale ?? "")}" data-l10n="${attribute(options.bundle === undefined ? "" : JSON.stringify(options.bundle))}">
<header class="fs-preview-header">
<h1 id="${COMPARE_SHELL_IDS.title}" class="fs-preview-title"></h1>
<p id="${COMPARE_SHELL_IDS.summary}" class="fc-summary" role="status" hidden></p>
<ul id="${COMPARE_SHELL_IDS.lines}" class="fc-lines" aria-label="${attribute(l10n.t("Other changes"))}"></ul>
</header>
<div id="${COMPARE_SHELL_IDS.problem}" class="fs-preview-problem" role="alert" hidden></div>
<main id="${COMPARE_SHELL_IDS.content}" class="fs-preview-content" aria-label="${attribute(l10n.t("Statements with their changes"))}" tabindex="-1"></main>
<script nonce="${attribute(options.nonce)}">${rawText(options.script, "script")}</script>
</body>
</html>
`;
}
