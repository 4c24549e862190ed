import { recordSnapshot } from "../../../shared/src/index";
import { describeIssues, load } from "../load";
import { OperationalError, writeFileSafely } from "../io";

export interface RecordOptions {
  output: string | undefined;
  inPlace: boolean;
  force: boolean;
}

export function runRecord(file: string, options: RecordOptions): number {
  const loaded = load(file);
  const recording = recordSnapshot(loaded.input.text, loaded.value);
  if (recording === undefined) throw new OperationalError(`${loaded.input.name} is not a JSON object, so there is nowhere to record a snapshot`);
  if (recording.result.conformance.status !== "conforming") {
    process.stderr.write(`${loaded.input.name} does not conform, so no snapshot was recorded:\n`);
    for (const line of describeIssues(loaded, 20)) process.stderr.write(`  ${line}\n`);
    return 1;
  }
  if (options.inPlace) writeFileSafely(file, recording.text, { overwrite: true });
  else if (options.output !== undefined) writeFileSafely(options.output, recording.text, { overwrite: options.force });
  else process.stdout.write(recording.text);
  const { snapshot } = recording;
  process.stderr.write(`${loaded.input.name}: recorded ${snapshot.conformance}, calculations ${snapshot.calculations}, ${snapshot.applications.length} application${snapshot.applications.length === 1 ? "" : "s"}\n`);
  return 0;
}
