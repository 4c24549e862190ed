// The preview model's wire form: decode(encode(m)) deep-equals m for every upstream example and
// fixture, the project's fixtures, generated documents and hand-made corner cases (ids that need
// pointer escaping, `__proto__`, pointers that are not the derived ones); the common cells travel
// without pointers or keys; anything that is not a wire form decodes to undefined. The server's
// own form (previewWireOf, built statement by statement) is exactly the encoded model, and its
// statement decoder gives back the model's rows and cells.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { asciiJson } from "../../shared/src/json/ascii";
import { analyze } from "../../shared/src/result";
import { buildPresentation } from "../../shared/src/render/index";
import { buildPreviewModel, type PreviewModel } from "../../shared/src/render/previewModel";
import {
  decodePreviewWire,
  decodeWireStatement,
  encodePreviewWire,
  previewWireOf,
  previewWireParts,
  previewWireText,
  PreviewWireBuilder,
  wireStatementDecoder,
  type PreviewWire,
  type WireCell,
} from "../../shared/src/render/previewWire";
import { fixturesRoot, readJson, readText, repoRoot, upstreamRoot } from "../support/paths";

const modelOf = (document: unknown): PreviewModel => buildPreviewModel(buildPresentation(document, analyze(document).result));

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith(".json") ? [path] : [];
  });
}

/** Through the whole path: JSON text on the server, UTF-8 bytes to the page, parsed and decoded there. */
function roundTrip(model: PreviewModel): PreviewModel | undefined {
  return decodePreviewWire(JSON.parse(new TextDecoder().decode(new TextEncoder().encode(previewWireText(encodePreviewWire(model))))));
}

/** The statement decoder reads back every row and cell of the model, in the model's member order. */
function assertDecodesLikeModel(wire: PreviewWire, model: PreviewModel, message: string): void {
  wire.statements.forEach((statement, index) => {
    const expected = model.statements[index];
    assert.ok(expected, message);
    assert.equal(JSON.stringify(decodeWireStatement(statement)), JSON.stringify(expected), message);
    const decoder = wireStatementDecoder(statement);
    expected.rows.forEach((row, rowIndex) => {
      assert.equal(decoder.pointer(rowIndex), row.pointer, message);
      assert.equal(JSON.stringify(decoder.row(rowIndex)), JSON.stringify(row), message);
      row.cells.forEach((cell, column) => assert.equal(JSON.stringify(decoder.cell(rowIndex, column)), JSON.stringify(cell), message));
    });
  });
}

test("every upstream and project document's preview model survives the wire form exactly", () => {
  const files = [...jsonFiles(join(upstreamRoot, "examples")), ...jsonFiles(join(upstreamRoot, "fixtures")), ...jsonFiles(fixturesRoot)];
  assert.ok(files.length > 50, `only ${files.length} documents found`);
  let cells = 0;
  for (const file of files) {
    let document: unknown;
    try {
      document = JSON.parse(readText(file)) as unknown;
    } catch {
      continue; // a fixture of broken JSON has no model
    }
    const presentation = buildPresentation(document, analyze(document).result);
    const model = buildPreviewModel(presentation);
    for (const statement of model.statements) for (const row of statement.rows) cells += row.cells.length;
    assert.deepStrictEqual(roundTrip(model), model, file);
    // What the server keeps and sends: the same form, built without the whole model.
    const wire = previewWireOf(presentation);
    assert.equal(previewWireText(wire), previewWireText(encodePreviewWire(model)), file);
    assertDecodesLikeModel(wire, model, file);
  }
  assert.ok(cells > 500, `only ${cells} cells compared`);
});

test("a generated document's model survives the wire form exactly, at well under half its JSON size, with no cell pointers", async () => {
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number }): string;
  };
  for (const seed of [1, 7]) {
    const model = modelOf(JSON.parse(generator.generateDocument({ targetBytes: 400_000, seed })));
    const text = previewWireText(encodePreviewWire(model));
    assert.deepStrictEqual(roundTrip(model), model, `seed ${seed}`);
    assert.ok(text.length * 5 < JSON.stringify(model).length * 2, `${text.length} bytes of wire form against ${JSON.stringify(model).length} of JSON`);
    // No cell pointer travels: every one is derived from its row and column.
    assert.equal(text.includes("/values/"), false);
    // A plain value cell is its decimal string and nothing else.
    const wire = encodePreviewWire(model);
    const plain = wire.statements.flatMap((statement) => statement.rows.flatMap((row) => row[5].filter((cell): cell is string => typeof cell === "string")));
    assert.ok(plain.length > wire.statements.length * 100, `${plain.length} plain cells`);
  }
});

