// The server in the display language, over the protocol: started with the German bundle and locale
// as the extension sends them (initializationOptions), its diagnostics (the engine's structural
// messages and the rollup messages), hovers, lenses and quick fixes are German, numbers carry
// German separators on the exact digits, and codes, pointers and the contract's words are not
// translated. A second server without options speaks English, as the CLI does.

import { test } from "node:test";
import assert from "node:assert/strict";
import {
  CodeActionRequest,
  CodeLensRequest,
  CodeLensResolveRequest,
  DiagnosticSeverity,
  HoverRequest,
  type Diagnostic,
  type MarkupContent,
} from "vscode-languageserver-protocol/node";
import { PreviewModelRequest, SnapshotDiffRequest } from "../../protocol/lsp";
import { recordSnapshot } from "../../shared/src/index";
import { decodePreviewWire } from "../../shared/src/render/previewWire";
import { serveThisFile, startServer, type ServerUnderTest } from "./harness";
import { positionOf } from "./text-positions";
import { GERMAN_DOCUMENT } from "../support/germanDocument";
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

const DOCUMENT = GERMAN_DOCUMENT;
/** The same with an unknown member: nonconforming, so no rollup is checked. */
const NONCONFORMING = DOCUMENT.replace('"label": "Summe",', '"label": "Summe",\n          "colour": "red",');

function byCode(diagnostics: Diagnostic[], code: string): Diagnostic {
  const found = diagnostics.find((diagnostic) => diagnostic.code === code);
  assert.ok(found !== undefined, `a ${code} diagnostic`);
  return found;
}

test("diagnostics are German, with German separators on the exact digits; codes stay", async () => {
  const unknown = byCode((await server.open("file:///de/fehler.json", NONCONFORMING)).diagnostics, "unknown-property");
  assert.equal(unknown.message, 'Eine Position hat keine Eigenschaft "colour"; erlaubt sind id, label, unit, values, description, rollupTo.');
  const uri = "file:///de/bilanz.json";
  const { diagnostics } = await server.open(uri, DOCUMENT);
  const rollup = byCode(diagnostics, "rollup-unsatisfied");
  // 12345678901234567890.5 + -1000.25 = 12345678901234566890.25; stated …891.25.
  assert.equal(rollup.message, "Summe fy2025: 12.345.678.901.234.566.891,25 angegeben, die Unterpositionen ergeben 12.345.678.901.234.566.890,25 (Differenz 1, Toleranz 0).");
  // Its related information is its likely causes only (the children's cells are in the hover's table).
  assert.deepEqual(
    (rollup.relatedInformation ?? []).map((related) => related.message).filter((message) => !message.startsWith("Wahrscheinliche")),
    [],
  );
});

test("hovers and lenses are German; numbers and the contract's status words as the locale and the contract say", async () => {
  const uri = "file:///de/bilanz.json";
  const textDocument = { uri };
  const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument, position: positionOf(DOCUMENT, '"12345678901234566891.25"') });
  const markdown = (hover?.contents as MarkupContent).value;
  // The failing subtotal's children in one line: the status, the stated value and the difference
  // are the diagnostic's message, which VS Code shows above the hover. The period is named by its
  // German date, as the preview's column heading (its "31." escaped, Markdown would read a list).
  assert.equal(
    markdown,
    "Unterpositionen von **Summe** in 31\\.12.2025, EUR (in Einern): Kasse\u00a012.345.678.901.234.567.890,5 · Sonstiges\u00a0-1.000,25 · Summe **12.345.678.901.234.566.890,25**",
  );
  // A child's hover: its period named by its date in the German form, wherever the hover names it.
  const child = await server.connection.sendRequest(HoverRequest.type, { textDocument, position: positionOf(DOCUMENT, '"-1000.25"') });
  const childText = (child?.contents as MarkupContent).value;
  assert.match(childText, /^\*\*Sonstiges\*\* `other` · 31\\\.12\.2025 · /, childText);
  assert.match(childText, /\n31\\\.12\.2025: ✗ \*\*nicht erfüllt\*\*/, childText);
  assert.doesNotMatch(childText, /fy2025/, childText);
  const listed = (await server.connection.sendRequest(CodeLensRequest.type, { textDocument })) ?? [];
  // Parent lenses are resolved as the editor shows them.
  const lenses = await Promise.all(listed.map((lens) => (lens.command === undefined ? server.connection.sendRequest(CodeLensResolveRequest.type, lens) : lens)));
  const titles = lenses.map((lens) => lens.command?.title);
  // The contract's status word stays; the counts around it are German.
  assert.ok(titles.includes("FS 0.2 · conforming · 1 nicht erfüllt · 0 erfüllt · Vorschau öffnen"), JSON.stringify(titles));
  assert.ok(titles.includes("✗ fy2025 Abweichung 1"), JSON.stringify(titles));
});

