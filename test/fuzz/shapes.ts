// Large documents of the shapes that once made errors grow quadratically: a rollup cycle, a chain,
// a fan-out, value maps missing many periods, and a parent in a unit with a long id. Used by
// the bounded-errors tests and by `node out/fuzz/shapes.js <shape> <n>` (figures in the report of
// issue 10: `fsdoc validate` and the language server on 100,000-item documents).

export const SHAPES = ["cycle", "chain", "fanout", "map-keys", "long-ids"] as const;
export type Shape = (typeof SHAPES)[number];

interface Item {
  id: string;
  values: Record<string, string | null>;
  rollupTo?: string;
  unit?: string;
}

function document(items: readonly Item[], periods: readonly string[] = ["fy2025"], units: readonly string[] = ["gbp"]): string {
  return JSON.stringify({
    formatVersion: "0.2",
    entity: { name: "Generated" },
    scope: { label: "Generated" },
    units: units.map((id) => ({ id, label: id.slice(0, 20), measure: "GBP", scale: 0 })),
    periods: periods.map((id, index) => ({
      id,
      kind: "instant",
      date: `${String(1000 + (index % 8000)).padStart(4, "0")}-${String(1 + (Math.floor(index / 8000) % 12)).padStart(2, "0")}-01`,
    })),
    statements: [
      {
        id: "s",
        label: "Statement",
        periods,
        items: items.map((item) => ({
          id: item.id,
          label: item.id,
          unit: item.unit ?? units[0],
          values: item.values,
          ...(item.rollupTo === undefined ? {} : { rollupTo: item.rollupTo }),
        })),
      },
    ],
  });
}

const id = (index: number): string => `i${index}`;

/** Every item rolls up to the next, and the last to the first: one cycle of n items (n errors). */
export function cycle(n: number): string {
  return document(Array.from({ length: n }, (_, index) => ({ id: id(index), values: { fy2025: "1" }, rollupTo: id((index + 1) % n) })));
}

/** Item k rolls up to item k + 1: a conforming, consistent chain n deep. */
export function chain(n: number): string {
  return document(Array.from({ length: n }, (_, index) => ({ id: id(index), values: { fy2025: "1" }, ...(index + 1 < n ? { rollupTo: id(index + 1) } : {}) })));
}

/** n children roll up to one total: a conforming, consistent fan-out. */
export function fanout(n: number): string {
  const children = Array.from({ length: n }, (_, index) => ({ id: id(index), values: { fy2025: "1" }, rollupTo: "total" }));
  return document([...children, { id: "total", values: { fy2025: String(n) } }]);
}

/**
 * √n periods, and √n items whose values hold only a key no period has: every item misses every
 * period (n missing keys in all) and has an extra key.
 */
export function mapKeys(n: number): string {
  const side = Math.max(1, Math.round(Math.sqrt(n)));
  const periods = Array.from({ length: side }, (_, index) => `p${index}`);
  return document(
    Array.from({ length: side }, (_, index) => ({ id: id(index), values: { [`x${index}`]: "1" } })),
    periods,
  );
}

/**
 * A total in a unit with an n-character id, and n children in another unit: n unit-mismatch errors
 * that could each quote the parent's long unit id.
 */
export function longIds(n: number): string {
  const long = "L" + "x".repeat(Math.max(1, n));
  const children = Array.from({ length: n }, (_, index) => ({ id: id(index), values: { fy2025: "1" }, rollupTo: "total", unit: "short" }));
  return document([{ id: "total", values: { fy2025: "1" }, unit: long }, ...children], ["fy2025"], ["short", long]);
}

export function generate(shape: Shape, n: number): string {
  switch (shape) {
    case "cycle":
      return cycle(n);
    case "chain":
      return chain(n);
    case "fanout":
      return fanout(n);
    case "map-keys":
      return mapKeys(n);
    case "long-ids":
      return longIds(n);
  }
}
