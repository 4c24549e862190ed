// Where a new preview opens (client/src/preview/previewColumn.ts): a concrete column whenever the
// editor it goes beside is known, because VS Code resolves ViewColumn.Beside later, against
// whichever group is active by then.

import assert from "node:assert/strict";
import { test } from "node:test";
import { previewColumn } from "../../client/src/preview/previewColumn";

test("to the side of the active text editor: the column after its own, not Beside", () => {
  assert.equal(previewColumn(true, { active: 1, textEditorActive: true, source: 1 }), 2);
  // The walkthrough's button made the example (column 2) active; the walkthrough (column 1) may
  // take the focus back before the panel is made. Column 3 stays beside the example either way.
  assert.equal(previewColumn(true, { active: 2, textEditorActive: true, source: 2 }), 3);
});

test("while another kind of editor is active (the walkthrough): beside the document's own editor", () => {
  assert.equal(previewColumn(true, { active: undefined, textEditorActive: false, source: 2 }), 3);
  // The document is shown nowhere: VS Code's Beside is all there is to go by.
  assert.equal(previewColumn(true, { active: undefined, textEditorActive: false, source: undefined }), "beside");
});

test("not to the side: the active editor's column, else the active group", () => {
  assert.equal(previewColumn(false, { active: 2, textEditorActive: true, source: 2 }), 2);
  assert.equal(previewColumn(false, { active: undefined, textEditorActive: false, source: 2 }), "active");
});
