// The frame every page of ours shares (the preview, the changes view): the CSP, the stylesheet and
// the script, both inline and carrying the nonce, around the landmarks each page passes as `body`.
// Pure (no vscode import), so the browser tests build exactly the page the extension shows.
//
// Inline rather than loaded: every resource a webview loads goes through VS Code's webview service
// worker and the workbench's main thread (and in code-server over the network to the server), which
// is busiest exactly when a preview opens beside a large document that has just been opened; the
// page's two loads were most of the time between its frame starting and its script running.

import { escapeHtml } from "../../../shared/src/render/writer";

export interface ShellOptions {
  /** A fresh, unguessable value for every page (crypto), allowing only our script and stylesheet. */
  nonce: string;
  /** The page's script (dist/webview.js, dist/compare.js) and stylesheet (media/preview.css), as text. */
  script: string;
  style: string;
  /** The script's file name under dist/ ("webview.js"), which names it (scriptSourceUrl). */
  scriptName?: string;
  /** The display language (vscode.env.language) and its string bundle (vscode.l10n.bundle): the page cannot ask vscode.l10n itself. */
  locale?: string;
  bundle?: Record<string, string | { message: string; comment: string[] }>;
}

/** What one page puts in the frame: its document title, its body's classes and its landmarks (HTML, escaped by the caller). */
export interface PageContent {
  title: string;
  bodyClass: string;
  body: string;
}

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

/**
 * The name an inline page script goes by (`//# sourceURL=`), in DevTools (Developer: Open Webview
 * Developer Tools), in error stacks and in CPU profiles. VS Code writes the page into its webview's
 * frame, so an inline script has no URL of its own: a profile of the workbench gave the page's
 * time to no script at all (the editor benchmark's --attribute counted it as unattributed).
 */
export function scriptSourceUrl(scriptName: string): string {
  return `fs-documents/dist/${scriptName}`;
}

export function buildPageShell(options: ShellOptions, page: PageContent): string {
  const attribute = escapeHtml;
  return `<!DOCTYPE html>
<html lang="${attribute(options.locale ?? "en")}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attribute(contentSecurityPolicy(options.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style nonce="${attribute(options.nonce)}">${rawText(options.style, "style")}</style>
<title>${attribute(page.title)}</title>
</head>
<body class="${attribute(page.bodyClass)}" data-locale="${attribute(options.locale ?? "")}" data-l10n="${attribute(options.bundle === undefined ? "" : JSON.stringify(options.bundle))}">
${page.body}<script nonce="${attribute(options.nonce)}">${rawText(options.script, "script")}${options.scriptName === undefined ? "" : `\n//# sourceURL=${scriptSourceUrl(options.scriptName)}`}</script>
</body>
</html>
`;
}
