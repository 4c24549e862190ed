// The words of the language status entry for a large document's limits (client/src/status/limits.ts):
// one clause per limited feature with its figures and why, nothing at all when nothing is limited.

import assert from "node:assert/strict";
import { test } from "node:test";
import { describeLimits, EDITOR_LARGE_FILE, overEditorLimits } from "../../client/src/status/limits";

const preview = { statements: 40, overColumns: 0, overCells: 2, columnsPerStatement: 1000, cellsPerDocument: 100_000 };

test("nothing limited: no entry", () => {
  assert.equal(describeLimits(undefined, false), undefined);
  assert.equal(describeLimits({}, false), undefined);
});

test("the outline's statements and subtotals and the whole outline", () => {
  assert.deepEqual(describeLimits({ outline: { shown: 1391, total: 11_204 } }, false), {
    text: "FS: limited: outline",
    detail: "Outline: statements and subtotals only, 1,391 of 11,204 symbols.",
  });
});

test("code lenses near the view, unless VS Code shows none at all", () => {
  assert.deepEqual(describeLimits({ codeLenses: { subtotals: 1339, inFull: 500 } }, false), {
    text: "FS: limited: code lenses",
    detail: "Code lenses: near the lines in view only (1,339 subtotals, over 500).",
  });
  assert.deepEqual(describeLimits({ codeLenses: { subtotals: 5309, inFull: 500 } }, true), describeLimits(undefined, true), "said once, by VS Code's reason");
});

test("statements the preview leaves out, by the bound they break", () => {
  assert.equal(describeLimits({ preview }, false)?.detail, "Preview: 2 of 40 statements not shown (over 100,000 cells per document).");
  assert.equal(
    describeLimits({ preview: { ...preview, statements: 1, overCells: 0, overColumns: 1 } }, false)?.detail,
    "Preview: 1 of 1 statement not shown (over 1,000 columns).",
  );
  assert.equal(
    describeLimits({ preview: { ...preview, overColumns: 1, overCells: 3 } }, false)?.detail,
    "Preview: 4 of 40 statements not shown (1 over 1,000 columns, 3 over 100,000 cells per document).",
  );
});

test("VS Code's large-file mode, alone and with the server's limits", () => {
  assert.deepEqual(describeLimits(undefined, true), {
    text: "FS: limited: code lenses",
    detail: "Code lenses and highlights: turned off by VS Code for files over 20 MiB or 300,000 lines.",
  });
  const all = describeLimits({ outline: { shown: 2500, total: 57_000 }, preview, codeLenses: { subtotals: 5309, inFull: 500 } }, true)!;
  assert.equal(all.text, "FS: limited: outline · preview · code lenses");
  assert.equal(
    all.detail,
    "Outline: statements and subtotals only, 2,500 of 57,000 symbols. Preview: 2 of 40 statements not shown (over 100,000 cells per document). Code lenses and highlights: turned off by VS Code for files over 20 MiB or 300,000 lines.",
  );
  assert.ok(all.text.length <= 52, "short enough for the language status item");
});

test("VS Code's large-file limits: above 20 MiB of characters or 300,000 lines", () => {
  assert.equal(overEditorLimits({ characters: EDITOR_LARGE_FILE.characters, lines: EDITOR_LARGE_FILE.lines }), false);
  assert.equal(overEditorLimits({ characters: 20 * 1024 * 1024 + 1, lines: 10 }), true);
  assert.equal(overEditorLimits({ characters: 100, lines: 300_001 }), true);
});
