// The preview's "why" panel in a real browser: pointing at, focusing or clicking a failing subtotal
// asks the extension about that cell of that model version (once), the answer made by the real
// language service is shown (stale answers never are), a cause reveals its item, Escape closes the
// panel, and a new version asks again while the cell still fails and closes it once it holds. A
// subtotal whose check cannot be evaluated is explained too: by the cells that hold no value. The
// extension asks for a cell's panel itself when a failing subtotal's lens is clicked.

import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import type { CellExplanation } from "../../protocol/lsp";
import type { WebviewToExtension } from "../../protocol/webview";
import * as service from "../../server/src/service/index";
import { createService } from "../server/service";
import { readJson, upstreamRoot } from "../support/paths";
import { DOCUMENT_URI, modelMessageFor, patchMessageFor, posted, send, usePreviewHost } from "./page";

const TIMEOUT = { timeout: 60_000 };
const GROSS_PROFIT_FY2025 = "/statements/1/items/6/values/fy2025";
const REVENUE_FY2025 = "/statements/1/items/2/values/fy2025";
const PANEL = "#fs-preview-explanation";

interface Example {
  statements: { items: { id: string; values: Record<string, unknown> }[] }[];
}

function example(): Example {
  return readJson<Example>(join(upstreamRoot, "examples", "manufacturing-group.json"));
}

/** What the language server answers for `pointer` of `document` at model version `version`. */
function explanationOf(document: Example, version: number, pointer: string): CellExplanation | null {
  const server = createService();
  server.open(DOCUMENT_URI, JSON.stringify(document, null, 2), version);
  return server.with(DOCUMENT_URI, (analysis) => service.cellExplanation(analysis, version, pointer));
}

async function explainMessages(page: Page): Promise<Extract<WebviewToExtension, { type: "explain" }>[]> {
  return (await posted(page)).filter((message): message is Extract<WebviewToExtension, { type: "explain" }> => message.type === "explain");
}

async function waitForExplainCount(page: Page, count: number): Promise<void> {
  await page.waitForFunction((wanted) => window.__posted.filter((message) => message.type === "explain").length === wanted, count);
}

/** Sends `explanation` as the answer about the subtotal's cell at model `version` and waits for the panel. */
async function answer(p: Page, explanation: CellExplanation | null, version = 1): Promise<void> {
  await send(p, { type: "explanation", uri: DOCUMENT_URI, version, pointer: GROSS_PROFIT_FY2025, explanation });
  await p.locator(PANEL).waitFor({ state: "visible" });
}

/**
 * `ask` (a focus, a click…) on the subtotal's cell, then its one question, answered with what the
 * language service says of `doc`; the panel shown. The answer sent.
 */
async function askAndAnswer(p: Page, cell: Locator, doc: Example, ask: (cell: Locator) => Promise<void>): Promise<CellExplanation | null> {
  await ask(cell);
  await waitForExplainCount(p, 1);
  const explanation = explanationOf(doc, 1, GROSS_PROFIT_FY2025);
  await answer(p, explanation);
  return explanation;
}

