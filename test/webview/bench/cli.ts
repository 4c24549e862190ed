// What the page benches (bench-grid, bench-first-paint) share: their options and their summaries.

/** The value after `name` on the command line, else `fallback`. */
export function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export const range = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
