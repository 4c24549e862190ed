// The control of the editor benchmark's first-window state: VS Code's own JSON extension answering
// for the same file in the same window. A user `json.schemas` entry gives the document's `$schema`
// URL an inline schema by which the `$schema` member has the wrong type; VS Code's JSON then shows
// one warning of its own, on that line, once it has activated, started its language server and
// validated the document (its first answer, as the first code lens is ours). With
// fs.json.mapSchemaUrls off (the default) FS Documents writes no entry, and it leaves an entry of
// the user's for one of its URLs alone (client/src/json/schemaSettings.ts).

import { DOCUMENT_SCHEMA_URI } from "../../../shared/src/types";

/** The text of the line VS Code's JSON marks: the document's `$schema` member. */
export const JSON_CONTROL_LINE = '"$schema"';

export const JSON_CONTROL_SETTINGS = {
  "fs.json.mapSchemaUrls": false,
  "json.schemas": [{ url: DOCUMENT_SCHEMA_URI, schema: { properties: { $schema: { type: "number" } } } }],
};

/**
 * How long the control may come after everything else of a first window is on screen (the text,
 * FS Documents active, our first lens): VS Code's JSON answered 0.3–1.8 s after our lens on
 * `typical` at 5 MB; a control not on screen by then is reported with what VS Code shows instead
 * (controlStateLine), never waited for up to the states' 300 s.
 */
export const JSON_CONTROL_GRACE_MS = 60_000;

/** What VS Code shows when the control's warning is not on screen (jsonControl's bounded wait). */
export interface ControlState {
  /** The squiggles drawn on the `$schema` line (undefined: the line not drawn). */
  squiggles: string[] | undefined;
  /** The status bar's problem counts, as its label reads. */
  problems: string;
  /** The extension host's diagnostics of the document by source and severity (Node host only). */
  diagnostics?: { bySource: Record<string, Record<string, number>>; top: { source: string; severity: string; line: number; message: string }[] };
  /** VS Code's JSON language server of the window: running, its CPU and memory so far. */
  jsonServer?: { pid: number; cpuMs: number; rssBytes: number } | "not running";
}

/** One line of the benchmark's log saying what VS Code showed instead of the control's warning. */
export function controlStateLine(state: ControlState, waitedMs: number): string {
  const drawn = state.squiggles === undefined ? "the $schema line not drawn" : `on the $schema line: ${state.squiggles.length === 0 ? "no squiggle" : state.squiggles.join(", ")}`;
  const parts = [`VS Code's JSON: no warning on screen ${(waitedMs / 1000).toFixed(0)} s after the other states; ${drawn}; status bar "${state.problems}"`];
  if (state.diagnostics !== undefined) {
    const sources = Object.entries(state.diagnostics.bySource).map(
      ([source, counts]) =>
        `${source} ${Object.entries(counts)
          .map(([severity, count]) => `${count} ${severity}`)
          .join(" ")}`,
    );
    parts.push(`the extension host's diagnostics: ${sources.length === 0 ? "none" : sources.join("; ")}`);
    const top = state.diagnostics.top.map(({ source, severity, line, message }) => `line ${line} ${source} ${severity} "${message}"`);
    if (top.length > 0) parts.push(`on the first lines: ${top.join("; ")}`);
  }
  if (state.jsonServer !== undefined)
    parts.push(
      state.jsonServer === "not running"
        ? "VS Code's JSON language server not running"
        : `VS Code's JSON language server ${state.jsonServer.pid}: ${(state.jsonServer.cpuMs / 1000).toFixed(1)} s of CPU, ${(state.jsonServer.rssBytes / 1e6).toFixed(0)} MB`,
    );
  return parts.join("; ");
}
