// Checks shared by every closed object of the format: member sets, identifiers, nonempty strings,
// nonempty arrays. Each returns what it found so that later rules can use only well-formed input.

import { appendPointer } from "../json/pointer";
import { IssueList, describeType, hasMember, isRecord, jsonType, show } from "./issue";

// The id grammar lives with the document model (one regex for every reader).
export { IDENTIFIER, isIdentifier } from "../model/ids";
import { IDENTIFIER } from "../model/ids";

export interface MemberSet {
  readonly what: string;
  readonly required: readonly string[];
  readonly allowed: ReadonlySet<string>;
}

export function memberSet(what: string, required: readonly string[], optional: readonly string[] = []): MemberSet {
  return { what, required, allowed: new Set([...required, ...optional]) };
}

/** The value as a record when it is an object, reporting invalid-type otherwise. */
export function expectObject(issues: IssueList, value: unknown, path: string, what: string): Record<string, unknown> | undefined {
  if (isRecord(value)) return value;
  issues.report("invalid-type", path, `${what} must be an object, not ${describeType(jsonType(value))}.`, {
    expected: "object",
    actual: jsonType(value),
  });
  return undefined;
}

export function checkMembers(issues: IssueList, record: Record<string, unknown>, path: string, members: MemberSet): void {
  for (const name in record) {
    if (!members.allowed.has(name)) {
      const allowed = [...members.allowed];
      issues.report("unknown-property", appendPointer(path, name), `${members.what} has no member ${JSON.stringify(name)}; allowed members are ${allowed.join(", ")}.`, {
        member: name,
        allowed,
      });
    }
  }
  for (const name of members.required) {
    if (!hasMember(record, name)) {
      issues.report("required-property", appendPointer(path, name), `${members.what} is missing the required member "${name}".`, {
        member: name,
      });
    }
  }
}

export function expectObjectWithMembers(issues: IssueList, value: unknown, path: string, members: MemberSet): Record<string, unknown> | undefined {
  const record = expectObject(issues, value, path, members.what);
  if (record !== undefined) checkMembers(issues, record, path, members);
  return record;
}

/** Checks record[name] as an identifier when present; returns it only when valid. */
export function identifierMember(issues: IssueList, record: Record<string, unknown>, name: string, path: string, what: string): string | undefined {
  if (!hasMember(record, name)) return undefined;
  return checkIdentifier(issues, record[name], appendPointer(path, name), what);
}

export function checkIdentifier(issues: IssueList, value: unknown, path: string, what: string): string | undefined {
  if (typeof value !== "string") {
    issues.report("invalid-type", path, `${what} must be a string identifier, not ${describeType(jsonType(value))}.`, {
      expected: "string",
      actual: jsonType(value),
    });
    return undefined;
  }
  if (!IDENTIFIER.test(value)) {
    issues.report("invalid-value", path, `${what} ${show(value)} is not an identifier: it must start with a letter and contain only letters, digits, ".", "_" and "-".`, {
      rule: "identifier",
      actual: value,
    });
    return undefined;
  }
  return value;
}

export function nonemptyStringMember(issues: IssueList, record: Record<string, unknown>, name: string, path: string, what: string): void {
  if (!hasMember(record, name)) return;
  const value = record[name];
  const at = appendPointer(path, name);
  if (typeof value !== "string") {
    issues.report("invalid-type", at, `${what} must be a string, not ${describeType(jsonType(value))}.`, {
      expected: "string",
      actual: jsonType(value),
    });
  } else if (value.length === 0) {
    issues.report("invalid-value", at, `${what} must not be empty.`, { rule: "nonempty" });
  }
}

/** The array when record[name] is a nonempty array; reports invalid-type or invalid-value otherwise. */
export function nonemptyArrayMember(issues: IssueList, record: Record<string, unknown>, name: string, path: string, what: string): unknown[] | undefined {
  if (!hasMember(record, name)) return undefined;
  const value = record[name];
  const at = appendPointer(path, name);
  if (!Array.isArray(value)) {
    issues.report("invalid-type", at, `${what} must be an array, not ${describeType(jsonType(value))}.`, {
      expected: "array",
      actual: jsonType(value),
    });
    return undefined;
  }
  if (value.length === 0) {
    issues.report("invalid-value", at, `${what} must list at least one entry.`, { rule: "nonempty-array" });
  }
  return value;
}

/**
 * The first definition of each id in one namespace (units, periods, statements, or the items of
 * one statement); a later definition of the same id is reported as duplicate-id.
 */
export class Definitions {
  readonly firstIndex = new Map<string, number>();

  constructor(
    private readonly issues: IssueList,
    /** "Unit", "Period", "Statement", "Item". */
    private readonly what: string,
    /** Where the definitions live, e.g. "/units" or "/statements/0/items". */
    private readonly arrayPath: string,
    private readonly scope = "",
  ) {}

  define(id: string, index: number): void {
    const first = this.firstIndex.get(id);
    if (first === undefined) {
      this.firstIndex.set(id, index);
      return;
    }
    this.issues.report(
      "duplicate-id",
      `${this.arrayPath}/${index}/id`,
      `${this.what} id ${show(id)} is already used by ${this.what.toLowerCase()} ${first}${this.scope}; ${this.what.toLowerCase()} ids must be unique${this.scope === "" ? "" : " within a statement"}.`,
      { id, first: `${this.arrayPath}/${first}/id` },
    );
  }
}
