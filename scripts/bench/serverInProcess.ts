// The language server's own work per open and per value edit, in process (no JSON-RPC, no other
// process on the cores): what the server does between a didOpen or a didChange and its
// publication. Re-exported by engine.ts into dist/bench-engine.js.
import { CancellationToken } from "vscode-languageserver-protocol";
import { DocumentAnalysis } from "../../server/src/analysis";
import { documentSymbols } from "../../server/src/service/symbols";
import { diagnostics } from "../../server/src/service/diagnostics";
import { DEFAULT_SETTINGS } from "../../server/src/settings";
import { OpenDocument } from "../../server/src/textDocument";

let opened = 0;

function open(text: string): { document: OpenDocument; analysis: DocumentAnalysis } {
  // A new URI per open, as a new document: nothing of an earlier run is reused.
  const document = OpenDocument.create(`file:///bench/open-${opened++}.json`, "json", 1, text);
  return { document, analysis: DocumentAnalysis.of(document, undefined) };
}

/** didOpen → the analysis of the text. */
export function serverAnalysis(text: string): unknown {
  return open(text).analysis;
}

/** didOpen → what is published: the analysis and its diagnostics (ranges, causes, related information). */
export function serverOpen(text: string): unknown {
  return diagnostics(open(text).analysis, DEFAULT_SETTINGS);
}

/** An open document whose value edits are prepared, as the server has it once the first diagnostics are out. */
export function serverEditSetup(text: string): { document: OpenDocument; analysis: DocumentAnalysis; offset: number; original: string } {
  const { document, analysis } = open(text);
  diagnostics(analysis, DEFAULT_SETTINGS);
  analysis.parsed?.prepareValueEdits();
  const match = /"values": \{\s*"[^"]+": "(-?)([1-9])/.exec(text);
  if (match === null) throw new Error("no value cell to edit");
  const offset = match.index + match[0].length - 1;
  return { document, analysis, offset, original: text[offset] as string };
}

/** didChange of one digit of a value (alternating, so the text returns to itself) → its diagnostics. */
export function serverValueEdit(_text: string, state: ReturnType<typeof serverEditSetup>): unknown {
  const { document, offset } = state;
  const current = document.getText()[offset];
  const digit = current === state.original ? (state.original === "9" ? "8" : "9") : state.original;
  const start = document.positionAt(offset);
  document.update([{ range: { start, end: { line: start.line, character: start.character + 1 } }, text: digit }], document.version + 1);
  const next = DocumentAnalysis.afterEdit(document, state.analysis, { offset, length: 1, text: digit });
  if (next === undefined) throw new Error("the edit is not a value edit");
  state.analysis = next;
  return diagnostics(next, DEFAULT_SETTINGS);
}

/**
 * The server's work for a file opened ahead (fs/openAhead), one part after another, each part's CPU
 * milliseconds (user + system, so that a loaded machine inflates them less than wall time): the
 * analysis, its diagnostics (without related information), the outline, the value-edit index and
 * the preview's model with the statements' shells (scripts/bench/open-phases.mjs).
 */
export function openAheadPhases(text: string): Record<string, number> {
  const phases: Record<string, number> = {};
  const cpu = <T>(name: string, work: () => T): T => {
    const start = process.cpuUsage();
    const result = work();
    const used = process.cpuUsage(start);
    phases[name] = (used.user + used.system) / 1000;
    return result;
  };
  const { analysis } = cpu("analysis", () => open(text));
  const parsed = analysis.parsed;
  if (parsed === undefined) throw new Error("the text does not parse");
  cpu("diagnostics", () => diagnostics(analysis, DEFAULT_SETTINGS, { related: false }));
  cpu("outline", () => documentSymbols(analysis, CancellationToken.None));
  cpu("value-edit index", () => parsed.prepareValueEdits());
  cpu("preview model and shells", () => {
    while (parsed.buildPreviewWireStep() || parsed.buildStatementShellStep());
  });
  return phases;
}
