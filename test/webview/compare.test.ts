// The changes view's page (dist/compare.js in the shell client/src/compare/shell.ts) in a real
// browser, with a view the server's own functions make: each row's mark (+ − ↕ •) sits on its
// label's first line, before it, and a marked row is no taller than an unmarked one unless it has
// notes; the notes come under the label. At 570 and 1,200 px in VS Code's font, no value or date
// cell is cut (its content fits it), and no column is shown in part at a table's right edge.
// After an edit, the server's patch (server/src/service/compareView.ts) applied by the page shows
// the new change with its marks.

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
import type { CompareViewResult } from "../../protocol/lsp";
import { DocumentAnalysis } from "../../server/src/analysis";
import { OpenDocument } from "../../server/src/textDocument";
import { compareView, readOld } from "../../server/src/service/compareView";
import { fixturesRoot, readJson } from "../support/paths";
import { join } from "node:path";
import { COMPARE_PAGE, openPreview, settleFrames, startPreviewHost, type PreviewHost } from "./page";
import { EMPTY_PX, numbersNotWhole, opening, scrollers } from "./tables";

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

/** The message the panel makes of the server's answer (client/src/compare/comparePanel.ts). */
function messageOf(result: CompareViewResult, sequence: number): CompareModelMessage {
  return {
    type: "compareModel",
    sequence,
    uri: result.uri,
    version: result.version,
    title: result.title,
    summary: result.summary ?? "",
    problem: result.problem,
    wire: result.wire === undefined ? undefined : new TextEncoder().encode(result.wire),
    patch: result.patch,
    marks: result.marks,
    numberFormat: "full",
  };
}

/** Posts `message` as the extension does (the wire as bytes); waits until the page has painted `models` views or patches (null: no wait). */
async function sendCompare(page: Page, message: CompareModelMessage, models: number | null = message.sequence): Promise<void> {
  await page.evaluate(
    ({ json, wire }) => {
      const data = JSON.parse(json) as Record<string, unknown>;
      if (wire !== undefined) data.wire = new TextEncoder().encode(wire);
      window.postMessage(data, "*");
    },
    { json: JSON.stringify({ ...message, wire: undefined }), wire: message.wire === undefined ? undefined : new TextDecoder().decode(message.wire) },
  );
  if (models !== null) await page.waitForSelector(`body[data-models="${models}"]`);
}

