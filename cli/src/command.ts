// The shape of one fsdoc command. main.ts holds the list; a new command is one more entry there
// and one file under commands/ that exports its Command.

import type { OptionSpec, ParsedArgs } from "./args";

export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The usage line after "fsdoc ", e.g. "validate <file|folder|pattern|->... [options]". */
  usage: string;
  /** What it does, its output and exit codes: the paragraphs of `fsdoc help <command>`. */
  description: string;
  options: readonly OptionSpec[];
  /** How many positional arguments it takes, and what they are called in messages. */
  positionals: { min: number; max: number | undefined; name: string; /** What "-" stands for (default standard input). */ dash?: "standard input" | "standard output" };
  run(args: ParsedArgs): Promise<number>;
}

export function commandHelp(command: Command): string {
  const width = Math.max(...command.options.map((option) => optionSyntax(option).length), "--help".length);
  const lines = command.options.map((option) => `  ${optionSyntax(option).padEnd(width)}  ${option.description}`);
  lines.push(`  ${"-h, --help".padEnd(width)}  show this help`);
  return `Usage: fsdoc ${command.usage}\n\n${command.description.trim()}\n\nOptions:\n${lines.join("\n")}\n`;
}

function optionSyntax(option: OptionSpec): string {
  const short = option.short === undefined ? "" : `-${option.short}, `;
  const value = option.type === "string" ? ` ${option.choices ? option.choices.join("|") : (option.value ?? "<value>")}` : "";
  return `${short}--${option.name}${value}`;
}

/** A string option's value, typed by the caller's knowledge of the spec. */
export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.options.get(name);
  return typeof value === "string" ? value : undefined;
}

export function flag(args: ParsedArgs, name: string): boolean {
  return args.options.get(name) === true;
}
