// Small documents for the rollup causes: one statement, one unit, items given as rows.

export interface Row {
  id: string;
  label?: string;
  /** One value per period, in the statement's period order. */
  values: (string | null)[];
  rollupTo?: string;
  unit?: string;
}

export interface Options {
  periods?: string[];
  tolerance?: string;
  scale?: number;
}

export function documentOf(rows: readonly Row[], options: Options = {}): Record<string, unknown> {
  const periods = options.periods ?? ["fy2025"];
  return {
    formatVersion: "0.2",
    entity: { name: "Explain Co" },
    scope: { label: "Causes" },
    units: [
      { id: "usd", label: "US dollars", measure: "USD", scale: options.scale ?? 3, ...(options.tolerance === undefined ? {} : { defaultTolerance: options.tolerance }) },
      { id: "pct", label: "Percent", measure: "pure", scale: 0 },
    ],
    periods: periods.map((id, index) => ({ id, kind: "duration", start: `${2025 - index}-01-01`, end: `${2025 - index}-12-31` })),
    statements: [
      {
        id: "is",
        label: "Income statement",
        periods,
        items: rows.map((row) => ({
          id: row.id,
          label: row.label ?? row.id,
          unit: row.unit ?? "usd",
          values: Object.fromEntries(periods.map((period, index) => [period, row.values[index] ?? null])),
          ...(row.rollupTo === undefined ? {} : { rollupTo: row.rollupTo }),
        })),
      },
    ],
  };
}

export function textOf(rows: readonly Row[], options: Options = {}): string {
  return `${JSON.stringify(documentOf(rows, options), null, 2)}\n`;
}
