import { test } from "node:test";
import assert from "node:assert/strict";
import * as service from "../../server/src/service/index";
import { InsertTextFormat, type CompletionItem, type CompletionList, type Position, type TextEdit } from "vscode-languageserver-protocol/node";
import { applyTextEdits } from "./harness";
import { createService } from "./service";
import { offsetOf, positionAt, positionOf, textAt } from "./text-positions";

const server = createService();
let version = 1;

const item = (id: string, unit: string, rollupTo?: string, values: Record<string, string | null> = { fy2025: "1" }): Record<string, unknown> => ({
  id,
  label: `Label ${id}`,
  unit,
  values,
  ...(rollupTo === undefined ? {} : { rollupTo }),
});

const base = {
  formatVersion: "0.2",
  entity: { name: "E" },
  scope: { label: "S" },
  units: [
    { id: "usd", label: "US dollars", measure: "USD", scale: 0 },
    { id: "eur-k", label: "Euro thousands", measure: "EUR", scale: 3, defaultTolerance: "1" },
  ],
  periods: [
    { id: "fy2025", kind: "duration", start: "2025-01-01", end: "2025-12-31" },
    { id: "fy2024", kind: "duration", start: "2024-01-01", end: "2024-12-31" },
    { id: "at-2025", kind: "instant", date: "2025-12-31" },
  ],
  statements: [
    {
      id: "income",
      label: "Income",
      periods: ["fy2025"],
      items: [item("a", "usd", "b"), item("b", "usd", "c"), item("c", "usd"), item("d", "eur-k"), item("e", "usd"), item("__proto__", "usd")],
    },
    { id: "other", label: "Other", periods: ["fy2025", "fy2024"], items: [item("x", "usd", undefined, { fy2025: "1", fy2024: "2" })] },
  ],
};
const conforming = JSON.stringify(base, null, 2);

/** Opens `text` as a new FS document (its diagnostics published) and returns its uri. */
async function openDocument(text: string): Promise<string> {
  const uri = `file:///completion/doc-${version++}.json`;
  await server.open(uri, conforming);
  if (text !== conforming) await server.change(uri, 2, [{ text }]);
  return uri;
}

async function complete(uri: string, position: Position): Promise<CompletionList> {
  const result = server.with(uri, (analysis) => service.completion(analysis, position));
  assert.ok(result !== null && !Array.isArray(result), "a completion list");
  return result;
}

/** `text` with `from` replaced, failing loudly when `from` is not there. */
function rewrite(text: string, from: string | RegExp, to: string): string {
  const result = text.replace(from, to);
  assert.notEqual(result, text, `the text contains ${String(from)}`);
  return result;
}

const labels = (list: CompletionList): string[] => list.items.map((entry) => entry.label);
const find = (list: CompletionList, label: string): CompletionItem => {
  const found = list.items.find((entry) => entry.label === label);
  assert.ok(found !== undefined, `a completion ${label} among ${labels(list).join(", ")}`);
  return found;
};
const editOf = (entry: CompletionItem): TextEdit => {
  assert.ok(entry.textEdit !== undefined && "range" in entry.textEdit, "a text edit with a range");
  return entry.textEdit;
};

test("an item's unit offers the unit ids with label, measure and scale, replacing the whole string", async () => {
  const uri = await openDocument(conforming);
  const list = await complete(uri, positionOf(conforming, '"unit": "usd"', 0, '"unit": "u'.length));
  assert.deepEqual(labels(list), ["usd", "eur-k"]);
  const eur = find(list, "eur-k");
  assert.match(String(eur.detail), /Euro thousands/);
  assert.match(String(eur.detail), /measure EUR/);
  assert.match(String(eur.detail), /scale 3/);
  const edit = editOf(eur);
  assert.equal(textAt(conforming, edit.range), '"usd"');
  const applied = applyTextEdits(conforming, [edit]);
  assert.equal((JSON.parse(applied) as typeof base).statements[0]!.items[0]!.unit, "eur-k");
});

