// SARIF 2.1.0 (OASIS) log of a validation run: one rule per problem code (rules.ts), one result
// per problem, located by line and column in UTF-16 code units (run.columnKind, which is also
// SARIF's default and what LSP positions count) plus the character offset and length.

import type { Log, ReportingDescriptor, Result, Run } from "sarif";
import type { FileReport } from "./file-report";
import { RULE_INDEX, RULES } from "./rules";

export interface SarifOptions {
  toolVersion: string;
  /** The artifact URI of a report's file: relative to srcRoot when it lies below it. */
  artifactUri: (file: string) => { uri: string; relative: boolean };
  /** file: URI of the folder relative URIs are resolved against (ending in "/"). */
  srcRoot: string;
}

const SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

export function sarifLog(reports: readonly FileReport[], options: SarifOptions): Log {
  const rules: ReportingDescriptor[] = RULES.map((rule) => ({
    id: rule.code,
    name: pascal(rule.code),
    shortDescription: { text: rule.description },
    fullDescription: { text: rule.description },
    help: { text: rule.help },
    defaultConfiguration: { level: rule.code.startsWith("rollup-") ? "warning" : "error" },
  }));
  const results: Result[] = [];
  const notifications: NonNullable<Run["invocations"]>[number]["toolExecutionNotifications"] = [];
  for (const report of reports) {
    const artifact = options.artifactUri(report.file);
    const artifactLocation = artifact.relative ? { uri: artifact.uri, uriBaseId: "SRCROOT" } : { uri: artifact.uri };
    if (report.error !== undefined && report.problems.length === 0) {
      // Unreadable or not UTF-8: located at the line when there is one, else at the file.
      const ruleIndex = RULE_INDEX.get(report.error.code);
      const location = {
        physicalLocation: { artifactLocation, ...(report.error.line === undefined ? {} : { region: { startLine: report.error.line, startColumn: report.error.column ?? 1 } }) },
      };
      if (ruleIndex === undefined) {
        notifications.push({ level: "error", message: { text: `${report.file}: ${report.error.message}` }, locations: [location] });
        continue;
      }
      results.push({ ruleId: report.error.code, ruleIndex, level: "error", message: { text: report.error.message }, locations: [location] });
      continue;
    }
    for (const problem of report.problems) {
      const ruleIndex = RULE_INDEX.get(problem.code);
      results.push({
        ruleId: problem.code,
        ...(ruleIndex === undefined ? {} : { ruleIndex }),
        level: problem.severity,
        message: { text: problem.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation,
              region: {
                startLine: problem.start.line,
                startColumn: problem.start.column,
                endLine: problem.end.line,
                endColumn: problem.end.column,
                charOffset: problem.offset,
                charLength: problem.length,
              },
            },
            ...(problem.path === "" ? {} : { logicalLocations: [{ fullyQualifiedName: problem.path, kind: "member" }] }),
          },
        ],
        partialFingerprints: { "fsdocPointer/v1": `${problem.code}:${problem.path}` },
      });
    }
  }
  const run: Run = {
    tool: { driver: { name: "fsdoc", version: options.toolVersion, semanticVersion: options.toolVersion, rules } },
    originalUriBaseIds: { SRCROOT: { uri: options.srcRoot } },
    columnKind: "utf16CodeUnits",
    invocations: [{ executionSuccessful: notifications.length === 0, ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}) }],
    results,
  };
  return { $schema: SCHEMA, version: "2.1.0", runs: [run] };
}

function pascal(code: string): string {
  return code.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) => letter.toUpperCase());
}
