import { parseJson } from "../../../shared/src/index";
import { compareDocuments, type Comparison } from "../../../shared/src/compare/index";
import { comparisonHtml } from "../../../shared/src/compare/html";
import { comparisonMarkdown } from "../../../shared/src/compare/markdown";
import { comparisonText } from "../../../shared/src/compare/text";
import { incompleteLine, summaryLine } from "../../../shared/src/compare/describe";
import { isFsDocumentValue } from "../../../shared/src/detect";
import { flag, stringOption, type Command } from "../command";
import { OperationalError, writeStdout } from "../io";
import { loadInput, type Loaded } from "../load";
import { readSource } from "../source";
import { UsageError } from "../usage";

export const compareCommand: Command = {
  name: "compare",
  summary: "compare two versions of a document by meaning: cells, rows, periods, units and rollups",
  usage: "compare <old> <new> [--format text|json|markdown|html] [--exit-code]",
  description: `
Compares OLD with NEW by meaning, not by text: statements, rows, units and periods are matched by
id, a period whose id changed but whose kind and dates did not is one rename, member order and
formatting are never changes. It lists rows added, removed, moved and re-parented; labels, units and
descriptions changed; each changed cell old → new with the exact difference and relative change
(as amounts, value × 10^scale, so a unit re-expressed from thousands to millions changes no cell);
subtotals that stopped or started adding up; structural errors new and fixed. validationSnapshot is
reported on one line of its own and does not count as a change.

OLD and NEW are files, - (standard input, for one of them), or a Git revision and path, REV:path,
read with "git show REV:path" in the current folder: HEAD:doc.json, main~1:docs/fy.json, :doc.json
(the staged version). A path in REV:path is from the repository's top folder; write
REV:./doc.json for one relative to the current folder. An existing file of that name wins.

Formats: text (default, for a terminal), json (schema/0.2/fs-comparison.schema.json), markdown (a
pull-request comment) and html (a standalone page).

Exit: 0 compared; 1 a side cannot be read, is not JSON or not an FS document; 2 usage error.
With --exit-code, as git diff --exit-code and diff(1): 0 the same, 1 different, 2 any error.`,
  options: [
    { name: "format", type: "string", choices: ["text", "json", "markdown", "html"], description: "output format (default text)" },
    { name: "exit-code", type: "boolean", description: "exit 1 when the documents differ, 0 when they do not (2 on errors)" },
  ],
  positionals: { min: 2, max: 2, name: "document" },
  run: async (args) => {
    const [oldArg, newArg] = args.positionals as [string, string];
    const exitCode = flag(args, "exit-code");
    try {
      return await runCompare(oldArg, newArg, stringOption(args, "format") ?? "text", exitCode);
    } catch (error) {
      // diff(1)'s convention under --exit-code: 1 means "different", so trouble is 2.
      if (exitCode && error instanceof OperationalError) {
        process.stderr.write(`fsdoc: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
  },
};

function loadSide(spec: string): Loaded {
  const input = readSource(spec);
  const parsed = parseJson(input.text);
  const loaded = loadInput(input, parsed);
  if (!isFsDocumentValue(loaded.value)) {
    throw new OperationalError(`${input.name} is not an FS document (a JSON object with formatVersion, statements and the other members of FS 0.2)`);
  }
  return loaded;
}

async function runCompare(oldArg: string, newArg: string, format: string, exitCode: boolean): Promise<number> {
  if (oldArg === "-" && newArg === "-") throw new UsageError("only one of OLD and NEW can be - (standard input)");
  const old = loadSide(oldArg);
  const now = loadSide(newArg);
  const comparison = compareDocuments({ value: old.value, result: old.analysis.result }, { value: now.value, result: now.analysis.result });
  const oldName = old.input.name;
  const newName = now.input.name;
  await writeStdout(formatted(comparison, format, old, now));
  if (format !== "text") {
    const incomplete = incompleteLine(comparison, oldName, newName);
    process.stderr.write(`${oldName} → ${newName}: ${summaryLine(comparison)}\n${incomplete === undefined ? "" : `${incomplete}\n`}`);
  }
  return exitCode && comparison.status === "different" ? 1 : 0;
}

function formatted(comparison: Comparison, format: string, old: Loaded, now: Loaded): string {
  const args = [comparison, old.value, now.value, old.input.name, now.input.name] as const;
  switch (format) {
    case "json":
      return JSON.stringify({ ...comparison, old: { file: old.input.name, ...comparison.old }, new: { file: now.input.name, ...comparison.new } }, null, 2) + "\n";
    case "markdown":
      return comparisonMarkdown(...args);
    case "html":
      return comparisonHtml(...args);
    default:
      return comparisonText(...args);
  }
}
