// The preview page in German, in a real browser: the extension's shell carries the display
// language and the German bundle (as previewPanel.ts passes vscode.env.language and
// vscode.l10n.bundle), and the page shows German labels, German number separators on the exact
// stored digits, and German dates, while data attributes and copies keep the stored values.

import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import * as l10n from "@vscode/l10n";
import type { Page } from "playwright-core";
import { displayFormat } from "../../shared/src/render/localeFormat";
import { modelMessageFor, openPreview, send, startPreviewHost, type PreviewHost } from "./page";
import { readJson, upstreamRoot } from "../support/paths";
import { germanBundle } from "../support/germanBundle";

const TIMEOUT = { timeout: 60_000 };
const german = germanBundle();
const de = displayFormat("de");
// What the extension does on activation (client/src/l10n.ts) and the server on initialize: the
// shell's static words and the model's titles are made in those processes, this one here.
l10n.config({ contents: german });

interface Example {
  statements: { items: { id: string; values: Record<string, unknown> }[] }[];
}

let host: PreviewHost;
let page: Page;

before(async () => {
  host = await startPreviewHost({ locale: "de", bundle: german });
  page = await openPreview(host, { width: 1100, height: 600 });
});
after(async () => {
  await page?.close();
  await host?.close();
});

test("German labels, numbers and dates; values stay exact", TIMEOUT, async () => {
  const document = readJson<Example>(join(upstreamRoot, "examples", "manufacturing-group.json"));
  // A value with 20 significant digits (a JS number would round it) and a negative one.
  document.statements[0]!.items[0]!.values["at-2025"] = "12345678901234567890.5";
  document.statements[0]!.items[1]!.values["at-2025"] = "-1234.75";
  await send(page, modelMessageFor(document, 1));
  await page.waitForSelector("table.fs-table");

  assert.equal(await page.getAttribute("html", "lang"), "de");
  assert.match(await page.title(), /^Vorschau \S/);
  assert.equal((await page.textContent("th.fs-col-item"))?.trim(), "Position");
  assert.equal(await page.textContent(".fs-preview-lock"), "Gesperrt");
  // Every value cell shows its stored decimal with German separators (its first text; a flag may follow).
  const cells = await page.$$eval("td.fs-cell[data-value]", (tds) => tds.map((td) => ({ value: td.getAttribute("data-value")!, text: td.childNodes[0]?.textContent ?? "" })));
  assert.ok(cells.length > 20);
  for (const { value, text } of cells) assert.equal(text, de.number(value), value);
  assert.ok(cells.some(({ text }) => text === "12.345.678.901.234.567.890,5"));
  assert.ok(cells.some(({ text }) => text === "-1.234,75"));
  // Period headers in the German date form; the title keeps the stored date.
  const headers = await page.$$eval("th.fs-col-period", (ths) => ths.map((th) => ({ text: th.textContent ?? "", title: th.getAttribute("title") ?? "" })));
  assert.ok(
    headers.some(({ text, title }) => text === "31.12.2025" && title === "2025-12-31"),
    JSON.stringify(headers),
  );
  // A duration's heading and a cell's name join its two dates by the one period-label rule (model/names.ts datesLabel).
  assert.ok(
    headers.some(({ text, title }) => text === "01.01.2025 – 31.12.2025" && title === "2025-01-01 – 2025-12-31"),
    JSON.stringify(headers),
  );
  const revenue = page.locator('[data-pointer="/statements/1/items/2/values/fy2025"]');
  await revenue.focus();
  assert.equal(await revenue.getAttribute("aria-label"), "Revenue, 01.01.2025 – 31.12.2025: 100");
  // The status words: the contract's word stays, the counts are German.
  assert.match((await page.textContent("#fs-preview-status")) ?? "", /nicht erfüllt/);
});

test("the find box speaks German", TIMEOUT, async () => {
  await page.locator("td.fs-value").first().click();
  await page.keyboard.press("Control+f");
  await page.waitForSelector("#fs-preview-find:not([hidden])");
  assert.equal(await page.getAttribute(".fs-find-input", "aria-label"), "In der Vorschau suchen");
  await page.fill(".fs-find-input", "zzz-no-such-row");
  await page.waitForFunction(() => document.querySelector(".fs-find-count")?.textContent === "Keine Ergebnisse");
});

test("editing a cell in German: the value is shown and typed with German separators, the keyword is German", TIMEOUT, async () => {
  await page.keyboard.press("Escape");
  const cell = page.locator('[data-pointer="/statements/0/items/1/values/at-2025"]');
  await cell.focus();
  assert.equal(await cell.getAttribute("aria-label"), "Inventory, 31.12.2025: -1.234,75");
  await page.keyboard.press("F2");
  const input = cell.locator("input.fs-cell-editor");
  assert.equal(await input.inputValue(), "-1.234,75");
  await input.fill("1.234.567,5");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
  // The English habit is an error in German, with a German message; nothing is written.
  await cell.focus();
  await page.keyboard.press("Enter");
  await input.fill("1,234.5");
  await page.keyboard.press("Enter");
  assert.match((await page.locator(".fs-cell-message").textContent()) ?? "", /Trennzeichen/);
  await input.fill("k. A.");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => window.__posted.filter((message) => message.type === "edit").length === 2);
  const writes = (await page.evaluate(() => window.__posted)).flatMap((message) => (message.type === "edit" ? message.writes.map((write) => write.content) : []));
  assert.deepEqual(writes, [{ kind: "value", decimal: "1234567.5" }, { kind: "unavailable" }]);
});
