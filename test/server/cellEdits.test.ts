// The preview grid's writes (fs/cellEdits): one minimal edit per value, found by its pointer in the
// parse tree; the rest of the text byte for byte; labels escaped; all or nothing; and the version
// rule: made against the current text, a write goes to the same cell by its pointer, and a cell that
// is gone writes nothing.

import assert from "node:assert/strict";
import { test } from "node:test";
import { cellWriteEdits, contentJson, type CellWrite } from "../../shared/src/fix/cellEdits";
import { SourceLocator } from "../../shared/src/json/locate";
import * as service from "../../server/src/service/index";
import type { GridWrite } from "../../protocol/lsp";
import { createService } from "./service";

// Odd but valid formatting (tabs, CRLF, spacing, member order) that an edit must not touch.
const TEXT = [
  "{",
  '\t"formatVersion": "0.2", "entity": {"name": "Acme"},',
  '\t"scope": { "label": "Group" },',
  '\t"units": [ { "id": "gbp", "label": "GBP", "measure": "GBP", "scale": 3 } ],',
  '\t"periods": [ { "id": "fy2025", "kind": "instant", "date": "2025-12-31" }, { "id": "fy2024", "kind": "instant", "date": "2024-12-31" } ],',
  '\t"statements": [ { "id": "bs", "label": "Balance", "periods": ["fy2025", "fy2024"], "items": [',
  '\t\t{ "values": {"fy2024":"30",   "fy2025" :  "10"}, "id": "a", "label": "Cash", "unit": "gbp", "rollupTo": "t" },',
  '\t\t{ "id": "b", "unit": "gbp", "values": { "fy2025": null, "fy2024": { "unavailable": true } }, "rollupTo": "t" },',
  '\t\t{ "id": "t", "label": "Total", "unit": "gbp", "values": { "fy2025": "15", "fy2024": "30" } }',
  "\t] } ]",
  "}",
].join("\r\n");

function apply(text: string, edits: readonly { offset: number; length: number; content: string }[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.offset - a.offset)) out = out.slice(0, edit.offset) + edit.content + out.slice(edit.offset + edit.length);
  return out;
}

function write(text: string, writes: CellWrite[]): string {
  const outcome = cellWriteEdits(text, new SourceLocator(text, JSON.parse(text)), writes);
  assert.deepEqual([outcome.missing, outcome.refused], [[], []]);
  return apply(text, outcome.edits);
}

const cell = (item: number, period: string): string => `/statements/0/items/${item}/values/${period}`;

test("a value write replaces exactly that value's digits; everything else keeps its bytes", () => {
  const outcome = cellWriteEdits(TEXT, new SourceLocator(TEXT), [{ pointer: cell(0, "fy2025"), content: { kind: "value", decimal: "-1234.5" } }]);
  assert.equal(outcome.edits.length, 1);
  const [edit] = outcome.edits;
  // Inside the quotes: the server takes it as a value edit (the next test).
  assert.equal(TEXT.slice(edit!.offset - 1, edit!.offset + edit!.length + 1), '"10"');
  const after = apply(TEXT, outcome.edits);
  assert.equal(after, TEXT.replace('"fy2025" :  "10"', '"fy2025" :  "-1234.5"'));
});

test("null, unavailable and back: each the same minimal edit", () => {
  let text = write(TEXT, [{ pointer: cell(0, "fy2024"), content: { kind: "missing" } }]);
  assert.equal(text, TEXT.replace('"fy2024":"30"', '"fy2024":null'));
  text = write(text, [{ pointer: cell(0, "fy2024"), content: { kind: "unavailable" } }]);
  assert.equal(text, TEXT.replace('"fy2024":"30"', '"fy2024":{ "unavailable": true }'));
  text = write(text, [{ pointer: cell(1, "fy2024"), content: { kind: "value", decimal: "7" } }]);
  assert.ok(text.includes('"fy2024": "7" }'));
  assert.deepEqual((JSON.parse(text) as { statements: { items: { values: unknown }[] }[] }).statements[0]!.items[1]!.values, { fy2025: null, fy2024: "7" });
});

