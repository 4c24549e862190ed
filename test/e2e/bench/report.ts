// The editor benchmark's printed report: one table per size, each row with its median, its ratio to
// JSON.parse of the same text, the worst run, and the issue-11 target beside it.

import type { HostProbe } from "./probes";

export interface SizeResult {
  sizeMb: number;
  /** The generated document's shape (scripts/bench/generate.mjs). */
  shape: string;
  bytes: number;
  stats: Record<string, number>;
  jsonParseMs: number;
  runs: number;
  /** Milliseconds per run, by row key. */
  samples: Record<string, number[]>;
  languageServer:
    | {
        rss: number;
        peakWhileEditing: number;
        lifetimePeak: number;
        /** An idle server process (started, initialized, no document) after a forced GC. */
        idle: number;
        /** After the measured edits and typing, and a forced GC. */
        afterGc: number;
        /** After `moreEdits` more value edits, and a forced GC. */
        afterMoreEdits: number;
        moreEdits: number;
      }
    | undefined;
  /**
   * VS Code's own JSON language server in the same window, holding and validating the same document
   * (VmRSS without a forced GC: its process has no inspector to ask; VmHWM), for the issue's
   * comparison; undefined when it was not found.
   */
  jsonServer?: { rss: number; afterMoreEdits: number; lifetimePeak: number };
  /**
   * The extension host's probes: `idle` at the window's start, before any document. `reloaded`: the
   * host measured after it is another, of the window reloaded by the cold opens (reloadsHost).
   */
  extensionHost: { idle: HostProbe; afterOpens: HostProbe; afterEdits: HostProbe; reloaded?: boolean };
  maxHostLagMs: number;
  rendererLongTasks: number[];
  previewLongTasks: number[];
  /** CPU ms by kind of process: per open-and-preview run, and for all the edits and the typing. */
  cpu: { openAndPreview: Record<string, number>; editsAndTyping: Record<string, number> };
  /** --profile: the JSON-RPC messages, counted and sized. */
  trace: string | undefined;
  /** --without-extension: FS Documents was not installed (VS Code's and its JSON's own cost). */
  withoutExtension: boolean;
  /** The extension host's heap growth after the same opens and typing without FS Documents (VS Code's own share). */
  hostHeapGrowthWithout?: number;
  /** --profile: the longest stretch of FS Documents' code on the extension host's thread. */
  longestFsHostTaskMs?: number;
}

/** The extension host's JS heap after a forced GC, after the edits, minus at the window's start. */
export function hostHeapGrowth(result: SizeResult): number | undefined {
  const { idle, afterEdits } = result.extensionHost;
  return afterEdits.memory !== undefined && idle.memory !== undefined ? afterEdits.memory.heapUsed - idle.memory.heapUsed : undefined;
}

/**
 * Whether a run reloads its window before its edits, so that its later states run in another
 * extension host: the cold opens (every cold run after the first) and the reloaded windows' first
 * or second webviews.
 */
export function reloadsHost({ states, runs }: { states: ReadonlySet<string>; runs: number }): boolean {
  return (states.has("cold") && runs > 1) || states.has("first-webviews") || states.has("second-webviews");
}

/**
 * The heap growth of the window without FS Documents that `result`'s share is taken against: only
 * one of the same shape whose host was reloaded or not as `result`'s was: against a baseline that
 * did not reload, the share of a run with cold opens (its host reloaded, its idle probed just after
 * the reload) came out negative, −4 to −14 MB at 5 MB.
 */
export function baselineHostGrowth(result: SizeResult, baseline: SizeResult): number | undefined {
  if (baseline.shape !== result.shape || (baseline.extensionHost.reloaded ?? false) !== (result.extensionHost.reloaded ?? false)) return undefined;
  return hostHeapGrowth(baseline);
}

