// The fuzz cases, as fast-check arbitraries: mutations of every fixture, valid documents generated
// from the format's grammar with random rollup graphs (cycles, self-rollups, unit mismatches
// included), and hostile encodings. Every case is bytes, as a file on disk would be.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { recordSnapshot } from "../../shared/src/index";
import { fixturesRoot, repoRoot, upstreamRoot } from "../support/paths";
import { canonicalDecimalArbitrary, identifierArbitrary } from "../engine/arbitraries";

export type Category = "mutation" | "grammar" | "encoding";

export interface FuzzCase {
  category: Category;
  /** What was done, for the report and for replay. */
  name: string;
  bytes: Uint8Array;
  /** True when `bytes` are valid UTF-8 without a BOM: the same text can go to the language server. */
  plainText: boolean;
}

export interface Fixture {
  name: string;
  text: string;
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith(".json") && name !== "manifest.json" ? [path] : [];
  });
}

/** Every document of fixtures/ and of the upstream suite (results and diffs included: any JSON goes). */
export function loadFixtures(): Fixture[] {
  return [...jsonFiles(fixturesRoot), ...jsonFiles(upstreamRoot)].sort().map((path) => ({ name: relative(repoRoot, path), text: readFileSync(path, "utf8") }));
}

const encoder = new TextEncoder();
const textCase = (category: Category, name: string, text: string): FuzzCase => ({ category, name, bytes: encoder.encode(text), plainText: true });

// ---------------------------------------------------------------------------------------------
// Mutations of the fixtures

type JsonPath = (string | number)[];

function containerPaths(value: unknown, path: JsonPath = [], out: JsonPath[] = []): JsonPath[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((child, index) => containerPaths(child, [...path, index], out));
  else if (value !== null && typeof value === "object") for (const [key, child] of Object.entries(value)) containerPaths(child, [...path, key], out);
  return out;
}

function at(root: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((node, segment) => (node as Record<string | number, unknown>)[segment], root);
}

/** The hostile values a mutation may put anywhere. */
const strangeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>("__proto__", "constructor", "toString", "", " ", "1e5", "-0", "01", "1.50", "NaN", "<img src=x onerror=alert(1)>", "\u0000", "\ud800", "a".repeat(5000)),
  fc.constantFrom<unknown>(0, -1, 1e308, 0.1, 123456789012345678901234567890, true, null, [], {}, { unavailable: true }, { unavailable: false }),
  fc.constantFrom<unknown>({ __proto__: null, constructor: 1 }, { __proto__: "x" }, JSON.parse('{"__proto__": {"polluted": true}}')),
  identifierArbitrary,
  canonicalDecimalArbitrary,
);

const valueMutation = fc.record({
  op: fc.constantFrom("replace", "delete", "add-member", "rename-member", "copy-from", "wrap", "set-id"),
  target: fc.nat(),
  source: fc.nat(),
  value: strangeValue,
  key: fc.oneof(identifierArbitrary, fc.constantFrom("__proto__", "constructor", "", "rollupTo", "status", "unit", "values", "id", "a/b", "m~n")),
});

