// FS: New Document and `fsdoc init` build their document with shared/src/template/newDocument.ts:
// for any options it accepts, the document must conform with every rollup satisfied, and the
// snippet with its placeholders at their defaults must be the same text.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { analyze, parseJson } from "../../shared/src/index";
import { expandSnippet } from "../support/snippets";
import { checkNewDocumentOptions, newDocument, parseYears, yearsTextProblem, type NewDocumentOptions } from "../../shared/src/template/newDocument";
import { germanBundle, withBundle } from "../support/germanBundle";

const optionsArbitrary: fc.Arbitrary<NewDocumentOptions> = fc.record({
  entityName: fc.string({ minLength: 1, maxLength: 40 }).filter((name) => checkNewDocumentOptions({ entityName: name, currency: "GBP", scale: 0, years: [2025] }) === undefined),
  currency: fc
    .oneof(fc.constantFrom("GBP", "USD", "EUR", "JPY", "KRW", "CHF"), fc.string({ minLength: 1, maxLength: 8 }))
    .filter((currency) => checkNewDocumentOptions({ entityName: "E", currency, scale: 0, years: [2025] }) === undefined),
  scale: fc.integer({ min: -18, max: 18 }),
  years: fc.uniqueArray(fc.integer({ min: 2, max: 9999 }), { minLength: 1, maxLength: 4 }),
  yearEnd: fc.option(
    fc
      .integer({ min: 1, max: 12 })
      .chain((month) => fc.record({ month: fc.constant(month), day: fc.integer({ min: 1, max: [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]! }) })),
    { nil: undefined },
  ),
});

test("every new document conforms, its rollups are satisfied, and its snippet expands to the same text", () => {
  fc.assert(
    fc.property(optionsArbitrary, (options) => {
      const { text, snippet } = newDocument(options);
      const parsed = parseJson(text);
      assert.ok(parsed.ok, `not JSON: ${text}`);
      const { result } = analyze(parsed.value);
      assert.equal(result.conformance.status, "conforming", JSON.stringify(result.conformance, null, 2));
      assert.equal(result.calculations.status, "consistent");
      assert.equal(result.calculations.applications.length, 3 * options.years.length);
      const expanded = expandSnippet(snippet);
      assert.equal(expanded.text, text);
      // Tab stops 1..n, each once, in document order.
      assert.deepEqual(
        expanded.tabStops,
        expanded.tabStops.map((_, index) => index + 1),
      );
      assert.ok(expanded.tabStops.length >= 1 + 5 * options.years.length);
    }),
    { numRuns: 200 },
  );
});

test("the document holds what was asked: entity, currency, scale and one instant and one duration per year", () => {
  const { text } = newDocument({ entityName: "Northwind Trading Ltd", currency: "GBP", scale: 3, years: [2024, 2025], yearEnd: { month: 3, day: 31 } });
  const document = JSON.parse(text) as {
    entity: { name: string };
    units: { id: string; label: string; measure: string; scale: number }[];
    periods: Record<string, string>[];
    statements: { id: string; periods: string[] }[];
  };
  assert.equal(document.entity.name, "Northwind Trading Ltd");
  assert.deepEqual(document.units, [{ id: "gbp", label: "GBP thousands", measure: "GBP", scale: 3 }]);
  assert.deepEqual(document.periods, [
    { id: "at-2025", kind: "instant", date: "2025-03-31" },
    { id: "at-2024", kind: "instant", date: "2024-03-31" },
    { id: "fy2025", kind: "duration", start: "2024-04-01", end: "2025-03-31" },
    { id: "fy2024", kind: "duration", start: "2023-04-01", end: "2024-03-31" },
  ]);
  assert.deepEqual(
    document.statements.map((statement) => [statement.id, statement.periods]),
    [
      ["balance-sheet", ["at-2025", "at-2024"]],
      ["income-statement", ["fy2025", "fy2024"]],
    ],
  );
});

test("a 29 February year end falls on the 28th in other years", () => {
  const { text } = newDocument({ entityName: "Leap Ltd", currency: "USD", scale: 0, years: [2024, 2025], yearEnd: { month: 2, day: 29 } });
  const periods = (JSON.parse(text) as { periods: Record<string, string>[] }).periods;
  assert.deepEqual(
    periods.map((period) => period.date ?? `${period.start}..${period.end}`),
    ["2025-02-28", "2024-02-29", "2024-03-01..2025-02-28", "2023-03-01..2024-02-29"],
  );
});

test("firstTabStop is where the snippet's first tab stop, the first value, sits in the text, whatever the labels escape", () => {
  for (const entityName of ["Plain Ltd", "Dollar ${1:x} \\ } Ltd"]) {
    const { text, snippet, firstTabStop } = newDocument({ entityName, currency: "EUR", scale: 3, years: [2024, 2025] });
    const opening = snippet.indexOf('"${1:');
    const defaultValue = /^"\$\{1:([^}]*)\}"/.exec(snippet.slice(opening))?.[1];
    assert.equal(text.slice(firstTabStop.offset, firstTabStop.offset + firstTabStop.length), defaultValue);
    assert.equal(text[firstTabStop.offset - 1], '"');
    assert.ok(text.slice(0, firstTabStop.offset).includes('"values"'), entityName);
    assert.ok(text.slice(0, firstTabStop.offset).includes(JSON.stringify(entityName)), entityName);
  }
});

