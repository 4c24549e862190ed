// The user's settings (package.json "contributes.configuration"), with the defaults the server
// uses when the client cannot be asked.

import { DiagnosticSeverity } from "vscode-languageserver-protocol";
import { NEUTRAL_FORMAT, type DisplayFormat } from "../../shared/src/render/localeFormat";

export interface Settings {
  enable: boolean;
  validationDelay: number;
  rollupSeverity: DiagnosticSeverity | undefined;
  codeLens: boolean;
  maxProblems: number;
  /** fs.files: glob patterns of documents that are FS documents whatever their content. */
  files: readonly string[];
  /** fs.inlayHints.rollupSums: when a subtotal shows its children's sum after its value. */
  rollupSums: "whenDifferent" | "always" | "never";
  /** The display language's numbers and dates (from the client's initializationOptions, not a setting). */
  display: DisplayFormat;
}

export const DEFAULT_SETTINGS: Settings = {
  enable: true,
  validationDelay: 250,
  rollupSeverity: DiagnosticSeverity.Warning,
  codeLens: true,
  maxProblems: 1000,
  files: [],
  rollupSums: "whenDifferent",
  display: NEUTRAL_FORMAT,
};

const SEVERITIES: Record<string, DiagnosticSeverity | undefined> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
  off: undefined,
};

/** The "fs" configuration section as the client sends it; anything unreadable keeps its default. */
export function readSettings(section: unknown, display: DisplayFormat = NEUTRAL_FORMAT): Settings {
  if (typeof section !== "object" || section === null) return { ...DEFAULT_SETTINGS, display };
  const raw = section as Record<string, unknown>;
  const validation = (raw.validation ?? {}) as Record<string, unknown>;
  const rollups = (raw.rollups ?? {}) as Record<string, unknown>;
  const codeLens = (raw.codeLens ?? {}) as Record<string, unknown>;
  const delay = validation.delay;
  const severity = rollups.severity;
  const maxProblems = validation.maxProblems;
  const rollupSums = ((raw.inlayHints ?? {}) as Record<string, unknown>).rollupSums;
  return {
    enable: raw.enable !== false,
    validationDelay: typeof delay === "number" && delay >= 0 && delay <= 10_000 ? delay : DEFAULT_SETTINGS.validationDelay,
    rollupSeverity: typeof severity === "string" && Object.hasOwn(SEVERITIES, severity) ? SEVERITIES[severity] : DEFAULT_SETTINGS.rollupSeverity,
    codeLens: codeLens.enabled !== false,
    maxProblems: typeof maxProblems === "number" && maxProblems >= 1 ? Math.floor(maxProblems) : DEFAULT_SETTINGS.maxProblems,
    files: readPatterns(raw.files),
    rollupSums: rollupSums === "always" || rollupSums === "never" || rollupSums === "whenDifferent" ? rollupSums : DEFAULT_SETTINGS.rollupSums,
    display,
  };
}

/** The fs.files patterns: the strings of an array, anything else ignored. */
export function readPatterns(value: unknown): readonly string[] {
  return Array.isArray(value) ? value.filter((pattern): pattern is string => typeof pattern === "string" && pattern.trim() !== "") : [];
}

/** Whether diagnostics published with `a` would be the same with `b` (what they depend on is equal). */
export function sameForDiagnostics(a: Settings, b: Settings): boolean {
  return a.rollupSeverity === b.rollupSeverity && a.maxProblems === b.maxProblems && a.display === b.display;
}

/** Whether code lenses built with `a` would be the same with `b`. */
export function sameForCodeLenses(a: Settings, b: Settings): boolean {
  return a.codeLens === b.codeLens && a.display === b.display;
}

/** Whether inlay hints built with `a` would be the same with `b`. */
export function sameForInlayHints(a: Settings, b: Settings): boolean {
  return a.rollupSums === b.rollupSums && a.display === b.display;
}

export function samePatterns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((pattern, index) => pattern === b[index]);
}
