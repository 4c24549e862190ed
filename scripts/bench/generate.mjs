// Deterministic generator of large, realistic FS 0.2 documents for the benchmark.
// Values are BigInt fixed-point so that every subtotal is exact: a benchmark document whose rollups
// are "inconsistent" by float noise would measure a different code path than a real one.
// Run as a script, it writes one document (`--help`: generate-cli.mjs).

import { realpathSync } from "node:fs";
import { basename } from "node:path";

const SCHEMA_URL = "https://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json";
const FRACTION_DIGITS = 10;
const ONE = 10n ** BigInt(FRACTION_DIGITS);
// Items sit at depth 4 of the pretty-printed document (root, statements[], statement, items[]).
const ITEM_INDENT = 8;

/**
 * The shapes and states users meet (issue 25). Each is a set of knobs over the same generator;
 * "typical" is the document every figure before issue 25 was measured on, and stays byte-identical.
 * Knobs combine: "long+failing" is a long draft. Every shape keeps its stats exact.
 */
export const SHAPES_OF_DOCUMENT = {
  /** Few failing subtotals (0.4% of applications), a few missing cells, 9-13 periods. */
  typical: {},
  /** A draft not reconciled yet: hundreds of failing and unevaluable rollup checks. */
  failing: { inconsistencyRate: 0.06, cellMissRate: 0.006 },
  /** Thousands of rows in one statement: four statements whatever the size. */
  long: { fewStatements: true },
  /** A wide document: 30+ periods per statement (31 fiscal years, or their 32 balance sheet dates). */
  wide: { years: 31 },
  /** Deep rollup trees: seven levels between each total and its groups (10 levels with the lines). */
  deep: { depth: 7 },
};
export const SHAPE_NAMES = Object.keys(SHAPES_OF_DOCUMENT);

/** Knobs of a shape name, or of names joined by "+" (e.g. "long+failing"). */
export function shapeKnobs(shape = "typical") {
  const knobs = { inconsistencyRate: 0.004, cellMissRate: 0.0015, fewStatements: false, years: undefined, depth: 0 };
  for (const name of String(shape).split("+")) {
    if (!Object.hasOwn(SHAPES_OF_DOCUMENT, name)) throw new TypeError(`unknown document shape "${name}" (known: ${SHAPE_NAMES.join(", ")})`);
    Object.assign(knobs, SHAPES_OF_DOCUMENT[name]);
  }
  return knobs;
}

/** mulberry32: tiny, fast, and the same sequence on every platform (Math.imul is exact). */
function mulberry32(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, chance: (p) => next() < p, pick: (list) => list[int(0, list.length - 1)] };
}

function digits(rng, count, firstNonZero) {
  let text = "";
  for (let i = 0; i < count; i++) text += String(i === 0 && firstNonZero ? rng.int(1, 9) : rng.int(0, 9));
  return text;
}

/** A random magnitude as fixed-point BigInt; the shape decides how long and how fractional it is. */
function randomMagnitude(rng, shape) {
  if (rng.chance(0.01)) return 0n;
  const intDigits = rng.chance(shape.longRate) ? rng.int(15, 28) : rng.int(shape.intMin, shape.intMax);
  const roll = rng.next();
  const fracDigits = shape.fracMax === 0 ? 0 : roll < 0.55 ? 0 : roll < 0.85 ? rng.int(1, 3) : rng.int(4, shape.fracMax);
  // The last fractional digit is nonzero so the canonical text really has fracDigits digits.
  const fraction = fracDigits === 0 ? 0n : BigInt(digits(rng, fracDigits - 1, false) + String(rng.int(1, 9)));
  return BigInt(digits(rng, intDigits, true)) * ONE + fraction * 10n ** BigInt(FRACTION_DIGITS - fracDigits);
}

/** Canonical decimal text per spec 2.1: no exponent, no trailing fractional zeros, no "-0". */
export function formatFixed(value) {
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  const fraction = (abs % ONE).toString().padStart(FRACTION_DIGITS, "0").replace(/0+$/, "");
  return sign + (abs / ONE).toString() + (fraction ? "." + fraction : "");
}

const SHAPES = {
  currency: { intMin: 3, intMax: 8, longRate: 0.05, fracMax: 10 },
  shares: { intMin: 5, intMax: 9, longRate: 0.05, fracMax: 0 },
  percent: { intMin: 1, intMax: 2, longRate: 0, fracMax: 4 },
  perShare: { intMin: 1, intMax: 2, longRate: 0, fracMax: 4 },
};

