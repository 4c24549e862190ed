import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import * as service from "../../server/src/service/index";
import { type CodeLens, type Location, type Position } from "vscode-languageserver-protocol/node";
import { fixturesRoot, readText, upstreamRoot } from "../support/paths";
import { createService, NOT_CANCELLED } from "./service";
import { lineOf, positionOf, textAt } from "./text-positions";

const manufacturing = readText(join(upstreamRoot, "examples", "manufacturing-group.json"));
const server = createService();

/** The lenses as the list request gives them: parent lenses without a title or command. */
function unresolved(uri: string): CodeLens[] | null {
  return server.with(uri, (analysis) => service.codeLenses(analysis, server.settings, NOT_CANCELLED));
}

/** A lens as codeLens/resolve completes it, from the document's current analysis. */
function resolve(uri: string, lens: CodeLens): CodeLens {
  return service.resolveCodeLens(server.analysis(uri), lens, server.settings);
}

/** Every lens resolved, as the editor shows them. */
async function lenses(uri: string): Promise<CodeLens[] | null> {
  return unresolved(uri)?.map((lens) => (lens.command === undefined ? resolve(uri, lens) : lens)) ?? null;
}

/** The lens on the line of the object holding `"id": "<id>"` (the line of its opening brace). */
function lensAbove(all: CodeLens[], text: string, id: string, nth = 0): CodeLens {
  const line = lineOf(text, `"id": "${id}"`, nth) - 1;
  const found = all.filter((lens) => lens.range.start.line === line);
  assert.equal(found.length, 1, `one lens above ${id}`);
  return found[0]!;
}

function peekArguments(lens: CodeLens): { uri: string; position: Position; locations: Location[] } {
  assert.equal(lens.command?.command, "fs.peekLocations");
  const [uri, position, locations] = lens.command.arguments as [string, Position, Location[]];
  return { uri, position, locations };
}

/** A failing subtotal's lens: the cells to go to and, one for each, the subtotal's cell the preview explains and the failure's words. */
function explainArguments(lens: CodeLens): { uri: string; position: Position; locations: Location[]; failures: { pointer: string; title: string }[] } {
  assert.equal(lens.command?.command, "fs.explainRollup");
  const [uri, position, locations, failures] = lens.command.arguments as [string, Position, Location[], { pointer: string; title: string }[]];
  assert.equal(failures.length, locations.length, "one failure for each location");
  return { uri, position, locations, failures };
}