let host: PreviewHost;
before(async () => {
  // US English: dates as "12/31/2025", as the new user who saw them cut had them.
  host = await startPreviewHost({ locale: "en-US" }, COMPARE_PAGE);
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

/**
 * The example group against an edited copy with changes of every width: a value grown by orders of
 * magnitude (a long difference), one shrunk by as many (a long old value), a long decimal replaced, a value gone
 * unavailable and one come back, a subtotal that stops adding up and one that starts again, in
 * every statement.
 */
function editedExample(): { old: Doc; now: Doc } {
  const old = readJson<Doc>(join(fixturesRoot, "examples", "northwind-group.json"));
  const now = structuredClone(old);
  const item = (statement: string, id: string): Doc => now.statements.find((s: Doc) => s.id === statement).items.find((i: Doc) => i.id === id);
  // A long OLD value over a short NEW one: the old line and the difference are wider than any value in the column.
  old.statements[0].items[0].values["at-2024"] = "45870123456.789";
  item("balance-sheet", "property-plant-and-equipment").values["at-2025"] = "48210987654.125"; // non-current assets stop adding up
  item("balance-sheet", "cash-and-cash-equivalents").values["at-2024"] = "-17453.4";
  item("income-statement", "revenue").values.fy2025 = "1483209.5";
  item("income-statement", "gross-profit").values.fy2024 = "-47335123456";
  item("cash-flow-statement", "proceeds-from-disposals").values.fy2024 = "123456789.987654321";
  item("cash-flow-statement", "lease-payments").values.fy2025 = { unavailable: true };
  item("key-figures", "basic-weighted-average-shares").values.fy2025 = "411872306.5205479452054794520549";
  item("key-figures", "dilutive-share-options").values.fy2024 = "3127693.4794520547945205479452";
  item("key-figures", "employees-north-america").values.fy2025 = "65500"; // average employees stop adding up
  return { old, now };
}

/** Value and header cells (drawn) whose content is wider than the cell: shown cut. */
async function cutCells(page: Page): Promise<string[]> {
  return page.$$eval("td.fs-cell, th.fs-col-period", (cells) =>
    cells
      .filter((cell) => cell.scrollWidth > cell.clientWidth)
      .map(
        (cell) =>
          `${(cell.closest("tr") as HTMLElement).dataset.item ?? "header"} [${(cell as HTMLElement).dataset.col ?? ""}]: "${cell.textContent}" needs ${cell.scrollWidth} px, has ${cell.clientWidth}`,
      ),
  );
}

/** Value and header cells that straddle their table's right edge and still show a part of themselves there. */
async function partlyShownAtTheRight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const wrapper of document.querySelectorAll<HTMLElement>(".fs-table-scroll")) {
      const box = wrapper.getBoundingClientRect();
      const edge = box.left + wrapper.clientLeft + wrapper.clientWidth;
      for (const cell of wrapper.querySelectorAll("td.fs-cell, th.fs-col-period")) {
        const rect = cell.getBoundingClientRect();
        if (rect.left >= edge - 0.5 || rect.right <= edge + 0.5 || rect.bottom > window.innerHeight) continue;
        // Points inside the part in view only: Chromium's hit test answers with a table cell up to a
        // pixel left of its box (a cell from 568.98 px answered at 568.0, where it paints nothing).
        const shown = edge - rect.left;
        for (const x of [rect.left + shown / 4, rect.left + shown / 2, edge - shown / 4]) {
          const top = document.elementFromPoint(x, rect.top + rect.height / 2);
          if (top !== null && cell.contains(top)) {
            found.push(`"${cell.textContent}" (${Math.round(edge - rect.left)} of ${Math.round(rect.width)} px shown)`);
            break;
          }
        }
      }
    }
    return found;
  });
}

for (const width of [570, 1200]) {
  test(`at ${width} px no value or date is cut: cells are as wide as their old → new, difference and flag; a wider table scrolls and says so`, TIMEOUT, async () => {
    const page = await openPreview(host, { width, height: 4000 });
    // VS Code's own font on Linux (its webviews get it as a variable): proportional, with bold digits wider than regular ones.
    await page.evaluate(() => {
      document.documentElement.style.setProperty("--vscode-font-family", 'system-ui, "Ubuntu", "Droid Sans", sans-serif');
      document.documentElement.style.setProperty("--vscode-font-size", "13px");
    });
    const { old, now } = editedExample();
    await sendCompare(page, messageFor(old, now));
    await settleFrames(page);
    if (process.env.FS_SCREENSHOT_DIR !== undefined) {
      await page.screenshot({ path: `${process.env.FS_SCREENSHOT_DIR}/compare-${width}.png`, clip: { x: 0, y: 0, width, height: 900 } });
      await page
        .locator("section.fs-statement")
        .last()
        .screenshot({ path: `${process.env.FS_SCREENSHOT_DIR}/compare-${width}-last.png` });
    }
    const changed = await page.$$eval("td.fc-changed", (cells) => cells.length);
    assert.ok(changed >= 8, `${changed} changed cells drawn`);
    assert.deepEqual(await cutCells(page), []);
    // Each table wider than the view scrolls on its own and shows that more is to the right.
    const tables = await page.$$eval(".fs-table-scroll", (wrappers) =>
      wrappers.map((wrapper) => ({
        wider: wrapper.scrollWidth > wrapper.clientWidth + 0.5,
        sign: wrapper.classList.contains("fs-more-right"),
      })),
    );
    for (const table of tables) {
      assert.equal(table.sign, table.wider, "a table that scrolls sideways shows it");
    }
    // A column the view's right edge would cut is hidden whole: no point of it shows, also after the
    // tables are scrolled sideways a little (each to another place).
    assert.deepEqual(await partlyShownAtTheRight(page), []);
    await page.$$eval(".fs-table-scroll", (wrappers) => wrappers.forEach((wrapper, index) => (wrapper.scrollLeft = 37 * (index + 1))));
    await settleFrames(page);
    assert.deepEqual(await partlyShownAtTheRight(page), []);
    if (width === 570)
      assert.ok(
        tables.some((table) => table.wider),
        "at 570 px some table is wider than the view",
      );
    await page.close();
  });
}

