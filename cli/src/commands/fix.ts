// fsdoc fix: the editor's "Fix all" from the command line. Applies the safe fixes (those that
// cannot change a stored amount: JSON numbers and non-canonical decimals written as canonical
// decimal strings) and, only when --apply names them, value-changing fix sets. Parses its own
// arguments so that main.ts only dispatches to it.

import { parseArgs } from "node:util";
import { createTwoFilesPatch } from "diff";
import { fixAll, parseJson, VALUE_FIXES, type ValueFixName } from "../../../shared/src/index";
import { OperationalError, readInput, writeFileSafely } from "../io";
import { UsageError } from "../usage";

export const fixHelp = `Usage: fsdoc fix <file|-> [--dry-run | --write] [--apply <fix>]...

Applies the fixes that cannot change a reported amount: a value written as a JSON number, or as a
non-canonical decimal string ("1.50", "1e3"), becomes its canonical decimal string, computed from
the digits as written. Every other character of the text is left as it was. Prints the fixed
document, or with --dry-run a unified diff, or with --write replaces the file atomically.

  --dry-run        print a unified diff of what would change; write nothing
  --write          replace the file (written to a temporary file, then renamed into place)
  --apply <fix>    also apply a value-changing fix set; may be repeated. Fix sets:
                     set-subtotal   set every subtotal that does not add up to the sum of its
                                    children (deepest first, so chains end up consistent)

Each fix applied is listed on standard error.
Exit: 0 fixed (or nothing to fix); 1 unreadable file or invalid JSON; 2 usage error.
`;

export function runFix(args: readonly string[]): number {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      "dry-run": { type: "boolean" },
      write: { type: "boolean" },
      apply: { type: "string", multiple: true },
    },
  });
  if (values.help === true) {
    process.stdout.write(fixHelp);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? "fix needs a file (or - for standard input)" : `fix takes one file, got ${positionals.length}`);
  const file = positionals[0] as string;
  const dryRun = values["dry-run"] === true;
  const write = values.write === true;
  if (dryRun && write) throw new UsageError("give either --dry-run or --write, not both");
  if (write && file === "-") throw new UsageError("--write needs a file, not standard input");
  const apply: ValueFixName[] = [];
  for (const name of values.apply ?? []) {
    if (!(VALUE_FIXES as readonly string[]).includes(name)) throw new UsageError(`--apply takes ${VALUE_FIXES.join(", ")}, not "${name}"`);
    apply.push(name as ValueFixName);
  }

  const input = readInput(file);
  const parsed = parseJson(input.text);
  if (!parsed.ok) {
    const first = parsed.problems[0];
    throw new OperationalError(`${input.name} is not valid JSON${first === undefined ? "" : ` (${input.name}:${first.line}:${first.column}: ${first.message})`}; nothing was fixed`);
  }
  const outcome = fixAll(input.text, { apply });
  for (const fix of outcome.applied) process.stderr.write(`fixed ${fix.path || "(document)"}: ${fix.title}\n`);
  process.stderr.write(`${input.name}: ${outcome.applied.length === 0 ? "nothing to fix" : `${outcome.applied.length} fix${outcome.applied.length === 1 ? "" : "es"}${dryRun ? " (dry run, nothing written)" : ""}`}\n`);
  if (dryRun) {
    if (outcome.text !== input.text) process.stdout.write(unifiedDiff(input.name, input.text, outcome.text));
  } else if (write) {
    if (outcome.text !== input.text) writeFileSafely(file, outcome.text, { overwrite: true });
  } else {
    process.stdout.write(outcome.text);
  }
  return 0;
}

/** A unified diff as `diff -u` and `git apply` read it (without jsdiff's "=====" banner line). */
export function unifiedDiff(name: string, before: string, after: string): string {
  const patch = createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after, undefined, undefined, { context: 3 });
  return patch.startsWith("=") ? patch.slice(patch.indexOf("\n") + 1) : patch;
}