const UNITS = [
  { id: "eur-thousands", label: "EUR thousands", measure: "EUR", scale: 3, defaultTolerance: "0.5" },
  { id: "shares", label: "Number of shares", measure: "shares", scale: 0 },
  { id: "percent", label: "Percent", measure: "percent", scale: 0 },
  { id: "eur-per-share", label: "EUR per share", measure: "EUR/share", scale: 0 },
];
const UNIT_SHAPE = { "eur-thousands": "currency", shares: "shares", percent: "percent", "eur-per-share": "perShare" };

// Line labels: a leading "-" means normally negative, "~" means either sign (e.g. FX result).
const g = (label, lines) => ({ label, lines });
const TEMPLATES = [
  {
    id: "balance-sheet",
    label: "Balance sheet",
    periods: "instants",
    blocks: [
      {
        total: "Total assets",
        groups: [
          g("Non-current assets", [
            "Property, plant and equipment",
            "-Accumulated depreciation",
            "Right-of-use assets",
            "Goodwill",
            "Other intangible assets",
            "Investments in associates",
            "Deferred tax assets",
            "Other financial assets",
          ]),
          g("Current assets", [
            "Inventories",
            "Trade receivables",
            "-Allowance for expected credit losses",
            "Contract assets",
            "Prepayments",
            "Income tax receivable",
            "Other current assets",
            "Cash and cash equivalents",
          ]),
        ],
      },
      {
        total: "Total equity and liabilities",
        groups: [
          g("Equity", ["Share capital", "Share premium", "Retained earnings", "~Other reserves", "-Treasury shares", "Non-controlling interests"]),
          g("Non-current liabilities", ["Borrowings", "Lease liabilities", "Provisions", "Deferred tax liabilities", "Employee benefit obligations"]),
          g("Current liabilities", ["Trade payables", "Contract liabilities", "Short-term borrowings", "Current tax liabilities", "Accrued expenses", "Other current liabilities"]),
        ],
      },
    ],
  },
  {
    id: "income-statement",
    label: "Income statement",
    periods: "durations",
    blocks: [
      {
        total: "Profit for the year",
        groups: [
          g("Revenue", ["Product revenue", "Service revenue", "Licence revenue", "Other operating income"]),
          g("Cost of sales", ["-Materials", "-Direct labour", "-Manufacturing overhead", "-Depreciation of production assets"]),
          g("Operating expenses", ["-Selling expenses", "-Administrative expenses", "-Research and development", "-Impairment losses"]),
          g("Finance result", ["Interest income", "-Interest expense", "~Foreign exchange result"]),
          g("Income tax", ["-Current tax", "~Deferred tax"]),
        ],
      },
    ],
    memo: [
      ["Basic earnings per share", "eur-per-share"],
      ["Diluted earnings per share", "eur-per-share"],
      ["Weighted average shares outstanding", "shares"],
    ],
  },
  {
    id: "cash-flow",
    label: "Cash flow statement",
    periods: "durationsAscending",
    blocks: [
      {
        total: "Net change in cash and cash equivalents",
        groups: [
          g("Operating activities", ["Profit before tax", "Depreciation and amortisation", "~Change in working capital", "-Income taxes paid", "~Other non-cash items"]),
          g("Investing activities", ["-Purchase of property, plant and equipment", "Proceeds from disposals", "-Acquisition of subsidiaries", "Interest received"]),
          g("Financing activities", ["Proceeds from borrowings", "-Repayment of borrowings", "-Dividends paid", "-Lease payments", "-Purchase of treasury shares"]),
        ],
      },
    ],
  },
  {
    id: "segment-note",
    label: "Segment information",
    periods: "recentDurations",
    blocks: [
      {
        total: "Total segment revenue",
        groups: ["Europe", "North America", "Asia Pacific", "Latin America", "Middle East and Africa"].map((region) =>
          g(`Segment ${region}`, ["Industrial machinery", "Spare parts", "Field services", "Digital solutions", "Components"]),
        ),
      },
      {
        total: "Total shares outstanding",
        unit: "shares",
        fixed: true,
        groups: [
          g("Ordinary shares", ["Issued at beginning of period", "Issued during the period", "-Bought back", "Employee share plans"]),
          g("Preference shares", ["Issued at beginning of period", "Converted to ordinary shares", "Issued during the period"]),
        ],
      },
    ],
    memo: ["Europe", "North America", "Asia Pacific"].map((region) => [`Operating margin ${region}`, "percent"]),
  },
];

