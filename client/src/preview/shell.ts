// The preview's page shell: the header, find bar, problem banner, content and explanation landmarks
// the page script fills, in the frame every page of ours shares (page/shell.ts: CSP, inline script
// and stylesheet with the nonce). Pure (no vscode import), so the browser tests build exactly the
// page the extension shows.

import * as l10n from "@vscode/l10n";
import { SHELL_IDS } from "../../../protocol/webview";
import { escapeHtml } from "../../../shared/src/render/writer";
import { buildPageShell, type ShellOptions } from "../page/shell";

export { SHELL_IDS };

export function buildPreviewShell(options: ShellOptions): string {
  const attribute = escapeHtml;
  return buildPageShell(options, {
    title: l10n.t("FS Preview"),
    bodyClass: "fs-preview",
    body: `<header class="fs-preview-header">
<h1 id="${SHELL_IDS.title}" class="fs-preview-title"></h1>
<p class="fs-preview-meta"><span id="${SHELL_IDS.status}" class="fs-preview-status" role="status"></span><span id="${SHELL_IDS.lock}" class="fs-preview-lock" hidden>${attribute(l10n.t("Locked"))}</span></p>
</header>
<div id="${SHELL_IDS.find}" class="fs-find" role="search" hidden>
<input class="fs-find-input" type="text" aria-label="${attribute(l10n.t("Find in preview"))}" placeholder="${attribute(l10n.t("Find (Enter: next, Shift+Enter: previous)"))}">
<span class="fs-find-count" aria-live="polite"></span>
<button type="button" class="fs-find-previous" aria-label="${attribute(l10n.t("Previous match (Shift+F3)"))}">↑</button>
<button type="button" class="fs-find-next" aria-label="${attribute(l10n.t("Next match (F3)"))}">↓</button>
<button type="button" class="fs-find-close" aria-label="${attribute(l10n.t("Close (Escape)"))}">×</button>
</div>
<div id="${SHELL_IDS.problem}" class="fs-preview-problem" role="alert" hidden></div>
<main id="${SHELL_IDS.content}" class="fs-preview-content" aria-label="${attribute(l10n.t("Statements"))}" tabindex="-1"></main>
<aside id="${SHELL_IDS.explanation}" class="fs-explanation" aria-label="${attribute(l10n.t("Why the subtotal does not add up"))}" aria-live="polite" hidden></aside>
`,
  });
}