test("manufacturing example: status at the top, one rollup lens per subtotal, the failing cell to peek", async () => {
  const uri = "file:///manufacturing-group.json";
  await server.open(uri, manufacturing);
  const all = (await lenses(uri))!;
  const top = all.filter((lens) => lens.range.start.line === 0);
  assert.equal(top.length, 1);
  assert.equal(top[0]!.command?.title, "FS 0.2 · conforming · 1 not satisfied · 15 satisfied · Open preview");
  assert.equal(top[0]!.command?.command, "fs.openPreviewToSide");
  assert.deepEqual(top[0]!.command?.arguments, [uri]);
  // assets, liabilities-and-equity, revenue, cost-of-sales, gross-profit, net-cash-flow, total-equity, manufacturing-cost
  assert.equal(all.length, 1 + 8, "no snapshot lenses: the example records none");

  const grossProfit = lensAbove(all, manufacturing, "gross-profit");
  assert.equal(grossProfit.command?.title, "✗ fy2025 off by 1 · ✓ 1 other");
  // A click explains the failure (the preview's "why" panel on the subtotal's cell), not a peek of one cell.
  const failing = explainArguments(grossProfit);
  assert.equal(failing.uri, uri);
  assert.deepEqual(failing.position, grossProfit.range.start);
  assert.equal(failing.locations.length, 1);
  assert.equal(textAt(manufacturing, failing.locations[0]!.range), '"41"');
  assert.deepEqual(failing.failures, [{ pointer: "/statements/1/items/6/values/fy2025", title: "✗ fy2025 off by 1" }]);

  const revenue = lensAbove(all, manufacturing, "revenue");
  assert.equal(revenue.command?.title, "✓ adds up in 2 periods");
  const children = peekArguments(revenue).locations.map((location) => textAt(manufacturing, location.range));
  assert.equal(children.length, 2);
  assert.match(children[0]!, /^\{\s*"id": "product-revenue",[^]*"rollupTo": "revenue"\s*\}$/);
  assert.match(children[1]!, /^\{\s*"id": "service-revenue",/);

  // The same ids in another statement are other items: manufacturing-cost has its own lens.
  assert.equal(lensAbove(all, manufacturing, "manufacturing-cost").command?.title, "✓ adds up in 2 periods");
  assert.equal(
    all.some((lens) => lens.range.start.line === lineOf(manufacturing, '"id": "cash"') - 1),
    false,
    "no lens above a leaf item",
  );
});

test("error applications are named first with their cell, then the satisfied periods are counted", async () => {
  const uri = "file:///first-missing-child.json";
  const text = readText(join(fixturesRoot, "valid", "first-missing-child.json"));
  await server.open(uri, text);
  const all = (await lenses(uri))!;
  const total = lensAbove(all, text, "total");
  assert.equal(total.command?.title, "! fy2025 unavailable value (Products) · ! fy2024 missing value (Services) · ! fy2023 unavailable value");
  // Checks that could not be evaluated are not counted as sums that are off.
  assert.equal(
    all.find((lens) => lens.range.start.line === 0)?.command?.title,
    "FS 0.2 · conforming · 1 not satisfied · 4 not evaluated (missing or unavailable values) · 1 satisfied · Open preview",
  );
  const explained = explainArguments(total);
  const cells = explained.locations.map((location) => textAt(text, location.range));
  assert.equal(cells.length, 3);
  assert.match(cells[0]!, /^\{\s*"unavailable": true\s*\}$/);
  assert.equal(cells[1], "null");
  // The preview explains the subtotal's own cell (item 1), whose panel names the cells that hold no value.
  assert.deepEqual(explained.failures, [
    { pointer: "/statements/0/items/1/values/fy2025", title: "! fy2025 unavailable value (Products)" },
    { pointer: "/statements/0/items/1/values/fy2024", title: "! fy2024 missing value (Services)" },
    { pointer: "/statements/0/items/1/values/fy2023", title: "! fy2023 unavailable value" },
  ]);
  assert.equal(lensAbove(all, text, "segment-total").command?.title, "✗ fy2024 off by 1 · ! fy2023 missing value (Segment B) · ✓ 1 other");

  const snapshot = all.filter((lens) => lens.range.start.line === lineOf(text, '"validationSnapshot"'));
  assert.deepEqual(
    snapshot.map((lens) => [lens.command?.title, lens.command?.command, lens.command?.arguments]),
    [
      ["Snapshot matches current validation", "fs.showSnapshotDiff", [uri]],
      ["Record validation snapshot", "fs.recordSnapshot", [uri]],
    ],
  );
  assert.deepEqual(snapshot[0]!.range.start, positionOf(text, '"validationSnapshot"', 0, 0), "at the key");
});

test("a stale snapshot says what changed", async () => {
  const setChanges = readText(join(fixturesRoot, "valid", "snapshot-set-changes.json"));
  await server.open("file:///snapshot-set-changes.json", setChanges);
  const titles = (await lenses("file:///snapshot-set-changes.json"))!.map((lens) => lens.command?.title);
  assert.ok(titles.includes("Snapshot out of date: 5 rollup checks differ · Show diff"), titles.join("\n"));

  const local = readText(join(fixturesRoot, "valid", "statement-local-periods.json"));
  await server.open("file:///statement-local-periods.json", local);
  const localTitles = (await lenses("file:///statement-local-periods.json"))!.map((lens) => lens.command?.title);
  assert.ok(localTitles.includes("Snapshot out of date: recorded as nonconforming · Show diff"), localTitles.join("\n"));
  assert.ok(localTitles.includes("FS 0.2 · conforming · 7 rollup checks satisfied · Open preview"), localTitles.join("\n"));
});

test("ids such as constructor and hasOwnProperty are ordinary subtotals", async () => {
  const text = readText(join(fixturesRoot, "valid", "prototype-ids.json"));
  await server.open("file:///prototype-ids.json", text);
  const all = (await lenses("file:///prototype-ids.json"))!;
  assert.equal(lensAbove(all, text, "isPrototypeOf").command?.title, "✓ adds up in 2 periods");
  assert.equal(lensAbove(all, text, "hasOwnProperty", 1).command?.title, "✗ valueOf off by 1 · ✓ 1 other");
  assert.equal(lensAbove(all, text, "valueOf", 2).command?.title, "✓ adds up in 1 period");
});

test("a nonconforming document counts its errors and does not check rollups", async () => {
  const document = JSON.parse(readText(join(fixturesRoot, "examples", "minimal.json"))) as { statements: { items: Record<string, unknown>[] }[] };
  document.statements[0]!.items[0]!.source = "annual report";
  const text = JSON.stringify(document, null, 2);
  await server.open("file:///nonconforming.json", text);
  const all = (await lenses("file:///nonconforming.json"))!;
  assert.equal(all.find((lens) => lens.range.start.line === 0)?.command?.title, "FS 0.2 · nonconforming · 1 error · Open preview");
  const total = lensAbove(all, text, "total-assets");
  assert.equal(total.command?.title, "Σ 2 children · not checked while the document is nonconforming");
  assert.equal(peekArguments(total).locations.length, 2);
});

test("while the text is broken, lenses come from the last good analysis at its positions", async () => {
  const uri = "file:///broken-later.json";
  const text = readText(join(fixturesRoot, "examples", "minimal.json"));
  await server.open(uri, text);
  const broken = await server.change(uri, 2, [{ text: `\n\n${text.replace('"at-2025": "2000"', '"at-2025": "2000",')}` }]);
  assert.ok(broken.diagnostics.some((diagnostic) => diagnostic.code === "invalid-json"));
  const all = (await lenses(uri))!;
  assert.equal(
    all.find((lens) => lens.range.start.line === 0)?.command?.title,
    "FS 0.2 · invalid JSON, showing the last valid version · conforming · 1 rollup check satisfied · Open preview",
  );
  const total = lensAbove(all, text, "total-assets");
  assert.equal(total.command?.title, "✓ adds up in 1 period");
  assert.match(textAt(text, peekArguments(total).locations[0]!.range), /^\{\s*"id": "cash"/);
});

test("a document over 1 MiB (located by one guided scan, not a parse tree) gets the same lenses at the right lines", async () => {
  // Subtotals i0, i10, i20, … each with nine children; i10's q cell is off.
  const items = Array.from({ length: 8000 }, (_, index) => ({
    id: `i${index}`,
    label: `Item ${index}`,
    unit: "u",
    values: index % 10 === 0 ? { p: "9", q: index === 10 ? "10" : "9" } : { p: "1", q: "1" },
    ...(index % 10 === 0 ? {} : { rollupTo: `i${index - (index % 10)}` }),
  }));
  const document = {
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [{ id: "u", label: "U", measure: "u", scale: 0 }],
    periods: [
      { id: "p", kind: "instant", date: "2025-12-31" },
      { id: "q", kind: "instant", date: "2024-12-31" },
    ],
    statements: [{ id: "s", label: "Big", periods: ["p", "q"], items }],
  };
  const text = JSON.stringify(document, null, 2);
  assert.ok(text.length > 1 << 20);
  const uri = "file:///big-lenses.json";
  await server.open(uri, text);
  const all = (await lenses(uri))!;
  assert.equal(all.length, 1 + 800);
  assert.equal(all[0]!.command?.title, "FS 0.2 · conforming · 1 not satisfied · 1,599 satisfied · Open preview");
  const off = lensAbove(all, text, "i10");
  assert.equal(off.command?.title, "✗ q off by 1 · ✓ 1 other");
  assert.equal(textAt(text, explainArguments(off).locations[0]!.range), '"10"');
  const last = lensAbove(all, text, "i7990");
  assert.equal(last.command?.title, "✓ adds up in 2 periods");
  const children = peekArguments(last).locations.map((location) => textAt(text, location.range));
  assert.equal(children.length, 9);
  children.forEach((child, index) => assert.match(child, new RegExp(`^\\{\\s*"id": "i${7991 + index}",[^]*"rollupTo": "i7990"\\s*\\}$`)));
});

test("ordinary JSON gets no lenses", async () => {
  const uri = "file:///tsconfig.json";
  assert.equal(server.openAny(uri, '{ "compilerOptions": { "strict": true } }'), undefined, "tsconfig.json is no FS document");
  assert.equal(await lenses(uri), null);
  assert.equal(await lenses("file:///never-opened.json"), null);
});

test("the codeLens setting turns every lens off", () => {
  const quiet = createService({ codeLens: { enabled: false } });
  const uri = "file:///quiet.json";
  quiet.open(uri, manufacturing);
  assert.equal(
    quiet.with(uri, (analysis) => service.codeLenses(analysis, quiet.settings, NOT_CANCELLED)),
    null,
  );
  server.open(uri, manufacturing);
  assert.notEqual(
    server.with(uri, (analysis) => service.codeLenses(analysis, server.settings, NOT_CANCELLED)),
    null,
    "on by default",
  );
});

test("the list carries ranges and a small key only; resolving gives each lens its title and locations", async () => {
  const uri = "file:///lazy/manufacturing-group.json";
  await server.open(uri, manufacturing);
  const listed = unresolved(uri)!;
  // The status lens comes whole; every parent lens has neither title nor arguments until resolved.
  assert.equal(listed[0]!.command?.command, "fs.openPreviewToSide");
  const parents = listed.slice(1);
  assert.equal(parents.length, 8);
  for (const lens of parents) {
    assert.equal(lens.command, undefined);
    assert.ok(JSON.stringify(lens.data).length < 40, JSON.stringify(lens.data));
  }
  const grossProfit = lensAbove(listed, manufacturing, "gross-profit");
  const resolved = resolve(uri, grossProfit);
  assert.deepEqual(resolved.range, grossProfit.range);
  assert.equal(resolved.command?.title, "✗ fy2025 off by 1 · ✓ 1 other");
  const failing = explainArguments(resolved);
  assert.deepEqual(failing.position, grossProfit.range.start);
  assert.equal(textAt(manufacturing, failing.locations[0]!.range), '"41"');
  // The list of a version is built once: asking again gives the same lenses.
  assert.equal(unresolved(uri)![1], listed[1]);
});

test("a lens listed for one version resolves from the current one: after a value edit, and after items moved", async () => {
  const uri = "file:///lazy/edited.json";
  await server.open(uri, manufacturing);
  const grossProfit = lensAbove(unresolved(uri)!, manufacturing, "gross-profit");
  // The failing subtotal fixed by typing (a value edit): the same lens now says it adds up.
  const fixed = manufacturing.replace('"fy2025": "41"', '"fy2025": "40"');
  const at = positionOf(manufacturing, '"fy2025": "41"', 0, '"fy2025": "4'.length);
  server.edit(uri, 2, [{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: "0" }]);
  assert.equal(resolve(uri, grossProfit).command?.title, "✓ adds up in 2 periods");

  // An item inserted before it: the lens's indices now hold another item, and its id finds it again.
  const moved = JSON.parse(fixed) as { statements: { periods: string[]; items: unknown[] }[] };
  const income = moved.statements.findIndex((statement) => JSON.stringify(statement).includes('"gross-profit"'));
  const values = Object.fromEntries(moved.statements[income]!.periods.map((period) => [period, "0"]));
  moved.statements[income]!.items.unshift({ id: "inserted", label: "Inserted", unit: "krw-millions", values });
  const movedText = JSON.stringify(moved, null, 2);
  await server.change(uri, 3, [{ text: movedText }]);
  const again = resolve(uri, grossProfit);
  assert.equal(again.command?.title, "✓ adds up in 2 periods");
  const children = peekArguments(again).locations.map((location) => textAt(movedText, location.range));
  assert.match(children[0]!, /"id": "revenue"/);
  assert.deepEqual(peekArguments(again).position, lensAbove(unresolved(uri)!, movedText, "gross-profit").range.start, "the peek opens at the item's place in the current text");

  // Its item gone: a lens with nothing to say, never a stale title (VS Code would show a lens without a command as "!!MISSING: command!!").
  const gone = JSON.parse(movedText) as { statements: { items: { id: string; rollupTo?: string }[] }[] };
  gone.statements[income]!.items = gone.statements[income]!.items.filter((item) => item.id !== "gross-profit").map(({ rollupTo, ...item }) =>
    rollupTo === "gross-profit" ? item : { ...item, rollupTo },
  );
  await server.change(uri, 4, [{ text: JSON.stringify(gone, null, 2) }]);
  assert.deepEqual(resolve(uri, grossProfit).command, { title: "", command: "" });
  // Data that is not a lens's key is answered the same way.
  assert.deepEqual(resolve(uri, { range: grossProfit.range, data: { constructor: 1 } }).command, { title: "", command: "" });
});

/** A conforming document of one statement with `subtotals` subtotals of two items each, pretty-printed. */
function manySubtotals(subtotals: number): string {
  const items: unknown[] = [];
  for (let s = 0; s < subtotals; s++) {
    items.push({ id: `t${s}`, label: `Total ${s}`, unit: "u", values: { p: "2" } });
    for (const c of [0, 1]) items.push({ id: `t${s}c${c}`, label: `Item ${s}.${c}`, unit: "u", values: { p: "1" }, rollupTo: `t${s}` });
  }
  const document = {
    formatVersion: "0.2",
    entity: { name: "E" },
    scope: { label: "S" },
    units: [{ id: "u", label: "U", measure: "u", scale: 0 }],
    periods: [{ id: "p", kind: "instant", date: "2025-12-31" }],
    statements: [{ id: "s", label: "S", periods: ["p"], items }],
  };
  return JSON.stringify(document, null, 2);
}

function near(uri: string, lines: { start: number; end: number }[]) {
  return server.with(uri, (analysis) => service.codeLensesNear(analysis, server.settings, lines, NOT_CANCELLED));
}

test("fs/codeLenses: up to 500 subtotals, every lens, whatever lines are shown", async () => {
  const uri = "file:///lenses/500.json";
  await server.open(uri, manySubtotals(service.LENSES_IN_FULL));
  const answer = near(uri, [{ start: 1000, end: 1010 }])!;
  assert.equal(answer.windowed, false);
  assert.deepEqual(answer.lenses, unresolved(uri));
  assert.equal(answer.lenses.length, 1 + service.LENSES_IN_FULL);
});

test("fs/codeLenses: over 500 subtotals, only the lenses on the lines asked for, from the version's one list", async () => {
  const uri = "file:///lenses/501.json";
  const text = manySubtotals(service.LENSES_IN_FULL + 1);
  await server.open(uri, text);
  const all = unresolved(uri)!;
  const windows = [
    { start: 0, end: 40 },
    { start: lineOf(text, '"id": "t300"') - 5, end: lineOf(text, '"id": "t302"') },
  ];
  const answer = near(uri, windows)!;
  assert.equal(answer.windowed, true);
  const expected = all.filter((lens) => windows.some((window) => lens.range.start.line >= window.start && lens.range.start.line <= window.end));
  assert.deepEqual(answer.lenses, expected);
  // The status lens at the top, the subtotals in the first 40 lines, and t300 to t302 (whose lens is
  // on the line above its id).
  assert.equal(answer.lenses[0]!.range.start.line, 0);
  const ids = answer.lenses.flatMap((lens) => (Array.isArray(lens.data) ? [lens.data[3] as string] : []));
  assert.deepEqual(ids.slice(-3), ["t300", "t301", "t302"]);
  assert.ok(ids.length < 20, `a few lenses, not ${ids.length}`);
  // Resolved as any listed lens.
  assert.equal(resolve(uri, answer.lenses.at(-1)!).command?.title, "✓ adds up in 1 period");
  assert.deepEqual(near(uri, [{ start: text.length, end: text.length + 10 }])?.lenses, [], "lines past the end: none");
  // The language status says it once.
  assert.deepEqual(
    server.with(uri, (analysis) => service.statusOf(analysis).limits),
    { codeLenses: { subtotals: 501, inFull: 500 } },
  );
});

test("fs/codeLenses: the lenses on the lines shown come resolved, as codeLens/resolve gives them; the margin's stay lazy", async () => {
  const uri = "file:///lenses/resolved-501.json";
  const text = manySubtotals(service.LENSES_IN_FULL + 1);
  await server.open(uri, text);
  const shown = { start: lineOf(text, '"id": "t300"') - 1, end: lineOf(text, '"id": "t301"') };
  const lines = [{ start: shown.start - 30, end: shown.end + 30 }];
  const answer = server.with(uri, (analysis) => service.codeLensesNear(analysis, server.settings, lines, NOT_CANCELLED, 0, [shown]))!;
  const onShown = answer.lenses.filter((lens) => lens.range.start.line >= shown.start && lens.range.start.line <= shown.end);
  const inMargin = answer.lenses.filter((lens) => !onShown.includes(lens));
  assert.equal(onShown.length, 2, "t300 and t301");
  for (const lens of onShown) assert.deepEqual(lens, resolve(uri, { range: lens.range, data: lens.data }), "the title and peek locations codeLens/resolve gives");
  assert.equal(onShown[0]!.command?.title, "✓ adds up in 1 period");
  assert.ok(inMargin.length > 0);
  for (const lens of inMargin) assert.equal(lens.command, undefined, "resolved when shown");
  // The same lenses as without `resolved`, at the same places.
  assert.deepEqual(
    answer.lenses.map((lens) => lens.range),
    near(uri, lines)!.lenses.map((lens) => lens.range),
  );
  // A small document's whole list: the lenses on the lines shown resolved there too, the status lens as ever.
  const small = "file:///lenses/resolved-manufacturing.json";
  await server.open(small, manufacturing);
  const grossProfit = lineOf(manufacturing, '"id": "gross-profit"') - 1;
  const whole = server.with(small, (analysis) =>
    service.codeLensesNear(analysis, server.settings, [{ start: 0, end: 5 }], NOT_CANCELLED, 0, [{ start: grossProfit, end: grossProfit }]),
  )!;
  assert.equal(whole.windowed, false);
  assert.equal(whole.lenses.find((lens) => lens.range.start.line === grossProfit)?.command?.title, "✗ fy2025 off by 1 · ✓ 1 other");
  assert.equal(whole.lenses.filter((lens) => lens.command === undefined).length, 7, "the other parents stay lazy");
  assert.equal(whole.lenses[0]!.command?.command, "fs.openPreviewToSide");
});

test("a value edit's version keeps the limits of the version before it, as a fresh analysis finds them", async () => {
  const uri = "file:///lenses/limits-after-edit.json";
  const text = manySubtotals(service.LENSES_IN_FULL + 2);
  await server.open(uri, text);
  const before = server.with(uri, (analysis) => service.statusOf(analysis).limits);
  assert.deepEqual(before, { codeLenses: { subtotals: 502, inFull: 500 } });
  const at = text.indexOf('"p": "2"') + '"p": "'.length;
  const line = text.slice(0, at).split("\n").length - 1;
  const character = at - (text.lastIndexOf("\n", at - 1) + 1);
  server.edit(uri, 2, [{ range: { start: { line, character }, end: { line, character: character + 1 } }, text: "3" }]);
  const edited = server.analysis(uri);
  assert.equal(edited?.version, 2);
  assert.deepEqual(service.statusOf(edited!).limits, before);
  const fresh = "file:///lenses/limits-fresh.json";
  await server.open(fresh, edited!.text);
  assert.deepEqual(
    server.with(fresh, (analysis) => service.statusOf(analysis).limits),
    before,
  );
});
