// Benchmark runner: `node --expose-gc scripts/bench/run.mjs [--sizes 0.25,2.5,25] [--json] [--seed N] [--only text]`.
// `--only many` runs only the many-files comparison (scripts/bench/many.mjs), which a run without
// --only includes.
// Medians over adaptive run counts, because single runs of a GC'd runtime are too noisy to compare.
import os from "node:os";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { generateWithStats } from "./generate.mjs";
import * as peers from "./peers.mjs";
import { serverMeasurements } from "./server.mjs";
import { formatMany, measureMany } from "./many.mjs";

/** Sizes are decimal megabytes (1 MB = 1,000,000 bytes), matching how the sizes are quoted. */
export const MB = 1_000_000;
const WARMUP_BUDGET_MS = 300;
const MAX_WARMUPS = 20;
const RUN_BUDGET_MS = 2_000;
const MIN_RUNS = 5;
const MAX_RUNS = 50;

/**
 * The measurement registry. An entry is `{ name, setup?(text), run(text, prepared), teardown?(prepared) }`;
 * `setup` runs once per size outside the timing and its result is handed to every `run`.
 * `run` may return a promise (a language server round trip does); it is awaited inside the timing.
 */
export const measurements = [
  { name: "JSON.parse", run: peers.jsonParse },
  { name: "jsonc-parser parseTree", run: peers.jsoncParseTree },
  { name: "ajv schema only", setup: () => peers.prepareAjv(), run: peers.ajvSchemaOnly },
  { name: "json-languageservice schema only", setup: () => peers.prepareJsonLanguageService(), run: peers.jsonLanguageServiceSchemaOnly },
];

const ENGINE_ENTRIES = [
  ["our full validation", "validateText"],
  ["validation + every failing rollup explained (eager; the tools explain on demand)", "validateAndExplain"],
  ["render HTML", "renderHtml"],
  ["snapshot diff", "diffText"],
  ["preview model (whole)", "previewModel", "previewSetup"],
  ["preview patch per edit, whole model + diff (edits other than value edits)", "previewPatchFull", "previewSetup"],
  ["preview patch per value edit (analysis + the rows it changes + diff)", "valueEditPatch", "previewSetup"],
  ["server in process: analysis of an opened document", "serverAnalysis"],
  ["server in process: open → diagnostics (analysis, ranges, causes)", "serverOpen"],
  ["server in process: value edit → diagnostics", "serverValueEdit", "serverEditSetup"],
];

/** Our engine rows, from the bench bundle when it has been built; otherwise skipped rows with a reason. */
export async function engineMeasurements() {
  const bundle = new URL("../../dist/bench-engine.js", import.meta.url);
  if (!existsSync(bundle)) {
    return ENGINE_ENTRIES.map(([name]) => ({ name, skipped: "dist/bench-engine.js not built" }));
  }
  const loaded = await import(bundle.href);
  // An esbuild CJS bundle arrives as `default`; an ESM bundle exposes the functions directly.
  const api = typeof loaded.validateText === "function" ? loaded : (loaded.default ?? {});
  return ENGINE_ENTRIES.map(([name, exported, setup]) =>
    typeof api[exported] === "function" && (setup === undefined || typeof api[setup] === "function")
      ? { name, ...(setup === undefined ? {} : { setup: (text) => api[setup](text) }), run: (text, prepared) => api[exported](text, prepared) }
      : { name, skipped: `dist/bench-engine.js does not export ${exported}` },
  );
}

// Results are kept reachable so the engine cannot treat a run as dead code.
let sink;

/** Wall time, and this process's CPU time (steadier than wall time on a loaded machine). */
async function timeOnce(entry, text, prepared) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = entry.run(text, prepared);
  sink = result && typeof result.then === "function" ? await result : result;
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Warm up until the JIT has seen the code a few times, then size the run count from the last warm-up. */
export async function measure(entry, text) {
  globalThis.gc?.();
  const prepared = entry.setup ? await entry.setup(text) : undefined;
  let warmups = 0;
  let warmupMs = 0;
  let lastMs = 0;
  while (warmups < 1 || (warmups < MAX_WARMUPS && warmupMs < WARMUP_BUDGET_MS)) {
    lastMs = (await timeOnce(entry, text, prepared)).wallMs;
    warmupMs += lastMs;
    warmups++;
  }
  const runs = Math.min(MAX_RUNS, Math.max(MIN_RUNS, Math.ceil(RUN_BUDGET_MS / Math.max(lastMs, 0.01))));
  const samples = [];
  const cpuSamples = [];
  for (let i = 0; i < runs; i++) {
    const { wallMs, cpuMs } = await timeOnce(entry, text, prepared);
    samples.push(wallMs);
    cpuSamples.push(cpuMs);
  }
  const note = await entry.note?.(prepared, text.length);
  await entry.teardown?.(prepared);
  sink = undefined;
  return { medianMs: median(samples), medianCpuMs: median(cpuSamples), minMs: Math.min(...samples), maxMs: Math.max(...samples), runs, warmups, ...(note ? { note } : {}) };
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: `${process.platform} ${process.arch}`,
    cpu: cpus[0]?.model?.trim() ?? "unknown",
    cores: cpus.length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    exposeGc: typeof globalThis.gc === "function",
  };
}

