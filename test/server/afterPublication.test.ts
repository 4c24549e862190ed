// The work an open starts besides its diagnostics (the value-edit index, the preview model built
// ahead, the outline of a file prepared ahead) waits until the publication's messages are written.
// The connection writes a message a macrotask after it is sent; that work, started by a timer in
// the same macrotask, ran first and held the diagnostics of a 5 MB open back by ~1 s over stdio.

import { mock, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { DocumentAnalysis } from "../../server/src/analysis";
import { DocumentStore } from "../../server/src/documents";
import { fixturesRoot, readText } from "../support/paths";

const text = readText(join(fixturesRoot, "examples", "northwind-group.json"));
const uri = "file:///after/statements.json";

/** A promise and its resolver: a publication whose messages are not written yet. */
function unwritten(): { written: Promise<void>; write: () => void } {
  let write = (): void => undefined;
  const written = new Promise<void>((resolve) => (write = resolve));
  return { written, write };
}

const turns = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

test("an open prepares value edits only once its diagnostics are written", async () => {
  const store = new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => [] });
  const { written, write } = unwritten();
  let prepared: { mock: { callCount(): number } } | undefined;
  store.onAnalyzed((analysis: DocumentAnalysis) => {
    assert.ok(analysis.parsed, "the fixture parses");
    prepared = mock.method(analysis.parsed, "prepareValueEdits");
    return written;
  });
  store.open(uri, "json", 1, text);
  assert.ok(prepared, "the open was published");
  await turns();
  assert.equal(prepared.mock.callCount(), 0, "nothing is prepared while the diagnostics are not written");
  write();
  await turns();
  assert.equal(prepared.mock.callCount(), 1, "value edits are prepared once they are");
});

test("a file prepared ahead builds what its opening asks for only once its diagnostics are written, and only while it is current", async () => {
  const store = new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => [] });
  const first = unwritten();
  const built: DocumentAnalysis[] = [];
  store.onPrepared(() => first.written);
  store.onPreparedPublished((analysis) => built.push(analysis));
  const ahead = store.prepare(uri, text);
  assert.ok(ahead, "an FS document is prepared");
  await turns();
  assert.deepEqual(built, [], "nothing is built while the diagnostics are not written");
  first.write();
  await turns();
  assert.deepEqual(built, [ahead], "built once they are");

  // Opened meanwhile with other text: what was prepared is not current any more, nothing is built of it.
  const later = new DocumentStore({ delay: () => 0, enabled: () => true, patternsFor: () => [] });
  const second = unwritten();
  const builtLater: DocumentAnalysis[] = [];
  later.onPrepared(() => second.written);
  later.onPreparedPublished((analysis) => builtLater.push(analysis));
  assert.ok(later.prepare(uri, text));
  later.open(uri, "json", 1, text.replace("Northwind", "Southwind"));
  second.write();
  await turns();
  assert.deepEqual(builtLater, [], "a prepared analysis the didOpen did not take is not built on");
});
