// Our pages' shell (client/src/page/shell.ts, used by the preview's and the changes view's) inlines
// the script and stylesheet: the page loads nothing, both elements carry the page's nonce and the
// CSP allows exactly them, and a `</script>` or `</style>` inside their text cannot end the element
// early.

import assert from "node:assert/strict";
import { test } from "node:test";
import { buildCompareShell } from "../../client/src/compare/shell";
import { contentSecurityPolicy, rawText, scriptSourceUrl } from "../../client/src/page/shell";
import { buildPreviewShell } from "../../client/src/preview/shell";

test("a closing tag inside inline text is escaped, whatever its case; nothing else changes", () => {
  assert.equal(rawText('const a = "</script>"; // </SCRIPT', "script"), 'const a = "<\\/script>"; // <\\/SCRIPT');
  assert.equal(rawText("a::after { content: '</style>'; }", "style"), "a::after { content: '<\\/style>'; }");
  assert.equal(rawText("if (a </b) x = '</style>';", "script"), "if (a </b) x = '</style>';");
});

for (const [page, build, landmark] of [
  ["preview", buildPreviewShell, 'class="fs-find"'],
  ["changes view", buildCompareShell, 'class="fc-summary"'],
] as const) {
  test(`the ${page}'s shell loads nothing: its script and style are inline, with the nonce the CSP names`, () => {
    const nonce = "bm9uY2Utb2YtdGhlLXRlc3Q=";
    const html = build({ nonce, script: 'window.x = "</script><b>";', style: "body { color: red }", locale: "en", bundle: { a: 'b"<' } });
    assert.doesNotMatch(html, /\s(src|href)=/);
    assert.equal(html.match(/<script\b/g)?.length, 1);
    assert.equal(html.match(/<\/script>/g)?.length, 1);
    assert.ok(html.includes(`<script nonce="${nonce}">window.x = "<\\/script><b>";</script>`));
    assert.ok(html.includes(`<style nonce="${nonce}">body { color: red }</style>`));
    // The page's own landmarks are inside the body, before its script; the bundle is an escaped attribute.
    const body = html.slice(html.indexOf("<body"), html.indexOf("<script"));
    assert.ok(body.includes(landmark));
    assert.ok(body.includes('data-l10n="{&quot;a&quot;:&quot;b\\&quot;&lt;&quot;}"'));
    const policy = contentSecurityPolicy(nonce);
    assert.match(policy, new RegExp(`script-src 'nonce-${nonce}'`));
    assert.match(policy, new RegExp(`style-src 'nonce-${nonce}'`));
    assert.match(policy, /default-src 'none'/);
    assert.doesNotMatch(policy, /unsafe-inline/);
  });
}

test("a page's script is named after its file (//# sourceURL), on a line of its own after the script's last", () => {
  const html = buildPreviewShell({ nonce: "bm9uY2U=", script: "run(); // the last line", style: "", scriptName: "webview.js" });
  assert.ok(html.includes(`>run(); // the last line\n//# sourceURL=${scriptSourceUrl("webview.js")}</script>`));
  assert.equal(scriptSourceUrl("compare.js"), "fs-documents/dist/compare.js");
});