const slug = (label) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

function makePeriods(rng, knobs) {
  const drawn = rng.int(4, 6);
  const years = knobs.years ?? drawn;
  const lastYear = 2025 - rng.int(0, 2);
  const marchYearEnd = rng.chance(0.3); // fiscal years ending 31 March exist and shift every date
  const periods = [];
  const instants = [];
  const durations = [];
  for (let year = lastYear; year > lastYear - years; year--) {
    const fy = { id: `fy${year}`, kind: "duration", start: marchYearEnd ? `${year - 1}-04-01` : `${year}-01-01`, end: marchYearEnd ? `${year}-03-31` : `${year}-12-31` };
    const at = { id: `at-${year}`, kind: "instant", date: fy.end };
    periods.push(fy, at);
    durations.push(fy.id);
    instants.push(at.id);
  }
  // The opening balance sheet date of the earliest year.
  const opening = lastYear - years;
  const openingAt = { id: `at-${opening}`, kind: "instant", date: marchYearEnd ? `${opening}-03-31` : `${opening}-12-31` };
  periods.push(openingAt);
  instants.push(openingAt.id);
  return { periods, select: { instants, durations, durationsAscending: [...durations].reverse(), recentDurations: durations.slice(0, 3) } };
}

/** Bytes `value` takes inside the pretty-printed document at `indent`, with its ",\n". */
function indentedBytes(value, indent) {
  const text = JSON.stringify(value, null, 2);
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
  return Buffer.byteLength(text) + lines * indent + 2;
}
const itemBytes = (item) => indentedBytes(item, ITEM_INDENT);

