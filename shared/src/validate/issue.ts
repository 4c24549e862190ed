// A structural error as data: the public code and JSON Pointer, a message for people, the facts
// behind it (params) for quick fixes and hovers, and which node an editor should mark.

import * as l10n from "@vscode/l10n";
import type { DiagnosticCode } from "../types";
import { comparePointers } from "../json/pointer";

/** "key": the member name at `path` (or, for a missing member, the key of the object lacking it). */
export type Mark = "key" | "value";

export type IssueParams = Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;

export interface Issue {
  code: DiagnosticCode;
  path: string;
  message: string;
  params: IssueParams;
  mark: Mark;
}

const KEY_MARKED: ReadonlySet<DiagnosticCode> = new Set(["unknown-property", "required-property", "map-key-mismatch"]);

export class IssueList {
  readonly issues: Issue[] = [];

  report(code: DiagnosticCode, path: string, message: string, params: IssueParams = {}): void {
    this.issues.push({ code, path, message, params, mark: KEY_MARKED.has(code) ? "key" : "value" });
  }

  sorted(): Issue[] {
    return this.issues.sort((a, b) => comparePointers(a.path, b.path) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }
}

export type JsonType = "object" | "array" | "string" | "number" | "boolean" | "null";

export function jsonType(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const type = typeof value;
  return type === "string" || type === "number" || type === "boolean" ? type : "object";
}

export { isRecord } from "../json/read";

export function hasMember(record: Record<string, unknown>, name: string): boolean {
  return Object.hasOwn(record, name);
}

/** A short, safe rendering of a value inside a message. */
export function show(value: unknown): string {
  if (typeof value === "string") {
    const text = value.length > 60 ? value.slice(0, 57) + "..." : value;
    return JSON.stringify(text);
  }
  const type = jsonType(value);
  if (type === "object" || type === "array") return describeType(type);
  return String(value);
}

/** "an object", "a string"… in the display language (looked up when a message is made, never at load). */
export function describeType(type: JsonType | "integer"): string {
  switch (type) {
    case "object":
      return l10n.t("an object");
    case "array":
      return l10n.t("an array");
    case "string":
      return l10n.t("a string");
    case "number":
      return l10n.t("a number");
    case "boolean":
      return l10n.t("a boolean");
    case "null":
      return "null";
    case "integer":
      return l10n.t("an integer");
  }
}

/**
 * What a message is about ("The unit id"), as a function: the format's member sets are module
 * constants, and a translated text must be looked up when the message is made, after the display
 * language's bundle is configured.
 */
export type Subject = () => string;
