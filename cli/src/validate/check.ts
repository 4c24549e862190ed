// Validating one file, in a worker thread or inline: read, decide whether it is an FS document
// (for files found in folders or by globs), parse, analyze, and reduce the outcome to a
// FileReport plus the pieces of output only the json format needs. Everything returned is plain
// data that survives postMessage.

import { buildModel, parseJson, type ParseOutcome } from "../../../shared/src/index";
import { countText } from "../../../shared/src/render/format";
import { isFsDocumentValue, mightBeFsDocument } from "../../../shared/src/detect";
import { documentProblems, rollupSubject, type FileReport } from "../../../shared/src/report/index";
import { describeIssues, loadInput, SyntaxInputError } from "../load";
import { decodeInput, InputError, readInput, type Input } from "../io";
import { readFileSync } from "node:fs";

export type OutputFormat = "json" | "text" | "sarif" | "github";

export interface CheckTask {
  /** The path to read, or "-" for text already read from standard input (`stdin`). */
  path: string;
  /** The name shown in output. */
  display: string;
  /** Named on the command line: validated whatever it contains. Found files must be FS documents. */
  explicit: boolean;
  /** The bytes of standard input, read by the main thread. */
  stdin?: Uint8Array;
}

export interface CheckOptions {
  format: OutputFormat;
  strict: boolean;
  /** json only: print the bare result (one file) instead of a {file, result} entry. */
  bare: boolean;
}

export interface CheckOutcome {
  /** A found file that is not an FS document: not part of the run. */
  skipped: boolean;
  report: FileReport;
  /** json format: this file's JSON value (result, or {file, result} / {file, error}), serialized. */
  json: string | undefined;
  /** json format: lines for people on standard error. */
  human: string[];
}

const FS_NAME = /\.fs\.json$/i;

export function checkFile(task: CheckTask, options: CheckOptions): CheckOutcome {
  const report: FileReport = {
    file: task.display,
    conformance: undefined,
    calculations: undefined,
    rollups: { satisfied: 0, unsatisfied: 0, missingValue: 0, unavailableValue: 0 },
    problems: [],
    error: undefined,
  };
  const mustDetect = !task.explicit && !FS_NAME.test(task.path);
  let input: Input;
  try {
    if (task.stdin !== undefined) input = decodeInput(task.display, task.stdin);
    else if (mustDetect) input = readForDetection(task);
    else input = { ...readInput(task.path), name: task.display };
    let parsed: ParseOutcome | undefined;
    if (mustDetect) {
      if (!mightBeFsDocument(input.text)) return skipped(report);
      parsed = parseJson(input.text);
      if (parsed.ok && !isFsDocumentValue(parsed.value)) return skipped(report);
    }
    const loaded = loadInput(input, parsed);
    const { result } = loaded.analysis;
    report.conformance = result.conformance.status;
    report.calculations = result.calculations.status;
    for (const application of result.calculations.applications) {
      if (application.status === "satisfied") report.rollups.satisfied++;
      else if (application.status === "unsatisfied") report.rollups.unsatisfied++;
      else if (application.status === "error" && application.reason === "missing-value") report.rollups.missingValue++;
      else report.rollups.unavailableValue++;
    }
    const human: string[] = [];
    if (options.format === "json") {
      if (result.conformance.status === "conforming") {
        // A tick only when there is nothing to look at: inconsistent rollups get the warning sign.
        // Named as the summary's "rollups:" line names them, with the subtotals that do not add up.
        const mark = result.calculations.status === "inconsistent" ? "⚠" : "✓";
        const failing = result.calculations.applications.filter((application) => application.status === "unsatisfied");
        const model = failing.length === 0 ? undefined : buildModel(loaded.value);
        const names = model === undefined ? [] : failing.slice(0, NAMED_SUBTOTALS).map((application) => rollupSubject(model, application));
        if (failing.length > NAMED_SUBTOTALS) names.push(`${countText(failing.length - NAMED_SUBTOTALS)} more`);
        const counts = rollupCountsText(report.rollups, names);
        human.push(
          `${mark} ${task.display}: conforming; ${counts !== "" ? `rollups: ${counts}` : report.rollups.satisfied === 1 ? "its one rollup satisfied" : report.rollups.satisfied > 0 ? `all ${countText(report.rollups.satisfied)} rollups satisfied` : "no rollups to check"}`,
        );
      } else {
        human.push(`✗ ${task.display}: nonconforming, ${result.conformance.errors.length} error${result.conformance.errors.length === 1 ? "" : "s"}`);
        for (const line of describeIssues(loaded, 20)) human.push(`  ${line}`);
      }
      return { skipped: false, report, json: serialize(options.bare ? result : { file: task.display, result }, options.bare), human };
    }
    report.problems = documentProblems(input.text, loaded.value, loaded.analysis, { strictRollups: options.strict, causes: options.format === "text" });
    return { skipped: false, report, json: undefined, human };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    report.error = error.error;
    if (error instanceof SyntaxInputError) report.problems = error.problems;
    const human = options.format === "json" ? [`✗ ${error.message}`] : [];
    return { skipped: false, report, json: options.format === "json" ? serialize({ file: task.display, error: error.error }, options.bare) : undefined, human };
  }
}

function skipped(report: FileReport): CheckOutcome {
  return { skipped: true, report, json: undefined, human: [] };
}

/** A found file that is not UTF-8 is reported only when its text still looks like an FS document. */
function readForDetection(task: CheckTask): Input {
  let bytes: Buffer;
  try {
    bytes = readFileSync(task.path);
  } catch {
    return { ...readInput(task.path), name: task.display }; // throws the InputError for it
  }
  try {
    return decodeInput(task.display, bytes);
  } catch (error) {
    if (error instanceof InputError && !mightBeFsDocument(new TextDecoder().decode(bytes))) return { name: task.display, text: "", bom: false };
    throw error;
  }
}

/** 2-space JSON, indented one level more when it is an element of the printed array. */
function serialize(value: unknown, bare: boolean): string {
  const text = JSON.stringify(value, null, 2);
  return bare ? text : "  " + text.replace(/\n/g, "\n  ");
}

/** How many subtotals that do not add up the json format's line on stderr names. */
const NAMED_SUBTOTALS = 3;

/**
 * "1 not satisfied (Operating profit fy2025), 2 not evaluated (missing values), 13 satisfied": the
 * rollup checks counted apart, so a check that could not be evaluated is never told as a sum that
 * is off, with the subtotals that are off named when given. "" when none fails.
 */
export function rollupCountsText(rollups: { satisfied: number; unsatisfied: number; missingValue: number; unavailableValue: number }, unsatisfied: readonly string[] = []): string {
  const notEvaluated = rollups.missingValue + rollups.unavailableValue;
  const total = rollups.satisfied + rollups.unsatisfied + notEvaluated;
  if (total === 0 || rollups.satisfied === total) return "";
  const why = [rollups.missingValue > 0 ? "missing" : undefined, rollups.unavailableValue > 0 ? "unavailable" : undefined].filter((reason) => reason !== undefined);
  return [
    rollups.unsatisfied > 0 ? `${countText(rollups.unsatisfied)} not satisfied${unsatisfied.length > 0 ? ` (${unsatisfied.join(", ")})` : ""}` : undefined,
    notEvaluated > 0 ? `${countText(notEvaluated)} not evaluated (${why.join(" or ")} values)` : undefined,
    `${countText(rollups.satisfied)} satisfied`,
  ]
    .filter((part) => part !== undefined)
    .join(", ");
}