function applyValueMutation(document: unknown, mutation: { op: string; target: number; source: number; value: unknown; key: string }): unknown {
  const root = { document: structuredClone(document) as unknown };
  const paths = containerPaths(root.document).map((path) => ["document", ...path] as JsonPath);
  const path = paths[mutation.target % paths.length]!;
  const parent = at(root, path.slice(0, -1)) as Record<string | number, unknown> | unknown[];
  const last = path[path.length - 1]!;
  const node = at(root, path);
  const other = at(root, paths[mutation.source % paths.length]!);
  switch (mutation.op) {
    case "replace":
      (parent as Record<string | number, unknown>)[last] = mutation.value;
      break;
    case "delete":
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else if (last !== "document") delete (parent as Record<string, unknown>)[last];
      break;
    case "add-member":
      if (node !== null && typeof node === "object" && !Array.isArray(node))
        Object.defineProperty(node, mutation.key, { value: mutation.value, enumerable: true, configurable: true, writable: true });
      else if (Array.isArray(node)) node.push(mutation.value);
      break;
    case "rename-member":
      if (!Array.isArray(parent) && last !== "document") {
        const value = (parent as Record<string, unknown>)[last];
        delete (parent as Record<string, unknown>)[last];
        Object.defineProperty(parent, mutation.key, { value, enumerable: true, configurable: true, writable: true });
      }
      break;
    case "copy-from":
      (parent as Record<string | number, unknown>)[last] = structuredClone(other);
      break;
    case "wrap":
      (parent as Record<string | number, unknown>)[last] = mutation.source % 2 === 0 ? [node] : { value: node };
      break;
    case "set-id":
      // An id or reference pointed at something else that exists: duplicates, cycles, self-rollups.
      if (node !== null && typeof node === "object" && !Array.isArray(node)) {
        const ids = containerPaths(root.document)
          .map((p) => at(root.document, p))
          .filter((v): v is string => typeof v === "string");
        const chosen = ids.length === 0 ? mutation.key : ids[mutation.source % ids.length]!;
        const field = ["id", "rollupTo", "unit", "statement", "parent", "item", "period"][mutation.source % 7]!;
        Object.defineProperty(node, field, { value: chosen, enumerable: true, configurable: true, writable: true });
      }
      break;
  }
  return root.document;
}

const textMutation = fc.record({
  op: fc.constantFrom("delete-slice", "insert", "duplicate-slice", "truncate", "swap-char"),
  offset: fc.nat(),
  length: fc.nat({ max: 40 }),
  insert: fc.oneof(
    fc.constantFrom("{", "}", "[", "]", ",", ":", '"', "\\", "\\u", "\\u003a", "null", "-", "1e999", "/*x*/", "//", "\u2028", "\ud800", "\ufeff", "\u0000", '"a":1,', '"id":"x",'),
    fc.string({ maxLength: 8 }),
  ),
});

function applyTextMutation(text: string, mutation: { op: string; offset: number; length: number; insert: string }): string {
  const offset = text.length === 0 ? 0 : mutation.offset % text.length;
  switch (mutation.op) {
    case "delete-slice":
      return text.slice(0, offset) + text.slice(offset + mutation.length + 1);
    case "insert":
      return text.slice(0, offset) + mutation.insert + text.slice(offset);
    case "duplicate-slice":
      return text.slice(0, offset + mutation.length) + text.slice(offset, offset + mutation.length) + text.slice(offset + mutation.length);
    case "truncate":
      return text.slice(0, offset);
    default:
      return text.slice(0, offset) + mutation.insert.slice(0, 1) + text.slice(offset + 1);
  }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // a fixture of malformed JSON: mutated as text only
  }
}

/** Mutations of any fixture, or of the one at `only`. */
export function mutationArbitrary(fixtures: readonly Fixture[], only?: number): fc.Arbitrary<FuzzCase> {
  const parsed = fixtures.map((fixture) => ({ ...fixture, value: parseOrUndefined(fixture.text) }));
  return fc
    .record({
      fixture: only === undefined ? fc.nat({ max: fixtures.length - 1 }) : fc.constant(only),
      level: fc.constantFrom("value", "value", "value", "text"),
      valueMutations: fc.array(valueMutation, { minLength: 1, maxLength: 4 }),
      textMutations: fc.array(textMutation, { minLength: 1, maxLength: 3 }),
      indent: fc.constantFrom<string | number>(0, 2, "\t", 4),
    })
    .map(({ fixture, level, valueMutations, textMutations, indent }) => {
      const source = parsed[fixture]!;
      if (level === "text" || source.value === undefined) {
        const text = textMutations.reduce(applyTextMutation, source.text);
        return textCase("mutation", `${source.name}: text ${textMutations.map((m) => m.op).join(", ")}`, text);
      }
      const value = valueMutations.reduce<unknown>((document, mutation) => applyValueMutation(document, mutation), source.value);
      return textCase("mutation", `${source.name}: ${valueMutations.map((m) => m.op).join(", ")}`, JSON.stringify(value, null, indent) ?? "null");
    });
}

