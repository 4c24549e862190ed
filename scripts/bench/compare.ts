// npm run bench:compare: fsdoc compare's engine on two large documents with a few hundred changes,
// against JSON.parse of both texts (the floor), at 1 and 5 MB. Prints medians and ratios; the
// figure in docs/performance.md ("Comparing two versions") comes from here. A second table: the
// changes view's live update (docs/performance.md, "The changes view's live update").
//   node --expose-gc dist/bench-compare.js [--sizes 1,5] [--runs 7]
import { performance } from "node:perf_hooks";
import { analyze, parseJson } from "../../shared/src/index";
import { compareDocuments } from "../../shared/src/compare/index";
import { comparisonView } from "../../shared/src/compare/view";
import { buildPresentation } from "../../shared/src/render/presentation";
import { diffPreviewWires } from "../../shared/src/render/previewPatch";
import { decodePreviewWire, decodeWireStatement, encodePreviewWire, previewWireOf, previewWireText } from "../../shared/src/render/previewWire";
// @ts-expect-error: the generator is plain JavaScript (scripts/bench/generate.mjs), bundled by esbuild.
import { generateDocument } from "./generate.mjs";

type Doc = Record<string, any>;

const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
};
const sizes = argument("sizes", "1,5").split(",").map(Number);
const runs = Number(argument("runs", "7"));
const gc = (globalThis as { gc?: () => void }).gc;

