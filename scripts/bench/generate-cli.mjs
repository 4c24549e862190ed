// `node scripts/bench/generate.mjs [options]`: one document of the benchmark's family written to a
// file or standard output, for trying a shape in the editor or with `fsdoc`. The generator is
// passed in (generate.mjs runs this when it is the script node was given), so this module imports
// nothing of it.

import { writeFileSync } from "node:fs";

const MB = 1_000_000;
const DEFAULTS = { shape: "typical", size: 5, seed: 1 };

/** The usage text; `shapes`: the generator's SHAPE_NAMES. */
export function generateUsage(shapes) {
  return [
    "usage: node scripts/bench/generate.mjs [--shape <shape>] [--size <MB>] [--seed <n>] [--out <file>]",
    "",
    "Writes one generated FS 0.2 document, the editor benchmark's (npm run bench:editor), to <file>,",
    "or to standard output. The same options give the same bytes; every subtotal's expected result is exact.",
    "",
    `  --shape <shape>  ${shapes.join(", ")}, or several joined by "+" (long+failing); default ${DEFAULTS.shape}`,
    `  --size <MB>      about this many megabytes (1 MB = 1,000,000 bytes), e.g. 0.25 or 5; default ${DEFAULTS.size}, the benchmark's --sizes 5`,
    `  --seed <n>       an integer; default ${DEFAULTS.seed}, the benchmark's`,
    "  --out <file>     the file to write (replaced if it exists); without it, standard output (not a terminal)",
    "  --help           print this and exit, writing nothing",
    "",
    "What was written (bytes, statements, items, cells, failing and unevaluable checks) goes to standard error.",
    "",
  ].join("\n");
}

/** The options of `argv`, or what is wrong with them; `help` wins over everything else. */
export function parseGenerateArgs(argv, shapes) {
  if (argv.includes("--help") || argv.includes("-h")) return { help: true };
  const options = { ...DEFAULTS, out: undefined };
  for (let index = 0; index < argv.length; index += 2) {
    const [name, value] = [argv[index], argv[index + 1]];
    if (!["--shape", "--size", "--seed", "--out"].includes(name)) return { error: `unknown argument "${name}"` };
    if (value === undefined || value.startsWith("--")) return { error: `${name} needs a value` };
    if (name === "--shape") {
      const unknown = value.split("+").find((part) => !shapes.includes(part));
      if (unknown !== undefined) return { error: `unknown shape "${unknown}" (known: ${shapes.join(", ")})` };
      options.shape = value;
    } else if (name === "--size") {
      const size = Number(value);
      if (!(size > 0) || !Number.isFinite(size)) return { error: `--size must be a number of megabytes above 0, not "${value}"` };
      options.size = size;
    } else if (name === "--seed") {
      const seed = Number(value);
      if (!Number.isSafeInteger(seed)) return { error: `--seed must be an integer, not "${value}"` };
      options.seed = seed;
    } else options.out = value;
  }
  return { options };
}

/**
 * Runs the command line; returns the exit code (0 done or help, 2 bad arguments or a terminal as the
 * output). `generator`: generate.mjs's SHAPE_NAMES and generateWithStats.
 */
export function runGenerateCli(argv, generator, io = { stdout: process.stdout, stderr: process.stderr }) {
  const parsed = parseGenerateArgs(argv, generator.SHAPE_NAMES);
  if (parsed.help) {
    io.stdout.write(generateUsage(generator.SHAPE_NAMES));
    return 0;
  }
  if (parsed.error !== undefined) {
    io.stderr.write(`generate.mjs: ${parsed.error}\n\n${generateUsage(generator.SHAPE_NAMES)}`);
    return 2;
  }
  const { shape, size, seed, out } = parsed.options;
  if (out === undefined && io.stdout.isTTY) {
    io.stderr.write(`generate.mjs: standard output is a terminal: give --out <file>, or redirect it (> file.json)\n\n${generateUsage(generator.SHAPE_NAMES)}`);
    return 2;
  }
  const { text, stats } = generator.generateWithStats({ targetBytes: Math.round(size * MB), seed, shape });
  if (out === undefined) io.stdout.write(text);
  else writeFileSync(out, text);
  io.stderr.write(
    `${out ?? "standard output"}: ${stats.bytes} bytes, ${stats.statements} statements, ${stats.items} items, ${stats.cells} cells, ` +
      `${stats.expectedUnsatisfied} failing and ${stats.missingValueErrors + stats.unavailableValueErrors} unevaluable rollup checks (shape ${shape}, seed ${seed})\n`,
  );
  return 0;
}
