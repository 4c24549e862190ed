// The standalone page's stylesheet for the fs- classes documented in html.ts. Colours come from
// custom properties so one rule set serves light, dark (prefers-color-scheme) and print. Missing,
// unavailable and invalid cells differ in glyph as well as colour, so the page reads without colour.

export const PAGE_STYLE = `
:root {
  color-scheme: light dark;
  --fs-ink: #1b1d21; --fs-ink-2: #565a62; --fs-surface: #ffffff; --fs-band: #f3f4f6;
  --fs-rule: #d6d8dc; --fs-rule-strong: #1b1d21; --fs-accent: #7a2333;
  --fs-ok: #1e6b38; --fs-fail: #a3222a; --fs-fail-bg: #fdecec; --fs-warn: #7a5200; --fs-warn-bg: #fdf3dc;
}
@media (prefers-color-scheme: dark) {
  :root {
    --fs-ink: #e8e9eb; --fs-ink-2: #a9adb5; --fs-surface: #17181b; --fs-band: #222429;
    --fs-rule: #3a3d44; --fs-rule-strong: #e8e9eb; --fs-accent: #f0a3b1;
    --fs-ok: #8fd6a4; --fs-fail: #f6a6ab; --fs-fail-bg: #3a1d20; --fs-warn: #e8c481; --fs-warn-bg: #3a2f17;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--fs-surface); color: var(--fs-ink); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
.fs-page { max-width: 100%; padding: 1.5rem 2rem 3rem; }
.fs-header { border-bottom: 2px solid var(--fs-rule-strong); margin-bottom: 1.5rem; padding-bottom: 0.75rem; }
.fs-entity { margin: 0; font-size: 1.6rem; }
.fs-scope { margin: 0.25rem 0 0; color: var(--fs-ink-2); }
.fs-status { margin: 0.5rem 0 0; font-size: 0.9rem; }
.fs-status-ok { color: var(--fs-ok); }
.fs-status-fail { color: var(--fs-fail); }
.fs-status-neutral { color: var(--fs-ink-2); }
.fs-statement { margin: 0 0 2.5rem; overflow-x: auto; }
.fs-table { border-collapse: collapse; min-width: 60%; font-variant-numeric: tabular-nums; }
.fs-caption { caption-side: top; text-align: left; padding: 0 0 0.5rem; font-weight: 600; font-size: 1.15rem; }
.fs-caption-unit { font-weight: 400; font-size: 0.9rem; color: var(--fs-ink-2); }
.fs-table th, .fs-table td { padding: 0.35rem 0.75rem; border-bottom: 1px solid var(--fs-rule); vertical-align: top; }
.fs-table thead th { border-bottom: 2px solid var(--fs-rule-strong); white-space: nowrap; }
.fs-col-item, .fs-col-unit, .fs-item, .fs-unit { text-align: left; }
.fs-col-period, .fs-cell { text-align: right; white-space: nowrap; }
.fs-item { font-weight: 400; }
.fs-item-description { display: block; font-size: 0.82rem; color: var(--fs-ink-2); }
.fs-unit { color: var(--fs-ink-2); white-space: nowrap; }
.fs-depth-1 .fs-item { padding-left: 1.75rem; }
.fs-depth-2 .fs-item { padding-left: 2.75rem; }
.fs-depth-3 .fs-item { padding-left: 3.75rem; }
.fs-depth-4 .fs-item { padding-left: 4.75rem; }
.fs-depth-5 .fs-item { padding-left: 5.75rem; }
.fs-depth-6 .fs-item { padding-left: 6.75rem; }
.fs-subtotal th, .fs-subtotal td { font-weight: 600; border-top: 1px solid var(--fs-rule-strong); }
.fs-missing, .fs-unavailable { color: var(--fs-ink-2); }
.fs-unavailable { font-style: italic; }
.fs-invalid { color: var(--fs-warn); background: var(--fs-warn-bg); text-decoration: underline wavy; }
.fs-inconsistent, .fs-rollup-error { color: var(--fs-fail); background: var(--fs-fail-bg); }
.fs-error-cell { outline: 2px dashed var(--fs-fail); outline-offset: -3px; }
.fs-flag { margin-left: 0.3em; font-weight: 700; }
.fs-empty td { color: var(--fs-ink-2); font-style: italic; }
.fs-sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
@media print {
  :root { --fs-ink: #000000; --fs-ink-2: #333333; --fs-surface: #ffffff; --fs-rule: #999999; --fs-rule-strong: #000000;
    --fs-fail: #000000; --fs-fail-bg: transparent; --fs-warn: #000000; --fs-warn-bg: transparent; --fs-ok: #000000; }
  body { font-size: 10pt; }
  .fs-page { padding: 0; }
  .fs-statement { overflow: visible; break-inside: auto; }
  .fs-table { width: 100%; }
  .fs-table thead { display: table-header-group; }
  .fs-row { break-inside: avoid; }
  .fs-inconsistent, .fs-rollup-error { font-style: italic; text-decoration: underline; }
}
`;
