// Where each rollup application is in a result's list, by its (statement, parent, period): what a
// value edit looks up to evaluate the applications its cell takes part in again (valueEdit.ts), and
// the server's lookups of one application. Kept by a version and the value edits after it.
//
// A key string per application (its applicationKey) made the map 0.8–1.5 MB at 5 MB (10–20 thousand
// applications; `deep`, whose subtotals nest seven levels, has the most): here the ids themselves
// are the keys, a statement's periods get a small number each, and a parent's positions are an
// array by that number: 0.2–0.4 MB (docs/performance.md, "What `deep` keeps"). A statement has an
// application for every parent and every period of its own (rollup/evaluate.ts), so the arrays hold
// no more entries than there are applications.

import type { RollupApplication } from "../types";

/** A statement's applications: its periods numbered, and each parent's positions by period number (-1: none). */
interface StatementPositions {
  readonly periods: Map<string, number>;
  readonly parents: Map<string, number[]>;
}

export class ApplicationPositions {
  private readonly statements = new Map<string, StatementPositions>();

  private constructor() {}

  /** The positions of `applications`: of the first application of each key, as lookups elsewhere take it. */
  static of(applications: readonly RollupApplication[]): ApplicationPositions {
    const positions = new ApplicationPositions();
    applications.forEach((application, position) => positions.add(application.key.statement, application.key.parent, application.key.period, position));
    return positions;
  }

  /** The position of the application of (statement, parent, period); undefined when there is none. */
  get(statement: string, parent: string, period: string): number | undefined {
    const positions = this.statements.get(statement);
    const index = positions?.periods.get(period);
    if (positions === undefined || index === undefined) return undefined;
    const position = positions.parents.get(parent)?.[index];
    return position === undefined || position === -1 ? undefined : position;
  }

  private add(statement: string, parent: string, period: string, position: number): void {
    let positions = this.statements.get(statement);
    if (positions === undefined) {
      positions = { periods: new Map(), parents: new Map() };
      this.statements.set(statement, positions);
    }
    let index = positions.periods.get(period);
    if (index === undefined) {
      index = positions.periods.size;
      positions.periods.set(period, index);
    }
    let byPeriod = positions.parents.get(parent);
    if (byPeriod === undefined) {
      byPeriod = [];
      positions.parents.set(parent, byPeriod);
    }
    // Filled with -1 up to the index (no holes: a holey array is slower to read and no smaller).
    while (byPeriod.length <= index) byPeriod.push(-1);
    if (byPeriod[index] === -1) byPeriod[index] = position;
  }
}
