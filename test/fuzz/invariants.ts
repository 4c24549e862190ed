// What must hold for every text the engine is given, whatever the text: the fuzz harness and the
// tests over every fixture check these, never particular outputs.

import { analyze, isRecord, parseJson, parsePointer, type Issue } from "../../shared/src/index";

export interface EngineOutcome {
  /** "parse" when the text is not one JSON value; otherwise the conformance status. */
  kind: "parse" | "conforming" | "nonconforming";
  codes: string[];
  issues: Issue[];
  value: unknown;
}

/** Parses and analyses like the CLI and the server do; an exception propagates to the caller. */
export function runEngine(text: string): EngineOutcome {
  const parsed = parseJson(text);
  if (!parsed.ok) return { kind: "parse", codes: parsed.problems.map((problem) => problem.code), issues: [], value: undefined };
  const analysis = analyze(parsed.value);
  return { kind: analysis.result.conformance.status, codes: analysis.issues.map((issue) => issue.code), issues: analysis.issues, value: parsed.value };
}

/** The node at a JSON Pointer, or `missing` (with the object or array that lacks the last segment). */
function resolve(root: unknown, path: string): { found: true } | { found: false; parent: unknown } | undefined {
  const segments = parsePointer(path);
  let node = root;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const last = index === segments.length - 1;
    let has: boolean;
    let next: unknown;
    if (Array.isArray(node)) {
      has = /^(0|[1-9][0-9]*)$/.test(segment) && Number(segment) < node.length;
      next = has ? node[Number(segment)] : undefined;
    } else if (isRecord(node)) {
      has = Object.hasOwn(node, segment);
      next = has ? node[segment] : undefined;
    } else {
      return undefined;
    }
    if (!has) return last ? { found: false, parent: node } : undefined;
    node = next;
  }
  return { found: true };
}

/**
 * The invariant violations of one engine outcome: every error has a code, a message and a path that
 * resolves to a node of the document (or, for a required member, to the object missing it), and
 * no two errors share a code and a path.
 */
export function issueViolations(outcome: EngineOutcome): string[] {
  const violations: string[] = [];
  const seen = new Set<string>();
  for (const issue of outcome.issues) {
    if (typeof issue.code !== "string" || (issue.code as string) === "") violations.push(`an error without a code at ${JSON.stringify(issue.path)}`);
    if (typeof issue.message !== "string" || issue.message === "") violations.push(`${issue.code} at ${JSON.stringify(issue.path)} has no message`);
    const where = resolve(outcome.value, issue.path);
    if (where === undefined) violations.push(`${issue.code}: the path ${JSON.stringify(issue.path)} does not resolve in the document`);
    else if (!where.found && !(issue.code === "required-property" && isRecord(where.parent))) {
      violations.push(
        `${issue.code}: the path ${JSON.stringify(issue.path)} names no node (only ${issue.code === "required-property" ? "an object lacking it" : "its parent"} exists)`,
      );
    }
    const key = `${issue.code}\u0000${issue.path}`;
    if (seen.has(key)) violations.push(`${issue.code} reported twice at ${JSON.stringify(issue.path)}`);
    seen.add(key);
  }
  return violations;
}