export async function runBenchmarks({ sizes, seed, only, entries, log = () => {} }) {
  const results = [];
  for (const sizeMB of sizes) {
    const generateStart = performance.now();
    const { text, stats } = generateWithStats({ targetBytes: Math.round(sizeMB * MB), seed });
    const generateMs = performance.now() - generateStart;
    const megabytes = stats.bytes / MB;
    log(`size ${sizeMB} MB: generated ${stats.bytes} bytes in ${generateMs.toFixed(0)} ms`);
    const rows = [];
    for (const entry of entries) {
      if (only && !entry.name.toLowerCase().includes(only.toLowerCase())) continue;
      if (entry.skipped) {
        rows.push({ name: entry.name, skipped: entry.skipped });
        continue;
      }
      log(`  ${entry.name} ...`);
      const timing = await measure(entry, text);
      rows.push({ name: entry.name, ...timing, msPerMB: timing.medianMs / megabytes });
    }
    const floor = rows.find((row) => row.name === "JSON.parse" && !row.skipped);
    for (const row of rows) if (!row.skipped) row.ratioToJsonParse = floor ? row.medianMs / floor.medianMs : null;
    results.push({ sizeMB, bytes: stats.bytes, generateMs, stats, rows });
  }
  return { machine: machineInfo(), seed, sizes: results, growth: growth(results) };
}

/** Per-MB cost at the largest size over the next largest: 1.0 is linear, 10 means quadratic-ish over 10x. */
function growth(results) {
  if (results.length < 2) return null;
  const ordered = [...results].sort((a, b) => a.bytes - b.bytes);
  const large = ordered.at(-1);
  const middle = ordered.at(-2);
  const rows = large.rows
    .filter((row) => !row.skipped)
    .map((row) => {
      const base = middle.rows.find((candidate) => candidate.name === row.name && !candidate.skipped);
      return { name: row.name, ratio: base ? row.msPerMB / base.msPerMB : null };
    });
  // JSON.parse itself grows (GC, caches), so a row's excess over the floor's growth is what is ours.
  const floor = rows.find((row) => row.name === "JSON.parse")?.ratio;
  for (const row of rows) row.relativeToJsonParse = floor && row.ratio !== null ? row.ratio / floor : null;
  return { fromMB: middle.sizeMB, toMB: large.sizeMB, rows };
}

function table(headers, rows) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  ");
  return [line(headers), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

const fixed = (value, digits) => (value === null || value === undefined ? "n/a" : value.toFixed(digits));

export function formatReport(report) {
  const { machine } = report;
  const out = [
    `node ${machine.node} (V8 ${machine.v8}), ${machine.platform}, ${machine.cpu} x${machine.cores}, ${machine.memoryGB} GB` +
      (machine.exposeGc ? "" : "  [run with --expose-gc for GC between measurements]"),
    `seed ${report.seed}`,
  ];
  for (const size of report.sizes) {
    const s = size.stats;
    out.push(
      "",
      `${size.sizeMB} MB: ${size.bytes} bytes, ${s.statements} statements, ${s.items} items, ${s.cells} cells, ` +
        `${s.applications} applications (${s.expectedUnsatisfied} unsatisfied, ${s.missingValueErrors + s.unavailableValueErrors} error)`,
    );
    const measured = size.rows.filter((row) => !row.skipped);
    out.push(
      table(
        ["measurement", "median ms", "CPU ms", "x JSON.parse", "ms/MB", "runs"],
        measured.map((row) => [row.name, fixed(row.medianMs, 2), fixed(row.medianCpuMs, 2), fixed(row.ratioToJsonParse, 1), fixed(row.msPerMB, 2), row.runs]),
      ),
    );
    for (const row of size.rows) if (row.skipped) out.push(`skipped ${row.name}: ${row.skipped}`);
    for (const row of measured) if (row.note) out.push(`${row.name}: ${row.note}`);
  }
  if (report.growth) {
    out.push("", `growth: ms/MB at ${report.growth.toMB} MB / ms/MB at ${report.growth.fromMB} MB (1.0 = linear)`);
    out.push(
      table(
        ["measurement", "ratio", "/ JSON.parse ratio"],
        report.growth.rows.map((row) => [row.name, fixed(row.ratio, 2), fixed(row.relativeToJsonParse, 2)]),
      ),
    );
  }
  return out.join("\n");
}

function parseArgs(argv) {
  const options = { sizes: [0.25, 2.5, 25], seed: 1, json: false, only: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--json") options.json = true;
    else if (arg === "--sizes") options.sizes = value().split(",").map(Number);
    else if (arg === "--seed") options.seed = Number(value());
    else if (arg === "--only") options.only = value();
    else throw new Error(`unknown argument ${arg}`);
  }
  if (options.sizes.length === 0 || options.sizes.some((size) => !(size > 0))) throw new Error("--sizes takes positive MB values, e.g. 0.25,2.5");
  if (!Number.isInteger(options.seed)) throw new Error("--seed takes an integer");
  return options;
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench: ${error.message}\n`);
    process.exitCode = 2;
    return;
  }
  const entries = [...measurements, ...(await engineMeasurements()), ...serverMeasurements()];
  // Progress goes to stderr so `--json` output stays parseable.
  const log = (message) => process.stderr.write(`${message}\n`);
  const many = options.only === null || "many files".includes(options.only.toLowerCase());
  const report = options.only === "many" ? { machine: machineInfo(), seed: options.seed, sizes: [], growth: null } : await runBenchmarks({ ...options, entries, log });
  if (many) report.manyFiles = measureMany({ seed: options.seed, log });
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}${many ? formatMany(report.manyFiles) : ""}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
