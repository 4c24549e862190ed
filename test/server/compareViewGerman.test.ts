// The changes view in the display language, over the protocol: a server started with the German
// bundle and locale (as the extension starts it) writes the view's lines outside the tables, the
// row notes, the subtotal states and the summary in German with German separators, while ids,
// member names and the contract's member words stay as the document has them. The command line,
// which configures no bundle, keeps the English wording (test/cli/compare.test.ts).

import { test } from "node:test";
import assert from "node:assert/strict";
import { CompareViewRequest, type CompareViewResult } from "../../protocol/lsp";
import { serveThisFile, type ServerUnderTest } from "./harness";
import { germanBundle } from "../support/germanBundle";

const german = germanBundle();
let server: ServerUnderTest;
serveThisFile(
  (started) => {
    server = started;
  },
  {},
  { initializationOptions: { locale: "de", l10nBundle: german } },
);

function document(options: { cash: string; withCashFlow: boolean; otherFirst: boolean }): string {
  const item = (id: string, label: string, value: string, rollupTo?: string) => ({
    id,
    label,
    unit: "eur",
    values: { fy2025: value },
    ...(rollupTo === undefined ? {} : { rollupTo }),
  });
  const rows = [item("cash", "Kasse", options.cash, "total"), item("other", "Sonstiges", "500.25", "total")];
  if (options.otherFirst) rows.reverse();
  return JSON.stringify({
    formatVersion: "0.2",
    entity: { name: "Beispiel GmbH" },
    scope: { label: "Einzelabschluss" },
    units: [{ id: "eur", label: "EUR", measure: "EUR", scale: 0 }],
    periods: [{ id: "fy2025", kind: "instant", date: "2025-12-31" }],
    statements: [
      { id: "bs", label: "Bilanz", periods: ["fy2025"], items: [...rows, item("total", "Summe", "2000.25")] },
      ...(options.withCashFlow ? [{ id: "cf", label: "Kapitalfluss", periods: ["fy2025"], items: [item("a", "A", "1"), item("b", "B", "2")] }] : []),
    ],
  });
}

test("lines, notes, subtotal states and summary are German with German numbers; ids and member names stay", async () => {
  const uri = "file:///de/vergleich.json";
  await server.open(uri, document({ cash: "1600", withCashFlow: false, otherFirst: true }));
  const view = (await server.connection.sendRequest(CompareViewRequest, {
    uri,
    session: "de1",
    oldName: "HEAD",
    newName: "vergleich.json",
    oldText: document({ cash: "1500", withCashFlow: true, otherFirst: false }),
  })) as CompareViewResult | null;
  assert.ok(view?.marks !== undefined, JSON.stringify(view?.problem));
  assert.ok(view.marks.lines.includes("Kapitalfluss: Bericht entfernt (2 Zeilen)"), JSON.stringify(view.marks.lines));
  assert.ok(view.marks.lines.includes("validationSnapshot: auf keiner Seite vorhanden"), JSON.stringify(view.marks.lines));
  const notes = view.marks.rows.flatMap((row) => row.notes);
  assert.ok(notes.includes("Zeile von 2 nach 1 verschoben"), JSON.stringify(notes));
  const rollup = view.marks.cells.find((cell) => cell.rollup !== undefined)?.rollup;
  assert.equal(rollup?.old, "geht auf (2.000,25)");
  assert.equal(rollup?.new, "geht nicht auf: angegeben 2.000,25, Unterpositionen ergeben 2.100,25 (Differenz -100)");
  assert.match(view.summary ?? "", /^\d+ Änderungen: /);
  // Nothing of the English wording is left in what the view shows outside the tables.
  for (const text of [...view.marks.lines, ...notes, rollup.old, rollup.new]) assert.doesNotMatch(text, /\b(removed|moved|adds up|none on either side|statement|row)\b/, text);
});

test("periods are named by their German dates, as the page's column headings write them (issue 30)", async () => {
  const uri = "file:///de/zeitraum.json";
  const withPeriods = (periods: object[]) => {
    const value = JSON.parse(document({ cash: "1500", withCashFlow: false, otherFirst: false })) as { periods: object[] };
    value.periods = periods;
    return JSON.stringify(value);
  };
  const fy2025 = { id: "fy2025", kind: "instant", date: "2025-12-31" };
  await server.open(uri, withPeriods([fy2025, { id: "q1", kind: "duration", start: "2025-01-01", end: "2025-03-31" }]));
  const view = (await server.connection.sendRequest(CompareViewRequest, {
    uri,
    session: "de2",
    oldName: "HEAD",
    newName: "zeitraum.json",
    oldText: withPeriods([fy2025, { id: "fy2024", kind: "instant", date: "2024-12-31" }]),
  })) as CompareViewResult | null;
  assert.ok(view?.marks !== undefined, JSON.stringify(view?.problem));
  assert.ok(view.marks.lines.includes("Periode q1 hinzugefügt (01.01.2025 – 31.03.2025)"), JSON.stringify(view.marks.lines));
  assert.ok(view.marks.lines.includes("Periode fy2024 entfernt (31.12.2024)"), JSON.stringify(view.marks.lines));
});
