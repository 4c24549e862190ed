// The quick fixes behind FS diagnostics. The fixes themselves are the engine's
// (shared/src/fix/formatFixes.ts), the same ones `fsdoc fix` and source.fixAll.fs apply: this
// module only reads a diagnostic's data (the code, path and params) and asks for them on
// the analysed text.

import type { Diagnostic } from "vscode-languageserver-protocol";
import { formatFixesFor, type Fix } from "../../../shared/src/index";
import type { ParsedVersion } from "../analysis";
import { SOURCE } from "./diagnostics";
import type { DiagnosticData } from "../../../protocol/lsp";

export type { Fix };

export function fixesFor(good: ParsedVersion, diagnostic: Diagnostic): Fix[] {
  const data = diagnostic.data as Partial<DiagnosticData> | undefined;
  if (diagnostic.source !== SOURCE || typeof data?.path !== "string") return [];
  return formatFixesFor(good, { code: diagnostic.code, path: data.path, params: data.params ?? {} });
}