test("built a few rows per step, the server's form is previewWireOf's, whether stepped part way, all the way or not at all", async () => {
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number; shape?: string }): string;
  };
  const documents = [
    ...jsonFiles(join(upstreamRoot, "examples")).map((path) => readJson(path)),
    JSON.parse(generator.generateDocument({ targetBytes: 200_000, seed: 5 })) as unknown,
    // Statements of hundreds of rows: several steps each.
    JSON.parse(generator.generateDocument({ targetBytes: 1_200_000, seed: 2, shape: "long+failing" })) as unknown,
    // Not an FS document at all, and statements that are not objects: skipped as the presentation skips them.
    { statements: [1, null, { id: "s", items: [] }, "x"] },
    "not a document",
  ];
  for (const document of documents) {
    const result = analyze(document).result;
    const expected = previewWireOf(buildPresentation(document, result));
    const statements = Array.isArray((document as { statements?: unknown }).statements) ? (document as { statements: unknown[] }).statements : [];
    const objects = statements.filter((statement) => typeof statement === "object" && statement !== null && !Array.isArray(statement)).length;
    // A step per 2,048 cells of each statement object at least (a step makes no more: about 10 ms on
    // this machine; over node-ipc a message waits for a whole step), then false (and false again).
    const stepped = new PreviewWireBuilder(document, result);
    let steps = 0;
    while (stepped.step()) steps++;
    const least = expected.statements.reduce((sum, statement) => sum + Math.max(1, Math.ceil(statement.rows.reduce((count, row) => count + (row[5]?.length ?? 0), 0) / 2048)), 0);
    assert.equal(expected.statements.length, objects);
    assert.ok(steps >= least, `${steps} steps for ${objects} statements, at least ${least}`);
    assert.equal(stepped.step(), false);
    assert.deepStrictEqual(stepped.finish(), expected);
    for (const part of [1 / 3, 1 / 2, 0.9]) {
      const partway = new PreviewWireBuilder(document, result);
      for (let step = 0; step < Math.floor(steps * part); step++) partway.step();
      assert.deepStrictEqual(partway.finish(), expected);
    }
    assert.deepStrictEqual(new PreviewWireBuilder(document, result).finish(), expected);
  }
});

test("built ahead, a plain value cell is its decimal made without a key or a title: no JSON text per cell, the same form", async () => {
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number; shape?: string }): string;
  };
  const document = JSON.parse(generator.generateDocument({ targetBytes: 300_000, seed: 6, shape: "failing" })) as unknown;
  const result = analyze(document).result;
  const expected = previewWireOf(buildPresentation(document, result));
  const cells = expected.statements.reduce((sum, statement) => sum + statement.rows.reduce((count, row) => count + row[5].length, 0), 0);
  // A key per cell for its checks was three JSON texts (model/keys.ts); a title was flattened
  // through JSON. Counted while the server's builder runs, and only then.
  const stringify = JSON.stringify;
  let texts = 0;
  JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
    texts++;
    return stringify(...args);
  }) as typeof JSON.stringify;
  let built: PreviewWire;
  try {
    built = new PreviewWireBuilder(document, result).finish();
  } finally {
    JSON.stringify = stringify;
  }
  assert.deepStrictEqual(built, expected);
  assert.ok(cells > 2000, `${cells} cells`);
  assert.ok(texts < cells / 100, `${texts} JSON texts for ${cells} cells`);
});

test("a value cell that a result (of another version) names as stopping a check is no plain cell when built ahead", () => {
  const document = readJson<{ statements: { items: { values: Record<string, unknown> }[] }[] }>(join(fixturesRoot, "valid", "first-missing-child.json"));
  const stale = analyze(document).result;
  // Services' fy2024 is null and stops the check of the total in fy2024; typed since, the result still says so.
  assert.ok(stale.calculations.applications.some((application) => application.status === "error" && application.cell.item === "services" && application.cell.period === "fy2024"));
  const typed = structuredClone(document);
  typed.statements[0]!.items[0]!.values.fy2024 = "0";
  const built = new PreviewWireBuilder(typed, stale).finish();
  assert.deepStrictEqual(built, previewWireOf(buildPresentation(typed, stale)));
  const cell = built.statements[0]?.rows[0]?.[5][1];
  assert.ok(Array.isArray(cell) && cell[1] === "0" && (cell[5] & 2) === 2, JSON.stringify(cell));
});