/** NEW: about 300 cells changed, 20 rows added, 20 removed, 10 moved, one period renamed; re-indented. */
function edit(document: Doc): Doc {
  const now = structuredClone(document);
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const statements = now.statements as Doc[];
  for (let k = 0; k < 300; k++) {
    const statement = statements[next(statements.length)] as Doc;
    const item = statement.items[next(statement.items.length)];
    const period = statement.periods[next(statement.periods.length)];
    const value = item.values[period];
    item.values[period] = value === "0" ? "1" : typeof value === "string" ? `${value}1` : "5";
  }
  for (let k = 0; k < 20; k++) {
    const statement = statements[next(statements.length)] as Doc;
    const values = Object.fromEntries((statement.periods as string[]).map((period) => [period, "1"]));
    statement.items.splice(next(statement.items.length), 0, { id: `bench-added-${k}`, label: `Added ${k}`, unit: statement.items[0].unit, values });
  }
  for (let k = 0; k < 20; k++) {
    const statement = statements[next(statements.length)] as Doc;
    const index = statement.items.findIndex((item: Doc) => item.rollupTo === undefined && !statement.items.some((other: Doc) => other.rollupTo === item.id));
    if (index >= 0) statement.items.splice(index, 1);
  }
  for (let k = 0; k < 10; k++) {
    const statement = statements[next(statements.length)] as Doc;
    const [item] = statement.items.splice(next(statement.items.length), 1);
    statement.items.splice(next(statement.items.length), 0, item);
  }
  const period = now.periods[0] as Doc;
  const renamed = `${period.id}-renamed`;
  for (const statement of statements) {
    statement.periods = (statement.periods as string[]).map((id) => (id === period.id ? renamed : id));
    for (const item of statement.items) {
      if (Object.hasOwn(item.values, period.id)) {
        item.values[renamed] = item.values[period.id];
        delete item.values[period.id];
      }
    }
  }
  period.id = renamed;
  return now;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const ms = (value: number) => value.toFixed(1).padStart(8);
console.log(`runs: ${runs} (median); the comparison's own share (both sides already validated) and end to end (parse, validate both, compare)`);
console.log("| size | JSON.parse ×2 ms | compare ms | × parse | end to end ms | × parse | changes | retained heap MB |");
for (const size of sizes) {
  const oldText = generateDocument({ targetBytes: size * 1_000_000, seed: 1 }) as string;
  const newText = JSON.stringify(edit(JSON.parse(oldText) as Doc), null, 4);
  const oldValue = JSON.parse(oldText);
  const newValue = JSON.parse(newText);
  const oldResult = analyze(oldValue).result;
  const newResult = analyze(newValue).result;
  const parse: number[] = [];
  const compare: number[] = [];
  const whole: number[] = [];
  let changes = 0;
  for (let run = 0; run < runs + 1; run++) {
    gc?.();
    const p = time(() => [JSON.parse(oldText), JSON.parse(newText)]);
    gc?.();
    const c = time(() => (changes = compareDocuments({ value: oldValue, result: oldResult }, { value: newValue, result: newResult }).changes.length));
    gc?.();
    const w = time(() => {
      const sides = [oldText, newText].map((text) => {
        const parsed = parseJson(text);
        if (!parsed.ok) throw new Error("generated text did not parse");
        return { value: parsed.value, result: analyze(parsed.value).result };
      });
      compareDocuments(sides[0]!, sides[1]!);
    });
    if (run === 0) continue; // warm-up
    parse.push(p);
    compare.push(c);
    whole.push(w);
  }
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept = compareDocuments({ value: oldValue, result: oldResult }, { value: newValue, result: newResult });
  gc?.();
  const retained = (process.memoryUsage().heapUsed - before) / 1e6;
  const floor = median(parse);
  console.log(
    `| ${size} MB | ${ms(floor)} | ${ms(median(compare))} | ${(median(compare) / floor).toFixed(2)} | ${ms(median(whole))} | ${(median(whole) / floor).toFixed(2)} | ${changes} | ${retained.toFixed(2)} (${kept.changes.length} changes) |`,
  );
}

// The changes view's live update at the same sizes: after an edit of NEW, the language server makes
// the whole view again (fs/compareView: compare, the view's model over NEW's preview model, its wire
// text) and the extension sends all of it; the page decodes it. "NEW's wire" is NEW's preview model
// (the analysis builds it once per version; the preview needs it too). "Patch" is what the
// preview's patch (diffPreviewWires) between two successive views would hold instead, for an edit
// of one value.
console.log("");
console.log("the changes view's update after one edit of NEW (the view is made and sent whole)");
console.log("| size | NEW's wire ms | view ms (compare + model + text) | view text MB | page decode ms | patch ops (bytes) for one value | patch ms |");
for (const size of sizes) {
  const oldText = generateDocument({ targetBytes: size * 1_000_000, seed: 1 }) as string;
  const oldValue = JSON.parse(oldText);
  const oldResult = analyze(oldValue).result;
  const newValue = edit(JSON.parse(oldText) as Doc);
  const newResult = analyze(newValue).result;
  const viewOf = (value: unknown, result: typeof newResult, wire: ReturnType<typeof previewWireOf>) => {
    const comparison = compareDocuments({ value: oldValue, result: oldResult }, { value, result });
    const model = { title: wire.title, statements: wire.statements.map(decodeWireStatement) };
    return encodePreviewWire(comparisonView(comparison, oldValue, value, model, "HEAD", "new.json").model);
  };
  // The next version: one more value changed.
  const nextValue = structuredClone(newValue) as Doc;
  const nextItem = (nextValue.statements[0] as Doc).items.find((item: Doc) => typeof Object.values(item.values)[0] === "string") as Doc;
  const nextPeriod = Object.keys(nextItem.values)[0] as string;
  nextItem.values[nextPeriod] = `${nextItem.values[nextPeriod]}9`;
  const nextResult = analyze(nextValue).result;
  const wireTimes: number[] = [];
  const viewTimes: number[] = [];
  const decodeTimes: number[] = [];
  const patchTimes: number[] = [];
  let text = "";
  let opsBytes = 0;
  let opsCount = 0;
  for (let run = 0; run < runs + 1; run++) {
    gc?.();
    let wire: ReturnType<typeof previewWireOf> | undefined;
    const w = time(() => (wire = previewWireOf(buildPresentation(newValue, newResult))));
    gc?.();
    let view: ReturnType<typeof encodePreviewWire> | undefined;
    const v = time(() => {
      view = viewOf(newValue, newResult, wire!);
      text = previewWireText(view);
    });
    gc?.();
    const d = time(() => decodePreviewWire(JSON.parse(text)));
    const nextView = viewOf(nextValue, nextResult, previewWireOf(buildPresentation(nextValue, nextResult)));
    gc?.();
    let ops: ReturnType<typeof diffPreviewWires> = [];
    const p = time(() => (ops = diffPreviewWires(view!, nextView)));
    opsCount = ops.length;
    opsBytes = JSON.stringify(ops).length;
    if (run === 0) continue;
    wireTimes.push(w);
    viewTimes.push(v);
    decodeTimes.push(d);
    patchTimes.push(p);
  }
  console.log(
    `| ${size} MB | ${ms(median(wireTimes))} | ${ms(median(viewTimes))} | ${(text.length / 1e6).toFixed(2)} | ${ms(median(decodeTimes))} | ${opsCount} (${opsBytes}) | ${ms(median(patchTimes))} |`,
  );
}
