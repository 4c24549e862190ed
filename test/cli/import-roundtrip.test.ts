// The round trip: every workbook `fsdoc render --format xlsx` writes imports back to the same
// document, its recorded validationSnapshot included (only the formatting may differ). Over every example and valid fixture,
// and over generated conforming documents with hostile labels (control characters, "_x000D_",
// formula-like text), long and tiny values, missing and unavailable cells, nested subtotals within
// a tolerance or failing, and optional members present or not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { analyze } from "../../shared/src/index";
import type ExcelJS from "exceljs";
import { importSpreadsheet, reportText } from "../../shared/src/import/index";
import { renderXlsx } from "../../shared/src/xlsx/index";
import { fixturesRoot, readJson, upstreamRoot } from "../support/paths";
import { recordSnapshot } from "../../shared/src/snapshot/record";
import { SNAPSHOT_PIECE, snapshotPieces } from "../../shared/src/xlsx/definitions";
import { documentText, fsdoc, scratch } from "./support";

type Doc = Record<string, unknown>;

async function roundTrip(document: Doc): Promise<Doc | undefined> {
  const analysis = analyze(document);
  assert.equal(analysis.result.conformance.status, "conforming", JSON.stringify(analysis.result.conformance.errors));
  const exported = await renderXlsx(document, analysis.result);
  if (!exported.ok) {
    assert.match(exported.error.code, /-limit$/);
    return undefined;
  }
  const imported = await importSpreadsheet(exported.bytes, "book.xlsx");
  assert.ok(imported.ok, imported.ok ? "" : imported.error);
  assert.deepEqual(imported.report.skipped, []);
  return imported.document;
}

test("every example and valid fixture comes back from its workbook as the same document", async () => {
  const folders = [join(fixturesRoot, "examples"), join(fixturesRoot, "valid"), join(upstreamRoot, "examples"), join(upstreamRoot, "fixtures", "valid")];
  let checked = 0;
  for (const folder of folders) {
    for (const name of readdirSync(folder).filter((file) => file.endsWith(".json"))) {
      const document = readJson<Doc>(join(folder, name));
      const back = await roundTrip(document);
      if (back === undefined) continue;
      assert.deepStrictEqual(back, document, `${folder}/${name}`);
      checked++;
    }
  }
  assert.ok(checked >= 15, `documents checked: ${checked}`);
});

const identifier = fc.stringMatching(/^[A-Za-z][A-Za-z0-9._-]{0,8}$/);
const label = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20, unit: "binary" }),
  fc.constantFrom("a\rb", "CRLF\r\n", "_x000D_", "_x005F_x0041_", "=SUM(A1:A2)", "+1", " padded ", "\u0001\u001F", "unavailable", "123", "constructor"),
);
const shortDecimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 999_999_999_999_999n }), fc.integer({ min: 0, max: 8 }))
  .map(([negative, digits, places]) => decimalOf(negative, digits, places));
const longDecimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 10n ** 15n, max: 10n ** 25n }), fc.integer({ min: 0, max: 30 }))
  .map(([negative, digits, places]) => decimalOf(negative, digits, places));
const tinyDecimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 1n, max: 999n }), fc.integer({ min: 18, max: 40 }))
  .map(([negative, digits, places]) => decimalOf(negative, digits, places));
const cell = fc.oneof(
  { weight: 6, arbitrary: shortDecimal },
  { weight: 1, arbitrary: longDecimal },
  { weight: 1, arbitrary: tinyDecimal },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant({ unavailable: true }) },
);

function decimalOf(negative: boolean, digits: bigint, places: number): string {
  const text = digits.toString().padStart(places + 1, "0");
  const whole = text.slice(0, text.length - places);
  const fraction = text.slice(text.length - places).replace(/0+$/, "");
  const magnitude = fraction === "" ? whole : `${whole}.${fraction}`;
  return negative && magnitude !== "0" ? `-${magnitude}` : magnitude;
}

