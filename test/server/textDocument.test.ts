// The store's open document (server/src/textDocument.ts) answers exactly as the library's
// TextDocument: the same text, positions, offsets and line count after the same changes, on random
// texts with every kind of line break and random ranged and whole-text changes.

import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { TextDocument, type Position, type TextDocumentContentChangeEvent } from "vscode-languageserver-textdocument";
import { OpenDocument } from "../../server/src/textDocument";

const textArbitrary = fc.array(fc.constantFrom("a", "{", '"x"', " ", "\n", "\r\n", "\r", "\n\n", "\r\r\n", "é", "😀", "\t"), { maxLength: 40 }).map((parts) => parts.join(""));

const positionArbitrary = fc.record({ line: fc.integer({ min: -1, max: 12 }), character: fc.integer({ min: -1, max: 15 }) });

const changeArbitrary: fc.Arbitrary<TextDocumentContentChangeEvent> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ range: fc.record({ start: positionArbitrary, end: positionArbitrary }), text: textArbitrary }) },
  { weight: 1, arbitrary: fc.record({ range: fc.record({ start: positionArbitrary, end: positionArbitrary }), rangeLength: fc.nat(5), text: textArbitrary }) },
  { weight: 1, arbitrary: fc.record({ text: textArbitrary }) },
);

function agree(ours: OpenDocument, theirs: TextDocument, probes: readonly Position[]): void {
  const text = theirs.getText();
  assert.equal(ours.getText(), text);
  assert.equal(ours.version, theirs.version);
  assert.equal(ours.lineCount, theirs.lineCount);
  for (let offset = -1; offset <= text.length + 1; offset++) assert.deepEqual(ours.positionAt(offset), theirs.positionAt(offset), `positionAt ${offset}`);
  for (const position of probes) {
    assert.equal(ours.offsetAt(position), theirs.offsetAt(position), `offsetAt ${JSON.stringify(position)}`);
    const range = { start: position, end: { line: position.line + 1, character: 0 } };
    assert.equal(ours.getText(range), theirs.getText(range));
  }
}

test("the open document answers as the library's TextDocument after any changes", () => {
  fc.assert(
    fc.property(
      textArbitrary,
      fc.array(fc.array(changeArbitrary, { minLength: 1, maxLength: 3 }), { maxLength: 5 }),
      fc.array(positionArbitrary, { maxLength: 20 }),
      (text, steps, probes) => {
        const ours = OpenDocument.create("file:///a.json", "json", 1, text);
        const theirs = TextDocument.create("file:///a.json", "json", 1, text);
        // Half the time the line index exists before the first change (an update then adjusts it).
        if (text.length % 2 === 0) agree(ours, theirs, probes);
        let version = 1;
        for (const changes of steps) {
          version++;
          TextDocument.update(theirs, changes, version);
          ours.update(changes, version);
          agree(ours, theirs, probes);
        }
      },
    ),
    { numRuns: 500 },
  );
});

test("a change it cannot read is refused as the library refuses it", () => {
  const ours = OpenDocument.create("file:///a.json", "json", 1, "{}");
  assert.throws(() => ours.update([{ range: undefined, rangeLength: 2 } as unknown as TextDocumentContentChangeEvent], 2), /Unknown change event/);
});

/** The bytes the document's line index holds (its private `lineOffsets`): 4 a line since the index is a Uint32Array. */
function indexBytes(document: OpenDocument): number {
  const index = (document as unknown as { lineOffsets?: { byteLength?: number; length: number } }).lineOffsets;
  assert.ok(index !== undefined, "the index is built");
  // An array of numbers has no byteLength: V8 gives each element 8 bytes, and more as push grows it.
  return index.byteLength ?? index.length * 8;
}

test("a large text's line index takes 4 bytes a line, also after edits that add and remove lines", () => {
  const text = `[\n${Array.from({ length: 50_000 }, (_, index) => `  "line ${index}"`).join(",\n")}\n]\n`;
  const ours = OpenDocument.create("file:///a.json", "json", 1, text);
  const theirs = TextDocument.create("file:///a.json", "json", 1, text);
  const check = () => {
    assert.equal(indexBytes(ours), 4 * ours.lineCount);
    assert.equal(ours.lineCount, theirs.lineCount);
    for (const offset of [0, 17, ours.getText().length >> 1, ours.getText().length - 3]) assert.deepEqual(ours.positionAt(offset), theirs.positionAt(offset));
  };
  ours.positionAt(0);
  check();
  const edits: TextDocumentContentChangeEvent[][] = [
    [{ range: { start: { line: 10, character: 3 }, end: { line: 10, character: 3 } }, text: "a\nb\nc" }],
    [{ range: { start: { line: 100, character: 0 }, end: { line: 30_000, character: 0 } }, text: "" }],
    [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: "x\n".repeat(20_000) }],
    [{ range: { start: { line: 7, character: 2 }, end: { line: 7, character: 4 } }, text: "yz" }],
  ];
  for (const [index, changes] of edits.entries()) {
    ours.update(changes, index + 2);
    TextDocument.update(theirs, changes, index + 2);
    check();
  }
});