test("while the text does not parse, an unterminated unit string still completes from the last good ids", async () => {
  const typing = rewrite(conforming, '"unit": "usd",\n          "values": {\n            "fy2025": "1"\n          },\n          "rollupTo": "b"', '"unit": "');
  const uri = await openDocument(typing);
  const cursor = offsetOf(typing, '"unit": "\n') + '"unit": "'.length;
  const list = await complete(uri, positionAt(typing, cursor));
  const usd = find(list, "usd");
  assert.ok(labels(list).includes("eur-k"));
  const edit = editOf(usd);
  assert.equal(textAt(typing, edit.range), '"', "replaces the opening quote up to the cursor");
  assert.equal(edit.newText.startsWith('"usd"'), true);
});

test("after a colon the value gets a space, and a comma when another member follows", async () => {
  const typing = rewrite(conforming, '"unit": "usd",\n          "values"', '"unit":\n          "values"');
  const uri = await openDocument(typing);
  const list = await complete(uri, positionAt(typing, offsetOf(typing, '"unit":\n') + '"unit":'.length));
  assert.equal(editOf(find(list, "usd")).newText, ' "usd",');
});

test("a statement's periods array offers only defined periods it does not list yet", async () => {
  const typing = rewrite(conforming, '"periods": [\n        "fy2025"\n      ],\n      "items"', '"periods": [\n        "fy2025", ""\n      ],\n      "items"');
  const uri = await openDocument(typing);
  const list = await complete(uri, positionAt(typing, offsetOf(typing, '"fy2025", ""') + '"fy2025", "'.length));
  assert.deepEqual(labels(list), ["fy2024", "at-2025"]);
  assert.match(String(find(list, "at-2025").detail), /instant 2025-12-31/);
});

test("inside values, the keys offered are the statement's periods not yet present, written with a null cell", async () => {
  const typing = rewrite(
    conforming,
    '"values": {\n            "fy2025": "1",\n            "fy2024": "2"\n          }',
    '"values": {\n            "fy2024": "2",\n            ""\n          }',
  );
  const uri = await openDocument(typing);
  const list = await complete(uri, positionAt(typing, offsetOf(typing, '""\n') + 1));
  assert.deepEqual(labels(list), ["fy2025"]);
  const edit = editOf(find(list, "fy2025"));
  assert.equal(edit.newText, '"fy2025": null');
  assert.deepEqual(JSON.parse(applyTextEdits(typing, [edit])).statements[1].items[0].values, { fy2024: "2", fy2025: null });
});

test("an existing values key with its colon is replaced by the period id alone", async () => {
  const typing = rewrite(conforming, '"fy2024": "2"', '"fy": "2"');
  const uri = await openDocument(typing);
  const list = await complete(uri, positionOf(typing, '"fy": "2"', 0, 3));
  assert.deepEqual(labels(list), ["fy2024"]);
  assert.equal(editOf(find(list, "fy2024")).newText, '"fy2024"');
});

test("rollupTo offers items of the same statement and unit that would not close a cycle, never the item itself", async () => {
  // c is the root of a → b → c; d is in another unit.
  const typing = rewrite(conforming, '"label": "Label c",', '"label": "Label c",\n          "rollupTo": "",');
  const uri = await openDocument(typing);
  const list = await complete(uri, positionAt(typing, offsetOf(typing, '"rollupTo": ""') + '"rollupTo": "'.length));
  assert.deepEqual(labels(list), ["e", "__proto__"]);
  assert.equal(find(list, "e").detail, "Label e");

  const forA = await complete(uri, positionOf(typing, '"rollupTo": "b"', 0, '"rollupTo": "'.length));
  assert.deepEqual(labels(forA), ["b", "c", "e", "__proto__"]);
});

