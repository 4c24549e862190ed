// The page of the "FS: Show Snapshot Diff" view (client/src/snapshot/diffHtml.ts), from real engine
// diffs of the upstream example, read back through a DOM parser-free check of its text and markup.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { startPreviewHost } from "./page";
import { analyze, diffSnapshot, recordSnapshot } from "../../shared/src/index";
import { snapshotDiffHtml } from "../../client/src/snapshot/diffHtml";
import { readText, upstreamRoot } from "../support/paths";
import * as service from "../../server/src/service/index";
import { createService } from "../server/service";

const TIMEOUT = { timeout: 10_000 };
const NONCE = "bm9uY2Utb2YtdGhlLXRlc3Q=";

function diffOf(value: unknown) {
  return diffSnapshot(value, analyze(value));
}

/** The example with a snapshot recorded by the engine, as a parsed value. */
function recorded(): { statements: { id: string; items: { id: string; values: Record<string, unknown> }[] }[] } {
  const text = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
  const recording = recordSnapshot(text, JSON.parse(text));
  assert.ok(recording);
  return JSON.parse(recording.text) as ReturnType<typeof recorded>;
}

/** The text a reader sees in one table row (tags stripped, entities decoded). */
function rows(html: string): string[] {
  return [...html.matchAll(/<tr class="(\w+)">([\s\S]*?)<\/tr>/g)].map(
    (match) =>
      `${match[1]}: ${match[2]!
        .replace(/<\/(span|th|td)>/g, " ")
        .replace(/<[^>]+>/g, "")
        .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
        .replace(/\s+/g, " ")
        .trim()}`,
  );
}

