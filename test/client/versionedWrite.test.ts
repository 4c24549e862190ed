// The version rule of a grid write: edits are applied only to the version they were made for; when
// the text moved in between, they are asked for again (the same cells by their pointers); a cell
// that is gone, a refused write or a server with no FS document writes nothing.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { CellEditsResult } from "../../protocol/lsp";
import { WRITE_ATTEMPTS, writeAtVersion, type VersionedDocument } from "../../client/src/preview/versionedWrite";

const EDIT = { offset: 10, length: 2, content: "40" };

function answer(version: number, extra: Partial<CellEditsResult> = {}): CellEditsResult {
  return { uri: "file:///a.json", version, edits: [EDIT], missing: [], refused: [], ...extra };
}

/** A document whose version and server answers follow a script: `answers` in order, `onAsk` run after each question. */
function scripted(answers: (CellEditsResult | null)[], options: { version: number; onAsk?: (asked: number) => void; applies?: boolean[] }) {
  let version = options.version;
  let asked = 0;
  const applied: CellEditsResult["edits"][] = [];
  const applies = [...(options.applies ?? [])];
  const document: VersionedDocument = {
    version: () => version,
    ask: () => {
      const next = answers[asked] ?? null;
      asked += 1;
      options.onAsk?.(asked);
      return Promise.resolve(next);
    },
    apply: (edits) => {
      applied.push(edits);
      const ok = applies.shift() ?? true;
      if (ok) version += 1;
      return Promise.resolve(ok);
    },
  };
  return { document, applied, asked: () => asked, bump: () => (version += 1) };
}

test("edits for the document's version are applied once, as one edit", async () => {
  const run = scripted([answer(5)], { version: 5 });
  assert.deepEqual(await writeAtVersion(run.document), { kind: "written" });
  assert.deepEqual(run.applied, [[EDIT]]);
  assert.equal(run.asked(), 1);
});

test("the text moved after the server's answer: the edits are asked for again and applied to the new version only", async () => {
  // The user typed in the editor while the question was out: the answer is for version 5, the document is at 6.
  const run = scripted([answer(5), answer(6, { edits: [{ ...EDIT, offset: 11 }] })], { version: 6 });
  assert.deepEqual(await writeAtVersion(run.document), { kind: "written" });
  assert.deepEqual(run.applied, [[{ ...EDIT, offset: 11 }]], "nothing applied from the stale answer");
  assert.equal(run.asked(), 2);
});

test("the edit fails because a keystroke landed just before it: asked again and written; refused at the same version: nothing, and said so", async () => {
  const raced = scripted([answer(5), answer(6)], { version: 5, applies: [false, true] });
  let races = 1;
  const document: VersionedDocument = {
    ...raced.document,
    apply: (edits) => {
      if (races-- > 0) raced.bump();
      return raced.document.apply(edits);
    },
  };
  assert.deepEqual(await writeAtVersion(document), { kind: "written" });
  assert.equal(raced.asked(), 2);
  const refused = scripted([answer(5)], { version: 5, applies: [false] });
  assert.deepEqual(await writeAtVersion(refused.document), { kind: "editor-refused" });
  assert.equal(refused.asked(), 1, "not asked again: the text did not move");
});

test("a text that keeps changing between every answer and its edit writes nothing after the last attempt", async () => {
  const run = scripted([answer(1), answer(2), answer(3), answer(4)], { version: 10 });
  assert.deepEqual(await writeAtVersion(run.document), { kind: "kept-changing" });
  assert.equal(run.asked(), WRITE_ATTEMPTS);
  assert.deepEqual(run.applied, []);
});

test("a cell that is gone, a refused write, a server without the document: nothing is written, with the cells concerned", async () => {
  const gone = scripted([answer(5, { edits: [], missing: ["/statements/0/items/9/values/fy"] })], { version: 5 });
  assert.deepEqual(await writeAtVersion(gone.document), { kind: "missing", pointers: ["/statements/0/items/9/values/fy"] });
  assert.deepEqual(gone.applied, []);
  const refused = scripted([answer(5, { edits: [], refused: ["/statements/0/items/1/label"], problem: "no" })], { version: 5 });
  assert.deepEqual(await writeAtVersion(refused.document), { kind: "refused", pointers: ["/statements/0/items/1/label"], problem: "no" });
  const broken = scripted([answer(5, { edits: [], problem: "The document is not valid JSON." })], { version: 5 });
  assert.deepEqual(await writeAtVersion(broken.document), { kind: "refused", pointers: [], problem: "The document is not valid JSON." });
  const none = scripted([null], { version: 5 });
  assert.deepEqual(await writeAtVersion(none.document), { kind: "not-fs" });
  assert.deepEqual([...gone.applied, ...refused.applied, ...broken.applied, ...none.applied], []);
});

test("a write that changes nothing (no edits for the current version) is written without an edit", async () => {
  const run = scripted([answer(5, { edits: [] })], { version: 5 });
  assert.deepEqual(await writeAtVersion(run.document), { kind: "written" });
  assert.deepEqual(run.applied, []);
});
