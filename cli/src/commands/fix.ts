// fsdoc fix: the editor's "Fix all" from the command line. Applies the safe fixes (those that
// cannot change a stored amount: JSON numbers and non-canonical decimals written as canonical
// decimal strings) and, only when --apply names them, value-changing fix sets.

import { createTwoFilesPatch } from "diff";
import { fixAll, parseJson, VALUE_FIXES, type ValueFixName } from "../../../shared/src/index";
import { OperationalError, readInput, writeFileSafely, writeStdout } from "../io";
import { flag, stringOption, type Command } from "../command";
import { UsageError } from "../usage";

export const fixCommand: Command = {
  name: "fix",
  summary: "apply the fixes that cannot change an amount (and, when asked, set subtotals)",
  usage: "fix <file|-> [--dry-run | --write] [--apply <fix>]...",
  description: `
Applies the fixes that cannot change a reported amount: a value written as a JSON number, or as a
non-canonical decimal string ("1.50", "1e3"), becomes its canonical decimal string, computed from
the digits as written. Every other character of the text is left as it was. Prints the fixed
document, or with --dry-run a unified diff, or with --write replaces the file atomically.

--apply also applies a value-changing fix set; it may be repeated, or given a comma list
(--apply a,b). Fix sets:
  set-subtotal   set every subtotal that does not add up to the sum of its children (deepest
                 first, so chains end up consistent)

Each fix applied is listed on standard error; so is each fix set not asked for that would change
something, with the commands that show and make the change.
Exit: 0 fixed (or nothing to fix); 1 unreadable file or invalid JSON; 2 usage error.`,
  options: [
    { name: "dry-run", type: "boolean", description: "print a unified diff of what would change; write nothing" },
    { name: "write", type: "boolean", description: "replace the file (written to a temporary file, then renamed into place)" },
    { name: "apply", type: "string", repeatable: true, value: "<fix>", description: `also apply a value-changing fix set (${VALUE_FIXES.join(", ")}); repeatable` },
  ],
  positionals: { min: 1, max: 1, name: "file" },
  run: async (args) => {
    const file = args.positionals[0] as string;
    const dryRun = flag(args, "dry-run");
    const write = flag(args, "write");
    if (dryRun && write) throw new UsageError("give either --dry-run or --write, not both");
    if (write && file === "-") throw new UsageError("--write needs a file, not standard input");
    const apply: ValueFixName[] = [];
    for (const name of (stringOption(args, "apply") ?? "").split(",").filter((entry) => entry !== "")) {
      if (!(VALUE_FIXES as readonly string[]).includes(name)) throw new UsageError(`--apply takes ${VALUE_FIXES.join(", ")}, not "${name}"`);
      if (!apply.includes(name as ValueFixName)) apply.push(name as ValueFixName);
    }
    return runFix(file, { dryRun, write, apply });
  },
};

async function runFix(file: string, options: { dryRun: boolean; write: boolean; apply: ValueFixName[] }): Promise<number> {
  const { dryRun, write, apply } = options;
  const input = readInput(file);
  const parsed = parseJson(input.text);
  if (!parsed.ok) {
    const first = parsed.problems[0];
    throw new OperationalError(
      `${input.name} is not valid JSON${first === undefined ? "" : ` (${input.name}:${first.line}:${first.column}: ${first.message})`}; nothing was fixed`,
    );
  }
  const outcome = fixAll(input.text, { apply });
  for (const fix of outcome.applied) process.stderr.write(`fixed ${fix.path || "(document)"}: ${fix.title}\n`);
  process.stderr.write(
    `${input.name}: ${outcome.applied.length === 0 ? "nothing to fix" : `${outcome.applied.length} fix${outcome.applied.length === 1 ? "" : "es"}${dryRun ? " (dry run, nothing written)" : ""}`}\n`,
  );
  // The value-changing fix sets not asked for, when they would change something: named with the
  // command that shows and the one that makes the change, so that "nothing to fix" is not the end.
  for (const name of VALUE_FIXES) {
    if (apply.includes(name)) continue;
    const more = fixAll(input.text, { apply: [...apply, name] }).applied.length - outcome.applied.length;
    if (more > 0) process.stderr.write(`${input.name}: ${valueFixHint(name, more, [...apply, name].join(","), file)}\n`);
  }
  if (dryRun) {
    if (outcome.text !== input.text) await writeStdout(unifiedDiff(input.name, input.text, outcome.text));
  } else if (write) {
    if (outcome.text !== input.text) writeFileSafely(file, outcome.text, { overwrite: true });
  } else {
    await writeStdout(outcome.text);
  }
  return 0;
}

/** A unified diff as `diff -u` and `git apply` read it (without jsdiff's "=====" banner line). */
export function unifiedDiff(name: string, before: string, after: string): string {
  const patch = createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after, undefined, undefined, { context: 3 });
  return patch.startsWith("=") ? patch.slice(patch.indexOf("\n") + 1) : patch;
}

function valueFixHint(name: ValueFixName, count: number, sets: string, file: string): string {
  const what = {
    "set-subtotal": count === 1 ? "1 subtotal that does not add up to the sum of its children" : `${count} subtotals that do not add up to the sum of their children`,
  }[name];
  return `--apply ${name} would set ${what}: fsdoc fix --apply ${sets} --dry-run ${shellWord(file)} shows the change, --write instead of --dry-run makes it`;
}

/** A file name as one shell word. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}
