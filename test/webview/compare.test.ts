// The changes view's page (dist/compare.js in the shell client/src/compare/shell.ts) in a real
// browser, with a view the server's own functions make: each row's mark (+ − ↕ •) sits on its
// label's first line, before it, and a marked row is no taller than an unmarked one unless it has
// notes; the notes come under the label.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import { analyze } from "../../shared/src/index";
import { compareDocuments } from "../../shared/src/compare/index";
import { comparisonView, viewSummary } from "../../shared/src/compare/view";
import { buildPresentation } from "../../shared/src/render/presentation";
import { buildPreviewModel } from "../../shared/src/render/previewModel";
import { encodePreviewWire, previewWireText } from "../../shared/src/render/previewWire";
import type { CompareModelMessage } from "../../protocol/webview";
import { COMPARE_PAGE, openPreview, startPreviewHost, type PreviewHost } from "./page";

const TIMEOUT = { timeout: 120_000 };

type Doc = Record<string, any>;

function oldDocument(): Doc {
  const item = (id: string, label: string, p1: string, p2: string, rollupTo?: string) => ({
    id,
    label,
    unit: "u",
    values: { p1, p2 },
    ...(rollupTo === undefined ? {} : { rollupTo }),
  });
  return {
    formatVersion: "0.2",
    entity: { name: "Test Ltd" },
    scope: { label: "Company" },
    units: [{ id: "u", label: "USD", measure: "USD", scale: 3 }],
    periods: [
      { id: "p1", kind: "instant", date: "2024-12-31" },
      { id: "p2", kind: "instant", date: "2025-12-31" },
    ],
    statements: [
      {
        id: "bs",
        label: "Balance sheet",
        periods: ["p1", "p2"],
        items: [
          item("cash", "Cash", "100", "120", "total"),
          item("recv", "Receivables", "50", "80", "total"),
          item("plain", "Unchanged row", "1", "1"),
          item("gone", "Prepaid expenses", "5", "5"),
          item("later", "Other assets", "0", "0"),
          item("total", "Total assets", "150", "200"),
        ],
      },
    ],
  };
}

function newDocument(): Doc {
  const now = oldDocument();
  const items = now.statements[0].items as Doc[];
  items[0]!.values.p2 = "125"; // changed, and the total stops adding up
  items[1]!.label = "Trade receivables, net of allowances for expected credit losses"; // a label change (a note)
  const later = items.splice(4, 1)[0] as Doc;
  items.splice(2, 0, later); // moved
  items.splice(
    items.findIndex((item) => item.id === "gone"),
    1,
  ); // removed
  items.splice(4, 0, { id: "new", label: "Deferred tax", unit: "u", values: { p1: "0", p2: "3" } }); // added
  return now;
}

function messageFor(old: Doc, now: Doc): CompareModelMessage {
  const oldResult = analyze(old).result;
  const newResult = analyze(now).result;
  const comparison = compareDocuments({ value: old, result: oldResult }, { value: now, result: newResult });
  const { model, ...marks } = comparisonView(comparison, old, now, buildPreviewModel(buildPresentation(now, newResult)), "HEAD", "new.json");
  return {
    type: "compareModel",
    sequence: 1,
    uri: "file:///work/new.json",
    version: 1,
    title: "HEAD → new.json",
    summary: viewSummary(marks.counts),
    problem: undefined,
    wire: new TextEncoder().encode(previewWireText(encodePreviewWire(model))),
    marks,
    numberFormat: "full",
  };
}

async function sendCompare(page: Page, message: CompareModelMessage): Promise<void> {
  await page.evaluate(
    ({ json, wire }) => {
      const data = JSON.parse(json) as Record<string, unknown>;
      data.wire = new TextEncoder().encode(wire);
      window.postMessage(data, "*");
    },
    { json: JSON.stringify({ ...message, wire: undefined }), wire: new TextDecoder().decode(message.wire) },
  );
  await page.waitForSelector(`body[data-models="${message.sequence}"]`);
}

let host: PreviewHost;
before(async () => {
  host = await startPreviewHost({}, COMPARE_PAGE);
}, TIMEOUT);
after(async () => {
  await host?.close();
}, TIMEOUT);

test("each row's mark sits before its label on the label's first line; notes go under the label", TIMEOUT, async () => {
  const page = await openPreview(host, { width: 700, height: 500 });
  await sendCompare(page, messageFor(oldDocument(), newDocument()));
  const rows = await page.$$eval("tr.fs-row", (trs) =>
    trs.map((tr) => {
      const box = (element: Element | null) => {
        if (element === null) return undefined;
        const rect = element.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right, height: rect.height };
      };
      const th = tr.querySelector("th.fs-item");
      return {
        item: (tr as HTMLElement).dataset.item ?? "",
        change: (tr as HTMLElement).dataset.change,
        row: box(tr),
        mark: box(th?.querySelector(".fc-mark") ?? null),
        markText: th?.querySelector(".fc-mark")?.textContent ?? "",
        label: box(th?.querySelector(".fs-item-label") ?? null),
        labelLine: th?.querySelector(".fs-item-label") ? parseFloat(getComputedStyle(th.querySelector(".fs-item-label")!).lineHeight) : 0,
        notes: [...(th?.querySelectorAll(".fc-note") ?? [])].map((note) => box(note)!),
      };
    }),
  );
  if (process.env.FS_SCREENSHOT_DIR !== undefined) await page.screenshot({ path: `${process.env.FS_SCREENSHOT_DIR}/compare-rows.png` });
  const byItem = new Map(rows.map((row) => [row.item, row]));
  assert.deepEqual(
    rows.filter((row) => row.change !== undefined).map((row) => [row.item, row.change, row.markText]),
    [
      ["cash", "changed", "•"],
      ["recv", "changed", "•"],
      ["later", "moved", "↕"],
      ["gone", "removed", "−"],
      ["new", "added", "+"],
      ["total", "changed", "•"],
    ],
  );
  for (const row of rows.filter((candidate) => candidate.change !== undefined)) {
    const { mark, label } = row;
    assert.ok(mark !== undefined && label !== undefined, row.item);
    assert.ok(mark.right <= label.left + 0.5, `${row.item}: the mark (right ${mark.right}) is before the label (left ${label.left})`);
    // On the label's first line: the mark's middle is within the first line box.
    const middle = (mark.top + mark.bottom) / 2;
    assert.ok(
      middle >= label.top && middle <= label.top + row.labelLine,
      `${row.item}: the mark (${mark.top}–${mark.bottom}) is on the label's first line (${label.top}–${label.top + row.labelLine})`,
    );
    for (const note of row.notes) assert.ok(note.top >= label.bottom - 0.5, `${row.item}: a note starts under the label`);
  }
  // A marked row without notes and with a one-line label is as tall as an unmarked one, and its
  // label starts where an unmarked sibling's does (the mark hangs in the indent).
  const plain = byItem.get("plain");
  const added = byItem.get("new");
  assert.ok(plain?.row !== undefined && plain.label !== undefined && plain.change === undefined);
  assert.ok(added?.row !== undefined && added.label !== undefined && added.notes.length === 0);
  assert.ok(Math.abs(added.row.height - plain.row.height) < 0.5, `the added row is ${added.row.height} px tall, an unmarked row ${plain.row.height} px`);
  assert.ok(Math.abs(added.label.left - plain.label.left) < 0.5, `the added row's label starts at ${added.label.left} px, an unmarked one's at ${plain.label.left} px`);
  assert.ok((byItem.get("recv")?.notes.length ?? 0) > 0, "the label change is written under the label");
  await page.close();
});
