// The documents the preview's geometry is checked on (every example in fixtures/examples, and
// generated wide ones), and how a test finds each table's sideways scroller.

import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { fixturesRoot, readJson } from "../support/paths";

/** A document with a wide statement (ten years, large decimals, a unit column) and a narrow one above it. */
export function wideDocument(): unknown {
  const years = Array.from({ length: 10 }, (_, index) => 2025 - index);
  const periods = years.map((year) => ({ id: `fy${year}`, kind: "duration", start: `${year}-01-01`, end: `${year}-12-31` }));
  // Canonical decimals (no trailing zero), up to 31 digits, as in a real key figure.
  const value = (row: number, column: number) => `${(411_872_306 + row * 3_127_693 + column * 98_765).toString()}.${String(5205 + row * 7 + column)}479452054794520547`;
  const items = Array.from({ length: 12 }, (_, row) => ({
    id: `k${row}`,
    label: row % 3 === 0 ? `Revenue per employee over the reporting period, consolidated, line ${row}` : `Key figure ${row}`,
    unit: row % 2 === 0 ? "eur" : "usd",
    values: Object.fromEntries(years.map((year, column) => [`fy${year}`, value(row, column)])),
  }));
  return {
    formatVersion: "0.2",
    entity: { name: "Wide Group plc" },
    scope: { label: "Group financial statements" },
    units: [
      { id: "eur", label: "EUR", measure: "EUR", scale: 0 },
      { id: "usd", label: "USD", measure: "USD", scale: 0 },
    ],
    periods,
    statements: [
      {
        id: "narrow",
        label: "Narrow",
        periods: ["fy2025", "fy2024"],
        items: [
          { id: "a", label: "Revenue", unit: "eur", values: { fy2025: "1024", fy2024: "2024" } },
          { id: "b", label: "Cost of sales", unit: "eur", values: { fy2025: "24", fy2024: "1024" } },
        ],
      },
      { id: "wide", label: "Key figures", periods: periods.map((period) => period.id), items },
    ],
  };
}

/**
 * A document of very long values (issue 30): fractions of 20 to 40 digits, an integer part of 31
 * digits, negative ones, and a subtotal that does not add up (its flag beside a long value), over
 * three periods with a unit column.
 */
export function longValuesDocument(): unknown {
  const periods = ["fy2025", "fy2024", "fy2023"];
  const fraction = "5205479452054794520548";
  const items = [
    { id: "shares", label: "Weighted average number of ordinary shares (basic)", values: [`411872306.${fraction}`, `412000000.${fraction}7`, "3127693.47945"] },
    { id: "negative", label: "Dilutive effect of share options", values: [`-3127693.${fraction}${fraction}`, "-12.5", `-98765.4${fraction}`] },
    { id: "huge", label: "Notional amount of derivatives", values: [`1234567890123456789012345678901.${fraction}`, "1000000000000000000000000000000", "7"] },
    { id: "small", label: "Basic earnings per share", values: ["2.96", `0.${fraction}`, "2.5"] },
    { id: "total", label: "Total of the above", values: ["1", "2", "3"] },
  ];
  return {
    formatVersion: "0.2",
    entity: { name: "Long Values plc" },
    scope: { label: "Key figures" },
    units: [
      { id: "shares", label: "Shares", measure: "shares", scale: 0 },
      { id: "gbp", label: "GBP thousands", measure: "GBP", scale: 3 },
    ],
    periods: periods.map((id, index) => ({ id, kind: "duration", start: `${2025 - index}-01-01`, end: `${2025 - index}-12-31` })),
    statements: [
      {
        id: "key",
        label: "Key figures",
        periods,
        items: items.map((item, row) => ({
          id: item.id,
          label: item.label,
          unit: row % 2 === 0 ? "shares" : "gbp",
          values: Object.fromEntries(periods.map((period, column) => [period, item.values[column]])),
          ...(item.id === "total" ? {} : { rollupTo: "total" }),
        })),
      },
    ],
  };
}

/**
 * A balance sheet of 32 instants whose subtotals (bold) hold values as long as their children's
 * (newcomer finding 2, from `scripts/bench/generate.mjs`'s wide shape: 26–27 integer digits and a
 * fraction of 7–10), beside short ones. Bold digits are wider than regular ones: a column sized
 * for the regular text wrapped the bold value at a group separator ("…,123,958," / "747.52…").
 */
