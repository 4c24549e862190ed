// The preview's page shell: the CSP, the stylesheet, the empty header/banner/content landmarks the
// page script fills, and the script, both inline and carrying the nonce. Pure (no vscode import),
// so the browser tests build exactly the page the extension shows.
//
// Inline rather than loaded: every resource a webview loads goes through VS Code's webview service
// worker and the workbench's main thread (and in code-server over the network to the server), which
// is busiest exactly when a preview opens beside a large document that has just been opened; the
// page's two loads were most of the time between its frame starting and its script running.

import * as l10n from "@vscode/l10n";
import { SHELL_IDS } from "../../../protocol/webview";
import { escapeHtml } from "../../../shared/src/render/writer";

export interface ShellOptions {
  /** A fresh, unguessable value for every page (crypto), allowing only our script and stylesheet. */
  nonce: string;
  /** The page's script (dist/webview.js) and stylesheet (media/preview.css), as text. */
  script: string;
  style: string;
  /** The display language (vscode.env.language) and its string bundle (vscode.l10n.bundle): the page cannot ask vscode.l10n itself. */
  locale?: string;
  bundle?: Record<string, string | { message: string; comment: string[] }>;
}

export { SHELL_IDS };

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'none'",
    "font-src 'none'",
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/**
 * Text for the inside of a `<script>` or `<style>` element, which ends at the first `</script` or
 * `</style` whatever the quoting: `<\/` reads the same in JavaScript strings, regular expressions
 * and comments and in CSS (an escaped `/`), so the text means what it meant.
 */
export function rawText(text: string, element: "script" | "style"): string {
  return text.replace(new RegExp(`</(${element})`, "gi"), "<\\/$1");
}

export function buildPreviewShell(options: ShellOptions): string {
  const attribute = escapeHtml;
  return `<!DOCTYPE html>
<html lang="${attribute(options.locale ?? "en")}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attribute(contentSecurityPolicy(options.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style nonce="${attribute(options.nonce)}">${rawText(options.style, "style")}</style>
<title>${attribute(l10n.t("FS Preview"))}</title>
</head>
<body class="fs-preview" data-locale="${attribute(options.locale ?? "")}" data-l10n="${attribute(options.bundle === undefined ? "" : JSON.stringify(options.bundle))}">
<header class="fs-preview-header">
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
<script nonce="${attribute(options.nonce)}">${rawText(options.script, "script")}</script>
</body>
</html>
`;
}
