import { stringOption, flag, type Command } from "../command";
import { UsageError } from "../usage";
import { runValidate } from "./validate";
import type { OutputFormat } from "../validate/check";

export const validateCommand: Command = {
  name: "validate",
  summary: "check documents against FS 0.2 and evaluate their rollups",
  usage: "validate <file|folder|pattern|->... [--format json|text|sarif|github] [--strict] [--detect] [--jobs <n>]",
  description: `
Validates each document (FS 0.2, section 2.12). Arguments are files, folders (searched
recursively for FS documents: *.fs.json files and JSON files the FS detection recognises;
node_modules and dot-folders are skipped) and glob patterns (quote them: "docs/**/*.json"), in
any number. Files are validated in parallel on worker threads and reported in a stable order:
the arguments' order, then sorted paths within a folder or pattern. With --detect, named files
too are validated only when they are FS documents, and other JSON is skipped (for a pre-commit
hook, which names every staged JSON file).

Formats:
  json     the validation result; with one file argument the result object, otherwise an array
           of {"file", "result"} entries, or {"file", "error"} for a file that cannot be read or
           parsed (error: code, path, message, line, column). The default: it is the contract's
           result, unchanged, and what scripts written for earlier versions read.
  text     one line per problem, "file:line:column: severity code message", then a summary.
  sarif    a SARIF 2.1.0 log, for code scanning (GitHub: upload-sarif).
  github   GitHub Actions workflow commands (::error file=…,line=…,col=…::…), for annotations.
Rollups that do not add up or cannot be checked are warnings (errors with --strict).

Exit: 0 when every document conforms; 1 when one does not, cannot be read or parsed, or an
argument finds no FS document; 2 usage error.`,
  options: [
    { name: "format", type: "string", choices: ["json", "text", "sarif", "github"], description: "output format (default json)" },
    { name: "strict", type: "boolean", description: "also exit 1 when any document's rollups are inconsistent" },
    { name: "detect", type: "boolean", description: "skip named files that are not FS documents, as in a folder" },
    { name: "jobs", short: "j", type: "string", value: "<n>", description: "worker threads (default: one per core; 1 validates in this thread)" },
  ],
  positionals: { min: 1, max: undefined, name: "file" },
  run: async (args) => {
    const jobsText = stringOption(args, "jobs");
    let jobs: number | undefined;
    if (jobsText !== undefined) {
      if (!/^[1-9][0-9]{0,3}$/.test(jobsText)) throw new UsageError(`--jobs must be a whole number from 1 to 9999, not "${jobsText}"`);
      jobs = Number(jobsText);
    }
    return runValidate(args.positionals, { format: (stringOption(args, "format") ?? "json") as OutputFormat, strict: flag(args, "strict"), jobs, detect: flag(args, "detect") });
  },
};