export function longSubtotalsDocument(): unknown {
  const years = Array.from({ length: 32 }, (_, index) => 2025 - index);
  const long = (integer: string, fraction: string) => (column: number) => `${integer.slice(0, -2)}${String(10 + (column % 90))}.${fraction}`;
  const short = (value: string) => () => value;
  const rows: { id: string; label: string; value: (column: number) => string; rollupTo?: string }[] = [
    { id: "ppe", label: "Property, plant and equipment", value: short("8836265"), rollupTo: "non-current" },
    { id: "intangible", label: "Other intangible assets", value: long("244979258890609815903716461", "4489234597"), rollupTo: "non-current" },
    { id: "deferred-tax", label: "Deferred tax assets", value: short("-25172041105440961104875"), rollupTo: "non-current" },
    { id: "non-current", label: "Total non-current assets", value: long("244979258890609815907408993", "4489234597"), rollupTo: "total" },
    { id: "inventories", label: "Inventories", value: short("50270776"), rollupTo: "current" },
    { id: "receivables", label: "Trade receivables", value: short("4129.81"), rollupTo: "current" },
    { id: "current", label: "Total current assets", value: long("-3274384972235440783450245", "9230899"), rollupTo: "total" },
    { id: "total", label: "Total assets", value: long("241704873918374375123958747", "5258335597") },
  ];
  return {
    formatVersion: "0.2",
    entity: { name: "Nordlicht Maschinenbau Gruppe AG" },
    scope: { label: "Consolidated financial statements" },
    units: [{ id: "eur-thousands", label: "EUR thousands", measure: "EUR", scale: 3 }],
    periods: years.map((year) => ({ id: `at-${year}`, kind: "instant", date: `${year}-12-31` })),
    statements: [
      {
        id: "balance-sheet",
        label: "Balance sheet",
        periods: years.map((year) => `at-${year}`),
        items: rows.map((row) => ({
          id: row.id,
          label: row.label,
          unit: "eur-thousands",
          values: Object.fromEntries(years.map((year, column) => [`at-${year}`, row.value(column)])),
          ...(row.rollupTo === undefined ? {} : { rollupTo: row.rollupTo }),
        })),
      },
    ],
  };
}

export function documents(): [string, unknown][] {
  const examples = readdirSync(join(fixturesRoot, "examples"))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name): [string, unknown] => [name, readJson(join(fixturesRoot, "examples", name))]);
  return [...examples, ["generated wide document", wideDocument()], ["generated long values", longValuesDocument()], ["generated long subtotals", longSubtotalsDocument()]];
}

/** Every table's sideways scroller: the nearest ancestor that scrolls on the x axis. */
export async function scrollers(page: Page): Promise<number> {
  return page.evaluate(() => {
    const found = [...document.querySelectorAll("table.fs-table")].map((table) => {
      let element = table.parentElement;
      while (element !== null && !/auto|scroll/.test(getComputedStyle(element).overflowX)) element = element.parentElement;
      return element;
    });
    (window as unknown as { __scrollers: (HTMLElement | null)[] }).__scrollers = found;
    return found.length;
  });
}

/** The widest strip that may stay empty between the columns shown whole and the view's right edge (the button's is 14 px). */
export const EMPTY_PX = 32;

export interface Opening {
  labelsScroll: boolean;
  /** The first period's heading and value cells in view that are not whole beside the labels. */
  hidden: string[];
  cells: number;
  /** The view's right edge less the right edge of the columns shown whole. */
  empty: number;
  scrolls: boolean;
}

