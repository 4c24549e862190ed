// fsdoc validate: every file, folder and pattern given, checked in parallel, reported in a stable
// order in one of four formats. The exit code is the worst across files.

import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { problemLines, sarifLog, summarize, summaryLines, workflowCommands, type FileReport } from "../../../shared/src/report/index";
import { version } from "../help";
import { printJson, writeStdout } from "../io";
import { checkAll } from "../validate/pool";
import { type CheckOptions, type CheckTask, type OutputFormat } from "../validate/check";
import { expandArguments } from "../validate/targets";

export interface ValidateOptions {
  format: OutputFormat;
  strict: boolean;
  /** Worker threads; undefined: one per core. */
  jobs: number | undefined;
  /** Named files too are validated only when they are FS documents. */
  detect?: boolean;
}

export async function runValidate(args: readonly string[], options: ValidateOptions): Promise<number> {
  const groups = expandArguments(args, options.detect);
  const tasks: CheckTask[] = groups.flatMap((group) => group.tasks);
  const stdin = tasks.find((task) => task.path === "-");
  if (stdin !== undefined) {
    try {
      stdin.stdin = readFileSync(0);
    } catch {
      // left unset: the check reads standard input itself and reports why it cannot
    }
  }
  const single = groups.length === 1 && groups[0]?.kind === "file";
  const checkOptions: CheckOptions = { format: options.format, strict: options.strict, bare: single };
  const reports: FileReport[] = [];
  let worst = 0;
  let first = true;

  if (options.format === "json" && !single) await writeStdout("[");
  await checkAll(tasks, checkOptions, options.jobs ?? availableParallelism(), async (outcome) => {
    if (outcome.skipped) return;
    reports.push(outcome.report);
    worst = Math.max(worst, exitCodeOf(outcome.report, options.strict));
    for (const line of outcome.human) process.stderr.write(line + "\n");
    switch (options.format) {
      case "json":
        await writeStdout(single ? `${outcome.json}\n` : `${first ? "\n" : ",\n"}${outcome.json}`);
        break;
      case "text":
        if (outcome.report.problems.length > 0 || outcome.report.error !== undefined) await writeStdout(problemLines(outcome.report).join("\n") + "\n");
        break;
      case "github":
        if (outcome.report.problems.length > 0 || outcome.report.error !== undefined) await writeStdout(workflowCommands(outcome.report).join("\n") + "\n");
        break;
      case "sarif":
        break;
    }
    first = false;
  });
  if (options.format === "json" && !single) await writeStdout(first ? "]\n" : "\n]\n");

  for (const group of groups) {
    if (group.problem !== undefined) {
      process.stderr.write(`fsdoc: ${group.problem}\n`);
      worst = Math.max(worst, 1);
    } else if (group.kind !== "file" && !reports.some((report) => group.tasks.some((task) => task.display === report.file))) {
      process.stderr.write(`fsdoc: ${group.kind === "folder" ? `no FS documents in ${group.argument}` : `no FS documents match ${group.argument}`}\n`);
      worst = Math.max(worst, 1);
    }
  }
  const summary = summarize(reports);
  if (options.format === "sarif") {
    const root = pathToFileURL(process.cwd() + sep).href;
    await printJson(sarifLog(reports, { toolVersion: version, srcRoot: root, artifactUri: (file) => artifactUri(file) }));
  } else if (options.format === "text") {
    await writeStdout(summaryLines(summary).join("\n") + "\n");
  } else if (options.format === "github") {
    process.stderr.write(summaryLines(summary).join("\n") + "\n");
  } else if (!single) {
    process.stderr.write(
      `${summary.documents} files: ${summary.conforming} conforming (${summary.inconsistent} with rollups not satisfied), ${summary.nonconforming} nonconforming, ${summary.failed} unreadable\n`,
    );
  }
  return worst;
}

function exitCodeOf(report: FileReport, strict: boolean): number {
  if (report.error !== undefined || report.conformance !== "conforming") return 1;
  return strict && report.calculations === "inconsistent" ? 1 : 0;
}

/** Relative to the working folder (resolved against SRCROOT) when below it, else a file: URL. */
function artifactUri(file: string): { uri: string; relative: boolean } {
  if (file === "<stdin>") return { uri: "stdin", relative: true };
  const absolute = resolve(file);
  const cwd = process.cwd() + sep;
  if (absolute.startsWith(cwd)) {
    const rel = absolute.slice(cwd.length).split(sep).map(encodeURIComponent).join("/");
    return { uri: rel, relative: true };
  }
  return { uri: pathToFileURL(absolute).href, relative: false };
}