const TIME_ROWS: [key: string, what: string, targetMs: number | undefined][] = [
  ["coldOpenDiagnostics", "cold open (window's first FS document, server not running) → problems shown", 3_000],
  ["coldOpenLenses", "cold open → first code lens", 3_500],
  ["coldOpenText", "  of which: the text shown (VS Code's part)", undefined],
  // --timeline (coldTimeline.ts): the cold open's parts in the extension host and on the wire, in order.
  ["coldMark:code/extHost/willActivateExtension", "  FS Documents activating (VS Code's mark)", undefined],
  ["coldMark:code/extHost/didActivateExtension", "  … activated", undefined],
  ["coldMark:fs/openAhead/asked", "  fs/openAhead asked (our mark; the server starting for it)", undefined],
  ["coldMark:fs/server/started", "  the language server started (its initialize answered; our mark)", undefined],
  ["coldMark:fs/openAhead/answered", "  fs/openAhead answered (its problems sent)", undefined],
  ["coldMark:json:code/extHost/didActivateExtension", "  VS Code's JSON activated (VS Code's mark)", undefined],
  ["coldMark:document", "  the document's text in the extension host (its onDidOpenTextDocument)", undefined],
  ["coldTrace:didOpen", "  our didOpen sent (the client's trace)", undefined],
  ["coldMark:fs/codeLens/provide", "  VS Code asks our provider for lenses (our mark)", undefined],
  ["coldTrace:codeLenses", "  fs/codeLenses sent (the client's trace)", undefined],
  ["coldMark:fs/codeLens/answered", "  … answered in the extension host (our mark)", undefined],
  // The control (coldControl.ts): the same cold opens in a window without FS Documents, an instant code lens provider.
  ["coldControlLenses", "control: the same cold open without FS Documents → first lens of an instant provider (VS Code's floor)", undefined],
  ["coldControlText", "  of which: the text shown", undefined],
  ["coldControlMark:document", "  the document's text in the extension host (its onDidOpenTextDocument)", undefined],
  ["coldControlMark:provide", "  VS Code asks the instant provider for lenses (the runner's mark)", undefined],
  ["firstWindowLenses", "a fresh browser's first window: open → first code lens", 2_000],
  ["firstWindowText", "  of which: the text shown (VS Code's part)", undefined],
  ["firstWindowActive", "  FS Documents active for it (its editor-title button)", undefined],
  ["firstWindowMark:code/extHost/willFetchExtensionCode", "  the extension host fetches FS Documents' code (its mark)", undefined],
  ["firstWindowMark:code/extHost/didLoadExtensionCode", "  … fetched and evaluated", undefined],
  ["firstWindowMark:code/extHost/didActivateExtension", "  … activated", undefined],
  ["firstWindowWorker", "  a Worker started in the page (the language server's)", undefined],
  ["firstWindowMark:fs/server/started", "  the language server started (its initialize answered; our mark)", undefined],
  ["firstWindowMark:fs/codeLens/asked", "  VS Code asks us for the lenses, the server running (our mark)", undefined],
  ["firstWindowMark:fs/codeLens/answered", "  … answered (our mark)", undefined],
  ["firstWindowJson", "  control: VS Code's JSON, its first warning on the same file", undefined],
  ["firstWindowJsonAbsent", "  control: no warning on screen in these runs, waited until (what VS Code showed is in the log)", undefined],
  ["openDiagnostics", "warm open (server running) → problems shown", 1_500],
  ["openLenses", "warm open → first code lens", 2_000],
  ["openText", "  of which: the text shown (VS Code's part)", undefined],
  ["open", "  warm open → problems and first code lens", undefined],
  ["previewFirst", "Ctrl+K V → preview table shown: the window's first webview", undefined],
  ["previewSecond", "Ctrl+K V → preview table shown: the window's second webview", undefined],
  ["previewLater", "Ctrl+K V → preview table shown: later webviews of the window", undefined],
  ["previewFirstReloaded", "Ctrl+K V → preview table shown: a reloaded window's first webview (the document just opened in it)", undefined],
  ["previewFirstReloaded:host", "  VS Code's webview host frame starts loading", undefined],
  ["previewFirstReloaded:frame", "  the page's frame starts loading (the host's service worker ready)", undefined],
  ["previewFirstReloaded:frame-loaded", "  … loaded (the host then writes the page into it)", undefined],
  ["previewFirstReloaded:fs-preview-model-received", "  the page receives the model", undefined],
  ["previewFirstReloaded:fs-preview-model-decoded", "  … decoded", undefined],
  ["previewFirstReloaded:fs-preview-drawn", "  … drawn", undefined],
  ["controlFirstReloaded", "control: VS Code's Markdown preview as a reloaded window's first webview, in the same state", undefined],
  ["controlFirstReloaded:host", "  VS Code's webview host frame starts loading", undefined],
  ["controlFirstReloaded:frame", "  the page's frame starts loading (the host's service worker ready)", undefined],
  ["controlFirstReloaded:frame-loaded", "  … loaded (the host then writes the page into it)", undefined],
  ["previewSecondReloaded", "Ctrl+K V → preview table shown: a reloaded window's second webview (Markdown's first)", undefined],
  ["previewSecondReloaded:host", "  VS Code's webview host frame starts loading", undefined],
  ["previewSecondReloaded:frame", "  the page's frame starts loading (the host's service worker ready)", undefined],
  ["previewSecondReloaded:frame-loaded", "  … loaded (the host then writes the page into it)", undefined],
  ["previewSecondReloaded:fs-preview-drawn", "  … drawn", undefined],
  ["controlSecondReloaded", "control: VS Code's Markdown preview as a reloaded window's second webview, in the same state", undefined],
  ["controlSecondReloaded:host", "  VS Code's webview host frame starts loading", undefined],
  ["controlSecondReloaded:frame", "  the page's frame starts loading (the host's service worker ready)", undefined],
  ["controlSecondReloaded:frame-loaded", "  … loaded (the host then writes the page into it)", undefined],
  ["preview:host", "  VS Code's webview host frame starts loading", undefined],
  ["preview:frame", "  the page's frame starts loading (the host's service worker ready)", undefined],
  ["preview:frame-worker", "  … its request reaches the service worker", undefined],
  ["preview:frame-response", "  … its response starts", undefined],
  ["preview:frame-loaded", "  … loaded (the host then writes the page into it)", undefined],
  ["preview:fs-preview-script", "  the page's script runs", undefined],
  ["preview:fs-preview-model-received", "  the page receives the model", undefined],
  ["preview:fs-preview-model-decoded", "  … decoded", undefined],
  ["preview:fs-preview-drawn", "  … drawn", undefined],
  ["controlFirst", "control: VS Code's Markdown preview (to the side, by a key), the window's first webview (baseline window)", undefined],
  ["controlSecond", "control: the same, the window's second webview (baseline window)", undefined],
  ["control", "control: VS Code's Markdown preview, key pressed as the preview's is, later webviews → its text shown", undefined],
  ["control:host", "  VS Code's webview host frame starts loading", undefined],
  ["control:frame", "  the page's frame starts loading (the host's service worker ready)", undefined],
  ["control:frame-worker", "  … its request reaches the service worker", undefined],
  ["control:frame-loaded", "  … loaded (the host then writes the page into it)", undefined],
  ["controlSettled", "control as measured before (Ctrl+K V after control.md's own Quick Open), later webviews", undefined],
  ["controlSettled:after-open", "  its key pressed after the large document's text and problems were shown", undefined],
  ["controlSettled:host", "  VS Code's webview host frame starts loading", undefined],
  ["controlSettled:frame", "  the page's frame starts loading (the host's service worker ready)", undefined],
  ["controlSettled:frame-loaded", "  … loaded (the host then writes the page into it)", undefined],
  ["newPlaceDiagnostic", "edit at a new place (cursor just moved there) → its problem shown", 300],
  ["newPlacePreview", "edit at a new place → preview shows it", 300],
  ["newPlaceKeyPainted", "  of which: the key → the editor's next frame (VS Code's part: its thread's work at the new place)", undefined],
  ["newPlaceSplit:keyToDidChange", "  --timeline: the key → the client's didChange sent (the renderer, then the extension host)", undefined],
  ["newPlaceSplit:toPreviewUpdate", "  … → the preview's patch received (the server's answer, its wait for the cores)", undefined],
  ["newPlaceSplit:toDiagnosticGroups", "  … → the changed diagnostic groups received", undefined],
  ["newPlaceSplit:previewUpdateToShown", "  the patch received → the preview shows it (extension host, webview, page)", undefined],
  ["newPlaceSplit:diagnosticGroupsToShown", "  the groups received → the problem shown (client, VS Code's markers, the renderer's frame)", undefined],
  ["editDiagnostic", "repeated edit of one cell → its problem shown", 300],
  ["editPreview", "repeated edit of one cell → preview shows it", 300],
  ["keyLag", "typing: key → painted (per key)", 50],
  ["keyLagSessions", "  each typing session's median (one session per run)", undefined],
];

