// npm run bench:compare: fsdoc compare's engine on two large documents with a few hundred changes,
// against JSON.parse of both texts (the floor), at 1 and 5 MB. Prints medians and ratios; the
// figure in docs/performance.md ("Comparing two versions") comes from here. A second table: the
// changes view's live update (docs/performance.md, "The changes view's live update").
//   node --expose-gc dist/bench-compare.js [--sizes 1,5] [--runs 7]
import { performance } from "node:perf_hooks";
import { analyze, parseJson } from "../../shared/src/index";
import { compareDocuments } from "../../shared/src/compare/index";
import { applyPreviewPatch } from "../../shared/src/render/previewPatch";
import { decodePreviewWire } from "../../shared/src/render/previewWire";
import { DocumentAnalysis } from "../../server/src/analysis";
import { OpenDocument } from "../../server/src/textDocument";
import { compareView, readOld } from "../../server/src/service/compareView";
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

// The changes view's live update at the same sizes: after an edit of one value of NEW, the
// language server answers fs/compareView (server/src/service/compareView.ts) with the whole view
// (a page that holds none: the first paint, a reload) or with a patch from the view the page holds
// (every later edit). NEW's analysis and its preview wire are made before the clock starts (the
// analysis builds them once per version; the preview needs them too; the edited version from the
// previous one, as the server takes a value edit), and their time is printed apart. "Sent" is the answer's JSON text; "page" is what the page does with it before drawing:
// decode the whole view, or apply the patch to its copy (the DOM work after it is not counted).
console.log("");
console.log("the changes view's update after one edit of NEW: the whole view, and the patch sent instead");
console.log("| size | NEW's analysis + wire ms | whole: server ms | whole: sent MB | whole: page decode ms | patch: server ms | patch: sent bytes (ops) | patch: page apply ms |");
for (const size of sizes) {
  const oldText = generateDocument({ targetBytes: size * 1_000_000, seed: 1 }) as string;
  const old = readOld(oldText);
  const newValue = edit(JSON.parse(oldText) as Doc);
  // The next version: one more value changed.
  const nextValue = structuredClone(newValue) as Doc;
  const nextItem = (nextValue.statements[0] as Doc).items.find((item: Doc) => typeof Object.values(item.values)[0] === "string") as Doc;
  const nextPeriod = Object.keys(nextItem.values)[0] as string;
  nextItem.values[nextPeriod] = `${nextItem.values[nextPeriod]}9`;
  const texts = [JSON.stringify(newValue, null, 2), JSON.stringify(nextValue, null, 2)] as const;
  // The edit between the two texts, as the editor sends it (the digit typed).
  let prefix = 0;
  while (texts[0][prefix] === texts[1][prefix]) prefix++;
  let suffix = 0;
  while (suffix < texts[0].length - prefix && texts[0][texts[0].length - 1 - suffix] === texts[1][texts[1].length - 1 - suffix]) suffix++;
  const textEdit = { offset: prefix, length: texts[0].length - prefix - suffix, text: texts[1].slice(prefix, texts[1].length - suffix) };
  let valueEdit = false;
  const analysisTimes: number[] = [];
  const wholeTimes: number[] = [];
  const decodeTimes: number[] = [];
  const patchTimes: number[] = [];
  const applyTimes: number[] = [];
  let wholeBytes = 0;
  let patchBytes = 0;
  let opsCount = 0;
  for (let run = 0; run < runs + 1; run++) {
    gc?.();
    let analyses: DocumentAnalysis[] = [];
    const a = time(() => {
      const first = DocumentAnalysis.of(OpenDocument.create("file:///bench/new.json", "json", 1, texts[0]), undefined);
      void first.lastGood?.previewWire;
      // As the server takes a value edit: from the previous analysis (its preview wire shares the statements the edit left alone).
      const document = OpenDocument.create("file:///bench/new.json", "json", 2, texts[1] as string);
      const afterEdit = DocumentAnalysis.afterEdit(document, first, textEdit);
      valueEdit = afterEdit !== undefined;
      const second = afterEdit ?? DocumentAnalysis.of(document, first);
      void second.lastGood?.previewWire;
      analyses = [first, second];
    });
    const [first, second] = analyses as [DocumentAnalysis, DocumentAnalysis];
    gc?.();
    let shown: ReturnType<typeof compareView> | undefined;
    const w = time(() => (shown = compareView(first, old, "HEAD", "new.json")));
    const wholeText = JSON.stringify(shown!.result);
    gc?.();
    let model: ReturnType<typeof decodePreviewWire>;
    const d = time(() => (model = decodePreviewWire(JSON.parse(shown!.result.wire as string))));
    gc?.();
    let next: ReturnType<typeof compareView> | undefined;
    const p = time(() => (next = compareView(second, old, "HEAD", "new.json", undefined, { sent: shown!.sent, baseVersion: 1 })));
    const patch = next!.result.patch;
    if (patch === undefined || model === undefined) throw new Error("the bench expects a patch of a view the page holds");
    const patchText = JSON.stringify(next!.result);
    gc?.();
    const ap = time(() => {
      if (!applyPreviewPatch(model!, patch.ops)) throw new Error("the patch does not fit");
    });
    wholeBytes = wholeText.length;
    patchBytes = patchText.length;
    opsCount = patch.ops.length;
    if (run === 0) continue;
    analysisTimes.push(a / 2);
    wholeTimes.push(w);
    decodeTimes.push(d);
    patchTimes.push(p);
    applyTimes.push(ap);
  }
  console.log(
    `| ${size} MB${valueEdit ? "" : " (not taken as a value edit)"} | ${ms(median(analysisTimes))} | ${ms(median(wholeTimes))} | ${(wholeBytes / 1e6).toFixed(2)} | ${ms(median(decodeTimes))} | ${ms(median(patchTimes))} | ${patchBytes} (${opsCount}) | ${ms(median(applyTimes))} |`,
  );
}
