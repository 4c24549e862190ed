// What a version keeps must not hold on to its text: in V8 a piece cut from a large string (13
// characters or more) is a "sliced string" that keeps the whole string alive, so an index that kept
// such pieces would keep every text it was built from alive in every later version that inherits
// it. Measured on a text padded with megabytes of whitespace around a small document: the padding
// is in no value, so whatever keeps it is keeping the text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { analyze, parseJson, type FsDocument } from "../../shared/src/index";
import { ValueCellIndex } from "../../shared/src/incremental/cellIndex";
import { readJson, upstreamRoot } from "../support/paths";

const PADDING = 4_000_000;

interface Doc {
  periods: { id: string }[];
  statements: { periods: string[]; items: { values: Record<string, unknown> }[] }[];
}

/** The example with period ids long enough to be sliced strings, its text padded by PADDING spaces. */
function paddedText(): string {
  const document = readJson<Doc>(join(upstreamRoot, "examples", "manufacturing-group.json"));
  const renamed = (id: string): string => `${id}-as-restated`;
  for (const period of document.periods) period.id = renamed(period.id);
  for (const statement of document.statements) {
    statement.periods = statement.periods.map(renamed);
    for (const item of statement.items) item.values = Object.fromEntries(Object.entries(item.values).map(([key, value]) => [renamed(key), value]));
  }
  const text = JSON.stringify(document, null, 2);
  return `{${" ".repeat(PADDING)}${text.slice(1)}`;
}

function heapAfterGc(): number {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

test("the value-cell index keeps no piece of the text it was built from", () => {
  const before = heapAfterGc();
  const kept = ((): { index: ValueCellIndex; value: unknown } => {
    const text = paddedText();
    const parsed = parseJson(text);
    assert.ok(parsed.ok);
    const document = analyze(parsed.value).document as FsDocument;
    const index = ValueCellIndex.build(text, document);
    assert.ok(index && index.size > 20, "the index was built");
    // The periods it found are the document's.
    assert.ok(index.containing(text, text.indexOf('-as-restated": "') + 16, text.indexOf('-as-restated": "') + 17)?.period.endsWith("-as-restated"));
    return { index, value: parsed.value };
  })();
  const retained = heapAfterGc() - before;
  assert.ok(retained < PADDING / 4, `${retained} bytes kept for a ${PADDING}-byte text`);
  assert.ok(kept.index.size > 0);
});