/** A conforming document: unique ids, each item's parent earlier in a random order, one unit per statement. */
const documentArbitrary = fc
  .record({
    schema: fc.boolean(),
    documentId: fc.option(identifier, { nil: undefined }),
    entity: fc.record({ name: label, id: fc.option(identifier, { nil: undefined }) }),
    scope: fc.record({ label, id: fc.option(identifier, { nil: undefined }) }),
    units: fc.uniqueArray(
      fc.record({
        id: identifier,
        label,
        measure: label,
        scale: fc.integer({ min: -12, max: 12 }),
        tolerance: fc.option(fc.constantFrom("0", "0.5", "1", "1000"), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 3, selector: (unit) => unit.id },
    ),
    periods: fc.uniqueArray(fc.record({ id: identifier, year: fc.integer({ min: 1990, max: 2040 }), instant: fc.boolean() }), {
      minLength: 1,
      maxLength: 4,
      selector: (period) => period.id,
    }),
    statements: fc.uniqueArray(
      fc.record({
        id: identifier,
        label,
        items: fc.uniqueArray(
          fc.record({ id: identifier, label, description: fc.option(label, { nil: undefined }), parent: fc.option(fc.nat(), { nil: undefined }), rank: fc.nat() }),
          { minLength: 1, maxLength: 7, selector: (item) => item.id },
        ),
        unit: fc.nat(),
        periods: fc.nat(),
      }),
      { minLength: 1, maxLength: 3, selector: (statement) => statement.id },
    ),
    values: fc.array(cell, { minLength: 100, maxLength: 100 }),
  })
  .map((spec) => {
    let next = 0;
    const value = () => spec.values[next++ % spec.values.length];
    // Distinct (kind, dates) per period: the year and the period's index make each one unique.
    const periods = spec.periods.map((period, index) =>
      period.instant
        ? { id: period.id, kind: "instant", date: `${period.year + index * 100}-12-31` }
        : { id: period.id, kind: "duration", start: `${period.year + index * 100}-01-01`, end: `${period.year + index * 100}-12-31` },
    );
    const document: Doc = {
      ...(spec.schema ? { $schema: "https://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json" } : {}),
      formatVersion: "0.2",
      ...(spec.documentId === undefined ? {} : { documentId: spec.documentId }),
      entity: spec.entity.id === undefined ? { name: spec.entity.name } : { name: spec.entity.name, id: spec.entity.id },
      scope: spec.scope.id === undefined ? { label: spec.scope.label } : { label: spec.scope.label, id: spec.scope.id },
      units: spec.units.map((unit) => ({
        id: unit.id,
        label: unit.label,
        measure: unit.measure,
        scale: unit.scale,
        ...(unit.tolerance === undefined ? {} : { defaultTolerance: unit.tolerance }),
      })),
      periods,
      statements: spec.statements.map((statement) => {
        const periodIds = periods.filter((_period, index) => index === 0 || ((statement.periods >> index) & 1) === 1).map((period) => period.id);
        const unit = spec.units[statement.unit % spec.units.length]!.id;
        const byRank = [...statement.items].sort((a, b) => a.rank - b.rank);
        return {
          id: statement.id,
          label: statement.label,
          periods: periodIds,
          items: statement.items.map((item) => {
            const earlier = byRank.slice(0, byRank.indexOf(item));
            const parent = item.parent === undefined || earlier.length === 0 ? undefined : earlier[item.parent % earlier.length]!.id;
            const values: Record<string, unknown> = {};
            for (const period of periodIds) values[period] = value();
            return {
              id: item.id,
              label: item.label,
              ...(item.description === undefined ? {} : { description: item.description }),
              unit,
              values,
              ...(parent === undefined ? {} : { rollupTo: parent }),
            };
          }),
        };
      }),
    };
    return document;
  });

test("generated documents come back from their workbooks as the same document, a recorded snapshot included", async () => {
  await fc.assert(
    fc.asyncProperty(documentArbitrary, fc.boolean(), async (document, recorded) => {
      const source = recorded ? (JSON.parse(recordSnapshot(JSON.stringify(document), document)!.text) as Doc) : document;
      const back = await roundTrip(source);
      assert.deepStrictEqual(back, source);
    }),
    { numRuns: 60 },
  );
});

test("a snapshot longer than a cell holds comes back whole, cut never inside a surrogate pair", async () => {
  const periods = Array.from({ length: 400 }, (_unused, index) => `p${index}`);
  const values = (value: string) => Object.fromEntries(periods.map((period) => [period, value]));
  const text = documentText(
    [
      { id: "child", values: values("1") },
      { id: "total", values: values("2") },
    ].map((item, index) => (index === 0 ? { ...item, rollupTo: "total" } : item)),
    { periods },
  );
  const document = JSON.parse(recordSnapshot(text, JSON.parse(text))!.text) as Doc;
  assert.ok(JSON.stringify(document.validationSnapshot).length > 4 * SNAPSHOT_PIECE);
  assert.deepStrictEqual(await roundTrip(document), document);
  const json = `${"a".repeat(SNAPSHOT_PIECE - 1)}😀${"b".repeat(10)}`;
  const pieces = snapshotPieces(json);
  assert.deepEqual(
    pieces.map((piece) => piece.length),
    [SNAPSHOT_PIECE - 1, 12],
  );
  assert.equal(pieces.join(""), json);
});

test("fsdoc import: the recorded snapshot survives record, render and import, and the report says so", () => {
  const dir = scratch();
  writeFileSync(
    join(dir, "a.json"),
    documentText([
      { id: "cash", values: { fy2025: "100" }, rollupTo: "total" },
      { id: "total", values: { fy2025: "0" } },
    ]),
  );
  assert.equal(fsdoc(["record", "--in-place", "a.json"], { cwd: dir }).code, 0);
  assert.equal(fsdoc(["render", "--format", "xlsx", "-o", "b.xlsx", "a.json"], { cwd: dir }).code, 0);
  const imported = fsdoc(["import", "b.xlsx", "-o", "a.json", "--force"], { cwd: dir });
  assert.equal(imported.code, 0, imported.stderr);
  assert.match(imported.stderr, /validationSnapshot: the recorded one, carried back/);
  const back = readJson<Doc>(join(dir, "a.json"));
  assert.deepEqual(back.validationSnapshot, {
    conformance: "conforming",
    calculations: "inconsistent",
    applications: [{ key: { statement: "s", parent: "total", period: "fy2025" }, status: "unsatisfied", actual: "0", expected: "100", difference: "-100", tolerance: "0" }],
  });
  assert.match(fsdoc(["diff", "a.json"], { cwd: dir }).stdout, /snapshot match/);
});

test("fsdoc import: stdout without --output, never overwrites without --force, report as text or JSON", () => {
  const dir = scratch();
  const source = join(fixturesRoot, "examples", "northwind-group.json");
  assert.equal(fsdoc(["render", "--format", "xlsx", "--output", join(dir, "book.xlsx"), source]).code, 0);
  const toStdout = fsdoc(["import", "book.xlsx"], { cwd: dir });
  assert.equal(toStdout.code, 0, toStdout.stderr);
  assert.deepStrictEqual(JSON.parse(toStdout.stdout), readJson<Doc>(source));
  assert.match(toStdout.stderr, /read as a workbook written by fsdoc/);
  assert.match(toStdout.stderr, /the document conforms; rollups: \d+ satisfied, 2 not satisfied, 2 not evaluated/);
  writeFileSync(join(dir, "doc.json"), "keep me");
  const refused = fsdoc(["import", "book.xlsx", "--output", "doc.json"], { cwd: dir });
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /doc\.json already exists; pass --force/);
  assert.equal(readFileSync(join(dir, "doc.json"), "utf8"), "keep me");
  const forced = fsdoc(["import", "book.xlsx", "--output", "doc.json", "--force", "--report", "report.json"], { cwd: dir });
  assert.equal(forced.code, 0, forced.stderr);
  assert.equal(forced.stdout, "");
  assert.deepStrictEqual(JSON.parse(readFileSync(join(dir, "doc.json"), "utf8")), readJson<Doc>(source));
  const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as Record<string, unknown>;
  assert.equal(report.layout, "fsdoc-export");
  assert.equal(report.conformance, "conforming");
  assert.deepEqual(report.skipped, []);
});

test("a workbook whose snapshot rows were edited or that an older fsdoc wrote: no snapshot, and the report says why", async () => {
  const document = readJson<Doc>(join(fixturesRoot, "examples", "northwind-group.json"));
  const exported = await renderXlsx(document, analyze(document).result);
  assert.ok(exported.ok);
  const { default: excel } = await import("exceljs");
  const rewritten = async (change: (rows: ExcelJS.Row[]) => void): Promise<Uint8Array> => {
    const workbook = new excel.Workbook();
    await workbook.xlsx.load(exported.bytes as never);
    const sheet = workbook.getWorksheet("FS definitions")!;
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row) => {
      if (row.getCell(1).value === "snapshot") rows.push(row);
    });
    assert.ok(rows.length > 0);
    change(rows);
    return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  };
  const cases: [string, (rows: ExcelJS.Row[]) => void, RegExp][] = [
    ["unreadable", (rows) => (rows[0]!.getCell(2).value = "{ edited"), /cannot be read \(edited\?\), so the document has none/],
    ["not-in-workbook", (rows) => rows.forEach((row) => (row.getCell(1).value = null)), /not carried \(an older fsdoc wrote this workbook\)/],
  ];
  for (const [outcome, change, line] of cases) {
    const imported = await importSpreadsheet(await rewritten(change), "book.xlsx");
    assert.ok(imported.ok);
    assert.equal(imported.report.snapshot, outcome);
    assert.equal(imported.document.validationSnapshot, undefined);
    assert.match(reportText(imported.report), line);
  }
});