test("member names: only those the object lacks, with documentation from the contract", async () => {
  const typing = rewrite(conforming, '"label": "Label e",', '"label": "Label e",\n          "",');
  const uri = await openDocument(typing);
  const list = await complete(uri, positionAt(typing, offsetOf(typing, '"label": "Label e",\n          ""') + '"label": "Label e",\n          "'.length));
  assert.deepEqual(labels(list), ["description", "rollupTo"]);
  const rollupTo = find(list, "rollupTo");
  assert.match(String(rollupTo.detail), /optional/);
  assert.match(JSON.stringify(rollupTo.documentation), /same statement/);
  assert.equal(editOf(rollupTo).newText, '"rollupTo": ""');
  assert.equal(rollupTo.insertTextFormat, undefined, "plain text unless the client supports snippets");

  const top = rewrite(conforming, '"formatVersion": "0.2",', '"formatVersion": "0.2",\n  "",');
  const topUri = await openDocument(top);
  const topList = await complete(topUri, positionAt(top, offsetOf(top, '\n  "",') + 4));
  assert.deepEqual(labels(topList), ["$schema", "documentId", "validationSnapshot"]);

  const period = rewrite(conforming, '"kind": "instant",\n      "date": "2025-12-31"', '"kind": "instant",\n      ""');
  const periodUri = await openDocument(period);
  const periodList = await complete(periodUri, positionAt(period, offsetOf(period, '"instant",\n      ""') + '"instant",\n      "'.length));
  assert.deepEqual(labels(periodList), ["date"]);

  const unit = rewrite(conforming, '"scale": 0\n', '"scale": 0,\n      ""\n');
  const unitUri = await openDocument(unit);
  const unitList = await complete(unitUri, positionAt(unit, offsetOf(unit, '"scale": 0,\n      ""') + '"scale": 0,\n      "'.length));
  assert.deepEqual(labels(unitList), ["defaultTolerance"]);
  assert.match(JSON.stringify(find(unitList, "defaultTolerance").documentation), /tolerance|differ/i);
});

test('a member name brings its value\'s structure: {} for objects, [] for arrays, "" for strings, the one literal where only one is allowed', async () => {
  const top = rewrite(conforming, /"entity": \{[^}]*\},\n  "scope": \{[^}]*\},/, '"",\n  "scope": { "label": "S" },');
  const withoutFormat = rewrite(top, '\n  "formatVersion": "0.2",', "");
  const uri = await openDocument(withoutFormat);
  const at = positionAt(withoutFormat, offsetOf(withoutFormat, '\n  "",') + 4);
  const snippets = await server.with(uri, (analysis) => service.completion(analysis, at, { snippets: true }));
  const plain = await complete(uri, at);
  const expected: [string, string, string][] = [
    ["entity", '"entity": {$1}', '"entity": {}'],
    ["formatVersion", '"formatVersion": "0.2"', '"formatVersion": "0.2"'],
    ["documentId", '"documentId": "$1"', '"documentId": ""'],
    ["validationSnapshot", '"validationSnapshot": {$1}', '"validationSnapshot": {}'],
  ];
  for (const [label, snippet, text] of expected) {
    const asSnippet = find(snippets!, label);
    assert.equal(editOf(asSnippet).newText, snippet, label);
    assert.equal(asSnippet.insertTextFormat, InsertTextFormat.Snippet, label);
    const asText = find(plain, label);
    assert.equal(editOf(asText).newText, text, label);
    assert.equal(asText.insertTextFormat, undefined, label);
    // Either way the document stays valid JSON once the value is in.
    const inserted = applyTextEdits(withoutFormat, [{ range: editOf(asText).range, newText: editOf(asText).newText }]);
    assert.doesNotThrow(() => JSON.parse(inserted), label);
  }

  const item = rewrite(conforming, '"label": "Label e",', '"label": "Label e",\n          "",');
  const itemUri = await openDocument(item);
  const itemAt = positionAt(item, offsetOf(item, '"label": "Label e",\n          ""') + '"label": "Label e",\n          "'.length);
  const itemList = await server.with(itemUri, (analysis) => service.completion(analysis, itemAt, { snippets: true }));
  assert.equal(editOf(find(itemList!, "rollupTo")).newText, '"rollupTo": "$1"');
  const units = rewrite(conforming, /"units": \[[\s\S]*?\n  \],/, '"",');
  const unitsUri = await openDocument(units);
  const unitsAt = positionAt(units, offsetOf(units, '\n  "",') + 4);
  const unitsList = await server.with(unitsUri, (analysis) => service.completion(analysis, unitsAt, { snippets: true }));
  assert.equal(editOf(find(unitsList!, "units")).newText, '"units": [$1]');
  const scale = rewrite(conforming, '"scale": 0\n', '""\n');
  const scaleUri = await openDocument(scale);
  const scaleAt = positionAt(scale, offsetOf(scale, '"measure": "USD",\n      ""') + '"measure": "USD",\n      "'.length);
  const scaleList = await server.with(scaleUri, (analysis) => service.completion(analysis, scaleAt, { snippets: true }));
  assert.equal(editOf(find(scaleList!, "scale")).newText, '"scale": ${1:0}');
});

