// npm run bench:editor -- --attribute [--sizes 5] [--shapes long+failing] [--states new-places,repeated] [--trace]:
// where an edit's time goes in the real editor. The same edits are made twice, each in its own
// code-server window: once with FS Documents (the preview open beside the document), and once with
// VS Code's JSON alone (the control). Each edit is followed by its undo, and each waits until every
// process of the window is quiet again, so an edit's whole tail (lenses, hints, highlights, the
// JSON server's folding and symbols, the preview) is inside its window. Over the edits: CPU time by
// process (/proc), the workbench renderer's and the extension host's CPU profiles attributed to
// VS Code's areas (attribution.ts), and with --trace the JSON-RPC messages between our extension
// and its server (count and bytes; the trace costs the extension host time, so its CPU figures are
// then not the product's).

import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { repoRoot } from "../../support/paths";
import { setUpEditor, waitForFile, type Editor } from "../harness";
import { goTo, quickOpen, runCommand, runFsEditorCommand, statusCursor } from "../workbench";
import { attribute, formatAttribution, SourceFiles, type CpuProfile } from "./attribution";
import { generateDocument } from "./document";
import { chooseEditTargets, type EditTarget } from "./editTarget";
import { cpuByProcess, cpuSince, type CpuByProcess } from "./probes";
import { readProblemCounts, STATE_TIMEOUT_MS, waitForCellValue, waitForPreviewTable, waitForText, waitForWarnings } from "./screen";
import { findLogs, formatTally, tallyTrace } from "./trace";

const log = (line: string) => console.error(`[bench:editor] ${line}`);

/**
 * Quiet: over QUIET_WINDOW_MS the window's processes used at most QUIET_MARGIN of one core more
 * than their steady rate (what a large document costs VS Code in the background, its tokenization
 * say, measured before the edits: `calibrate`).
 */
const QUIET_MARGIN = 0.1;
const QUIET_WINDOW_MS = 1_000;
const QUIET_POLL_MS = 100;

const total = (cpu: CpuByProcess) => Object.values(cpu).reduce((sum, ms) => sum + ms, 0);

/** Samples the window's total CPU time every QUIET_POLL_MS; `rate()` is the last QUIET_WINDOW_MS's, in cores. */
class CpuWindow {
  private readonly readings: { at: number; cpu: number; byProcess: CpuByProcess }[] = [];
  constructor(private readonly leader: number) {}