/** The preview against VS Code's own Markdown preview opened the same way: ≤ 1.15× its time. */
const PREVIEW_RATIOS: [ours: string, control: string, what: string][] = [
  ["previewFirst", "controlFirst", "preview ÷ Markdown's, the window's first webview"],
  ["previewSecond", "controlSecond", "preview ÷ Markdown's, the window's second webview"],
  ["previewLater", "control", "preview ÷ Markdown's, later webviews"],
  ["previewFirstReloaded", "controlFirstReloaded", "preview ÷ Markdown's, reloaded windows' first webviews (medians)"],
  ["previewSecondReloaded", "controlSecondReloaded", "preview ÷ Markdown's, reloaded windows' second webviews (medians)"],
];
const PREVIEW_RATIO_TARGET = 1.15;

/** Milliseconds as the bench prints them: "1,234", or "–" for a value not measured. */
export const ms = (value: number): string => (Number.isFinite(value) ? Math.round(value).toLocaleString("en") : "–");
const mb = (bytes: number | undefined) => (bytes === undefined || !Number.isFinite(bytes) ? "–" : `${(bytes / 1e6).toFixed(0)} MB`);

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(" | ")} |`;
  return [line(header), `|${widths.map((width, column) => (column === 0 ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`, ...rows.map(line)].join("\n");
}

const verdict = (met: boolean | undefined) => (met === undefined ? "" : met ? "met" : "NOT met");

/**
 * VS Code's own JSON language server beside ours, the same document open in the same window: its
 * resident memory at the same moments (no forced GC, as ours' "after the edits" row) and its peak.
 */
export function jsonServerRows(result: SizeResult): string[][] {
  const json = result.jsonServer;
  if (json === undefined) return result.languageServer === undefined ? [] : [["VS Code's JSON language server (same document, same window)", "not found", "", "", "", "", ""]];
  const timesDocument = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / result.bytes).toFixed(1)}× doc` : "");
  return [
    ["VS Code's JSON language server RSS, same document, after the edits (no GC)", mb(json.rss), timesDocument(json.rss), "", "", "", ""],
    [`  … after ${result.languageServer?.moreEdits ?? 0} more value edits (no GC)`, mb(json.afterMoreEdits), timesDocument(json.afterMoreEdits), "", "", "", ""],
    ["VS Code's JSON language server peak RSS over its life (VmHWM)", mb(json.lifetimePeak), timesDocument(json.lifetimePeak), "", "", "", ""],
  ];
}

function sizeReport(result: SizeResult): string {
  const rows = TIME_ROWS.filter(([key]) => result.samples[key] !== undefined).map(([key, what, targetMs]) => {
    const values = result.samples[key]!;
    const middle = median(values);
    const target = targetMs === undefined ? "" : `≤ ${ms(targetMs)} ms`;
    return [
      what,
      ms(middle),
      (middle / result.jsonParseMs).toFixed(1),
      `${ms(Math.min(...values))}–${ms(Math.max(...values))}`,
      String(values.length),
      target,
      verdict(targetMs === undefined ? undefined : middle <= targetMs),
    ];
  });
  for (const [ours, control, what] of PREVIEW_RATIOS) {
    const mine = result.samples[ours];
    const theirs = result.samples[control];
    if (mine === undefined || theirs === undefined) continue;
    const ratio = median(mine) / median(theirs);
    rows.push([what, `${ratio.toFixed(2)}×`, "", "", "", `≤ ${PREVIEW_RATIO_TARGET}×`, verdict(ratio <= PREVIEW_RATIO_TARGET)]);
  }
  const server = result.languageServer;
  // The target: above the idle server process, at most 10× the document, after a forced GC.
  const serverBound = (server?.idle ?? Number.NaN) + 10 * result.bytes;
  const timesDocument = (rss: number | undefined) => (rss === undefined || !Number.isFinite(rss) ? "" : `${(rss / result.bytes).toFixed(1)}× doc`);
  const aboveIdle = (rss: number | undefined) => (server === undefined || rss === undefined ? "" : `${((rss - server.idle) / result.bytes).toFixed(1)}× doc above idle`);
  const host = result.extensionHost;
  const hostGrowth = hostHeapGrowth(result);
  const ourShare = hostGrowth === undefined || result.hostHeapGrowthWithout === undefined ? undefined : hostGrowth - result.hostHeapGrowthWithout;
  const longestRenderer = Math.max(0, ...result.rendererLongTasks);
  const longestPreview = Math.max(0, ...result.previewLongTasks);
  rows.push(
    ["language server RSS, idle process (no document), after GC", mb(server?.idle), "", "", "", "", ""],
    [
      "language server RSS, preview open, after the edits and a forced GC",
      mb(server?.afterGc),
      aboveIdle(server?.afterGc),
      "",
      "",
      `≤ idle + 10× doc (${mb(serverBound)})`,
      verdict(server === undefined || !Number.isFinite(server.afterGc) ? undefined : server.afterGc <= serverBound),
    ],
    [
      `  … after ${server?.moreEdits ?? 0} more value edits and a forced GC`,
      mb(server?.afterMoreEdits),
      aboveIdle(server?.afterMoreEdits),
      "",
      "",
      "flat (within 5%)",
      verdict(server === undefined || !Number.isFinite(server.afterMoreEdits) ? undefined : server.afterMoreEdits <= server.afterGc * 1.05),
    ],
    ["language server RSS, after the edits (no GC)", mb(server?.rss), timesDocument(server?.rss), "", "", "", ""],
    ["language server RSS, peak while editing", mb(server?.peakWhileEditing), "", "", "", "", ""],
    [
      "language server peak RSS over its life (VmHWM, as the OS reports it)",
      mb(server?.lifetimePeak),
      server === undefined ? "" : `${(server.lifetimePeak / result.bytes).toFixed(1)}× doc`,
      "",
      "",
      `≤ 20× doc (${mb(20 * result.bytes)})`,
      verdict(server === undefined || !Number.isFinite(server.lifetimePeak) ? undefined : server.lifetimePeak <= 20 * result.bytes),
    ],
    ...jsonServerRows(result),
    [`extension host JS heap growth after GC${host.afterEdits.gcForced === true ? "" : " (GC not forced)"}`, mb(hostGrowth), "", "", "", "", ""],
    ["  … VS Code alone (the same opens and typing without FS Documents)", mb(result.hostHeapGrowthWithout), "", "", "", "", ""],
    [
      "  … FS Documents' share (the difference)",
      mb(ourShare),
      "",
      "",
      "",
      `≤ 2× doc (${mb(2 * result.bytes)})`,
      verdict(ourShare === undefined ? undefined : ourShare <= 2 * result.bytes),
    ],
    ["extension host RSS after the edits", mb(host.afterEdits.memory?.rss), "", "", "", "", ""],
    [
      "longest extension-host stall (timer lag, any extension)",
      ms(result.maxHostLagMs),
      "",
      "",
      "",
      "never unresponsive (3 s)",
      verdict(Number.isFinite(result.maxHostLagMs) ? result.maxHostLagMs < 3000 : undefined),
    ],
    [
      "longest stretch of FS Documents' code on the extension host (--profile)",
      result.longestFsHostTaskMs === undefined ? "–" : ms(result.longestFsHostTaskMs),
      "",
      "",
      "",
      "< 50 ms",
      verdict(result.longestFsHostTaskMs === undefined ? undefined : result.longestFsHostTaskMs < 50),
    ],
    [`longest renderer long task (workbench; ${result.rendererLongTasks.length} over 50 ms)`, ms(longestRenderer), "", "", "", "", ""],
    [`longest long task in the preview (${result.previewLongTasks.length} over 50 ms)`, ms(longestPreview), "", "", "", "", ""],
  );
  const title = `${result.withoutExtension ? "WITHOUT FS Documents (--without-extension): " : ""}${result.shape}, ${result.sizeMb} MB (${result.bytes.toLocaleString("en")} bytes, ${(result.stats.items ?? 0).toLocaleString("en")} items, ${(result.stats.cells ?? 0).toLocaleString("en")} cells, ${(result.stats.expectedUnsatisfied ?? 0).toLocaleString("en")} failing and ${((result.stats.missingValueErrors ?? 0) + (result.stats.unavailableValueErrors ?? 0)).toLocaleString("en")} unevaluable rollup checks): JSON.parse ${result.jsonParseMs.toFixed(1)} ms`;
  const kinds = [...new Set([...Object.keys(result.cpu.openAndPreview), ...Object.keys(result.cpu.editsAndTyping)])].sort();
  const cpu = table(
    ["CPU time by process", "per open + preview, ms", `${result.runs} edits + typing, ms`],
    kinds.map((kind) => [kind, ms(result.cpu.openAndPreview[kind] ?? 0), ms(result.cpu.editsAndTyping[kind] ?? 0)]),
  );
  const trace = result.trace === undefined ? "" : `\n\nJSON-RPC messages (--trace: counted and sized; --timeline: in time) and CPU profiles (--profile):\n\n${result.trace}`;
  return `${title}\n\n${table(["what", "median ms", "× JSON.parse", "range", "runs", "target", ""], rows)}\n\n${cpu}${trace}`;
}

export function formatReport(results: SizeResult[], machine: string): string {
  return [
    "FS Documents in the real editor (code-server 4.100.3 = VS Code 1.100.3, headless Chromium)",
    machine,
    "Times: from the Enter (open, command) or the key (edit) to the state on screen, measured by the driver (adds a few ms).",
    "Memory: /proc VmRSS of the language server; the extension host's own process.memoryUsage() after a forced GC,",
    "growth from before the first open (VS Code's own copy of the text and caches included; the same without FS Documents beside it).",
    "",
    ...results.map(sizeReport).flatMap((text) => [text, ""]),
  ].join("\n");
}
