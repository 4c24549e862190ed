// How many edits at new places the editor benchmark makes: `--edits N` when given, else as many as
// the runs and at least five (the tables' medians). More edits show each edit's spread on one shape
// (docs/performance.md, "Reproduce every row").

/** The value of `--edits` in `argv`, or `max(runs, 5)`; a value that is not a whole number ≥ 1 is an error. */
export function newPlaceEditCount(argv: readonly string[], runs: number): number {
  const index = argv.indexOf("--edits");
  if (index === -1) return Math.max(runs, 5);
  const given = argv[index + 1];
  const count = Number(given);
  if (given === undefined || !Number.isInteger(count) || count < 1) throw new Error(`--edits: "${given ?? ""}" is not a whole number of edits (at least 1)`);
  return count;
}