/** Builds one statement of about `budget` bytes; returns it with its exact expected rollup counts. */
function buildStatement(rng, template, suffix, periodIds, budget, stats, knobs) {
  const usedIds = new Set();
  const uniqueId = (base) => {
    let id = base;
    for (let n = 2; usedIds.has(id); n++) id = `${base}-${n}`;
    usedIds.add(id);
    return id;
  };
  let bytes = 300 + periodIds.length * 20;
  const unsatisfiedBefore = stats.expectedUnsatisfied;
  const tolerance = (unit) => (unit === "eur-thousands" ? ONE / 2n : 0n);
  const cellText = (value) => (typeof value === "bigint" ? formatFixed(value) : value);
  const toItem = (row) => {
    const item = { id: row.id, label: row.label };
    if (row.description) item.description = row.description;
    item.unit = row.unit;
    item.values = Object.fromEntries(periodIds.map((period, i) => [period, cellText(row.cells[i])]));
    if (row.parent) item.rollupTo = row.parent.id;
    return item;
  };
  const account = (row) => {
    bytes += itemBytes(toItem(row));
  };

  // The parent is computed from its children's stored cells, then maybe perturbed on purpose by
  // more than the tolerance; a period with a missing or unavailable cell is an error application,
  // so perturbing it would be invisible.
  const settleParent = (parent, children, forcePerturb) => {
    parent.cells = periodIds.map((_, p) => {
      let sum = 0n;
      for (const child of children) if (typeof child.cells[p] === "bigint") sum += child.cells[p];
      return sum;
    });
    const evaluable = periodIds.map((_, p) => children.every((child) => typeof child.cells[p] === "bigint"));
    const perturbAt = forcePerturb ? rng.int(0, periodIds.length - 1) : -1;
    periodIds.forEach((_, p) => {
      if (!evaluable[p] || (p !== perturbAt && !rng.chance(knobs.inconsistencyRate))) return;
      const delta = BigInt(rng.int(1, 999)) * ONE + BigInt(rng.int(0, 9)) * (ONE / 10n) + tolerance(parent.unit);
      parent.cells[p] += rng.chance(0.5) ? delta : -delta;
      stats.expectedUnsatisfied++;
    });
    stats.parents++;
    stats.applications += periodIds.length;
    periodIds.forEach((_, p) => {
      const first = children.find((child) => typeof child.cells[p] !== "bigint");
      if (first) stats[first.cells[p] === null ? "missingValueErrors" : "unavailableValueErrors"]++;
    });
  };

  const lineCells = (unit, sign, forced) =>
    periodIds.map((_, p) => {
      if (forced?.period === p) return forced.cell;
      if (rng.chance(knobs.cellMissRate)) return null;
      if (rng.chance(knobs.cellMissRate)) return { unavailable: true };
      const magnitude = randomMagnitude(rng, SHAPES[UNIT_SHAPE[unit]]);
      const negative = sign === "-" ? !rng.chance(0.03) : sign === "~" ? rng.chance(0.5) : rng.chance(0.02);
      return negative ? -magnitude : magnitude;
    });

  let groupCount = 0;
  const blocks = template.blocks.map((spec) => {
    const unit = spec.unit ?? "eur-thousands";
    const total = { id: uniqueId(slug(spec.total + suffix)), label: spec.total, unit };
    return { spec, unit, total, groups: [], uses: 0, totalFirst: rng.chance(0.3) };
  });
  const addGroup = (block) => {
    const spec = block.spec.groups[block.uses % block.spec.groups.length];
    const round = Math.floor(block.uses / block.spec.groups.length);
    block.uses++;
    const label = round === 0 ? spec.label : `${spec.label} - division ${round + 1}`;
    const subtotal = { id: uniqueId(slug(label + suffix)), label: `Total ${label[0].toLowerCase()}${label.slice(1)}`, unit: block.unit, parent: block.total };
    const lineCount = rng.int(3, 12);
    // The first two groups of a statement each carry one missing/unavailable cell, so every size has some.
    const forcedCell = groupCount < 2 ? { line: rng.int(0, lineCount - 1), period: rng.int(0, periodIds.length - 1), cell: groupCount === 0 ? null : { unavailable: true } } : null;
    groupCount++;
    const lines = [];
    for (let i = 0; i < lineCount; i++) {
      const raw = spec.lines[i % spec.lines.length];
      const sign = raw[0] === "-" || raw[0] === "~" ? raw[0] : "+";
      const base = sign === "+" ? raw : raw.slice(1);
      const lineLabel = i < spec.lines.length ? base : `${base} - detail ${Math.floor(i / spec.lines.length) + 1}`;
      const row = {
        id: uniqueId(`${subtotal.id}.${slug(lineLabel)}`),
        label: lineLabel,
        unit: block.unit,
        parent: subtotal,
        cells: lineCells(block.unit, sign, forcedCell?.line === i ? forcedCell : null),
      };
      if (rng.chance(0.1)) row.description = `${lineLabel} as reported in the ${template.label.toLowerCase()}, before eliminations.`;
      lines.push(row);
      account(row);
    }
    settleParent(subtotal, lines, false);
    subtotal.subtotalFirst = rng.chance(0.35);
    block.groups.push({ subtotal, lines });
    bytes += itemBytes(toItem(subtotal));
  };

  for (const block of blocks) for (let i = 0; i < (block.spec.fixed ? block.spec.groups.length : 2); i++) addGroup(block);
  const growable = blocks.filter((block) => !block.spec.fixed);
  for (let turn = 0; bytes < budget; turn++) addGroup(growable[turn % growable.length]);

  const memo = (template.memo ?? []).map(([label, unit]) => {
    const row = { id: uniqueId(slug(label + suffix)), label, unit, cells: lineCells(unit, "+", null) };
    account(row);
    return row;
  });

  // A statement that drew no inconsistency gets one on its first grand total, so every size has some.
  const rows = [];
  blocks.forEach((block, index) => {
    const total = block.total;
    // Deep trees: knobs.depth levels of subtotals between the total and its groups, two nodes under
    // each (over one node, a chain), settled bottom-up so that each adds up from its children's
    // stored cells. Depth 0 is the three-level tree of every other shape.
    let level = block.groups.map(({ subtotal, lines }) => ({ row: subtotal, rows: subtotal.subtotalFirst ? [subtotal, ...lines] : [...lines, subtotal] }));
    for (let depth = knobs.depth; depth >= 1; depth--) {
      const next = [];
      for (let i = 0; i < level.length; i += 2) {
        const part = next.length + 1;
        const node = {
          id: uniqueId(slug(`${block.spec.total} level ${depth} part ${part}${suffix}`)),
          label: `${block.spec.total}, level ${depth}, part ${part}`,
          unit: block.unit,
          parent: total,
        };
        const children = level.slice(i, i + 2);
        for (const child of children) child.row.parent = node;
        settleParent(
          node,
          children.map((child) => child.row),
          false,
        );
        next.push({ row: node, rows: [node, ...children.flatMap((child) => child.rows)] });
      }
      level = next;
    }
    settleParent(
      total,
      level.map((node) => node.row),
      index === 0 && stats.expectedUnsatisfied === unsatisfiedBefore,
    );
    if (block.totalFirst) rows.push(total);
    for (const node of level) rows.push(...node.rows);
    if (!block.totalFirst) rows.push(total);
  });
  rows.push(...memo);
  const items = rows.map(toItem);
  stats.items += items.length;
  stats.cells += items.length * periodIds.length;
  for (const row of rows)
    for (const cell of row.cells) {
      if (cell === null) stats.missingCells++;
      else if (typeof cell === "object") stats.unavailableCells++;
    }
  return { id: template.id + suffix, label: template.label + (suffix ? ` (subsidiary ${suffix.slice(5)})` : ""), periods: periodIds, items };
}