test("labels are written as JSON strings whatever the user types; a missing label is added to its item", () => {
  const nasty = 'He said "hi" \\ back\nnext\ttab\u0000\u0007\u001f\u2028 end';
  const text = write(TEXT, [{ pointer: "/statements/0/items/0/label", content: { kind: "text", text: nasty } }]);
  const parsed = JSON.parse(text) as { statements: { items: { label?: string }[] }[] };
  assert.equal(parsed.statements[0]!.items[0]!.label, nasty);
  assert.equal(text.replace(contentJson({ kind: "text", text: nasty }), '"Cash"'), TEXT);
  const added = write(TEXT, [{ pointer: "/statements/0/items/1/label", content: { kind: "text", text: "Receivables" } }]);
  assert.equal((JSON.parse(added) as { statements: { items: { label?: string }[] }[] }).statements[0]!.items[1]!.label, "Receivables");
  // Only item 1 changed: the lines of the other items are the same.
  const lines = TEXT.split("\r\n");
  const addedLines = added.split("\r\n");
  assert.equal(addedLines[6], lines[6]);
  assert.equal(addedLines[addedLines.length - 3], lines[lines.length - 3]);
});

test("a block of writes is one set of disjoint edits, in document order; the last write of a cell wins", () => {
  const writes: CellWrite[] = [
    { pointer: cell(2, "fy2024"), content: { kind: "value", decimal: "1" } },
    { pointer: cell(0, "fy2025"), content: { kind: "value", decimal: "2" } },
    { pointer: cell(0, "fy2025"), content: { kind: "value", decimal: "3" } },
  ];
  const outcome = cellWriteEdits(TEXT, new SourceLocator(TEXT), writes);
  assert.equal(outcome.edits.length, 2);
  assert.ok(outcome.edits[0]!.offset < outcome.edits[1]!.offset);
  const values = (JSON.parse(apply(TEXT, outcome.edits)) as { statements: { items: { values: Record<string, unknown> }[] }[] }).statements[0]!.items;
  assert.equal(values[0]!.values.fy2025, "3");
  assert.equal(values[2]!.values.fy2024, "1");
});

test("all or nothing: a cell that is not there, or a write that is not a grid write, makes no edit", () => {
  const locator = new SourceLocator(TEXT);
  const gone = cellWriteEdits(TEXT, locator, [
    { pointer: cell(0, "fy2025"), content: { kind: "value", decimal: "1" } },
    { pointer: cell(9, "fy2025"), content: { kind: "value", decimal: "1" } },
  ]);
  assert.deepEqual(gone, { edits: [], missing: [cell(9, "fy2025")], refused: [] });
  for (const bad of [
    { pointer: "/statements/0/items/0/unit", content: { kind: "text", text: "usd" } },
    { pointer: "/formatVersion", content: { kind: "text", text: "0.1" } },
    { pointer: cell(0, "fy2025"), content: { kind: "value", decimal: "1.50" } },
    { pointer: cell(0, "fy2025"), content: { kind: "value", decimal: "1e3" } },
    { pointer: cell(0, "fy2025"), content: { kind: "text", text: "1" } },
    { pointer: "/statements/0/items/0/label", content: { kind: "text", text: "" } },
    { pointer: "/statements/0/items/01/label", content: { kind: "text", text: "x" } },
  ] as CellWrite[]) {
    const outcome = cellWriteEdits(TEXT, locator, [bad]);
    assert.deepEqual(outcome.edits, [], bad.pointer);
    assert.deepEqual(outcome.refused, [bad.pointer], bad.pointer);
  }
});

const server = createService();
const URI = "file:///grid/edits.json";

function edits(writes: GridWrite[]): ReturnType<typeof service.cellEdits> {
  return server.with(URI, (analysis) => service.cellEdits(analysis, writes));
}

