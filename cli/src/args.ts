// Command-line arguments → options, with usage errors that say what was wrong and suggest the
// nearest valid spelling. Node's parseArgs is not used: its messages ("Unknown option '--x'. To
// specify a positional argument starting with a '-', place it at the end of the command after
// '--'…") name no alternative and cannot be reworded without parsing them.

import { UsageError } from "./usage";

export interface OptionSpec {
  name: string;
  /** A string option takes a value (`--format sarif` or `--format=sarif`). */
  type: "boolean" | "string";
  short?: string;
  /** The values a string option accepts, when it is a closed set. */
  choices?: readonly string[];
  /**
   * A string option that may be given more than once (`--apply a --apply b`): its values are kept
   * joined with commas, the same as `--apply a,b`; the command splits them.
   */
  repeatable?: boolean;
  /** The value's placeholder in help, e.g. "<path>". */
  value?: string;
  description: string;
}

export interface ParsedArgs {
  options: Map<string, string | true>;
  positionals: string[];
}

/** Parses `args` for `command` (used in messages) against `specs`; `--help`/`-h` is always known. */
export function parseCommandArgs(command: string, args: readonly string[], specs: readonly OptionSpec[], allOptions: readonly string[]): ParsedArgs {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const byShort = new Map(specs.filter((spec) => spec.short !== undefined).map((spec) => [spec.short as string, spec]));
  const options = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    if (arg === "--help" || arg === "-h") {
      options.set("help", true);
      continue;
    }
    let spec: OptionSpec | undefined;
    let inline: string | undefined;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq === -1 ? undefined : arg.slice(eq + 1);
      spec = byName.get(name);
      if (spec === undefined) throw unknownOption(command, `--${name}`, name, specs, allOptions);
    } else {
      spec = arg.length === 2 ? byShort.get(arg.slice(1)) : undefined;
      if (spec === undefined) throw unknownOption(command, arg, arg.slice(1), specs, allOptions);
    }
    if (options.has(spec.name) && spec.repeatable !== true) throw new UsageError(`--${spec.name} is given twice`);
    if (spec.type === "boolean") {
      if (inline !== undefined) throw new UsageError(`--${spec.name} takes no value`);
      options.set(spec.name, true);
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined || (inline === undefined && value.startsWith("--"))) {
      throw new UsageError(`--${spec.name} needs a value${spec.choices ? ` (${listChoices(spec.choices)})` : spec.value ? ` ${spec.value}` : ""}`);
    }
    if (spec.choices !== undefined && !spec.choices.includes(value)) {
      const near = nearest(value, spec.choices);
      throw new UsageError(`--${spec.name} must be ${listChoices(spec.choices)}, not "${value}"${near ? `; did you mean ${near}?` : ""}`);
    }
    const earlier = options.get(spec.name);
    options.set(spec.name, typeof earlier === "string" ? `${earlier},${value}` : value);
  }
  return { options, positionals };
}

function unknownOption(command: string, written: string, name: string, specs: readonly OptionSpec[], allOptions: readonly string[]): UsageError {
  const candidates = [...specs.map((spec) => spec.name), "help"];
  const near = nearest(name.replace(/^-+/, ""), candidates);
  if (near !== undefined) return new UsageError(`unknown option ${written}; did you mean --${near}?`);
  if (allOptions.includes(name)) return new UsageError(`${command} does not take ${written}`);
  return new UsageError(`unknown option ${written} for ${command}; its options are ${candidates.map((candidate) => `--${candidate}`).join(", ")}`);
}

export function listChoices(choices: readonly string[]): string {
  return choices.length <= 1 ? (choices[0] ?? "") : `${choices.slice(0, -1).join(", ")} or ${choices[choices.length - 1]}`;
}

/**
 * The candidate closest to `word` by edit distance (insertions, deletions, substitutions and
 * swaps of neighbours), when it is close enough to be a plausible typo: at most a third of the
 * word's length, and at least 1 edit allowed. A unique prefix also counts ("--stat" → statement).
 */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined && bestDistance <= Math.max(1, Math.floor(word.length / 3))) return best;
  const prefixed = word.length >= 2 ? candidates.filter((candidate) => candidate.startsWith(word)) : [];
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** Optimal string alignment distance; the words here are a few characters long. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((d[(i - 1) * cols + j] as number) + 1, (d[i * cols + j - 1] as number) + 1, (d[(i - 1) * cols + j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (d[(i - 2) * cols + j - 2] as number) + 1);
      d[i * cols + j] = value;
    }
  }
  return d[rows * cols - 1] as number;
}