test("enum literals: format version, period kind, snapshot statuses, unavailable", async () => {
  const uri = await openDocument(conforming);
  assert.deepEqual(labels(await complete(uri, positionOf(conforming, '"formatVersion": "0.2"', 0, '"formatVersion": "'.length))), ["0.2"]);
  assert.deepEqual(labels(await complete(uri, positionOf(conforming, '"kind": "instant"', 0, '"kind": "'.length))), ["instant", "duration"]);

  const snapshot = rewrite(
    conforming,
    /\n}$/,
    ',\n  "validationSnapshot": {\n    "conformance": "",\n    "calculations": "",\n    "applications": [{ "status": "", "reason": "" }]\n  }\n}',
  );
  const snapshotUri = await openDocument(snapshot);
  const at = (needle: string): Position => positionOf(snapshot, needle, 0, needle.length - 1);
  assert.deepEqual(labels(await complete(snapshotUri, at('"conformance": ""'))), ["conforming", "nonconforming"]);
  assert.deepEqual(labels(await complete(snapshotUri, at('"calculations": ""'))), ["not-run", "not-defined", "consistent", "inconsistent"]);
  assert.deepEqual(labels(await complete(snapshotUri, at('"status": ""'))), ["satisfied", "unsatisfied", "error"]);
  assert.deepEqual(labels(await complete(snapshotUri, at('"reason": ""'))), ["missing-value", "unavailable-value"]);

  const cell = rewrite(conforming, '"fy2025": "1",\n            "fy2024": "2"', '"fy2025": { "unavailable": },\n            "fy2024": "2"');
  const cellUri = await openDocument(cell);
  const unavailable = await complete(cellUri, positionOf(cell, '"unavailable": }', 0, '"unavailable":'.length));
  assert.deepEqual(labels(unavailable), ["true"]);
  assert.equal(editOf(find(unavailable, "true")).newText, " true");
});

test("long id lists are capped at 5,000 and marked incomplete", async () => {
  const many = { ...base, units: Array.from({ length: 5200 }, (_, index) => ({ id: `u${index}`, label: `U${index}`, measure: "M", scale: 0 })) };
  const text = JSON.stringify(many, null, 2);
  const uri = `file:///completion/many.json`;
  await server.open(uri, text);
  const list = await complete(uri, positionOf(text, '"unit": "usd"', 0, '"unit": "'.length));
  assert.equal(list.isIncomplete, true);
  assert.equal(list.items.length, 5000);
});

test("a JSON file that is not an FS document gets no completions", async () => {
  const uri = "file:///completion/package.json";
  const text = '{ "name": "x", "unit": "" }';
  assert.equal(server.openAny(uri, text), undefined, "package.json is no FS document");
  const result = server.with(uri, (analysis) => service.completion(analysis, positionOf(text, '"unit": ""', 0, '"unit": "'.length)));
  assert.equal(result, null);
});