  /** The last window's rate per kind of process, in cores: which one keeps the window busy. */
  busiest(): string {
    const first = this.readings[0];
    const last = this.readings.at(-1);
    if (first === undefined || last === undefined || last.at === first.at) return "";
    return Object.entries(cpuSince(first.byProcess, last.byProcess))
      .filter(([, ms]) => ms > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${(ms / (last.at - first.at)).toFixed(2)}`)
      .join(", ");
  }

  async next(): Promise<number | undefined> {
    await new Promise((resolve) => setTimeout(resolve, QUIET_POLL_MS));
    const now = performance.now();
    const byProcess = cpuByProcess(this.leader);
    this.readings.push({ at: now, cpu: total(byProcess), byProcess });
    while (this.readings.length > 1 && this.readings[1]!.at <= now - QUIET_WINDOW_MS) this.readings.shift();
    const first = this.readings[0]!;
    return now - first.at >= QUIET_WINDOW_MS ? (this.readings.at(-1)!.cpu - first.cpu) / (now - first.at) : undefined;
  }
}

/** The window's steady CPU rate: the lowest one-second rate over `ms`. */
async function calibrate(leader: number, ms = 5_000): Promise<number> {
  const window = new CpuWindow(leader);
  let lowest = Number.POSITIVE_INFINITY;
  for (const end = performance.now() + ms; performance.now() < end;) lowest = Math.min(lowest, (await window.next()) ?? Number.POSITIVE_INFINITY);
  return Number.isFinite(lowest) ? lowest : 0;
}

/**
 * Waits until the window's processes (code-server's, Chromium's) are back to their steady rate:
 * what an edit set off has finished. A state, polled; gives up after `timeoutMs` (a busy machine)
 * and says so.
 */
async function waitForQuiet(leader: number, steady: number, timeoutMs = 20_000): Promise<void> {
  const window = new CpuWindow(leader);
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const rate = await window.next();
    if (rate !== undefined && rate <= steady + QUIET_MARGIN) return;
    if (performance.now() > deadline) {
      log(`  not back to the steady rate (${steady.toFixed(2)} cores) after ${timeoutMs} ms (cores in the last second: ${window.busiest()}); going on`);
      return;
    }
  }
}

/** The renderer's CPU profile (Chrome DevTools Protocol) and the extension host's (the runner extension) around `work`. */
async function profiled(editor: Editor, work: () => Promise<void>): Promise<{ renderer: CpuProfile; host: CpuProfile | undefined; cpu: CpuByProcess; ms: number }> {
  const { page } = editor;
  const leader = editor.server.process.pid!;
  const hostFile = `${editor.apiResultsFile}.host-profile.json`;
  await runCommand(page, "FS E2E: Start Extension Host Profile");
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
    await cdp.send("Profiler.start");
    const before = cpuByProcess(leader);
    const started = performance.now();
    await work();
    const ms = performance.now() - started;
    const cpu = cpuSince(before, cpuByProcess(leader));
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
    await runCommand(page, "FS E2E: Stop Extension Host Profile");
    const host = JSON.parse(await waitForFile(hostFile, 120_000)) as CpuProfile | { error: string };
    return { renderer: profile, host: "error" in host ? undefined : host, cpu, ms };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

interface WindowResult {
  cpu: CpuByProcess;
  /** Wall time of the edits, and the window's steady CPU rate (cores) before them. */
  ms: number;
  steady: number;
  renderer: CpuProfile;
  host: CpuProfile | undefined;
  edits: number;
  trace: string | undefined;
}

/** What an edit (or its undo) waits for before the quiet: with FS Documents its problem and its preview cell; without, the cursor moved. */
type Shown = (page: Page, target: EditTarget, edited: boolean) => Promise<void>;

async function editWindow(
  sizeMb: number,
  shape: string,
  text: string,
  targets: readonly EditTarget[],
  state: "new-places" | "repeated",
  withFs: boolean,
  trace: boolean,
): Promise<WindowResult> {
  const name = `statements-${shape.replaceAll("+", "-")}-${sizeMb}mb.json`;
  const settings: Record<string, unknown> = { "fsE2e.benchProbe": true, "workbench.editorLargeFileConfirmation": 1024, "fs.json.mapSchemaUrls": true };
  if (trace) settings["fs.trace.server"] = "verbose";
  const setup = await setUpEditor(settings, {
    addFiles: (folder) => writeFileSync(join(folder, name), text),
    codeServerArgs: trace ? ["--log", "trace"] : [],
    withoutProduct: !withFs,
  });
  if ("skip" in setup) throw new Error(setup.skip);
  const { editor } = setup;
  try {
    const { page } = editor;
    await quickOpen(page, name, { openTimeoutMs: STATE_TIMEOUT_MS });
    await waitForText(page);
    let base = 0;
    if (withFs) {
      await waitForWarnings(page, { atLeast: 1 });
      await runFsEditorCommand(page, "FS: Open Preview to the Side");
      await waitForPreviewTable(page);
      await quickOpen(page, name, { openTimeoutMs: STATE_TIMEOUT_MS });
      base = (await readProblemCounts(page)).warnings;
    }
    const shown: Shown = withFs
      ? (at, target, edited) =>
          Promise.all([waitForWarnings(at, { exactly: edited ? base + 1 : base }), waitForCellValue(at, target.pointer, edited ? target.edited : target.value)]).then(
            () => undefined,
          )
      : (at, target, edited) => statusCursor(at, target.line, target.column + (edited ? 1 : 0)).waitFor({ timeout: STATE_TIMEOUT_MS });
    const leader = editor.server.process.pid!;
    if (state === "repeated") await goTo(page, targets[0]!.line, targets[0]!.column);
    const steady = await calibrate(leader);
    log(`  steady rate before the edits: ${steady.toFixed(2)} cores`);
    const logsBefore = trace ? logSizes(editor.server.userDataDir) : undefined;
    const result = await profiled(editor, async () => {
      for (const [index, target] of targets.entries()) {
        if (state === "new-places") await goTo(page, target.line, target.column);
        await page.keyboard.type("9");
        await shown(page, target, true);
        await waitForQuiet(leader, steady);
        await page.keyboard.press("Control+Z");
        await shown(page, target, false);
        await waitForQuiet(leader, steady);
        log(`  ${withFs ? "with FS Documents" : "VS Code's JSON only"}: ${state} edit ${index + 1}/${targets.length} done`);
      }
    });
    return {
      ...result,
      steady,
      edits: targets.length,
      trace: logsBefore === undefined ? undefined : formatTally(tallyTrace(editor.server.userDataDir, logsBefore)),
    };
  } finally {
    await editor.stop();
  }
}

/** The byte size of each FS Documents output log now: a tally from there counts what came after. */
function logSizes(userDataDir: string): Map<string, number> {
  return new Map(findLogs(userDataDir).map((file) => [file, statSync(file).size]));
}

const codeServerRoot = join(repoRoot, ".cache/code-server/node_modules/code-server/lib/vscode");

/** The --attribute report for one size, shape and state. */
export async function attributeEdits(sizeMb: number, shape: string, state: "new-places" | "repeated", trace: boolean): Promise<string> {
  const { text } = await generateDocument(sizeMb, shape);
  // Repeated: the one cell the bench's repeated edits use (the middle one), five times.
  const targets = state === "new-places" ? chooseEditTargets(text, 5) : new Array<EditTarget>(5).fill(chooseEditTargets(text, 1)[0]!);
  log(`${shape} ${sizeMb} MB, ${state}: VS Code's JSON only (the control)`);
  const control = await editWindow(sizeMb, shape, text, targets, state, false, false);
  log(`${shape} ${sizeMb} MB, ${state}: with FS Documents`);
  const withFs = await editWindow(sizeMb, shape, text, targets, state, true, trace);
  // The raw profiles, for DevTools' Performance panel or another attribution.
  const dir = join(repoRoot, "test-results", "bench-editor");
  mkdirSync(dir, { recursive: true });
  const slug = `${shape.replaceAll("+", "-")}-${sizeMb}mb-${state}`;
  for (const [who, result] of [
    ["with-fs", withFs],
    ["control", control],
  ] as const) {
    writeFileSync(join(dir, `attribution-${slug}-${who}-renderer.cpuprofile`), JSON.stringify(result.renderer));
    if (result.host !== undefined) writeFileSync(join(dir, `attribution-${slug}-${who}-extension-host.cpuprofile`), JSON.stringify(result.host));
  }
  const files = new SourceFiles([codeServerRoot]);
  const per = withFs.edits;
  const perWhat = `per edit and its undo (${per} of each; ${state === "new-places" ? "Go to Line to a new cell each time" : "the same cell, the cursor there"})`;
  const kinds = [...new Set([...Object.keys(withFs.cpu), ...Object.keys(control.cpu)])].sort();
  const cpuTable = [
    `CPU time by process, ms ${perWhat}${trace ? " (with the verbose trace: the extension host's figure includes writing it)" : ""}. ` +
      `Wall time per edit and undo: ${Math.round(withFs.ms / per).toLocaleString("en")} ms with FS Documents, ${Math.round(control.ms / per).toLocaleString("en")} ms without; ` +
      `steady rate before the edits (VS Code's background work): ${withFs.steady.toFixed(2)} and ${control.steady.toFixed(2)} cores.`,
    "",
    "| process | with FS Documents | VS Code's JSON only |",
    "|---|--:|--:|",
    ...kinds.map((kind) => `| ${kind} | ${Math.round((withFs.cpu[kind] ?? 0) / per).toLocaleString("en")} | ${Math.round((control.cpu[kind] ?? 0) / per).toLocaleString("en")} |`),
  ].join("\n");
  const sections = [
    `${shape}, ${sizeMb} MB, ${state}`,
    cpuTable,
    formatAttribution("Workbench renderer (main thread), by area", attribute(withFs.renderer, files), attribute(control.renderer, files), per, perWhat),
  ];
  if (withFs.host !== undefined)
    sections.push(
      formatAttribution("Extension host, by area", attribute(withFs.host, files), control.host === undefined ? undefined : attribute(control.host, files), per, perWhat),
    );
  if (withFs.trace !== undefined) sections.push(`JSON-RPC messages between FS Documents' client and server over the ${per} edits and undos:\n${withFs.trace}`);
  return sections.join("\n\n");
}