test("text that needs escaping in JSON or in a snippet stays literal", () => {
  const entityName = 'A "quoted" $name with } and \\ and ${1:x}';
  const { text, snippet } = newDocument({ entityName, currency: "$", scale: 6, years: [2025] });
  assert.equal((JSON.parse(text) as { entity: { name: string } }).entity.name, entityName);
  assert.equal(expandSnippet(snippet).text, text);
});

test("unusable options are clear errors, not documents", () => {
  const base: NewDocumentOptions = { entityName: "E", currency: "GBP", scale: 0, years: [2025] };
  const cases: [Partial<NewDocumentOptions>, RegExp][] = [
    [{ entityName: "  " }, /entity name is empty/],
    [{ entityName: "a\u0007b" }, /control character/],
    [{ currency: "" }, /currency is empty/],
    [{ scale: 1.5 }, /whole number/],
    [{ scale: 19 }, /whole number/],
    [{ years: [] }, /At least one/],
    [{ years: [2025, 2025] }, /twice/],
    [{ years: [0] }, /not a year/],
    [{ yearEnd: { month: 2, day: 30 } }, /not a day/],
    [{ yearEnd: { month: 13, day: 1 } }, /not a month/],
  ];
  for (const [change, message] of cases) {
    assert.match(checkNewDocumentOptions({ ...base, ...change }) ?? "", message);
    assert.throws(() => newDocument({ ...base, ...change }), message);
  }
});

test("years are read from a list or a range, most recent first", () => {
  assert.deepEqual(parseYears("2024, 2025"), [2025, 2024]);
  assert.deepEqual(parseYears("2023-2025"), [2025, 2024, 2023]);
  assert.deepEqual(parseYears(" 2025 "), [2025]);
  assert.equal(parseYears(""), undefined);
  assert.equal(parseYears("twenty"), undefined);
  assert.equal(parseYears("1900-2100"), undefined);
  // A reversed range is refused, not turned around silently.
  assert.equal(parseYears("2025-2024"), undefined);
});

test("years that cannot be read say why; a reversed range says it is reversed, in English and German", async () => {
  assert.equal(yearsTextProblem("2024-2025"), undefined);
  assert.equal(yearsTextProblem("2024, 2025"), undefined);
  assert.equal(yearsTextProblem(" 2025-2024 "), "The first year must be before the second: 2025-2024 is reversed.");
  assert.equal(yearsTextProblem("2025–2024"), "The first year must be before the second: 2025–2024 is reversed.");
  assert.equal(yearsTextProblem("twenty"), "List years (2024, 2025) or give a range (2024-2025).");
  await withBundle(germanBundle(), () => assert.equal(yearsTextProblem("2025-2024"), "Das erste Jahr muss vor dem zweiten liegen: 2025-2024 ist vertauscht."));
});

test("a three-letter currency is the ISO code in capitals, in the measure and the unit's label; the snippet's first tab stop is the first value", () => {
  const { text, snippet } = newDocument({ entityName: "Lower Ltd", currency: "gbp", scale: 3, years: [2025] });
  const value = JSON.parse(text) as { units: { id: string; label: string; measure: string }[] };
  assert.equal(value.units[0]!.measure, "GBP");
  assert.match(value.units[0]!.label, /^GBP /);
  // The first tab stop sits in a value of the first statement's items, not in the scope's label.
  const first = snippet.indexOf("${1:");
  assert.ok(first > snippet.indexOf('"values"'), snippet.slice(0, first + 20));
  assert.ok(!snippet.slice(0, first).includes('"items"') || snippet.lastIndexOf('"values"', first) > snippet.lastIndexOf('"items"', first));
  assert.equal(newDocument({ entityName: "Shares Ltd", currency: "shares", scale: 0, years: [2025] }).text.includes('"measure": "shares"'), true);
});

test("in the editor's display language the labels it writes are German; without a bundle (fsdoc init) English; either way it conforms", async () => {
  const options: NewDocumentOptions = { entityName: "Beispiel GmbH", currency: "EUR", scale: 3, years: [2024, 2025] };
  const english = JSON.parse(newDocument(options).text) as { scope: { label: string }; units: { label: string }[]; statements: { label: string; items: { label: string }[] }[] };
  assert.equal(english.statements[0]!.label, "Balance sheet");
  assert.equal(english.units[0]!.label, "EUR thousands");
  await withBundle(germanBundle(), () => {
    const made = newDocument(options);
    const value = JSON.parse(made.text) as typeof english;
    assert.equal(value.scope.label, "Jahresabschluss");
    assert.equal(value.units[0]!.label, "EUR Tsd.");
    assert.deepEqual(
      value.statements.map((statement) => statement.label),
      ["Bilanz", "Gewinn- und Verlustrechnung"],
    );
    // Every label the template writes has its German form: none is left as it was in English.
    const labels = value.statements.flatMap((statement) => statement.items.map((item) => item.label));
    const englishLabels = english.statements.flatMap((statement) => statement.items.map((item) => item.label));
    assert.equal(labels.filter((label, index) => label === englishLabels[index]).length, 0, JSON.stringify(labels));
    const { result } = analyze(value);
    assert.equal(result.conformance.status, "conforming");
    assert.equal(expandSnippet(made.snippet).text, made.text);
  });
});
