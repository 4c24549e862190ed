// A value edit presents again only the preview rows it can change (server/src/analysis.ts,
// shared/src/render/previewEdit.ts): the statement's shell (labels, units, parents) is made at its
// first edit and kept, so a later edit of the same statement reads no other item's label, and reads the
// values of the edited item's row and its subtotal's only (besides the children the engine sums
// again), not those of the statement's other rows. Built ahead with the preview's model, the shells
// spare a statement's first edit too. Its model is the one built from scratch.

import { test } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../shared/src/index";
import { buildPresentation } from "../../shared/src/render/index";
import { previewWireOf, previewWireText } from "../../shared/src/render/previewWire";
import { ParsedVersion } from "../../server/src/analysis";
import { OpenDocument } from "../../server/src/textDocument";

const GROUPS = 20;
const CHILDREN = 9;
const URI = "file:///rows-rebuilt.json";

/** One statement of GROUPS subtotals, each the sum of CHILDREN items that follow it, in two periods. */
function documentText(): string {
  const items: unknown[] = [];
  for (let group = 0; group < GROUPS; group++) {
    items.push({ id: `g${group}`, label: `Group ${group}`, unit: "eur", values: { p1: String(CHILDREN * 2), p2: "1" } });
    for (let child = 0; child < CHILDREN; child++) {
      items.push({ id: `g${group}c${child}`, label: `Line ${group}.${child}`, unit: "eur", rollupTo: `g${group}`, values: { p1: "2", p2: "3" } });
    }
  }
  return JSON.stringify(
    {
      formatVersion: "0.2",
      entity: { name: "Rows Rebuilt AG" },
      scope: { label: "Consolidated" },
      units: [{ id: "eur", label: "Euro", measure: "EUR", scale: 3 }],
      periods: [
        { id: "p1", kind: "instant", date: "2024-12-31" },
        { id: "p2", kind: "instant", date: "2025-12-31" },
      ],
      statements: [{ id: "bs", label: "Balance sheet", periods: ["p1", "p2"], items }],
    },
    null,
    2,
  );
}

/** Which members of which items (by index) were read since the last `reset`, and how many times each member was. */
interface Reads {
  readonly of: Map<string, Set<number>>;
  readonly times: Map<string, number>;
  reset(): void;
}

/** `value` with every item of its statement a proxy that records the members read. */
function counted(value: { statements: { items: object[] }[] }): Reads {
  const of = new Map<string, Set<number>>();
  const times = new Map<string, number>();
  const statement = value.statements[0] as { items: object[] };
  statement.items = statement.items.map(
    (item, index) =>
      new Proxy(item, {
        get(target, name, receiver) {
          if (typeof name === "string") {
            const readers = of.get(name) ?? new Set<number>();
            readers.add(index);
            of.set(name, readers);
            times.set(name, (times.get(name) ?? 0) + 1);
          }
          return Reflect.get(target, name, receiver) as unknown;
        },
      }),
  );
  return {
    of,
    times,
    reset: () => {
      of.clear();
      times.clear();
    },
  };
}

/** The version after replacing the p1 value of item `item` (written `"2"` or `"18"`) by `decimal`. */
function edited(version: ParsedVersion, item: number, decimal: string): ParsedVersion {
  const marker = `"id": "${item % (CHILDREN + 1) === 0 ? `g${item / (CHILDREN + 1)}` : `g${Math.floor(item / (CHILDREN + 1))}c${(item % (CHILDREN + 1)) - 1}`}"`;
  const at = version.text.indexOf(marker);
  const cell = version.text.indexOf('"p1": "', at) + '"p1": "'.length;
  const end = version.text.indexOf('"', cell);
  const text = version.text.slice(0, cell) + decimal + version.text.slice(end);
  const edit = version.valueEdit({ offset: cell, length: end - cell, text: decimal }, text);
  assert.ok(edit, "a decimal replacing a decimal is a value edit");
  return ParsedVersion.afterValueEdit(version, OpenDocument.create(URI, "json", version.version + 1, text), text, edit);
}

test("a value edit presents the preview rows it changes only, from the statement's shell made at its first edit", () => {
  const text = documentText();
  const value = JSON.parse(text) as { statements: { items: object[] }[] };
  const reads = counted(value);
  const first = new ParsedVersion(URI, "json", 1, text, value, analyze(value));
  assert.deepEqual(first.analysis.issues, [], "the document conforms");
  assert.ok(first.previewWire.statements[0]?.rows.length === GROUPS * (CHILDREN + 1));
  const second = edited(first, 3, "5");
  assert.ok(second.previewWire);

  reads.reset();
  // Line 15.4: item 15 × 10 + 1 + 4, under subtotal g15 (item 150).
  const third = edited(second, 155, "7");
  const wire = third.previewWire;
  // The edited item is copied with its new value (every member read); no other item's label is read.
  assert.deepEqual([...(reads.of.get("label") ?? [])], [155]);
  const group = new Set(Array.from({ length: CHILDREN + 1 }, (_, index) => 150 + index));
  const valuesRead = [...(reads.of.get("values") ?? [])];
  assert.ok(
    valuesRead.every((item) => group.has(item)),
    `values read outside the edited group: ${valuesRead.filter((item) => !group.has(item)).join(", ")}`,
  );

  const whole = previewWireOf(buildPresentation(third.value, third.analysis.result));
  assert.equal(previewWireText(wire), previewWireText(whole));
  assert.equal(wire.statements[0]?.rows[155]?.[5][0], "7");
});

test("with the preview's model built ahead, the statements' shells are made after it: even a statement's first value edit reads no other item's label", () => {
  const text = documentText();
  const value = JSON.parse(text) as { statements: { items: object[] }[] };
  const reads = counted(value);
  const first = new ParsedVersion(URI, "json", 1, text, value, analyze(value));
  // As previewAhead.ts builds them, a step at a time.
  let steps = 0;
  while (first.buildPreviewWireStep() || first.buildStatementShellStep()) steps++;
  assert.ok(steps > 0);
  // And the value-edit index, which the server builds after the open too (a scan that reads every member).
  assert.ok(first.prepareValueEdits());
  reads.reset();
  const second = edited(first, 42, "9");
  assert.deepEqual([...(reads.of.get("label") ?? [])], [42]);
  assert.equal(previewWireText(second.previewWire), previewWireText(previewWireOf(buildPresentation(second.value, second.analysis.result))));
});

test("the statements' shells are the statements the preview's model presented: building both reads each item's label once", () => {
  const text = documentText();
  const value = JSON.parse(text) as { statements: { items: object[] }[] };
  const reads = counted(value);
  const first = new ParsedVersion(URI, "json", 1, text, value, analyze(value));
  reads.reset();
  while (first.buildPreviewWireStep() || first.buildStatementShellStep());
  // A shell made apart presented the statement again: every label read twice.
  assert.equal(reads.times.get("label"), GROUPS * (CHILDREN + 1));
  // The shell serves value edits as one made apart does.
  const second = edited(first, 42, "9");
  assert.equal(previewWireText(second.previewWire), previewWireText(previewWireOf(buildPresentation(second.value, second.analysis.result))));
});