test("every negative number shows one minus sign: old → new and the difference as the values beside them", TIMEOUT, async () => {
  const page = await openPreview(host, { width: 1200, height: 900 });
  const { old, now } = editedExample();
  await sendCompare(page, messageFor(old, now));
  // Cash went from positive to negative: its old value, new value and difference in one cell.
  const cash = (await page.locator('tr[data-item="cash-and-cash-equivalents"] td.fc-changed').first().textContent()) ?? "";
  assert.match(cash, /17,453\.4\s*→\s*-17,453\.4\s*-34,906\.8\s*\(-200%\)/);
  // The page's values and its differences (the same locale, en-US) write a minus the same way.
  const signs = await page.$$eval("td.fs-cell, th.fs-item", (cells) => [
    ...new Set(cells.flatMap((cell) => [...(cell.textContent ?? "").matchAll(/[-\u2212\u2012\u2013\ufe63\uff0d](?=\d)/g)].map((match) => match[0]))),
  ]);
  assert.deepEqual(signs, ["-"]);
  await page.close();
});

test("sticky label cells are opaque: a row's translucent colour is laid over the editor's background, so columns under them never show through", TIMEOUT, async () => {
  const page = await openPreview(host, { width: 300, height: 700 });
  // Translucent row colours, as VS Code's themes have them.
  await page.evaluate(() => {
    const root = document.documentElement.style;
    root.setProperty("--vscode-editor-background", "rgb(255, 255, 255)");
    root.setProperty("--vscode-diffEditor-insertedLineBackground", "rgba(0, 200, 0, 0.3)");
    root.setProperty("--vscode-diffEditor-removedLineBackground", "rgba(200, 0, 0, 0.3)");
    root.setProperty("--vscode-editor-selectionHighlightBackground", "rgba(0, 0, 200, 0.3)");
    root.setProperty("--vscode-editor-findMatchHighlightBackground", "rgba(200, 200, 0, 0.3)");
  });
  await sendCompare(page, messageFor(oldDocument(), newDocument()));
  await settleFrames(page);
  // The cursor's row and a find match too (the preview's own row colours, in the same stylesheet).
  await page.evaluate(() => {
    document.querySelector('tr[data-item="plain"]')?.classList.add("fs-highlight");
    document.querySelector('tr[data-item="cash"]')?.classList.add("fs-find-match");
  });
  // Scrolled sideways as far as it goes: columns are under the labels.
  await page.$$eval(".fs-table-scroll", (wrappers) => wrappers.forEach((wrapper) => (wrapper.scrollLeft = wrapper.scrollWidth)));
  await settleFrames(page);
  const labels = await page.$$eval("tr.fs-row > th.fs-item", (cells) =>
    cells.map((cell) => ({
      item: (cell.parentElement as HTMLElement).dataset.item ?? "",
      background: getComputedStyle(cell).backgroundColor,
      veil: getComputedStyle(cell, "::after").backgroundColor,
      shadow: getComputedStyle(cell).boxShadow,
    })),
  );
  const opaque = (colour: string) => /^rgb\(/.test(colour) || /^rgba\(.*,\s*1\)$/.test(colour);
  for (const label of labels) {
    assert.ok(opaque(label.background), `${label.item}: the label cell's background is ${label.background}`);
    assert.ok(opaque(label.veil), `${label.item}: the veil's background is ${label.veil}`);
  }
  // Each colour still shows, over the background.
  const tint = (item: string) => labels.find((label) => label.item === item)?.shadow ?? "";
  assert.match(tint("new"), /rgba\(0, 200, 0, 0\.3\)/);
  assert.match(tint("gone"), /rgba\(200, 0, 0, 0\.3\)/);
  assert.match(tint("plain"), /rgba\(0, 0, 200, 0\.3\)/);
  assert.match(tint("cash"), /rgba\(200, 200, 0, 0\.3\)/);
  if (process.env.FS_SCREENSHOT_DIR !== undefined) await page.screenshot({ path: `${process.env.FS_SCREENSHOT_DIR}/compare-300-opaque-labels.png` });
  await page.close();
});

test("after an edit the view comes as a patch of the one held: the new change and its marks show; a patch of another view asks for the whole view", TIMEOUT, async () => {
  const page = await openPreview(host, { width: 900, height: 700 });
  const old = readOld(JSON.stringify(oldDocument()));
  const now = newDocument();
  const analysisOf = (version: number, previous?: DocumentAnalysis) =>
    DocumentAnalysis.of(OpenDocument.create("file:///work/new.json", "json", version, JSON.stringify(now, null, 2)), previous);
  const first = analysisOf(1);
  const whole = compareView(first, old, "HEAD", "new.json");
  await sendCompare(page, messageOf(whole.result, 1));
  const cellText = (item: string, column: number) => page.locator(`tr[data-item="${item}"] td.fs-cell`).nth(column).textContent();
  assert.doesNotMatch((await cellText("recv", 1)) ?? "", /→/);

  // Receivables 80 → 95: one more changed value, and the total's check changes with it.
  (now.statements[0].items as Doc[]).find((item) => item.id === "recv")!.values.p2 = "95";
  const next = compareView(analysisOf(2, first), old, "HEAD", "new.json", undefined, { sent: whole.sent, baseVersion: 1 });
  assert.ok(next.result.patch !== undefined && next.result.wire === undefined);
  await sendCompare(page, messageOf(next.result, 2));
  assert.match((await cellText("recv", 1)) ?? "", /80\s*→\s*95\s*\+15/);
  // The marks drawn before are still there, and the summary is the new one.
  assert.match((await cellText("cash", 1)) ?? "", /120\s*→\s*125/);
  assert.equal(await page.locator("tr[data-item=recv]").getAttribute("data-change"), "changed");
  assert.equal(await page.locator("#fc-view-summary").textContent(), next.result.summary);
  assert.equal(await page.locator("body").getAttribute("data-version"), "2");

  // A patch of a view the page does not hold is not applied: the page says it needs the whole view.
  await sendCompare(page, { ...messageOf(next.result, 3), patch: { baseVersion: 99, ops: [] } }, null);
  await page.waitForFunction(() => window.__posted.filter((message) => message.type === "ready").length === 2);
  assert.equal(await page.locator("body").getAttribute("data-models"), "2");
  await page.close();
});

/**
 * The pixels of `rgb` (the colour the values and the subtotals' frames are drawn in) that the
 * view shows in a table's rows outside its value columns shown whole: a hidden column's digits or
 * frame. Read from a screenshot, since an outline is painted, not hit-tested; a label column that
 * stays at the left is outside too (a column under it must not show through).
 */
async function fragmentPixels(page: Page, section: number, rgb: [number, number, number]): Promise<string[]> {
  const layout = await page
    .locator("section.fs-statement")
    .nth(section)
    .evaluate((element) => {
      const wrapper = element.querySelector(".fs-table-scroll") as HTMLElement;
      const table = wrapper.querySelector("table") as HTMLTableElement;
      const view = wrapper.getBoundingClientRect();
      const from = view.left + wrapper.clientLeft;
      const to = from + wrapper.clientWidth;
      const cells = [...table.tHead!.rows[0]!.cells].map((cell) => cell.getBoundingClientRect());
      const stickyLabels = !wrapper.classList.contains("fs-labels-scroll");
      const free = stickyLabels ? Math.max(from, cells[0]!.right) : from;
      // A column wider than the view cannot be seen whole: it is shown as far as the view goes.
      const whole = cells
        .slice(1)
        .filter((cell) => cell.width > wrapper.clientWidth + 0.5 || (cell.left >= free - 0.5 && cell.right <= to + 0.5))
        .map((cell) => [Math.floor(cell.left), Math.ceil(cell.right)] as [number, number]);
      const rows = table.getBoundingClientRect();
      return { from: Math.ceil(from), to: Math.floor(to), top: Math.max(0, Math.ceil(rows.top)), bottom: Math.min(window.innerHeight, Math.floor(rows.bottom)), whole };
    });
  if (layout.bottom <= layout.top) return [];
  const shot = (await page.screenshot()).toString("base64");
  // Read in a blank page of its own: the view's content security policy admits no data: image.
  const reader = await page.context().browser()!.newPage();
  try {
    return await reader.evaluate(
      async ({ png, rgb, layout }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext("2d")!;
        context.drawImage(image, 0, 0);
        const data = context.getImageData(layout.from, layout.top, layout.to - layout.from, layout.bottom - layout.top).data;
        const width = layout.to - layout.from;
        const found = new Map<number, number>();
        for (let index = 0; index < data.length; index += 4) {
          const x = layout.from + ((index / 4) % width);
          if (layout.whole.some(([left, right]) => x >= left && x < right)) continue;
          if (Math.abs(data[index]! - rgb[0]) < 60 && Math.abs(data[index + 1]! - rgb[1]) < 60 && Math.abs(data[index + 2]! - rgb[2]) < 60) found.set(x, (found.get(x) ?? 0) + 1);
        }
        return [...found].map(([x, count]) => `x ${x}: ${count} px`);
      },
      { png: shot, rgb, layout },
    );
  } finally {
    await reader.close();
  }
}

test("at 300 px each table shows its first period's values whole; scrolled sideways, no part of a hidden column shows, and each table shows that it scrolls", TIMEOUT, async () => {
  const page = await openPreview(host, { width: 300, height: 900 });
  // VS Code's font; the values, the subtotals' frames and their words in a colour nothing else uses
  // (a rule added through the CSS object model, which the view's content security policy allows).
  await page.evaluate(() => {
    const root = document.documentElement.style;
    root.setProperty("--vscode-font-family", 'system-ui, "Ubuntu", "Droid Sans", sans-serif');
    root.setProperty("--vscode-font-size", "13px");
    root.setProperty("--vscode-editor-background", "rgb(255, 255, 255)");
    root.setProperty("--vscode-editorWidget-border", "rgb(200, 200, 200)");
    root.setProperty("--vscode-editorError-foreground", "rgb(255, 0, 255)");
    root.setProperty("--vscode-testing-iconPassed", "rgb(255, 0, 255)");
    document.styleSheets[0]!.insertRule("td.fs-cell, td.fs-cell * { color: rgb(255, 0, 255) !important; }", document.styleSheets[0]!.cssRules.length);
  });
  await sendCompare(page, messageFor(editedExample().old, editedExample().now));
  await settleFrames(page);
  const framed = await page.$$eval(".fc-rollup-worse, .fc-rollup-better", (cells) => cells.length);
  assert.ok(framed >= 2, `${framed} subtotals framed`);
  const sections = await page.locator("section.fs-statement").count();
  for (let section = 0; section < sections; section++) {
    const statement = page.locator("section.fs-statement").nth(section);
    const wrapper = statement.locator(".fs-table-scroll");
    await statement.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await settleFrames(page);
    // The first period's heading is whole in view (or, wider than the view, its start fills it):
    // beside the labels, or, where they scroll away with the columns (a column wider than the
    // room beside them), once scrolled to.
    const first = () =>
      wrapper.evaluate((element) => {
        const view = element.getBoundingClientRect();
        const cells = [...(element.querySelector("thead tr") as HTMLTableRowElement).cells].map((cell) => cell.getBoundingClientRect());
        const column = cells.findIndex((_, index) => index > 0 && element.querySelector(`thead tr > :nth-child(${index + 1})`)!.classList.contains("fs-col-period"));
        const free = element.classList.contains("fs-labels-scroll") ? view.left : cells[0]!.right;
        const box = cells[column]!;
        const right = Math.min(box.left + element.clientWidth, box.right);
        return {
          whole: box.left >= free - 0.5 && right <= view.left + element.clientWidth + 0.5,
          left: box.left - cells[0]!.left,
          labelsScroll: element.classList.contains("fs-labels-scroll"),
        };
      });
    let shown = await first();
    if (!shown.whole && shown.labelsScroll) {
      await wrapper.evaluate((element, left) => (element.scrollLeft = left), shown.left);
      await settleFrames(page);
      shown = await first();
    }
    assert.ok(shown.whole, `table ${section}: its first period is shown whole`);
    assert.deepEqual(await fragmentPixels(page, section, [255, 0, 255]), [], `table ${section} at its first period`);
    const range = await wrapper.evaluate((element) => element.scrollWidth - element.clientWidth);
    if (range <= 0.5) continue;
    for (const fraction of [0, 0.25, 0.5, 0.75, 1]) {
      await wrapper.evaluate((element, left) => (element.scrollLeft = left), Math.round(range * fraction));
      await settleFrames(page);
      const classes = (await wrapper.getAttribute("class")) ?? "";
      assert.equal(/\bfs-more-left\b/.test(classes), fraction > 0, `table ${section} at ${fraction}: shows whether more columns are to the left`);
      assert.equal(/\bfs-more-right\b/.test(classes), fraction < 1, `table ${section} at ${fraction}: shows whether more columns are to the right`);
      if (process.env.FS_SCREENSHOT_DIR !== undefined) await page.screenshot({ path: `${process.env.FS_SCREENSHOT_DIR}/compare-300-${section}-${fraction}.png` });
      assert.deepEqual(await fragmentPixels(page, section, [255, 0, 255]), [], `table ${section} at ${fraction}: a hidden column shows in part`);
    }
  }
  await page.close();
});

// Issue 30: at 300 px the balance sheet's first period (a long new value, 174 px) was wider than
// the room beside its labels (156 px), so the table opened on labels and nothing else, with no way
// to see that period whole.
test("at 300 px each table opens on its first period beside the labels, with every number, old or new or difference, whole or cut in its fraction only", TIMEOUT, async () => {
  const page = await openPreview(host, { width: 300, height: 900 });
  await page.evaluate(() => {
    document.documentElement.style.setProperty("--vscode-font-family", 'system-ui, "Ubuntu", "Droid Sans", sans-serif');
    document.documentElement.style.setProperty("--vscode-font-size", "13px");
  });
  await sendCompare(page, messageFor(editedExample().old, editedExample().now));
  const count = await scrollers(page);
  for (let table = 0; table < count; table++) {
    await page
      .locator("section.fs-statement")
      .nth(table)
      .evaluate((element) => element.scrollIntoView({ block: "start" }));
    await settleFrames(page);
    if (process.env.FS_SCREENSHOT_DIR !== undefined) await page.screenshot({ path: `${process.env.FS_SCREENSHOT_DIR}/compare-open-300-${table}.png` });
    let seen = await opening(page, table);
    // The labels may scroll away with the columns: the balance sheet's subtotal difference
    // "+48,210,939,444.1…" (bold, on one line), and a unit column and "411,872,306.5…", are wider
    // than the room beside the labels at 300 px; then the first period is seen whole once scrolled
    // to, and no number is shown in part.
    const labelsScroll = seen.labelsScroll;
    if (labelsScroll) {
      await page.evaluate((index) => {
        const scroller = (window as unknown as { __scrollers: HTMLElement[] }).__scrollers[index]!;
        const first = scroller.querySelector("th.fs-col-period") as HTMLElement;
        scroller.scrollLeft = first.getBoundingClientRect().left - scroller.getBoundingClientRect().left;
      }, table);
      await settleFrames(page);
      seen = await opening(page, table);
    }
    assert.ok(seen.cells > 1, `table ${table} has its heading and values in view`);
    assert.deepEqual(seen.hidden, [], `table ${table} opens without its first period's numbers beside the labels`);
    // Scrolled to its first period with the labels away, no label column takes up the room the next column does not fit in.
    if (seen.scrolls && !labelsScroll) assert.ok(seen.empty <= EMPTY_PX, `table ${table} leaves ${Math.round(seen.empty)} px empty beside its "next column" button`);
    assert.deepEqual(await numbersNotWhole(page, table), [], `table ${table} shows a number in part`);
  }
  await page.close();
});
