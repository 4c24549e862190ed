import { describeIssues, load } from "../load";
import { OperationalError, printJson } from "../io";

export function runValidate(files: string[], strict: boolean): number {
  const entries: unknown[] = [];
  let conforming = 0;
  let inconsistent = 0;
  let failed = 0;
  for (const file of files) {
    let loaded;
    try {
      loaded = load(file);
    } catch (error) {
      if (!(error instanceof OperationalError)) throw error;
      failed++;
      process.stderr.write(`✗ ${error.message}\n`);
      entries.push({ file, error: error.message });
      continue;
    }
    const { result } = loaded.analysis;
    entries.push(files.length === 1 ? result : { file, result });
    if (result.conformance.status === "conforming") {
      conforming++;
      if (result.calculations.status === "inconsistent") inconsistent++;
      const bad = result.calculations.applications.filter((application) => application.status !== "satisfied").length;
      process.stderr.write(`✓ ${loaded.input.name}: conforming; calculations ${result.calculations.status}${bad > 0 ? ` (${bad} of ${result.calculations.applications.length} applications not satisfied)` : ""}\n`);
    } else {
      process.stderr.write(`✗ ${loaded.input.name}: nonconforming, ${result.conformance.errors.length} error${result.conformance.errors.length === 1 ? "" : "s"}\n`);
      for (const line of describeIssues(loaded, 20)) process.stderr.write(`  ${line}\n`);
    }
  }
  if (files.length === 1) {
    if (entries[0] !== undefined && failed === 0) printJson(entries[0]);
  } else {
    printJson(entries);
    const nonconforming = files.length - conforming - failed;
    process.stderr.write(
      `${files.length} files: ${conforming} conforming (${inconsistent} with inconsistent rollups), ${nonconforming} nonconforming, ${failed} unreadable\n`,
    );
  }
  if (conforming < files.length) return 1;
  return strict && inconsistent > 0 ? 1 : 0;
}
