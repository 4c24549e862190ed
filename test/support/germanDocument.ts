// A German FS document for the localization tests (test/server/l10n.test.ts, test/e2e/l10n.test.ts):
// a subtotal that is off by 1 on values with 20 significant digits, so that its messages, lenses,
// hovers and preview show exact long decimals in the display language's form.

export const GERMAN_DOCUMENT = JSON.stringify(
  {
    formatVersion: "0.2",
    entity: { name: "Beispiel AG" },
    scope: { label: "Konzern" },
    units: [{ id: "eur", label: "EUR", measure: "EUR", scale: 0 }],
    periods: [{ id: "fy2025", kind: "instant", date: "2025-12-31" }],
    statements: [
      {
        id: "bs",
        label: "Bilanz",
        periods: ["fy2025"],
        items: [
          { id: "cash", label: "Kasse", unit: "eur", values: { fy2025: "12345678901234567890.5" }, rollupTo: "total" },
          { id: "other", label: "Sonstiges", unit: "eur", values: { fy2025: "-1000.25" }, rollupTo: "total" },
          { id: "total", label: "Summe", unit: "eur", values: { fy2025: "12345678901234566891.25" } },
        ],
      },
    ],
  },
  null,
  2,
);
