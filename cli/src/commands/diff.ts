import { diffSnapshot } from "../../../shared/src/index";
import { diffTextLines } from "../../../shared/src/report/index";
import { flag, stringOption, type Command } from "../command";
import { load } from "../load";
import { printJson, writeStdout } from "../io";

export const diffCommand: Command = {
  name: "diff",
  summary: "compare the recorded validationSnapshot with the current validation",
  usage: "diff <file|-> [--format text|json] [--strict]",
  description: `
Prints the diff (FS 0.2, section 2.13) of the document's recorded validationSnapshot against its
current validation: status "not-recorded", "not-comparable", "match" or "mismatch". The text format
(the default) says the status, and lists what changed, one application per line; json is the
contract's diff object, with the status on stderr.

Exit: 0 when the document conforms; 1 when it does not, or cannot be read or parsed.`,
  options: [
    { name: "format", type: "string", choices: ["json", "text"], description: "output format (default text)" },
    { name: "strict", type: "boolean", description: 'also exit 1 unless the status is "match"' },
  ],
  positionals: { min: 1, max: 1, name: "file" },
  run: async (args) => runDiff(args.positionals[0] as string, stringOption(args, "format") ?? "text", flag(args, "strict")),
};

async function runDiff(file: string, format: string, strict: boolean): Promise<number> {
  const loaded = load(file);
  const diff = diffSnapshot(loaded.value, loaded.analysis);
  if (format === "text") await writeStdout(diffTextLines(loaded.input.name, diff).join("\n") + "\n");
  else {
    await printJson(diff);
    const changed = diff.status === "mismatch" ? diff.applications.filter((change) => change.change !== "unchanged").length : 0;
    process.stderr.write(`${loaded.input.name}: snapshot ${diff.status}${changed > 0 ? ` (${changed} rollup check${changed === 1 ? "" : "s"} changed, added or removed)` : ""}\n`);
  }
  if (loaded.analysis.result.conformance.status !== "conforming") return 1;
  return strict && diff.status !== "match" ? 1 : 0;
}
