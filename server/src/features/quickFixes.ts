// The quick fixes behind FS diagnostics: the diagnostic's data (the path and params) goes
// to the engine's format fixes (shared/src/fix/formatFixes.ts), which `fsdoc fix` uses as well.

import type { Diagnostic } from "vscode-languageserver/node";
import { formatFixesFor, type Fix } from "../../../shared/src/fix/formatFixes";
import type { GoodAnalysis } from "../analysis";
import { SOURCE, type DiagnosticData } from "../diagnostics";

export type { Fix } from "../../../shared/src/fix/formatFixes";

export function fixesFor(good: GoodAnalysis, diagnostic: Diagnostic): Fix[] {
  const data = diagnostic.data as Partial<DiagnosticData> | undefined;
  if (diagnostic.source !== SOURCE || typeof data?.path !== "string") return [];
  return formatFixesFor(good, { code: diagnostic.code, path: data.path, params: data.params });
}