// ---------------------------------------------------------------------------------------------
// Documents from the format's grammar, with random rollup graphs

const cell = fc.oneof(
  { weight: 12, arbitrary: canonicalDecimalArbitrary as fc.Arbitrary<unknown> },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant({ unavailable: true }) },
);

export const grammarArbitrary: fc.Arbitrary<FuzzCase> = fc
  .record({
    units: fc.uniqueArray(identifierArbitrary, { minLength: 1, maxLength: 3 }),
    tolerance: fc.option(
      canonicalDecimalArbitrary.map((value) => value.replace(/^-/, "")),
      { nil: undefined },
    ),
    periods: fc.uniqueArray(identifierArbitrary, { minLength: 1, maxLength: 4 }),
    statements: fc.array(
      fc.record({
        items: fc.uniqueArray(identifierArbitrary, { minLength: 1, maxLength: 24 }),
        // Each item's parent, as an index into the items (possibly itself, a cycle, or none).
        parents: fc.array(fc.option(fc.nat(), { nil: undefined, freq: 3 }), { minLength: 24, maxLength: 24 }),
        units: fc.array(fc.nat(), { minLength: 24, maxLength: 24 }),
        cells: fc.array(cell, { minLength: 96, maxLength: 96 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    snapshot: fc.constantFrom("none", "recorded", "recorded-then-edited"),
    editedStatus: fc.constantFrom("ok", "satisfied", "unsatisfied", "error", 1, null),
    pretty: fc.boolean(),
  })
  .map(({ units, tolerance, periods, statements, snapshot, editedStatus, pretty }) => {
    const document: Record<string, unknown> = {
      $schema: "https://cpaikr.github.io/fs/schema/0.2/fs-document.schema.json",
      formatVersion: "0.2",
      entity: { name: "Generated" },
      scope: { label: "Generated" },
      units: units.map((id, index) => ({ id, label: id, measure: "USD", scale: index, ...(index === 0 && tolerance !== undefined ? { defaultTolerance: tolerance } : {}) })),
      periods: periods.map((id, index) => ({
        id,
        kind: index % 2 === 0 ? "instant" : "duration",
        ...(index % 2 === 0 ? { date: `20${10 + index}-12-31` } : { start: `20${10 + index}-01-01`, end: `20${10 + index}-12-31` }),
      })),
      statements: statements.map((statement, statementIndex) => ({
        id: `s${statementIndex}`,
        label: `Statement ${statementIndex}`,
        periods,
        items: statement.items.map((id, index) => {
          const parent = statement.parents[index];
          const unit = statement.units[index]! % 4 === 0 ? units[statement.units[index]! % units.length]! : units[0]!;
          return {
            id,
            label: id,
            unit,
            values: Object.fromEntries(periods.map((period, periodIndex) => [period, statement.cells[(index * 4 + periodIndex) % 96]])),
            ...(parent === undefined ? {} : { rollupTo: statement.items[parent % statement.items.length] }),
          };
        }),
      })),
    };
    let text = JSON.stringify(document, null, pretty ? 2 : 0);
    if (snapshot !== "none") {
      const recorded = recordSnapshot(text, JSON.parse(text));
      if (recorded !== undefined) {
        text = recorded.text;
        if (snapshot === "recorded-then-edited") text = text.replace(/"status": "(satisfied|unsatisfied|error)"/, `"status": ${JSON.stringify(editedStatus)}`);
      }
    }
    return textCase("grammar", `grammar: ${statements.map((s) => s.items.length).join("+")} items, snapshot ${snapshot}`, text);
  });

// ---------------------------------------------------------------------------------------------
// Encodings, size and depth

const INVALID_UTF8: readonly number[][] = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80]];

function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function utf16(text: string, bigEndian: boolean, bom: boolean): Uint8Array {
  const out = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const units = bom ? "\ufeff" + text : text;
  for (let index = 0; index < units.length; index++) {
    const unit = units.charCodeAt(index);
    out[index * 2 + (bigEndian ? 1 : 0)] = unit & 0xff;
    out[index * 2 + (bigEndian ? 0 : 1)] = unit >> 8;
  }
  return out;
}

export function encodingArbitrary(fixtures: readonly Fixture[]): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      fixture: fc.nat({ max: fixtures.length - 1 }),
      kind: fc.constantFrom(
        "bom",
        "invalid-utf8-in-string",
        "invalid-utf8-outside",
        "utf16le",
        "utf16be",
        "nul",
        "huge-string",
        "deep-nesting",
        "deep-in-label",
        "lone-surrogate-escape",
      ),
      offset: fc.nat(),
      bytes: fc.constantFrom(...INVALID_UTF8),
      size: fc.integer({ min: 1, max: 4 }),
    })
    .map(({ fixture, kind, offset, bytes, size }) => {
      const source = fixtures[fixture]!;
      const text = source.text;
      const name = `${source.name}: ${kind}`;
      const utf8 = encoder.encode(text);
      const quote = (() => {
        const quotes = [...text.matchAll(/"[^"\\]*"/g)];
        return quotes.length === 0 ? 0 : (quotes[offset % quotes.length]!.index ?? 0) + 1;
      })();
      switch (kind) {
        case "bom":
          return { category: "encoding", name, bytes: concat([0xef, 0xbb, 0xbf], utf8), plainText: false };
        case "invalid-utf8-in-string": {
          const at = encoder.encode(text.slice(0, quote)).length;
          return { category: "encoding", name, bytes: concat(utf8.subarray(0, at), bytes, utf8.subarray(at)), plainText: false };
        }
        case "invalid-utf8-outside": {
          const at = utf8.length === 0 ? 0 : offset % utf8.length;
          return { category: "encoding", name, bytes: concat(utf8.subarray(0, at), bytes, utf8.subarray(at)), plainText: false };
        }
        case "utf16le":
        case "utf16be":
          return { category: "encoding", name, bytes: utf16(text, kind === "utf16be", offset % 2 === 0), plainText: false };
        case "nul": {
          const at = text.length === 0 ? 0 : offset % text.length;
          return textCase("encoding", name, text.slice(0, at) + "\u0000" + text.slice(at));
        }
        case "huge-string":
          // A string of 250 KB to 1 MB where the fixture had a short one.
          return textCase("encoding", name, text.slice(0, quote) + "x".repeat(size * 250_000) + text.slice(quote));
        case "deep-nesting": {
          const depth = [50, 65, 1000, 100_000][size - 1]!;
          return textCase("encoding", `${name} ${depth}`, "[".repeat(depth) + "]".repeat(depth));
        }
        case "deep-in-label": {
          const depth = [63, 64, 65, 10_000][size - 1]!;
          const inner = "[".repeat(depth) + "]".repeat(depth);
          return textCase("encoding", `${name} ${depth}`, text.replace(/"label": "[^"]*"/, `"label": ${inner}`));
        }
        default:
          return textCase("encoding", name, text.slice(0, quote) + "\\ud800" + text.slice(quote));
      }
    });
}

/** The whole mix: mostly mutations, then grammar documents, then encodings. */
export function caseArbitrary(fixtures: readonly Fixture[]): fc.Arbitrary<FuzzCase> {
  return fc.oneof({ weight: 5, arbitrary: mutationArbitrary(fixtures) }, { weight: 3, arbitrary: grammarArbitrary }, { weight: 2, arbitrary: encodingArbitrary(fixtures) });
}