/** Table `index` at its start, as the user sees it on open. */
export async function opening(page: Page, index: number): Promise<Opening> {
  return page.evaluate((table) => {
    const tableElement = document.querySelectorAll("table.fs-table")[table] as HTMLTableElement;
    const scroller = (window as unknown as { __scrollers: HTMLElement[] }).__scrollers[table]!;
    const view = scroller.getBoundingClientRect();
    const viewRight = view.left + scroller.clientLeft + scroller.clientWidth;
    const content = (document.querySelector("#fs-preview-content, #fc-view-content") as HTMLElement).getBoundingClientRect();
    const hidden: string[] = [];
    let cells = 0;
    for (const row of tableElement.querySelectorAll("tr")) {
      const label = row.querySelector("th.fs-item, th.fs-col-item");
      const first = row.querySelector("td.fs-cell, th.fs-col-period");
      if (label === null || first === null) continue;
      const box = first.getBoundingClientRect();
      const y = box.top + box.height / 2;
      if (y < content.top + 1 || y > content.bottom - 1) continue;
      cells++;
      const top = document.elementFromPoint(box.left + box.width / 2, y);
      const beside = box.left >= label.getBoundingClientRect().right - 0.5 && box.right <= viewRight + 0.5;
      if (!beside || top === null || !first.contains(top))
        hidden.push(
          `${first.textContent?.trim() ?? ""} (row ${row.getAttribute("data-item") ?? "head"}: ${Math.round(box.left)}–${Math.round(box.right)} px in ${Math.round(view.left)}–${Math.round(viewRight)})`,
        );
    }
    // The rows' clip from the right (tableScroll.ts: a clip-path of the head and body).
    const cut = Number.parseFloat(/^inset\(\S+ (\S+)/.exec(getComputedStyle(tableElement.tHead!).clipPath)?.[1] ?? "") || 0;
    const clipRight = tableElement.getBoundingClientRect().right - cut;
    let shownEnd = view.left;
    for (const cell of tableElement.tHead!.rows[0]!.cells) {
      const box = cell.getBoundingClientRect();
      if (box.right <= Math.min(viewRight, clipRight) + 0.5) shownEnd = Math.max(shownEnd, box.right);
    }
    return {
      labelsScroll: scroller.classList.contains("fs-labels-scroll"),
      hidden,
      cells,
      empty: viewRight - shownEnd,
      scrolls: scroller.scrollWidth > scroller.clientWidth + 0.5,
    };
  }, index);
}

/**
 * The value cells in view of table `index` whose number is neither whole nor cut in its fraction
 * only: a cut number must end in a visible "…" after its integer part, its decimal point and a
 * digit, and its whole value must be the cell's text and in its tooltip.
 */
export async function numbersNotWhole(page: Page, index: number): Promise<string[]> {
  return page.evaluate((table) => {
    const tableElement = document.querySelectorAll("table.fs-table")[table] as HTMLTableElement;
    const content = (document.querySelector("#fs-preview-content, #fc-view-content") as HTMLElement).getBoundingClientRect();
    const found: string[] = [];
    for (const cell of tableElement.querySelectorAll<HTMLTableCellElement>("td.fs-value")) {
      const box = cell.getBoundingClientRect();
      if (box.bottom < content.top || box.top > content.bottom) continue;
      // The cell's numbers: its value, and in the changes view its old value and difference too.
      const numbers = [...cell.querySelectorAll<HTMLElement>(".fs-number")];
      for (const holder of numbers.length === 0 ? [cell] : numbers) {
        const textNode = [...holder.childNodes].find((node) => node.nodeType === Node.TEXT_NODE);
        const text = holder.textContent ?? "";
        const where = `row ${cell.closest("tr")?.getAttribute("data-item") ?? "?"}, "${text}"`;
        if (textNode === undefined) continue;
        const range = document.createRange();
        range.selectNodeContents(holder);
        // One line: a number broken over two reads as two numbers ("241,704,…,958," / "747.52…").
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) {
          found.push(`${where}: on ${lines.size} lines`);
          continue;
        }
        const whole = range.getBoundingClientRect();
        const shown = holder.getBoundingClientRect();
        const innerRight = shown.left + holder.clientLeft + holder.clientWidth - (holder === cell ? Number.parseFloat(getComputedStyle(cell).paddingRight) : 0);
        if (whole.right <= innerRight + 0.5 && whole.left >= shown.left - 0.5) continue;
        // Cut: only in the fraction, after its first digit, with a visible "…".
        if (getComputedStyle(holder).textOverflow !== "ellipsis") {
          found.push(`${where}: cut without "…"`);
          continue;
        }
        const point = text.search(/[.,]\d*$/);
        const kept = document.createRange();
        kept.setStart(textNode, 0);
        kept.setEnd(textNode, Math.min(text.length, point < 0 ? text.length : point + 2));
        const probe = document.createElement("span");
        probe.textContent = "…";
        holder.parentElement!.append(probe);
        const ellipsis = probe.getBoundingClientRect().width;
        probe.remove();
        if (point < 0 || kept.getBoundingClientRect().right + ellipsis > innerRight + 0.5) found.push(`${where}: its integer part or first fraction digit is cut`);
        // The whole number in a tooltip: the cell's, or the old value's or difference's own.
        const tooltip = holder.parentElement?.closest<HTMLElement>("[title]")?.title ?? "";
        if (!tooltip.includes(text)) found.push(`${where}: cut, and its whole value is not in the tooltip (${JSON.stringify(tooltip)})`);
        if (holder.parentElement !== cell && holder !== cell) continue;
        const [integer = "", fraction] = (cell.dataset.value ?? "").split(".");
        const grouped = `${integer.replace(/\B(?=(\d{3})+$)/g, ",")}${fraction === undefined ? "" : `.${fraction}`}`;
        if (text !== grouped) found.push(`${where}: its text is not the whole value ${cell.dataset.value}`);
      }
    }
    return found;
  }, index);
}