test("the form the server keeps per version takes less heap than the document's text, and rows share their unit's wire form", async () => {
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number }): string;
  };
  const text = generator.generateDocument({ targetBytes: 1_000_000, seed: 1 });
  const value = JSON.parse(text) as unknown;
  const presentation = buildPresentation(value, analyze(value).result);
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  // One build's figure varies by a third (0.73–1.01 MB in three builds of one run; 1.15 MB failed
  // a clean-clone run): what the collector leaves beside it moves, and the first build also leaves
  // the code's own bytecode and feedback. The form itself is the least of five later builds.
  let wire = previewWireOf(presentation);
  let kept = Infinity;
  for (let trial = 0; trial < 5; trial++) {
    wire = undefined as unknown as typeof wire;
    gc();
    const before = process.memoryUsage().heapUsed;
    wire = previewWireOf(presentation);
    gc();
    kept = Math.min(kept, process.memoryUsage().heapUsed - before);
  }
  // An object per cell with its pointer took about twice the text (10.5 MB at 5 MB); the wire form,
  // whose plain cells are the parsed value's own strings, about 0.8 times.
  assert.ok(kept < text.length, `${kept} bytes of heap for a ${text.length}-byte document`);
  const mixed = wire.statements.find((statement) => statement.unitPerRow && statement.rows.length > 10);
  assert.ok(mixed, "a statement with a unit per row");
  const units = new Set(mixed.rows.map((row) => row[8]));
  assert.ok(units.size < 5, `${units.size} unit arrays for ${mixed.rows.length} rows`);
});

test("ids that need pointer escaping, __proto__ and pointers that are not derived ones round-trip exactly", () => {
  const document = readJson<{ periods: { id: string }[]; statements: { id: string; periods: string[]; items: { id: string; values: Record<string, unknown> }[] }[] }>(
    join(upstreamRoot, "examples", "manufacturing-group.json"),
  );
  // Rename a period to ids whose pointer segments need ~0 and ~1, and one that is __proto__.
  const renames: Record<string, string> = {};
  const ids = ["a/b~c", "__proto__"];
  document.periods.slice(0, ids.length).forEach((period, index) => {
    renames[period.id] = ids[index] as string;
    period.id = ids[index] as string;
  });
  for (const statement of document.statements) {
    statement.periods = statement.periods.map((id) => renames[id] ?? id);
    for (const item of statement.items) {
      const values: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(item.values)) Object.defineProperty(values, renames[key] ?? key, { value, enumerable: true, writable: true, configurable: true });
      item.values = values;
    }
  }
  document.statements[0]!.items[0]!.id = "__proto__";
  const model = modelOf(document);
  const cellPointers = model.statements.flatMap((statement) => statement.rows.flatMap((row) => row.cells.map((cell) => cell.pointer)));
  assert.ok(cellPointers.some((pointer) => pointer.endsWith("/values/a~1b~0c")));
  assert.ok(cellPointers.some((pointer) => pointer.endsWith("/values/__proto__")));
  assert.deepStrictEqual(roundTrip(model), model);

  // Pointers the wire form cannot derive are carried literally.
  const odd = structuredClone(model);
  const statement = odd.statements[0]!;
  statement.rows[0]!.pointer = "/elsewhere/0";
  statement.rows[1]!.pointer = `${statement.pointer}/items/007`;
  statement.rows[1]!.cells[0]!.pointer = "/not/derived";
  statement.rows[2]!.parent = "/no/such/row";
  statement.rows[2]!.cells.push({ pointer: "/beyond/the/columns", kind: "value", value: "1", title: "", flag: "" });
  assert.deepStrictEqual(roundTrip(odd), odd);
  assertDecodesLikeModel(encodePreviewWire(odd), odd, "odd pointers");
});

