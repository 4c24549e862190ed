// fsdoc: a thin shell over the engine. Finds the command, parses its arguments, runs it, and maps
// outcomes to exit codes: 0 success, 1 nonconforming document or operational failure, 2 usage.
// The same bundle is also the validation worker (validate/pool.ts) when started as one.

import { isMainThread, workerData } from "node:worker_threads";
import { nearest, parseCommandArgs } from "./args";
import { commandHelp, type Command } from "./command";
import { compareCommand } from "./commands/compare";
import { diffCommand } from "./commands/diff";
import { fixCommand } from "./commands/fix";
import { importCommand } from "./commands/import";
import { initCommand } from "./commands/init";
import { recordCommand } from "./commands/record";
import { renderCommand } from "./commands/render";
import { validateCommand } from "./commands/validate-command";
import { version } from "./help";
import { ClosedOutput, OperationalError, writeStdout } from "./io";
import { UsageError } from "./usage";
import { serveWorker, WORKER_ROLE } from "./validate/pool";

/** Every command, in the order `fsdoc --help` lists them. One entry per command. */
const COMMANDS: readonly Command[] = [validateCommand, diffCommand, compareCommand, renderCommand, recordCommand, fixCommand, initCommand, importCommand];

const EXIT_USAGE = 2;

function usage(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return `fsdoc ${version} — validate, diff, compare, render, record, fix, create and import FS 0.2 documents

Usage:
${COMMANDS.map((command) => `  fsdoc ${command.usage}`).join("\n")}
  fsdoc help <command>        (or fsdoc <command> --help)
  fsdoc --version

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join("\n")}

JSON results go to standard output; messages for people go to standard error.
Exit codes: 0 success (also when rollups are inconsistent or a snapshot mismatches),
1 nonconforming document or operational failure, 2 usage error.
`;
}

function findCommand(name: string): Command {
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command !== undefined) return command;
  const names = COMMANDS.map((candidate) => candidate.name);
  const near = nearest(name, names);
  throw new UsageError(`unknown command "${name}"${near ? `; did you mean ${near}?` : `; the commands are ${names.join(", ")}`}`);
}

async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    process.stderr.write(usage());
    return EXIT_USAGE;
  }
  if (name === "--help" || name === "-h") {
    await writeStdout(usage());
    return 0;
  }
  if (name === "help") {
    if (rest.length > 1) throw new UsageError(`help takes one command name, got ${rest.length}`);
    await writeStdout(rest[0] === undefined ? usage() : commandHelp(findCommand(rest[0])));
    return 0;
  }
  if (name === "--version" || name === "-v") {
    await writeStdout(`${version}\n`);
    return 0;
  }
  if (name.startsWith("-")) {
    const near = nearest(name.replace(/^-+/, ""), ["help", "version"]);
    throw new UsageError(`unknown option ${name} before a command${near ? `; did you mean --${near}?` : ""}`);
  }
  const command = findCommand(name);
  const allOptions = COMMANDS.flatMap((candidate) => candidate.options.map((option) => option.name));
  const args = parseCommandArgs(command.name, rest, command.options, allOptions);
  if (args.options.get("help") === true) {
    await writeStdout(commandHelp(command));
    return 0;
  }
  const { min, max, name: what } = command.positionals;
  if (args.positionals.length < min) throw new UsageError(`${command.name} needs a ${what} (or - for ${command.positionals.dash ?? "standard input"})`);
  if (max !== undefined && args.positionals.length > max)
    throw new UsageError(`${command.name} takes ${max === 1 ? `one ${what}` : `at most ${max} ${what}s`}, got ${args.positionals.length}`);
  return command.run(args);
}

async function main(): Promise<void> {
  let code: number;
  try {
    code = await run(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ClosedOutput) {
      code = process.exitCode === undefined ? 0 : Number(process.exitCode);
    } else if (error instanceof UsageError) {
      process.stderr.write(`fsdoc: ${error.message}\nRun "fsdoc help" for usage.\n`);
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

if (!isMainThread && (workerData as { role?: string } | null)?.role === WORKER_ROLE) serveWorker();
else void main();