/** Returns `{ text, stats }`: the document text plus the counts a test can check it against. */
export function generateWithStats({ targetBytes = 250_000, seed = 1, shape = "typical" } = {}) {
  if (!(targetBytes > 0) || !Number.isInteger(seed)) throw new TypeError("generateWithStats needs targetBytes > 0 and an integer seed");
  const knobs = shapeKnobs(shape);
  const rng = mulberry32(seed);
  const { periods, select } = makePeriods(rng, knobs);
  const document = {
    $schema: SCHEMA_URL,
    formatVersion: "0.2",
    documentId: shape === "typical" ? `bench-${seed}-${targetBytes}` : `bench-${shape.replaceAll("+", "-")}-${seed}-${targetBytes}`,
    entity: { id: "nordlicht-group", name: "Nordlicht Maschinenbau Gruppe AG (Société Européenne)" },
    scope: { id: "consolidated", label: "Consolidated financial statements" },
    units: UNITS,
    periods,
    statements: [],
  };
  const stats = {
    statements: 0,
    items: 0,
    cells: 0,
    parents: 0,
    applications: 0,
    expectedUnsatisfied: 0,
    missingValueErrors: 0,
    unavailableValueErrors: 0,
    missingCells: 0,
    unavailableCells: 0,
    bytes: 0,
  };
  // Statement count grows with the square root of the size, and so do items per statement, so
  // that large documents are both wider and longer, as consolidated filings are ("long": four
  // statements, thousands of rows each).
  const statementCount = knobs.fewStatements ? TEMPLATES.length : Math.max(TEMPLATES.length, Math.round(TEMPLATES.length * Math.sqrt(targetBytes / 250_000)));
  let used = Buffer.byteLength(JSON.stringify(document, null, 2));
  for (let index = 0; used < targetBytes * 0.99; index++) {
    const template = TEMPLATES[index % TEMPLATES.length];
    const suffix = index < TEMPLATES.length ? "" : `.sub-${Math.floor(index / TEMPLATES.length) + 1}`;
    const budget = Math.min(targetBytes - used, targetBytes / statementCount);
    const statement = buildStatement(rng, template, suffix, select[template.periods], budget, stats, knobs);
    document.statements.push(statement);
    used += indentedBytes(statement, 4);
  }
  stats.statements = document.statements.length;
  const text = JSON.stringify(document, null, 2) + "\n";
  stats.bytes = Buffer.byteLength(text);
  return { text, stats };
}

export function generateDocument(options) {
  return generateWithStats(options).text;
}

/**
 * Node was given this file as its script (`node scripts/bench/generate.mjs`), not a test, a bench
 * script or a bundle that imports it. By the script's name: the benchmarks bundle this module into
 * CommonJS, where import.meta is empty.
 */
function isMain() {
  try {
    return process.argv[1] !== undefined && basename(realpathSync(process.argv[1])) === "generate.mjs";
  } catch {
    return false;
  }
}

if (isMain()) {
  void import("./generate-cli.mjs").then(({ runGenerateCli }) => {
    process.exitCode = runGenerateCli(process.argv.slice(2), { SHAPE_NAMES, generateWithStats });
  });
}