test("what is not a wire form decodes to undefined, never to a partial model", () => {
  const model = modelOf(readJson(join(upstreamRoot, "examples", "manufacturing-group.json")));
  const wire = encodePreviewWire(model);
  const broken = (change: (copy: ReturnType<typeof encodePreviewWire>) => void): unknown => {
    const copy = structuredClone(wire);
    change(copy);
    return copy;
  };
  assert.equal(decodePreviewWire(model), undefined, "the plain model is not the wire form");
  assert.equal(decodePreviewWire({ ...wire, v: 2 }), undefined);
  assert.equal(decodePreviewWire(null), undefined);
  assert.equal(
    decodePreviewWire(
      broken((copy) => {
        copy.statements[0]!.rows[0]![5][0] = 12 as unknown as WireCell;
      }),
    ),
    undefined,
  );
  assert.equal(
    decodePreviewWire(
      broken((copy) => {
        copy.statements[0]!.rows[0]![4] = 10_000;
      }),
    ),
    undefined,
    "a parent index outside the statement",
  );
  assert.equal(
    decodePreviewWire(
      broken((copy) => {
        copy.statements[0]!.rows[0]![5][0] = [9, "1", "", "", 0, 0];
      }),
    ),
    undefined,
    "an unknown cell kind",
  );
  assert.equal(
    decodePreviewWire(
      broken((copy) => {
        copy.statements[0]!.columns[0]!.kind = "weekly" as "instant";
      }),
    ),
    undefined,
  );
  assert.deepStrictEqual(decodePreviewWire(wire), model);
});

test("the wire text is JSON.stringify's in ASCII, and its parts, cut between rows, join into it", async () => {
  // Every character above U+007F is escaped, and JSON reads each back: pairs, lone halves, line separators.
  for (const value of ["", "plain", "x ≠ y – z", "Größe € 1 234", "😀 and \ud83d alone", "\u2028\u2029", { "≠": ["—", 1, null] }]) {
    const text = asciiJson(value);
    assert.match(text, /^[\x00-\x7f]*$/, text);
    assert.deepStrictEqual(JSON.parse(text), value);
  }
  const generator = (await import(pathToFileURL(join(repoRoot, "scripts/bench/generate.mjs")).href)) as {
    generateDocument(options: { targetBytes: number; seed: number; shape?: string }): string;
  };
  const document = JSON.parse(generator.generateDocument({ targetBytes: 400_000, seed: 3, shape: "failing" }));
  const wire = previewWireOf(buildPresentation(document, analyze(document).result));
  const whole = previewWireText(wire);
  assert.match(whole, /^[\x00-\x7f]*$/);
  assert.ok(JSON.stringify(wire) !== whole, "the model has non-ASCII text (titles, flags), escaped");
  assert.deepStrictEqual(JSON.parse(whole), JSON.parse(JSON.stringify(wire)));
  assert.equal(Buffer.byteLength(whole), whole.length, "one byte a character as UTF-8");
  // Parts of at least `partChars` (the last one closes the text), cut between rows, even inside a statement.
  const partChars = 20_000;
  const parts = Array.from(previewWireParts(wire, partChars));
  const longest = Math.max(...wire.statements.map((statement) => asciiJson(statement).length));
  assert.ok(longest > partChars * 2, `a statement of ${longest} characters`);
  assert.ok(parts.length > 3, `${parts.length} parts of ${whole.length} characters`);
  assert.equal(parts.join(""), whole);
  for (const part of parts.slice(0, -1)) assert.ok(part.length >= partChars && part.length < partChars * 4, `${part.length}`);
  assert.ok(parts.at(-1)?.endsWith("]}"));
  // A model under the bound is one part; so is one without statements, or without rows.
  assert.deepStrictEqual(Array.from(previewWireParts(wire, whole.length + 1)), [whole]);
  const empty: PreviewWire = { v: wire.v, title: "", statements: [] };
  assert.deepStrictEqual(Array.from(previewWireParts(empty)), [JSON.stringify(empty)]);
  const rowless: PreviewWire = { ...wire, statements: wire.statements.map((statement) => ({ ...statement, rows: [], id: undefined })) };
  assert.deepStrictEqual(JSON.parse(Array.from(previewWireParts(rowless, 1)).join("")), JSON.parse(JSON.stringify(rowless)));
  assert.equal(Array.from(previewWireParts(rowless, 1)).join(""), previewWireText(rowless));
});
