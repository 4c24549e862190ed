// A document of one statement with `years` yearly periods and `rows` rows, in EUR: wider than a
// narrow preview, for the tests of its sideways scroll.

/** `value(row, column)`: the value of a row in the column-th period, most recent first. */
export function wideDocument(years: number, rows: number, value: (row: number, column: number) => string): unknown {
  const ids = Array.from({ length: years }, (_, index) => 2025 - index);
  const periods = ids.map((year) => ({ id: `fy${year}`, kind: "duration", start: `${year}-01-01`, end: `${year}-12-31` }));
  const items = Array.from({ length: rows }, (_, row) => ({
    id: `k${row}`,
    label: `Key figure ${row}`,
    unit: "eur",
    values: Object.fromEntries(ids.map((year, column) => [`fy${year}`, value(row, column)])),
  }));
  return {
    formatVersion: "0.2",
    entity: { name: "Wide Group plc" },
    scope: { label: "Group financial statements" },
    units: [{ id: "eur", label: "EUR", measure: "EUR", scale: 0 }],
    periods,
    statements: [{ id: "wide", label: "Key figures", periods: periods.map((period) => period.id), items }],
  };
}
