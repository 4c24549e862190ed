import { recordSnapshot } from "../../../shared/src/index";
import { flag, stringOption, type Command } from "../command";
import { describeIssues, load } from "../load";
import { OperationalError, withBom, writeFileSafely, writeStdout } from "../io";
import { UsageError } from "../usage";

export const recordCommand: Command = {
  name: "record",
  summary: "record the current validation as the document's validationSnapshot",
  usage: "record <file|-> [--output <path> | --in-place] [--force]",
  description: `
Replaces (or adds) the document's validationSnapshot with its current validation and prints the
document; every other byte of the file is left as it was, a UTF-8 byte-order mark included.
Files are replaced atomically (a temporary file renamed over the target), keeping their mode and
owner; through a symbolic link the link's target is updated. Only regular files are replaced:
a folder, FIFO or device at the output path is refused.

Exit: 0 recorded; 1 nonconforming document (nothing is written) or I/O failure; 2 usage error.`,
  options: [
    { name: "output", short: "o", type: "string", value: "<path>", description: "write the recorded document there instead of standard output" },
    { name: "in-place", type: "boolean", description: "replace the input file itself" },
    { name: "force", type: "boolean", description: "overwrite an existing --output file" },
  ],
  positionals: { min: 1, max: 1, name: "file" },
  run: async (args) => {
    const file = args.positionals[0] as string;
    const output = stringOption(args, "output");
    const inPlace = flag(args, "in-place");
    if (inPlace && output !== undefined) throw new UsageError("give either --output or --in-place, not both");
    if (inPlace && file === "-") throw new UsageError("--in-place needs a file, not standard input");
    return runRecord(file, { output, inPlace, force: flag(args, "force") });
  },
};

interface RecordOptions {
  output: string | undefined;
  inPlace: boolean;
  force: boolean;
}

async function runRecord(file: string, options: RecordOptions): Promise<number> {
  const loaded = load(file);
  const recording = recordSnapshot(loaded.input.text, loaded.value);
  if (recording === undefined) throw new OperationalError(`${loaded.input.name} is not a JSON object, so there is nowhere to record a snapshot`);
  if (recording.result.conformance.status !== "conforming") {
    process.stderr.write(`${loaded.input.name} does not conform, so no snapshot was recorded:\n`);
    for (const line of describeIssues(loaded, 20)) process.stderr.write(`  ${line}\n`);
    return 1;
  }
  const text = withBom(loaded.input, recording.text);
  if (options.inPlace) writeFileSafely(file, text, { overwrite: true });
  else if (options.output !== undefined) writeFileSafely(options.output, text, { overwrite: options.force });
  else await writeStdout(text);
  const { snapshot } = recording;
  process.stderr.write(
    `${loaded.input.name}: recorded ${snapshot.conformance}, calculations ${snapshot.calculations}, ${snapshot.applications.length} rollup check${snapshot.applications.length === 1 ? "" : "s"}\n`,
  );
  return 0;
}
