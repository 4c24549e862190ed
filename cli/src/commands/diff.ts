import { diffSnapshot } from "../../../shared/src/index";
import { load } from "../load";
import { printJson } from "../io";

export function runDiff(file: string, strict: boolean): number {
  const loaded = load(file);
  const diff = diffSnapshot(loaded.value, loaded.analysis);
  printJson(diff);
  const changed = diff.status === "mismatch" ? diff.applications.filter((change) => change.change !== "unchanged").length : 0;
  process.stderr.write(`${loaded.input.name}: snapshot ${diff.status}${changed > 0 ? ` (${changed} application${changed === 1 ? "" : "s"} changed, added or removed)` : ""}\n`);
  if (loaded.analysis.result.conformance.status !== "conforming") return 1;
  return strict && diff.status !== "match" ? 1 : 0;
}