test("the version rule: edits are for the current version, at the same cell by its pointer; a cell that is gone writes nothing", () => {
  server.open(URI, TEXT, 1);
  const write: GridWrite = { pointer: cell(2, "fy2025"), content: { kind: "value", decimal: "99" } };
  const first = edits([write])!;
  assert.equal(first.version, 1);
  // The text changes before the write lands: a new first item moves every offset.
  const inserted = '{ "id": "z", "label": "New", "unit": "gbp", "values": { "fy2025": "0", "fy2024": "0" } },\r\n\t\t';
  const at = TEXT.indexOf('{ "values"');
  server.change(URI, 2, [{ range: { start: positionOf(TEXT, at), end: positionOf(TEXT, at) }, text: inserted }]);
  const second = edits([write])!;
  assert.equal(second.version, 2);
  const text2 = TEXT.slice(0, at) + inserted + TEXT.slice(at);
  const after = apply(text2, second.edits);
  // Pointer /items/2 is now "b"'s old neighbour: the write goes to whatever the pointer names in this version.
  const items = (JSON.parse(after) as { statements: { items: { id: string; values: Record<string, unknown> }[] }[] }).statements[0]!.items;
  assert.equal(items[2]!.id, "b");
  assert.equal(items[2]!.values.fy2025, "99");
  assert.equal(after.replace('"fy2025": "99"', '"fy2025": null'), text2);
  // Remove the statement's last items: the pointer names nothing, nothing is written.
  const gone = edits([{ pointer: cell(7, "fy2025"), content: { kind: "missing" } }])!;
  assert.deepEqual([gone.edits, gone.missing], [[], [cell(7, "fy2025")]]);
  server.close(URI);
});

test("set to the children's sum writes what the quick fix writes; other cells refuse it", () => {
  // Item b without a label makes the document nonconforming (no rollups run): give it one.
  const conforming = TEXT.replace('{ "id": "b", ', '{ "id": "b", "label": "Receivables", ');
  server.open(URI, conforming, 1);
  // Total fy2025 is 15, its children 10 and null: blocked, not failing; fix the child first.
  const blocked = edits([{ pointer: cell(2, "fy2025"), content: { kind: "children-sum" } }])!;
  assert.deepEqual(blocked.edits, []);
  assert.ok(blocked.problem !== undefined);
  server.close(URI);
  const failing = conforming.replace('"fy2025": null', '"fy2025": "1.25"');
  server.open(URI, failing, 1);
  const result = edits([{ pointer: cell(2, "fy2025"), content: { kind: "children-sum" } }])!;
  assert.equal(result.edits.length, 1);
  const fix = server.with(URI, (analysis) => service.codeActions(analysis, { diagnostics: service.diagnostics(analysis, server.settings) }));
  const sumFix = (fix ?? []).find((action) => action.title.includes("sum of its children"));
  const fixEdit = sumFix?.edit?.changes?.[URI]?.[0];
  assert.ok(fixEdit !== undefined);
  const fixed = failing.slice(0, offsetOf(failing, fixEdit.range.start)) + fixEdit.newText + failing.slice(offsetOf(failing, fixEdit.range.end));
  assert.equal(apply(failing, result.edits), fixed);
  assert.ok(fixed.includes('"fy2025": "11.25"'));
  assert.equal(edits([{ pointer: cell(0, "fy2025"), content: { kind: "children-sum" } }])!.refused.length, 1);
  server.close(URI);
});

test("a value write is a value edit for the server: the next version is analysed from the last one, its preview model carried", () => {
  const conforming = TEXT.replace('{ "id": "b", ', '{ "id": "b", "label": "Receivables", ');
  server.open(URI, conforming, 1);
  assert.ok(server.with(URI, (analysis) => analysis.parsed?.previewWire) !== undefined);
  const result = edits([{ pointer: cell(0, "fy2025"), content: { kind: "value", decimal: "14" } }])!;
  const [edit] = result.edits;
  assert.ok(edit !== undefined);
  server.change(URI, 2, [{ range: { start: positionOf(conforming, edit.offset), end: positionOf(conforming, edit.offset + edit.length) }, text: edit.content }]);
  // A full analysis of the text builds no preview model ahead of a request; a value edit rebuilds the edited statement's.
  assert.equal(
    server.with(URI, (analysis) => analysis.parsed?.hasPreviewWire),
    true,
  );
  const after = apply(conforming, result.edits);
  assert.equal(
    server.with(URI, (analysis) => analysis.text),
    after,
  );
  server.close(URI);
});

function offsetOf(text: string, position: { line: number; character: number }): number {
  const lines = text.split("\r\n");
  return lines.slice(0, position.line).reduce((sum, line) => sum + line.length + 2, 0) + position.character;
}

function positionOf(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split("\r\n");
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}
