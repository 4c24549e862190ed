// Checks shared by every closed object of the format: member sets, identifiers, nonempty strings,
// nonempty arrays. Each returns what it found so that later rules can use only well-formed input.

import { appendPointer } from "../json/pointer";
import * as l10n from "@vscode/l10n";
import { IssueList, describeType, hasMember, isRecord, jsonType, show, type Subject } from "./issue";

// The id grammar lives with the document model (one regex for every reader).
export { IDENTIFIER, isIdentifier } from "../model/ids";
import { IDENTIFIER } from "../model/ids";

export interface MemberSet {
  readonly what: Subject;
  readonly required: readonly string[];
  readonly allowed: ReadonlySet<string>;
}

export function memberSet(what: Subject, required: readonly string[], optional: readonly string[] = []): MemberSet {
  return { what, required, allowed: new Set([...required, ...optional]) };
}

/** The value as a record when it is an object, reporting invalid-type otherwise. */
export function expectObject(issues: IssueList, value: unknown, path: string, what: Subject): Record<string, unknown> | undefined {
  if (isRecord(value)) return value;
  issues.report("invalid-type", path, l10n.t("{0} must be an object, not {1}.", what(), describeType(jsonType(value))), {
    expected: "object",
    actual: jsonType(value),
  });
  return undefined;
}

export function checkMembers(issues: IssueList, record: Record<string, unknown>, path: string, members: MemberSet): void {
  for (const name in record) {
    if (!members.allowed.has(name)) {
      const allowed = [...members.allowed];
      issues.report(
        "unknown-property",
        appendPointer(path, name),
        l10n.t("{0} has no member {1}; allowed members are {2}.", members.what(), JSON.stringify(name), allowed.join(", ")),
        {
          member: name,
          allowed,
        },
      );
    }
  }
  for (const name of members.required) {
    if (!hasMember(record, name)) {
      issues.report("required-property", appendPointer(path, name), l10n.t('{0} is missing the required member "{1}".', members.what(), name), {
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
export function identifierMember(issues: IssueList, record: Record<string, unknown>, name: string, path: string, what: Subject): string | undefined {
  if (!hasMember(record, name)) return undefined;
  return checkIdentifier(issues, record[name], appendPointer(path, name), what);
}

export function checkIdentifier(issues: IssueList, value: unknown, path: string, what: Subject): string | undefined {
  if (typeof value !== "string") {
    issues.report("invalid-type", path, l10n.t("{0} must be a string identifier, not {1}.", what(), describeType(jsonType(value))), {
      expected: "string",
      actual: jsonType(value),
    });
    return undefined;
  }
  if (!IDENTIFIER.test(value)) {
    issues.report(
      "invalid-value",
      path,
      l10n.t('{0} {1} is not an identifier: it must start with a letter and contain only letters, digits, ".", "_" and "-".', what(), show(value)),
      {
        rule: "identifier",
        actual: value,
      },
    );
    return undefined;
  }
  return value;
}

export function nonemptyStringMember(issues: IssueList, record: Record<string, unknown>, name: string, path: string, what: Subject): void {
  if (!hasMember(record, name)) return;
  const value = record[name];
  const at = appendPointer(path, name);
  if (typeof value !== "string") {
    issues.report("invalid-type", at, l10n.t("{0} must be a string, not {1}.", what(), describeType(jsonType(value))), {
      expected: "string",
      actual: jsonType(value),
    });
  } else if (value.length === 0) {
    issues.report("invalid-value", at, l10n.t("{0} must not be empty.", what()), { rule: "nonempty" });
  }
}

/** The array when record[name] is a nonempty array; reports invalid-type or invalid-value otherwise. */
export function nonemptyArrayMember(issues: IssueList, record: Record<string, unknown>, name: string, path: string, what: Subject): unknown[] | undefined {
  if (!hasMember(record, name)) return undefined;
  const value = record[name];
  const at = appendPointer(path, name);
  if (!Array.isArray(value)) {
    issues.report("invalid-type", at, l10n.t("{0} must be an array, not {1}.", what(), describeType(jsonType(value))), {
      expected: "array",
      actual: jsonType(value),
    });
    return undefined;
  }
  if (value.length === 0) {
    issues.report("invalid-value", at, l10n.t("{0} must list at least one entry.", what()), { rule: "nonempty-array" });
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
    private readonly namespace: "unit" | "period" | "statement" | "item",
    /** Where the definitions live, e.g. "/units" or "/statements/0/items". */
    private readonly arrayPath: string,
  ) {}

  define(id: string, index: number): void {
    const first = this.firstIndex.get(id);
    if (first === undefined) {
      this.firstIndex.set(id, index);
      return;
    }
    this.issues.report("duplicate-id", `${this.arrayPath}/${index}/id`, this.message(show(id), first), { id, first: `${this.arrayPath}/${first}/id` });
  }

  private message(id: string, first: number): string {
    switch (this.namespace) {
      case "unit":
        return l10n.t("Unit id {0} is already used by unit {1}; unit ids must be unique.", id, first);
      case "period":
        return l10n.t("Period id {0} is already used by period {1}; period ids must be unique.", id, first);
      case "statement":
        return l10n.t("Statement id {0} is already used by statement {1}; statement ids must be unique.", id, first);
      case "item":
        return l10n.t("Item id {0} is already used by item {1} of this statement; item ids must be unique within a statement.", id, first);
    }
  }
}
