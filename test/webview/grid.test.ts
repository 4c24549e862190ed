// The preview as an editable grid, in a real browser: grid semantics, the keyboard model (Enter, F2,
// typing, double-click start; Enter, Tab commit and move; Escape cancels; arrows move), invalid
// input shown at the cell with nothing written, the write posted to the extension as one edit
// message, a refused write shown and undone in the cell, undo/redo keys, and the read-only grid.
// Waits are on selectors and posted messages only.

import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import type { EditMessage, WebviewToExtension } from "../../protocol/webview";
import { readJson, upstreamRoot } from "../support/paths";
import { modelMessageFor, patchMessageFor, posted, send, usePreviewHost } from "./page";

const TIMEOUT = { timeout: 60_000 };
const CASH = '[data-pointer="/statements/0/items/0/values/at-2025"]';
const CASH_2024 = '[data-pointer="/statements/0/items/0/values/at-2024"]';
const INVENTORY = '[data-pointer="/statements/0/items/1/values/at-2025"]';

function example(): unknown {
  return readJson<unknown>(join(upstreamRoot, "examples", "manufacturing-group.json"));
}

function edits(messages: WebviewToExtension[]): EditMessage[] {
  return messages.filter((message): message is EditMessage => message.type === "edit");
}

async function activePointer(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pointer);
}