test("quick fixes are German", async () => {
  const uri = "file:///de/zahl.json";
  const text = DOCUMENT.replace('"-1000.25"', "-1000.25");
  const { diagnostics } = await server.open(uri, text);
  const number = byCode(diagnostics, "decimal-string-required");
  assert.match(String(number.message), /^Ein Wert muss eine exakte Dezimalzahl als Zeichenfolge sein/);
  assert.equal(number.severity, DiagnosticSeverity.Error);
  const actions = await server.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: number.range, context: { diagnostics: [number] } });
  assert.ok(
    actions?.some((action) => action.title === 'Als Dezimalzeichenfolge "-1000.25" schreiben'),
    JSON.stringify(actions?.map((action) => action.title)),
  );
});

test("the snapshot diff and the preview's titles name periods by their German dates, as the preview's column headings (issue 30)", async () => {
  // Recorded while every value was there; now a child's value is missing, so the check cannot run.
  const recording = recordSnapshot(DOCUMENT, JSON.parse(DOCUMENT));
  assert.ok(recording);
  const value = JSON.parse(recording.text) as { statements: { items: { values: Record<string, unknown> }[] }[] };
  value.statements[0]!.items[0]!.values.fy2025 = null;
  const uri = "file:///de/termine.json";
  await server.open(uri, JSON.stringify(value, null, 2));
  const diff = await server.connection.sendRequest(SnapshotDiffRequest, { uri });
  assert.deepEqual(diff?.names?.periods, [{ id: "fy2025", name: "31.12.2025" }]);
  const preview = await server.connection.sendRequest(PreviewModelRequest, { uri });
  assert.ok(preview?.wire !== undefined);
  const titles = decodePreviewWire(JSON.parse(preview.wire))?.statements[0]?.rows.flatMap((row) => row.cells.map((cell) => cell.title)) ?? [];
  // The subtotal that cannot be checked, and the missing value that stops it (its screen-reader text is the title).
  assert.ok(titles.includes('Summenprüfung nicht ausgewertet: Der Wert von "Kasse" für 31.12.2025 fehlt'), JSON.stringify(titles));
  assert.ok(
    titles.some((title) => title.startsWith("Fehlend") && title.includes('Dieser fehlende Wert verhindert die Summenprüfung von "Summe" für 31.12.2025')),
    JSON.stringify(titles),
  );
  assert.ok(
    titles.every((title) => !title.includes("2025-12-31")),
    JSON.stringify(titles),
  );
});

test("without initializationOptions the server speaks English with neutral numbers", async () => {
  const english = await startServer();
  try {
    const { diagnostics } = await english.open("file:///en/bilanz.json", DOCUMENT);
    assert.equal(
      byCode((await english.open("file:///en/fehler.json", NONCONFORMING)).diagnostics, "unknown-property").message,
      'An item has no member "colour"; allowed members are id, label, unit, values, description, rollupTo.',
    );
    assert.match(
      String(byCode(diagnostics, "rollup-unsatisfied").message),
      /^Summe fy2025: 12,345,678,901,234,566,891\.25 stated, children sum to 12,345,678,901,234,566,890\.25 /,
    );
  } finally {
    await english.stop();
  }
});
