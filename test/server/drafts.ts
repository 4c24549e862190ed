// Draft documents for the server's tests of related information and the problem cap: `failing`
// subtotals, each stated as -3 over children of 1 and 2, so that each is unsatisfied and its sign is
// its likely cause.

/**
 * `padding`: spaces after the text (a large document without more checks); `uncheckable`: every
 * other subtotal has no value (a check that cannot be evaluated); `extra`: more top-level members.
 */
export function draft(failing: number, padding = 0, { uncheckable = false, extra = {} }: { uncheckable?: boolean; extra?: Record<string, unknown> } = {}): string {
  const items: unknown[] = [];
  for (let group = 0; group < failing; group++) {
    items.push({ id: `total-${group}`, label: `Total ${group}`, unit: "eur", values: { fy2025: uncheckable && group % 2 === 1 ? null : "-3" } });
    items.push({ id: `line-${group}-a`, label: `Line ${group} a`, unit: "eur", values: { fy2025: "1" }, rollupTo: `total-${group}` });
    items.push({ id: `line-${group}-b`, label: `Line ${group} b`, unit: "eur", values: { fy2025: "2" }, rollupTo: `total-${group}` });
  }
  const document = {
    formatVersion: "0.2",
    documentId: "related-steps",
    entity: { id: "draft", name: "Draft AG" },
    scope: { id: "consolidated", label: "Consolidated" },
    units: [{ id: "eur", label: "EUR", measure: "EUR", scale: 0 }],
    periods: [{ id: "fy2025", kind: "duration", start: "2025-01-01", end: "2025-12-31" }],
    statements: [{ id: "income", label: "Income statement", periods: ["fy2025"], items }],
    ...extra,
  };
  return JSON.stringify(document, null, 2) + " ".repeat(padding);
}
