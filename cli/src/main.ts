// fsdoc: a thin shell over the engine. Parses arguments, runs one command, maps outcomes to exit codes.

import { parseArgs } from "node:util";
import { runDiff } from "./commands/diff";
import { runFix } from "./commands/fix";
import { runRecord } from "./commands/record";
import { runRender } from "./commands/render";
import { runValidate } from "./commands/validate";
import { commandHelp, usage, version } from "./help";
import { OperationalError } from "./io";
import { UsageError } from "./usage";

const EXIT_USAGE = 2;

function run(argv: string[]): number {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(usage);
    return command === undefined ? EXIT_USAGE : 0;
  }
  if (command === "--version" || command === "-v") {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  if (command === "fix") return runFix(rest);
  const help = commandHelp[command];
  if (help === undefined) throw new UsageError(`unknown command "${command}"; commands are validate, diff, render and record`);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      strict: { type: "boolean" },
      format: { type: "string" },
      statement: { type: "string" },
      output: { type: "string", short: "o" },
      "in-place": { type: "boolean" },
      force: { type: "boolean" },
    },
  });
  if (values.help === true) {
    process.stdout.write(help);
    return 0;
  }
  const allowed: Record<string, string[]> = {
    validate: ["strict"],
    diff: ["strict"],
    render: ["format", "statement", "output", "force"],
    record: ["output", "in-place", "force"],
  };
  for (const option of Object.keys(values)) {
    if (!(allowed[command] ?? []).includes(option)) throw new UsageError(`${command} does not take --${option}`);
  }
  if (positionals.length === 0) throw new UsageError(`${command} needs a file (or - for standard input)`);
  if (command !== "validate" && positionals.length > 1) throw new UsageError(`${command} takes one file, got ${positionals.length}`);
  const file = positionals[0] as string;
  switch (command) {
    case "validate":
      return runValidate(positionals, values.strict === true);
    case "diff":
      return runDiff(file, values.strict === true);
    case "render": {
      const format = values.format ?? "html";
      if (format !== "html" && format !== "tsv") throw new UsageError(`--format must be html or tsv, not "${format}"`);
      return runRender(file, { format, statement: values.statement, output: values.output, force: values.force === true });
    }
    default:
      if (values["in-place"] === true && values.output !== undefined) throw new UsageError("give either --output or --in-place, not both");
      if (values["in-place"] === true && file === "-") throw new UsageError("--in-place needs a file, not standard input");
      return runRecord(file, { output: values.output, inPlace: values["in-place"] === true, force: values.force === true });
  }
}

function main(): void {
  let code: number;
  try {
    code = run(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))) {
      process.stderr.write(`fsdoc: ${error.message}\nRun "fsdoc --help" for usage.\n`);
      code = EXIT_USAGE;
    } else if (error instanceof OperationalError) {
      process.stderr.write(`fsdoc: ${error.message}\n`);
      code = 1;
    } else {
      process.stderr.write(`fsdoc: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      code = 1;
    }
  }
  process.exitCode = code;
}

main();
