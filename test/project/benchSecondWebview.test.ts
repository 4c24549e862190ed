// The reloaded windows' second webviews (test/e2e/bench/secondWebview.ts): whose preview is each
// window's second, and the ratio taken per pair of neighbouring windows.

import assert from "node:assert/strict";
import { test } from "node:test";
import { pairedRatioFigure, pairedRatios, secondWebviewTurn } from "../e2e/bench/secondWebview";

test("ours and Markdown's take the second webview in turn, each pair's order alternating", () => {
  assert.deepEqual(
    Array.from({ length: 8 }, (_, window) => secondWebviewTurn(window)),
    ["ours", "markdown", "markdown", "ours", "ours", "markdown", "markdown", "ours"],
  );
  // Over 2 × runs windows, as many of each.
  const turns = Array.from({ length: 10 }, (_, window) => secondWebviewTurn(window));
  assert.equal(turns.filter((turn) => turn === "ours").length, 5);
});

test("the ratio is taken per pair, over the pairs both sides have", () => {
  assert.deepEqual(pairedRatios([6000, 3000, 4500], [5000, 6000]), [1.2, 0.5]);
  assert.deepEqual(pairedRatios([], [5000]), []);
});

test("the row gives the pairs' median ratio with its range, and each side's median", () => {
  // Markdown's seconds vary (2,000 to 8,000 ms): the ratio of the medians would read 1.00×, the pairs read 1.10×.
  const figure = pairedRatioFigure([6600, 2200, 4400, 8000, 3000], [6000, 2000, 4000, 8000, 3000]);
  assert.ok(figure !== undefined);
  assert.equal(figure.ratio, 1.1);
  assert.equal(figure.text, "1.10× [1.00–1.10] over 5 pairs (4,400 / 4,000)");
  assert.equal(pairedRatioFigure([6000], []), undefined);
  assert.equal(pairedRatioFigure([6000], [5000])?.text, "1.20× over 1 pairs (6,000 / 5,000)");
});