describe("FS preview: why a subtotal fails", () => {
  const preview = usePreviewHost();

  /** A page of `size` showing `doc` as model version 1, and the subtotal's cell once it wears `className`. */
  async function paint(size: { width: number; height: number }, doc: Example, className = "fs-inconsistent"): Promise<{ p: Page; cell: Locator }> {
    const p = await preview.open(size);
    await send(p, modelMessageFor(doc, 1));
    const cell = p.locator(`td.${className}[data-pointer="${GROSS_PROFIT_FY2025}"]`);
    await cell.waitFor();
    return { p, cell };
  }

  test("pointing at a failing subtotal asks once and shows the server's causes; a cause reveals its item; Escape closes", TIMEOUT, async () => {
    const doc = example();
    const { p, cell: failing } = await paint({ width: 900, height: 900 }, doc);
    assert.equal(await p.locator(PANEL).isHidden(), true, "no panel before anything is asked");

    await p.hover(`td[data-pointer="${REVENUE_FY2025}"]`);
    await failing.hover();
    await waitForExplainCount(p, 1);
    assert.deepEqual(await explainMessages(p), [{ type: "explain", uri: DOCUMENT_URI, version: 1, pointer: GROSS_PROFIT_FY2025 }], "only the failing cell asks");

    const explanation = explanationOf(doc, 1, GROSS_PROFIT_FY2025);
    assert.ok(explanation !== null && explanation.causes.length > 0, "the service explains the example's failing cell");
    // A stale answer (another version, another cell) is never shown.
    await send(p, { type: "explanation", uri: DOCUMENT_URI, version: 0, pointer: GROSS_PROFIT_FY2025, explanation });
    await send(p, { type: "explanation", uri: DOCUMENT_URI, version: 1, pointer: REVENUE_FY2025, explanation });
    await answer(p, explanation);
    const shown = (await p.textContent(PANEL)) ?? "";
    // Periods are named as the column headings name them, not by their ids ("fy2025").
    assert.match(shown, /Gross profit 2025-01-01 – 2025-12-31: 41 stated, children sum to 40 \(difference 1, tolerance 0\)\./);
    assert.match(shown, /Gross profit holds in 2024-01-01 – 2024-12-31, which points at a typing error in 2025-01-01 – 2025-12-31\./);
    assert.doesNotMatch(shown, /fy202[45]/);
    assert.equal(await p.locator(`${PANEL} li`).count(), explanation.causes.length);

    // Pointing at it again asks nothing more.
    await p.hover(`td[data-pointer="${REVENUE_FY2025}"]`);
    await failing.hover();
    assert.equal((await explainMessages(p)).length, 1);

    const withItem = explanation.causes.find((cause) => cause.pointer !== undefined);
    assert.ok(withItem?.pointer !== undefined);
    await p.locator(`${PANEL} button.fs-explanation-cause[data-cause-pointer="${withItem.pointer}"]`).first().click();
    await p.waitForFunction((pointer) => window.__posted.some((message) => message.type === "reveal" && message.pointer === pointer), withItem.pointer);

    await p.keyboard.press("Escape");
    await p.locator(PANEL).waitFor({ state: "hidden" });
    assert.deepEqual(await p.evaluate(() => window.__violations), []);
  });

  test("a subtotal that cannot be checked (a child holds no value): the panel says why, names each such child and reveals it; no children's sum is offered", TIMEOUT, async () => {
    const doc = example();
    doc.statements[1]!.items[2]!.values.fy2025 = null;
    doc.statements[1]!.items[5]!.values.fy2025 = { unavailable: true };
    const { p, cell: blocked } = await paint({ width: 900, height: 900 }, doc, "fs-rollup-error");
    await blocked.hover();
    await waitForExplainCount(p, 1);
    assert.deepEqual(await explainMessages(p), [{ type: "explain", uri: DOCUMENT_URI, version: 1, pointer: GROSS_PROFIT_FY2025 }]);

    const explanation = explanationOf(doc, 1, GROSS_PROFIT_FY2025);
    assert.ok(explanation?.notEvaluated === true, "the service explains the check it could not evaluate");
    await answer(p, explanation);
    assert.equal(await p.textContent(`${PANEL} .fs-explanation-title`), "Why this subtotal cannot be checked");
    assert.equal(await p.textContent(`${PANEL} .fs-explanation-summary`), "Gross profit 2025-01-01 – 2025-12-31 cannot be checked.");
    assert.deepEqual(await p.locator(`${PANEL} button.fs-explanation-cause`).allTextContents(), [
      "Revenue 2025-01-01 – 2025-12-31 has no value (null).",
      "Cost of sales 2025-01-01 – 2025-12-31 is marked unavailable.",
    ]);
    // Each cause is said once (the summary named the first one again).
    assert.equal(((await p.textContent(PANEL)) ?? "").split("Revenue 2025-01-01 – 2025-12-31 has no value").length, 2);
    assert.equal(await p.locator(`${PANEL} .fs-explanation-sum`).count(), 0, "no children's sum to set");

    const costOfSales = "/statements/1/items/5/values/fy2025";
    await p.locator(`${PANEL} button.fs-explanation-cause[data-cause-pointer="${costOfSales}"]`).click();
    await p.waitForFunction((pointer) => window.__posted.some((message) => message.type === "reveal" && message.pointer === pointer), costOfSales);

    // Once the values are known and the check fails, the same cell is asked about again.
    await send(p, patchMessageFor(doc, example(), 1, 2));
    await p.locator(`td.fs-inconsistent[data-pointer="${GROSS_PROFIT_FY2025}"]`).waitFor();
    await waitForExplainCount(p, 2);
    assert.deepEqual(await p.evaluate(() => window.__violations), []);
  });

  test("the panel goes away when its cell scrolls out of view, and a pointer the table scrolls under asks nothing", TIMEOUT, async () => {
    const doc = example();
    const { p, cell: failing } = await paint({ width: 900, height: 420 }, doc);
    await askAndAnswer(p, failing, doc, async (cell) => {
      await cell.evaluate((element) => element.scrollIntoView({ block: "center" }));
      await cell.click();
    });
    // Scrolled away (the pointer stays where it was, over other rows): the panel goes with its cell,
    // and the cells passing under the resting pointer ask nothing.
    await p.$eval("#fs-preview-content", (content) => {
      content.scrollTop += 2000;
    });
    await p.locator(PANEL).waitFor({ state: "hidden" });
    await p.$eval("#fs-preview-content", (content) => {
      content.scrollTop = 0;
    });
    await p.locator(PANEL).waitFor({ state: "hidden" });
    assert.equal((await explainMessages(p)).length, 1);
  });

  test("focusing the cell asks too; a new version asks again while it fails and closes the panel once it holds", TIMEOUT, async () => {
    const doc = example();
    const { p, cell: failing } = await paint({ width: 900, height: 900 }, doc);
    await askAndAnswer(p, failing, doc, (cell) => cell.focus());

    // Another cell changes (version 2): the subtotal still fails, so the page asks about version 2.
    const edited = example();
    edited.statements[4]!.items[2]!.values.fy2025 = "61";
    await send(p, patchMessageFor(doc, edited, 1, 2));
    await waitForExplainCount(p, 2);
    assert.deepEqual((await explainMessages(p))[1], { type: "explain", uri: DOCUMENT_URI, version: 2, pointer: GROSS_PROFIT_FY2025 });
    assert.equal(await p.locator(PANEL).isVisible(), true, "the last explanation stays while the new one is asked for");

    // The subtotal is fixed (version 3): the panel closes.
    const fixed = example();
    fixed.statements[4]!.items[2]!.values.fy2025 = "61";
    fixed.statements[1]!.items[6]!.values.fy2025 = "40";
    await send(p, patchMessageFor(edited, fixed, 2, 3));
    await p.locator(PANEL).waitFor({ state: "hidden" });
    // An answer for version 2 arriving late is not shown.
    await send(p, { type: "explanation", uri: DOCUMENT_URI, version: 2, pointer: GROSS_PROFIT_FY2025, explanation: explanationOf(edited, 2, GROSS_PROFIT_FY2025) });
    assert.equal(await p.locator(PANEL).isHidden(), true);
  });

  // Issue 30's tryout: a cause that wraps had its list number beside its last line.
  test(
    "a failing subtotal's lens clicked in the editor (a highlight that explains): its cell is revealed and selected, asked about once, and its panel shown; a cell that holds asks nothing",
    TIMEOUT,
    async () => {
      const doc = example();
      // Short: the subtotal's row is out of view until the highlight reveals it.
      const { p, cell } = await paint({ width: 900, height: 260 }, doc);
      assert.equal(await p.evaluate(() => document.getElementById("fs-preview-content")!.scrollTop), 0, "the subtotal starts out of view");
      await send(p, { type: "highlight", pointer: GROSS_PROFIT_FY2025, reveal: true, explain: true });
      await waitForExplainCount(p, 1);
      assert.deepEqual(await explainMessages(p), [{ type: "explain", uri: DOCUMENT_URI, version: 1, pointer: GROSS_PROFIT_FY2025 }]);
      await p.locator(`td.fs-selected[data-pointer="${GROSS_PROFIT_FY2025}"]`).waitFor();
      // Revealed: scrolled into view (it was below the fold).
      await p.waitForFunction((pointer) => {
        const scroller = document.getElementById("fs-preview-content")!;
        const box = document.querySelector(`td[data-pointer="${pointer}"]`)?.getBoundingClientRect();
        const view = scroller.getBoundingClientRect();
        return scroller.scrollTop > 0 && box !== undefined && box.top >= view.top && box.bottom <= view.bottom;
      }, GROSS_PROFIT_FY2025);
      await answer(p, explanationOf(doc, 1, GROSS_PROFIT_FY2025));
      assert.match((await p.textContent(PANEL)) ?? "", /41 stated, children sum to 40/);
      // A plain highlight (the cursor moving) asks nothing; an explaining one on a cell that holds selects it and asks nothing.
      await send(p, { type: "highlight", pointer: REVENUE_FY2025, reveal: true });
      await send(p, { type: "highlight", pointer: REVENUE_FY2025, reveal: true, explain: true });
      await p.locator(`td.fs-selected[data-pointer="${REVENUE_FY2025}"]`).waitFor();
      assert.equal((await explainMessages(p)).length, 1);
      assert.equal(await cell.evaluate((element) => element.ownerDocument.activeElement === element), false, "the keyboard is not taken");
      assert.deepEqual(await p.evaluate(() => window.__violations), []);
    },
  );

  test("in a narrow panel, each cause's list number is beside the first line of its text", TIMEOUT, async () => {
    const doc = example();
    const { p, cell: failing } = await paint({ width: 320, height: 900 }, doc);
    await askAndAnswer(p, failing, doc, (cell) => cell.focus());
    if (process.env.FS_SCREENSHOT_DIR !== undefined) await p.locator(PANEL).screenshot({ path: `${process.env.FS_SCREENSHOT_DIR}/why-panel-320.png` });
    // The number sits on its entry's first line box: where text put before the cause would be.
    const entries = await p.$$eval(`${PANEL} li`, (items) =>
      items.map((item) => {
        const cause = (item.querySelector("button") ?? item) as HTMLElement;
        const range = document.createRange();
        range.setStart(cause.firstChild ?? cause, 0);
        range.setEnd(cause.firstChild ?? cause, 1);
        const first = range.getClientRects()[0]!;
        // A zero-width probe: it takes no room from the cause, so the cause stays where it was.
        const probe = document.createElement("span");
        probe.textContent = "\u200b";
        item.prepend(probe);
        const marker = probe.getBoundingClientRect();
        probe.remove();
        return { lines: Math.round(cause.getBoundingClientRect().height / first.height), offset: Math.round(marker.top - first.top) };
      }),
    );
    assert.ok(
      entries.some((entry) => entry.lines > 1),
      `a cause wraps at 320 px: ${JSON.stringify(entries)}`,
    );
    for (const entry of entries) assert.ok(Math.abs(entry.offset) <= 3, `a list number is ${entry.offset} px off its cause's first line: ${JSON.stringify(entries)}`);
  });
});
