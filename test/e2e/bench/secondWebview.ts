// The window's second webview, more than once per run. In the bench's window, the second webview
// waits 3–5 s between VS Code's webview host frame and its page's frame (its service worker),
// FS Documents' preview or Markdown's alike; in s16's reloaded windows that wait came only with the
// browser's second webview, not with every window's (docs/performance.md). A window gives one
// second webview; the state `second-webviews` reloads the window twice per run: in each reloaded
// window Markdown's preview of a small file is the first webview, then the large document opens
// and either our preview or Markdown's is the second, in turn, each pair's order alternating. The
// ratio is taken per pair of neighbouring windows, so that the machine's load, which drifts over
// minutes, weighs on both.

import { median, ms } from "./report";

/** Which preview is a reloaded window's second webview: in window 2p and 2p + 1, ours first in even pairs, Markdown's first in odd ones. */
export function secondWebviewTurn(window: number): "ours" | "markdown" {
  const pair = Math.floor(window / 2);
  return (window + pair) % 2 === 0 ? "ours" : "markdown";
}

/** Ours ÷ Markdown's per pair of windows (the k-th of each), over the pairs both have. */
export function pairedRatios(ours: readonly number[], markdown: readonly number[]): number[] {
  return ours.slice(0, Math.min(ours.length, markdown.length)).map((time, pair) => time / (markdown[pair] as number));
}

/** The pairs' median ratio and its range, and each side's median: "1.02× [0.91–1.20] per pair (6,066 / 5,950)". */
export function pairedRatioFigure(ours: readonly number[], markdown: readonly number[]): { ratio: number; text: string } | undefined {
  const ratios = pairedRatios(ours, markdown);
  if (ratios.length === 0) return undefined;
  const ratio = median(ratios);
  const range = ratios.length > 1 ? ` [${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}]` : "";
  return {
    ratio,
    text: `${ratio.toFixed(2)}×${range} over ${ratios.length} pairs (${ms(median(ours.slice(0, ratios.length)))} / ${ms(median(markdown.slice(0, ratios.length)))})`,
  };
}