test("the page is static and locked down: a CSP admitting only its own style by nonce, and no script", TIMEOUT, () => {
  const html = snapshotDiffHtml("g.json", diffOf(recorded()), undefined, NONCE);
  assert.match(html, new RegExp(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${NONCE}'">`));
  assert.match(html, new RegExp(`<style nonce="${NONCE}">`));
  assert.doesNotMatch(html, /<script|\son\w+=/i);
});

test("no snapshot: the view says how to record one", TIMEOUT, () => {
  const value = JSON.parse(readText(join(upstreamRoot, "examples", "manufacturing-group.json"))) as unknown;
  const html = snapshotDiffHtml("manufacturing-group.json", diffOf(value), undefined, NONCE);
  assert.match(html, /<h1>Validation snapshot diff: manufacturing-group\.json<\/h1>/);
  assert.match(html, /No validation snapshot is recorded/);
});

test("a matching snapshot: the verdict, the statuses in words, and the unchanged checks folded away", TIMEOUT, () => {
  const html = snapshotDiffHtml("g.json", diffOf(recorded()), undefined, NONCE);
  assert.match(html, /Match: the recorded snapshot agrees/);
  assert.match(html, /<li>Conformance: conforming<\/li>/);
  // Not satisfied and not evaluated are counted apart, never added together.
  assert.match(html, /<li>Rollup checks: 1 not satisfied, 15 satisfied<\/li>/);
  assert.match(html, /No rollup check changed/);
  const unchanged = /<details><summary>(\d+) unchanged rollup checks<\/summary>/.exec(html);
  assert.ok(unchanged !== null);
  assert.equal(rows(html).length, Number(unchanged[1]));
  assert.ok(rows(html).every((row) => row.startsWith("unchanged: ")));
});

test("changed values: one row per changed check, recorded and current outcome side by side with their amounts", TIMEOUT, () => {
  const value = recorded();
  const items = value.statements[1]?.items ?? [];
  const set = (id: string, period: string, decimal: string) => {
    const item = items.find((candidate) => candidate.id === id);
    assert.ok(item, id);
    item.values[period] = decimal;
  };
  // Repairs the example's failing check (gross profit fy2025: 100 + -60 = 40, stated 41) and breaks
  // revenue fy2024 (50 + 31 = 81, stated 80).
  set("gross-profit", "fy2025", "40");
  set("service-revenue", "fy2024", "31");
  const html = snapshotDiffHtml("g.json", diffOf(value), undefined, NONCE);
  assert.match(html, /Mismatch: the document no longer validates as recorded \(2 changed\)/);
  assert.match(html, /<li>Rollup checks: 1 not satisfied, 15 satisfied<\/li>/, "one failing check repaired, another broken");
  const changed = rows(html).filter((row) => row.startsWith("changed: "));
  assert.deepEqual(changed, [
    "changed: revenue income-statement · fy2024 changed satisfied 80 = children's sum not satisfied stated 80, children sum to 81 (difference -1, tolerance 0)",
    "changed: gross-profit income-statement · fy2025 changed not satisfied stated 41, children sum to 40 (difference 1, tolerance 0) satisfied 40 = children's sum",
  ]);
});

test("added and removed checks, not-evaluated checks with their reason, and grouped amounts", TIMEOUT, () => {
  const value = recorded();
  const statement = value.statements[1]!;
  const revenue = statement.items.find((item) => item.id === "service-revenue")!;
  revenue.values.fy2024 = null; // revenue fy2024 can no longer be evaluated
  const grossProfit = statement.items.find((item) => item.id === "gross-profit")!;
  grossProfit.values.fy2025 = "1234567";
  const html = snapshotDiffHtml("g.json", diffOf(value), undefined, NONCE);
  const all = rows(html).join("\n");
  assert.match(html, /<li class="differs">Rollup checks: recorded 1 not satisfied, 15 satisfied; now 1 not satisfied, 1 not evaluated, 14 satisfied<\/li>/);
  assert.match(all, /revenue income-statement · fy2024 changed satisfied 80 = children's sum not evaluated a value is missing: service-revenue, fy2024/);
  assert.match(all, /stated 1,234,567, children sum to 40 \(difference 1,234,527, tolerance 0\)/);
  // Removing the snapshot's knowledge of a statement: its checks are "removed (only in the snapshot)".
  const withoutStatement = recorded();
  withoutStatement.statements.splice(1, 1);
  const removed = rows(snapshotDiffHtml("g.json", diffOf(withoutStatement), undefined, NONCE)).filter((row) => row.startsWith("removed: "));
  assert.ok(removed.length > 0 && removed.every((row) => /removed \(only in the snapshot\) .+ —$/.test(row)), removed.join("\n"));
});

test("every text is escaped: hostile ids and names stay text", TIMEOUT, () => {
  const html = snapshotDiffHtml("<img src=x onerror=alert(1)>.json", undefined, "<script>alert(1)</script>", NONCE);
  assert.doesNotMatch(html, /<img|<script/);
  assert.match(html, /&#60;script&#62;alert\(1\)&#60;\/script&#62;/);
});

test("a problem from the server is shown instead of a diff", TIMEOUT, () => {
  const html = snapshotDiffHtml("g.json", undefined, "The text is not valid JSON; fix the syntax errors first.", NONCE);
  assert.match(html, /The text is not valid JSON/);
});

test("at 515 px (a side group) every column is in view and no cell wraps one word per line", { timeout: 60_000 }, async () => {
  const value = recorded();
  const item = value.statements[1]?.items.find((candidate) => candidate.id === "gross-profit");
  assert.ok(item);
  item.values.fy2025 = "40";
  const html = snapshotDiffHtml("g.json", diffOf(value), undefined, NONCE);
  const host = await startPreviewHost();
  try {
    const page = await host.browser.newPage({ viewport: { width: 515, height: 700 } });
    await page.setContent(html);
    const layout = await page.evaluate(() => {
      const cells = [...document.querySelectorAll("tr.changed td, tr.changed th")];
      const lineHeight = (element: Element) => Number.parseFloat(getComputedStyle(element).lineHeight) || Number.parseFloat(getComputedStyle(element).fontSize) * 1.2;
      return {
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        cutOff: cells.filter((cell) => cell.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map((cell) => cell.textContent),
        // Lines per word: a cell that wraps one word per line has about as many lines as words.
        wordPerLine: cells
          .filter((cell) => (cell.textContent ?? "").trim().split(/\s+/).length >= 3)
          .filter((cell) => cell.getBoundingClientRect().height / lineHeight(cell) >= (cell.textContent ?? "").trim().split(/\s+/).length - 0.5)
          .map((cell) => cell.textContent),
        labels: [...document.querySelectorAll("tr.changed td")].map((cell) => getComputedStyle(cell, "::before").content),
      };
    });
    assert.equal(layout.overflow, 0, JSON.stringify(layout));
    assert.deepEqual(layout.cutOff, []);
    assert.deepEqual(layout.wordPerLine, []);
    // Each cell says which column it is.
    assert.deepEqual(layout.labels.slice(0, 3), ['"Change: "', '"Recorded: "', '"Current: "']);
  } finally {
    await host.close();
  }
});

test("the checks are named by labels and dates, as the changes view names them, with their ids in the row's title (issue 30)", TIMEOUT, () => {
  const value = recorded();
  const items = value.statements[1]?.items ?? [];
  items.find((candidate) => candidate.id === "gross-profit")!.values.fy2025 = "40";
  items.find((candidate) => candidate.id === "service-revenue")!.values.fy2024 = null;
  // The names come from the language server, with the diff.
  const server = createService();
  const uri = "file:///work/g.json";
  server.open(uri, JSON.stringify(value, null, 2));
  const result = server.with(uri, (analysis) => service.snapshotDiff(analysis));
  assert.ok(result?.names !== undefined);
  const html = snapshotDiffHtml("g.json", result.diff, undefined, NONCE, "en", result.names);
  const changed = rows(html).filter((row) => row.startsWith("changed: "));
  assert.deepEqual(changed, [
    "changed: Revenue Income statement · 2024-01-01 – 2024-12-31 changed satisfied 80 = children's sum not evaluated a value is missing: Service revenue, 2024-01-01 – 2024-12-31",
    "changed: Gross profit Income statement · 2025-01-01 – 2025-12-31 changed not satisfied stated 41, children sum to 40 (difference 1, tolerance 0) satisfied 40 = children's sum",
  ]);
  assert.match(html, /<tr class="changed"><th scope="row" title="revenue · income-statement · fy2024">/);
  assert.doesNotMatch(changed.join("\n"), /fy202[45]|income-statement|gross-profit/);
});

test("amounts are written in the display language's separators, as the preview's cells show them (issue 30)", TIMEOUT, () => {
  const value = recorded();
  const items = value.statements[1]?.items ?? [];
  // Revenue fy2024: 50 + 1031.5 = 1081.5, stated 80.
  items.find((candidate) => candidate.id === "service-revenue")!.values.fy2024 = "1031.5";
  const changed = (locale: string) => rows(snapshotDiffHtml("g.json", diffOf(value), undefined, NONCE, locale)).filter((row) => row.startsWith("changed: "));
  assert.match(changed("de").join("\n"), /stated 80, children sum to 1\.081,5 \(difference -1\.001,5, tolerance 0\)/);
  assert.match(changed("en").join("\n"), /stated 80, children sum to 1,081\.5 \(difference -1,001\.5, tolerance 0\)/);
});
