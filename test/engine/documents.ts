// Random conforming FS documents with rollups, for property tests.
import fc from "fast-check";
import { canonicalDecimalArbitrary, identifierArbitrary } from "./arbitraries";

const cellArbitrary = fc.oneof(
  { weight: 8, arbitrary: canonicalDecimalArbitrary as fc.Arbitrary<unknown> },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant({ unavailable: true }) },
);

export interface GeneratedDocument {
  document: Record<string, unknown>;
}

/** A conforming document: unique ids, values keyed by the statement's periods, acyclic same-unit rollups. */
export const documentArbitrary: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    unitIds: fc.uniqueArray(identifierArbitrary, { minLength: 1, maxLength: 3 }),
    tolerances: fc.array(
      fc.option(
        canonicalDecimalArbitrary.map((value) => value.replace(/^-/, "")),
        { nil: undefined },
      ),
      { minLength: 3, maxLength: 3 },
    ),
    periodIds: fc.uniqueArray(identifierArbitrary, { minLength: 1, maxLength: 4 }),
    statements: fc.array(
      fc.record({
        itemIds: fc.uniqueArray(identifierArbitrary, { minLength: 1, maxLength: 8 }),
        // For item k, a parent among the items placed before it in `order` (or none): never a cycle.
        order: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
        parentChoice: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
        unitChoice: fc.nat(),
        cells: fc.array(cellArbitrary, { minLength: 32, maxLength: 32 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(({ unitIds, tolerances, periodIds, statements }) => {
    const units = unitIds.map((id, index) => ({
      id,
      label: `Unit ${index}`,
      measure: "USD",
      scale: index,
      ...(tolerances[index] === undefined ? {} : { defaultTolerance: tolerances[index] }),
    }));
    const periods = periodIds.map((id, index) => ({ id, kind: "instant", date: `20${10 + index}-12-31` }));
    const usedStatementIds = new Set<string>();
    const statementValues = statements.map((statement, statementIndex) => {
      let id = `s${statementIndex}`;
      while (usedStatementIds.has(id)) id += "x";
      usedStatementIds.add(id);
      const unit = unitIds[statement.unitChoice % unitIds.length] as string;
      const ranked = statement.itemIds.map((itemId, index) => ({ itemId, rank: (statement.order[index] ?? 0) * 10 + index }));
      const items = statement.itemIds.map((itemId, index) => {
        const rank = ranked[index]!.rank;
        const earlier = ranked.filter((other) => other.rank < rank);
        const choice = statement.parentChoice[index] ?? 0;
        const parent = earlier.length > 0 && choice % 3 !== 0 ? earlier[choice % earlier.length]!.itemId : undefined;
        const values: Record<string, unknown> = {};
        periodIds.forEach((period, periodIndex) => {
          values[period] = statement.cells[(index * 4 + periodIndex) % statement.cells.length];
        });
        return { id: itemId, label: `Item ${itemId}`, unit, values, ...(parent === undefined ? {} : { rollupTo: parent }) };
      });
      return { id, label: `Statement ${statementIndex}`, periods: [...periodIds], items };
    });
    return {
      formatVersion: "0.2",
      entity: { name: "Property Test Entity" },
      scope: { label: "Generated" },
      units,
      periods,
      statements: statementValues,
    };
  });