describe("the preview grid", () => {
  const preview = usePreviewHost();

  async function painted(extra = {}, document = example(), viewport = { width: 1000, height: 1200 }): Promise<Page> {
    const page = await preview.open(viewport);
    await send(page, modelMessageFor(document, 1, extra));
    await page.waitForSelector("table.fs-table");
    return page;
  }

  test("grid semantics: role=grid, the focused cell announced with its row label, period and value, the scale in its tooltip", TIMEOUT, async () => {
    const p = await painted();
    assert.equal(await p.locator("table.fs-table").first().getAttribute("role"), "grid");
    await p.locator(CASH).focus();
    assert.equal(await p.locator(CASH).getAttribute("aria-label"), "Cash, 2025-12-31: 400");
    assert.match((await p.locator(CASH).getAttribute("title")) ?? "", /Unit: KRW millions \(KRW, scale 6\)\. Values are typed as the table shows them\./);
    // Arrows move between cells when no cell is being edited.
    await p.keyboard.press("ArrowDown");
    assert.equal(await activePointer(p), "/statements/0/items/1/values/at-2025");
    await p.keyboard.press("ArrowRight");
    assert.equal(await activePointer(p), "/statements/0/items/1/values/at-2024");
  });

  test("Enter edits, Enter commits and moves down, Tab commits and moves right, Escape cancels; one edit message per commit", TIMEOUT, async () => {
    const p = await painted();
    await p.locator(CASH).focus();
    await p.keyboard.press("Enter");
    const input = p.locator(`${CASH} input.fs-cell-editor`);
    assert.equal(await input.inputValue(), "400");
    await p.keyboard.type("(1,234.50)");
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
    assert.deepEqual(
      edits(await posted(p)).map((message) => message.writes),
      [[{ pointer: "/statements/0/items/0/values/at-2025", content: { kind: "value", decimal: "-1234.5" } }]],
    );
    assert.equal(await p.locator(`${CASH} input`).count(), 0);
    assert.equal(await p.locator(CASH).textContent(), "-1,234.5", "shown at once, until the patch repaints it");
    assert.equal(await activePointer(p), "/statements/0/items/1/values/at-2025", "Enter moved down");

    // Typing a digit starts editing with that digit; Tab commits and moves right.
    await p.keyboard.press("7");
    assert.equal(await p.locator(`${INVENTORY} input`).inputValue(), "7");
    await p.keyboard.type("00");
    await p.keyboard.press("Tab");
    await p.waitForFunction(() => window.__posted.filter((message) => message.type === "edit").length === 2);
    assert.deepEqual(edits(await posted(p))[1]?.writes, [{ pointer: "/statements/0/items/1/values/at-2025", content: { kind: "value", decimal: "700" } }]);
    assert.equal(await activePointer(p), "/statements/0/items/1/values/at-2024", "Tab moved right");

    // '-' and '(' start editing too; Escape cancels and the cell keeps its value.
    for (const key of ["-", "("]) {
      await p.keyboard.press(key);
      assert.equal(await p.locator("input.fs-cell-editor").inputValue(), key);
      await p.keyboard.press("Escape");
      assert.equal(await p.locator("input.fs-cell-editor").count(), 0);
      assert.equal(await p.locator('[data-pointer="/statements/0/items/1/values/at-2024"]').textContent(), "550");
      assert.equal(await activePointer(p), "/statements/0/items/1/values/at-2024");
    }
    // Any character starts editing a value cell, as in a spreadsheet ("n/a", ".5"); Backspace and
    // Delete start with an empty input.
    for (const [key, value] of [
      ["n", "n"],
      [".", "."],
      ["+", "+"],
      ["Backspace", ""],
      ["Delete", ""],
    ] as const) {
      await p.keyboard.press(key);
      assert.equal(await p.locator("input.fs-cell-editor").inputValue(), value, key);
      await p.keyboard.press("Escape");
      assert.equal(await p.locator("input.fs-cell-editor").count(), 0);
    }
    // F2 edits; committing the same value writes nothing.
    await p.keyboard.press("F2");
    await p.keyboard.press("Enter");
    assert.equal(edits(await posted(p)).length, 2);
  });

  test("while a cell is edited, text keys stay in its editor and the workbench's shortcuts reach the page's window, which VS Code forwards", TIMEOUT, async () => {
    const p = await painted();
    // VS Code's webview host listens on the page's window (pre/index.html, handleInnerKeydown).
    await p.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __windowKeys: string[] }).__windowKeys = seen;
      // Modifier keys alone carry nothing to check.
      window.addEventListener("keydown", (event) => {
        if (!["Control", "Shift", "Alt", "Meta"].includes(event.key)) seen.push(`${event.ctrlKey ? "Ctrl+" : ""}${event.key}`);
      });
    });
    const windowKeys = (): Promise<string[]> => p.evaluate(() => (window as unknown as { __windowKeys: string[] }).__windowKeys);
    await p.locator(CASH).focus();
    await p.keyboard.press("F2");
    const input = p.locator(`${CASH} input.fs-cell-editor`);
    await input.waitFor();
    await p.evaluate(() => (window as unknown as { __windowKeys: string[] }).__windowKeys.splice(0));
    await p.keyboard.type("12");
    for (const key of ["ArrowLeft", "Home", "Control+ArrowRight", "Control+a", "Backspace"]) await p.keyboard.press(key);
    assert.deepEqual(await windowKeys(), [], "keys that edit the text stay in the editor");
    for (const key of ["Control+p", "F1", "Control+s"]) await p.keyboard.press(key);
    assert.deepEqual(await windowKeys(), ["Ctrl+p", "F1", "Ctrl+s"]);
    assert.equal(await input.count(), 1, "the editor stays while the workbench's keys pass");
    assert.equal(await activePointer(p), undefined, "the focus is in the editor's text box, not moved to another cell");
    await p.keyboard.press("Escape");
    assert.deepEqual(await windowKeys(), ["Ctrl+p", "F1", "Ctrl+s"], "Escape is the editor's");
    assert.equal(edits(await posted(p)).length, 0);
  });

  test("empty input writes null, the keyword writes unavailable, invalid input is shown at the cell and nothing is written", TIMEOUT, async () => {
    const p = await painted();
    await p.locator(CASH_2024).dblclick();
    const input = p.locator(`${CASH_2024} input.fs-cell-editor`);
    await input.waitFor();
    assert.equal(await input.evaluate((element) => element === document.activeElement), true, "a double-click edits");
    await p.keyboard.press("Delete");
    await p.keyboard.type("12abc");
    await p.keyboard.press("Enter");
    const message = p.locator(".fs-cell-message[role=alert]");
    await message.waitFor();
    assert.match((await message.textContent()) ?? "", /Not a number/);
    assert.equal(await input.getAttribute("aria-invalid"), "true");
    assert.equal(edits(await posted(p)).length, 0, "nothing written");
    await input.fill("  ");
    await p.keyboard.press("Enter");
    await input.waitFor({ state: "detached" });
    await p.locator(CASH_2024).focus();
    await p.keyboard.press("Enter");
    await p.keyboard.type("n/a");
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => window.__posted.filter((message) => message.type === "edit").length === 2);
    assert.deepEqual(
      edits(await posted(p)).map((message) => message.writes[0]?.content),
      [{ kind: "missing" }, { kind: "unavailable" }],
    );
  });

  test("a label is edited in the label column; + and - there still fold the group", TIMEOUT, async () => {
    const p = await painted();
    const label = p.locator('tr[data-item="cash"] th.fs-item');
    await label.focus();
    await p.keyboard.press("Enter");
    const input = p.locator('tr[data-item="cash"] th input.fs-cell-editor');
    assert.equal(await input.inputValue(), "Cash");
    await input.fill('Cash "on hand" \\ at banks');
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
    assert.deepEqual(edits(await posted(p))[0]?.writes, [{ pointer: "/statements/0/items/0/label", content: { kind: "text", text: 'Cash "on hand" \\ at banks' } }]);
    await p.locator('tr[data-item="assets"] th.fs-item').focus();
    await p.keyboard.press("-");
    await p.waitForFunction(() => document.querySelector('tr[data-item="cash"]') === null);
    assert.equal(await p.locator("input.fs-cell-editor").count(), 0);
  });

  test("a patch that moves rows while a cell is edited keeps the editor and what was typed", TIMEOUT, async () => {
    const p = await painted();
    await p.locator(INVENTORY).focus();
    await p.keyboard.press("1");
    await p.keyboard.press("2");
    // Another row's label changes (a row replaced: a structural patch, as a label edit arrives).
    const before = example() as { statements: { items: { label: string }[] }[] };
    const after = example() as { statements: { items: { label: string }[] }[] };
    after.statements[0]!.items[0]!.label = "Cash and equivalents";
    await send(p, patchMessageFor(before, after, 1, 2));
    await p.waitForSelector('tr[data-item="cash"] th:has-text("Cash and equivalents")');
    const input = p.locator(`${INVENTORY} input.fs-cell-editor`);
    assert.equal(await input.inputValue(), "12");
    await p.keyboard.press("3");
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
    assert.deepEqual(edits(await posted(p))[0]?.writes, [{ pointer: "/statements/0/items/1/values/at-2025", content: { kind: "value", decimal: "123" } }]);
  });

  test("a write the extension refused goes back to the cell's value and says which cell", TIMEOUT, async () => {
    const p = await painted();
    await p.locator(CASH).focus();
    await p.keyboard.press("5");
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
    const [edit] = edits(await posted(p));
    assert.equal(await p.locator(CASH).textContent(), "5");
    await send(p, {
      type: "editResult",
      id: edit!.id,
      written: false,
      message: "Nothing was written: these cells are no longer in the document.",
      pointers: [edit!.writes[0]!.pointer],
    });
    await p.waitForFunction((selector) => document.querySelector(selector)?.textContent === "400", CASH);
    assert.equal(await p.locator(".fs-cell-message").textContent(), "Nothing was written: these cells are no longer in the document. Cash, 2025-12-31");
  });

  test("a 3×4 block pasted at the focused cell is one edit of those cells; a bad block writes nothing and names the cells", TIMEOUT, async () => {
    const p = await painted();
    // At the label column of the first row: labels and values together.
    await p.locator('[data-pointer="/statements/0/items/0"] th.fs-item').focus();
    const paste = (text: string) =>
      p.evaluate((data) => {
        const transfer = new DataTransfer();
        transfer.setData("text/plain", data);
        document.activeElement?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
      }, text);
    await paste('Cash\t1,234.5\t(1,000)\r\n"Inventory, ""raw"""\t2\t3\r\nTotal\t−4\t\r\nLiabilities\t5\t6\r\n');
    await p.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
    const [edit] = edits(await posted(p));
    assert.equal(edit?.writes.length, 12);
    assert.deepEqual(edit?.writes.slice(0, 4), [
      { pointer: "/statements/0/items/0/label", content: { kind: "text", text: "Cash" } },
      { pointer: "/statements/0/items/0/values/at-2025", content: { kind: "value", decimal: "1234.5" } },
      { pointer: "/statements/0/items/0/values/at-2024", content: { kind: "value", decimal: "-1000" } },
      { pointer: "/statements/0/items/1/label", content: { kind: "text", text: 'Inventory, "raw"' } },
    ]);
    assert.deepEqual(edit?.writes[8], { pointer: "/statements/0/items/2/values/at-2024", content: { kind: "missing" } });
    assert.deepEqual(edit?.writes[11], { pointer: "/statements/0/items/3/values/at-2024", content: { kind: "value", decimal: "6" } });
    // A 3×4 block of numbers at a value cell runs past the two period columns: nothing, and why.
    await p.locator(CASH).focus();
    await paste("1\t2\t3\t4\n5\t6\t7\t8\n9\t10\t11\t12");
    await p.locator(".fs-cell-message").waitFor();
    assert.match((await p.locator(".fs-cell-message").textContent()) ?? "", /runs past the table: its last 2 columns have no column in the table/);
    await p.locator(CASH).focus();
    await paste("1\tx\n2\t3");
    await p.waitForFunction(() => /not a number/.test(document.querySelector(".fs-cell-message")?.textContent ?? ""));
    assert.match((await p.locator(".fs-cell-message").textContent()) ?? "", /Cash, 2024-12-31$/);
    assert.equal(edits(await posted(p)).length, 1);
  });

  test("Ctrl+V pastes the clipboard's text at the focused cell, as the browser hands it to the page", TIMEOUT, async () => {
    const p = await painted();
    await p.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: preview.host.origin });
    await p.evaluate(() => navigator.clipboard.writeText("7\t8\r\n9\t10\r\n"));
    await p.locator(CASH).click();
    await p.keyboard.press("Control+V");
    await p.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
    assert.deepEqual(
      edits(await posted(p))[0]?.writes.map((write) => [write.pointer, write.content]),
      [
        ["/statements/0/items/0/values/at-2025", { kind: "value", decimal: "7" }],
        ["/statements/0/items/0/values/at-2024", { kind: "value", decimal: "8" }],
        ["/statements/0/items/1/values/at-2025", { kind: "value", decimal: "9" }],
        ["/statements/0/items/1/values/at-2024", { kind: "value", decimal: "10" }],
      ],
    );
  });

  test("moving and pasting skip the rows of a collapsed group; on a virtualized table, Ctrl+F finds a row far below, a click and typing edit its cell", TIMEOUT, async () => {
    const doc = example() as { statements: { id: string; label: string; periods: string[]; items: unknown[] }[] };
    const items: unknown[] = [];
    for (let index = 0; index < 2999; index += 1) {
      items.push({ id: `line-${index}`, label: `Line item ${index}`, unit: "krw-millions", rollupTo: "total", values: { "at-2025": String(1000 + index), "at-2024": "1" } });
    }
    items.push({ id: "total", label: "Total of the lines", unit: "krw-millions", values: { "at-2025": "0", "at-2024": "2999" } });
    const large = doc.statements.length;
    doc.statements.push({ id: "large", label: "Large statement", periods: ["at-2025", "at-2024"], items });
    const p = await painted({}, doc, { width: 1000, height: 700 });
    assert.ok((await p.locator("table.fs-table").nth(large).locator("tbody tr").count()) < 300, "only the rows in view are drawn");

    // The balance sheet: Total assets folded hides Cash and Inventory.
    const assets = '[data-pointer="/statements/0/items/2/values/at-2025"]';
    await p.locator('[data-pointer="/statements/0/items/2"] th.fs-item').focus();
    await p.keyboard.press("-");
    await p.waitForFunction(() => document.querySelector('tr[data-pointer="/statements/0/items/0"]') === null);
    await p.locator(assets).focus();
    await p.keyboard.press("ArrowUp");
    assert.equal(await activePointer(p), "/statements/0/items/2/values/at-2025", "nothing above Total assets is shown");
    await p.keyboard.press("ArrowDown");
    assert.equal(await activePointer(p), "/statements/0/items/3/values/at-2025", "down from Total assets is Liabilities");
    await p.keyboard.press("5");
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
    assert.deepEqual(edits(await posted(p))[0]?.writes, [{ pointer: "/statements/0/items/3/values/at-2025", content: { kind: "value", decimal: "5" } }]);
    // The document's patches keep the group folded: the value written, then a label's (rows replaced).
    const written = structuredClone(doc) as { statements: { items: { label: string; values: Record<string, string> }[] }[] };
    written.statements[0]!.items[3]!.values["at-2025"] = "5";
    await send(p, patchMessageFor(doc, written, 1, 2));
    await p.waitForFunction(() => document.querySelector('[data-pointer="/statements/0/items/3/values/at-2025"]')?.textContent === "5");
    const relabelled = structuredClone(written);
    relabelled.statements[0]!.items[3]!.label = "Liabilities, all";
    await send(p, patchMessageFor(written, relabelled, 2, 3));
    await p.waitForSelector('tr[data-pointer="/statements/0/items/3"] th:has-text("Liabilities, all")');
    assert.equal(await p.locator('tr[data-pointer="/statements/0/items/0"]').count(), 0, "Cash stays folded under Total assets");
    await p.locator(assets).focus();
    await p.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.setData("text/plain", "1\n2\n");
      document.activeElement?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    });
    await p.waitForFunction(() => window.__posted.filter((message) => message.type === "edit").length === 2);
    assert.deepEqual(
      edits(await posted(p))[1]?.writes.map((write) => write.pointer),
      ["/statements/0/items/2/values/at-2025", "/statements/0/items/3/values/at-2025"],
    );

    // Find brings a row of the large statement into view; it is edited where it is drawn.
    await p.keyboard.press("Control+F");
    await p.locator(".fs-find-input").fill("Line item 2500");
    await p.locator(`tr.fs-find-current[data-pointer="/statements/${large}/items/2500"]`).waitFor();
    await p.keyboard.press("Escape");
    await p.locator(`td[data-pointer="/statements/${large}/items/2500/values/at-2025"]`).click();
    await p.keyboard.type("7");
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => window.__posted.filter((message) => message.type === "edit").length === 3);
    assert.deepEqual(edits(await posted(p))[2]?.writes, [{ pointer: `/statements/${large}/items/2500/values/at-2025`, content: { kind: "value", decimal: "7" } }]);
  });

  test("Ctrl+Shift+C copies with the header row and a Unit column; labels that look like formulas are guarded", TIMEOUT, async () => {
    const doc = example() as { statements: { items: { label: string }[] }[] };
    // A label a sheet would run as a formula.
    doc.statements[0]!.items[1]!.label = '=HYPERLINK("http://x.invalid")';
    const p = await painted({}, doc);
    await p.locator(CASH).click();
    await p.locator(INVENTORY).click({ modifiers: ["Shift"] });
    const copied = await p.evaluate(() => {
      let text = "";
      document.addEventListener("copy", (event) => {
        // Registered after the page's own listener: reads what it wrote.
        text = event.clipboardData?.getData("text/plain") ?? "";
      });
      const cell = document.querySelector<HTMLElement>('[data-pointer="/statements/0/items/1/values/at-2025"]');
      cell?.focus();
      cell?.dispatchEvent(new KeyboardEvent("keydown", { key: "C", ctrlKey: true, shiftKey: true, bubbles: true, cancelable: true }));
      return text;
    });
    assert.equal(copied, 'Item\tUnit\t2025-12-31\nCash\tKRW millions (KRW, scale 6)\t400\n\'=HYPERLINK("http://x.invalid")\tKRW millions (KRW, scale 6)\t600');
  });

  test("Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z in the preview undo and redo in the document", TIMEOUT, async () => {
    const p = await painted();
    await p.locator(CASH).focus();
    await p.keyboard.press("Control+z");
    await p.keyboard.press("Control+y");
    await p.keyboard.press("Control+Shift+Z");
    await p.waitForFunction(() => window.__posted.filter((message) => message.type === "undo").length === 3);
    assert.deepEqual(
      (await posted(p)).filter((message) => message.type === "undo").map((message) => (message as { redo: boolean }).redo),
      [false, true, true],
    );
  });

  test("a failing subtotal's explanation offers 'Set to the children's sum', written as one edit; not on a read-only grid", TIMEOUT, async () => {
    for (const readOnly of [undefined, "Read-only: the workspace is not trusted."]) {
      const p = await painted(readOnly === undefined ? {} : { readOnly });
      const failing = p.locator("td.fs-inconsistent").first();
      const pointer = (await failing.getAttribute("data-pointer")) ?? "";
      await failing.focus();
      await p.waitForFunction(() => window.__posted.some((message) => message.type === "explain"));
      await send(p, {
        type: "explanation",
        uri: "file:///work/manufacturing-group.json",
        version: 1,
        pointer,
        explanation: { uri: "file:///work/manufacturing-group.json", modelVersion: 1, pointer, summary: "Gross profit does not add up.", causes: [] },
      });
      await p.locator(".fs-explanation-summary").waitFor();
      const button = p.locator("button.fs-explanation-sum");
      if (readOnly !== undefined) {
        assert.equal(await button.count(), 0);
        continue;
      }
      await button.click();
      await p.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
      assert.deepEqual(edits(await posted(p))[0]?.writes, [{ pointer, content: { kind: "children-sum" } }]);
    }
  });

  test(
    "keyboard alone: Tab enters the grid, the arrows reach a failing subtotal, Tab goes into its panel, Enter sets it to the children's sum, Escape comes back",
    TIMEOUT,
    async () => {
      const p = await painted();
      const failing = "/statements/1/items/6/values/fy2025";
      /** The pointer of the focused cell, or of its row for a label. */
      const focused = (): Promise<string | undefined> => p.evaluate(() => document.activeElement?.closest<HTMLElement>("[data-pointer]")?.dataset.pointer);
      // From the page's start (as when VS Code gives the webview the keyboard), Tab goes into the first table.
      await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await p.keyboard.press("Tab");
      assert.match((await focused()) ?? "", /^\/statements\/0\//, "the first table's cell has the keyboard");
      // Tab again: the next table (one stop each); then the arrows, down to Gross profit and across to fy2025.
      await p.keyboard.press("Tab");
      assert.match((await focused()) ?? "", /^\/statements\/1\//);
      for (let step = 0; step < 20 && !(await focused())?.startsWith("/statements/1/items/6"); step += 1) await p.keyboard.press("ArrowDown");
      for (let step = 0; step < 5 && (await focused()) !== failing; step += 1) await p.keyboard.press("ArrowRight");
      assert.equal(await focused(), failing);
      await p.waitForFunction((pointer) => window.__posted.some((message) => message.type === "explain" && message.pointer === pointer), failing);
      await send(p, {
        type: "explanation",
        uri: "file:///work/manufacturing-group.json",
        version: 1,
        pointer: failing,
        explanation: { uri: "file:///work/manufacturing-group.json", modelVersion: 1, pointer: failing, summary: "Gross profit does not add up.", causes: [] },
      });
      await p.locator("button.fs-explanation-sum").waitFor();
      // Tab from the subtotal goes into its panel, to the action (not through the tables below it).
      await p.keyboard.press("Tab");
      assert.equal(await p.evaluate(() => document.activeElement?.classList.contains("fs-explanation-sum")), true, "Tab reaches the panel's action");
      await p.keyboard.press("Enter");
      await p.waitForFunction(() => window.__posted.some((message) => message.type === "edit"));
      assert.deepEqual(edits(await posted(p))[0]?.writes, [{ pointer: failing, content: { kind: "children-sum" } }]);
      // Escape closes the panel and gives the keyboard back to the subtotal, without asking again.
      const asked = (await posted(p)).filter((message) => message.type === "explain").length;
      await p.keyboard.press("Escape");
      assert.equal(await p.locator(".fs-explanation").isHidden(), true);
      assert.equal(await focused(), failing);
      assert.equal((await posted(p)).filter((message) => message.type === "explain").length, asked);
    },
  );

  test("a read-only document shows the grid read-only with a sign; keys and double-clicks do not edit", TIMEOUT, async () => {
    const p = await painted({ readOnly: "Read-only: this file cannot be changed here." });
    const sign = p.locator(".fs-preview-readonly");
    assert.equal(await sign.isVisible(), true);
    assert.equal(await sign.getAttribute("title"), "Read-only: this file cannot be changed here.");
    assert.equal(await p.locator("table.fs-table").first().getAttribute("aria-readonly"), "true");
    await p.locator(CASH).focus();
    await p.keyboard.press("5");
    await p.keyboard.press("F2");
    await p.locator(CASH).dblclick();
    await p.keyboard.press("Control+z");
    assert.equal(await p.locator("input.fs-cell-editor").count(), 0);
    await p.locator(CASH).focus();
    await p.keyboard.press("Enter");
    await p.waitForFunction(() => window.__posted.filter((message) => message.type === "reveal").length >= 1);
    assert.deepEqual(
      (await posted(p)).filter((message) => message.type === "edit" || message.type === "undo"),
      [],
    );
  });
});
