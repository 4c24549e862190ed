// npm run bench:editor [-- --sizes 1,5,20] [--shapes typical,failing,...] [--states cold,warm,...]
// [--runs 5]: FS Documents in the real editor (code-server, Chromium, the packaged .vsix) on a family
// of generated documents (scripts/bench/generate.mjs: typical, failing, long, wide, deep and the
// long draft "long+failing"), measured the way a user feels it: from the key to what the screen
// shows. States: cold (the window's first FS document, the server not running), warm (open and
// preview with the server running, and VS Code's Markdown preview as the control), new-places
// (each edit at another cell, the cursor moved there just before the key, nothing scrolled ahead),
// repeated (one cell edited again and again, then typing and memory), first-window (a fresh
// browser's first window, VS Code's JSON beside it on the same file; by default with --host web
// only). --host web runs the same in code-server's web-worker extension host (the .vsix's browser
// entry, the server in a Worker), as vscode.dev runs it. Medians of --runs runs, with
// their range, in ms and × JSON.parse of the same text, with the issue-25 targets beside them.
// Results also go to test-results/bench-editor/.

import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../../support/paths";
import { setUpEditor, waitForFile, type Editor } from "../harness";
import { WEB_WORKER_SETTINGS } from "../webHost";
import { fsEditorTitleAction, goTo, quickOpen, runCommand, runFsEditorCommand } from "../workbench";
import { documentShapes, generateDocument } from "./document";
import { chooseEditTargets, type EditTarget } from "./editTarget";
import {
  cpuByProcess,
  cpuSince,
  findProcesses,
  installRendererProbe,
  previewContentFrame,
  previewFirstPaint,
  webviewContentFrame,
  webviewFirstPaint,
  processCpuMs,
  processMemory,
  readHostProbe,
  readKeyLags,
  readRendererProbe,
  type HostProbe,
} from "./probes";
import { baselineHostGrowth, formatReport, reloadsHost, type SizeResult } from "./report";
import { summaryTables } from "./summary";
import { FS_SERVER_COMMAND, JSON_SERVER_COMMAND, jsonLanguageServer } from "./processKinds";
import { collectServerGarbage, idleServerResident, residentBytes } from "./serverGc";
import { formatTally, messageTimeline, tallyTrace, tracedMessages } from "./trace";
import { coldMarkSamples, readHostMarks, tracedSamples } from "./coldTimeline";
import { coldControlSettings, controlMarkSamples } from "./coldControl";
import { longestRun, profileRenderer, summarize } from "./cpuProfile";
import { attributeEdits } from "./attributeEdits";
import { newPlaceEditCount } from "./editCount";
import { editSplitSamples, editSplits, formatEditSplits, type ScreenEdit } from "./editTimeline";
import { readBenchCommandLine } from "./cliOptions";
import {
  previewCell,
  readProblemCounts,
  waitForCellText,
  waitForCellValue,
  waitForCodeLens,
  waitForFsTitleButton,
  lineSquiggles,
  waitForLineWarning,
  waitForPreviewTable,
  waitForText,
  waitForWarnings,
  waitForPreviewText,
  waitForWebviewText,
  STATE_TIMEOUT_MS,
} from "./screen";
import { itemPointer, recordTypingSession, TYPED_PHRASE, TYPING_DELAY_MS } from "./typing";
import { secondWebviewTurn } from "./secondWebview";
import { EDITOR_LARGE_FILE, overEditorLimits } from "../../../client/src/status/limits";
import { controlStateLine, JSON_CONTROL_GRACE_MS, JSON_CONTROL_LINE, JSON_CONTROL_SETTINGS, type ControlState } from "./jsonControl";
import { SERVER_WORKER_NAME } from "../../../client/src/server/workerName";

const log = (line: string) => console.error(`[bench:editor] ${line}`);
const clock = () => new Date().toISOString().slice(11, 23);

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function jsonParseMs(text: string): number {
  const times: number[] = [];
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    JSON.parse(text);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Times `work` from the moment `start()` is called inside it (e.g. just before Enter). */
async function timedFrom(work: (start: () => void) => Promise<void>): Promise<number> {
  let started = Number.NaN;
  await work(() => {
    started = performance.now();
  });
  return performance.now() - started;
}

async function closeAll(page: Editor["page"]): Promise<void> {
  await runCommand(page, "View: Close All Editors");
  // Our server clears a document's problems when it is closed: the next open starts from nothing.
  await waitForWarnings(page, { exactly: 0 });
}

/**
 * VS Code's large-file optimizations (editor.largeFileOptimizations, on by default) turn off code
 * lenses, among other features, for a text over 20 MiB or 300,000 lines (its TextModel's limits):
 * then there is no lens to wait for.
 */
function vsCodeShowsLenses(text: string): boolean {
  let lines = 1;
  for (let at = text.indexOf("\n"); at !== -1 && lines <= EDITOR_LARGE_FILE.lines; at = text.indexOf("\n", at + 1)) lines++;
  return !overEditorLimits({ characters: text.length, lines });
}

/**
 * Opens `name` with Quick Open and waits for its text, its problems and (when VS Code shows them)
 * its first code lens; each state's time from the Enter goes to samples[`${prefix}Text` etc.].
 */
async function openAndWait(
  page: Editor["page"],
  name: string,
  prefix: string,
  lenses: boolean,
  samples: Record<string, number[]>,
  entered?: (epoch: number) => void,
  problems = true,
): Promise<number> {
  let opened = 0;
  // Each state's time, and its wall clock in the log (to line up with --timeline's messages).
  const seen = (sample: string, state: string) => {
    (samples[`${prefix}${sample}`] ??= []).push(performance.now() - opened);
    log(`  ${clock()} ${state}`);
  };
  return timedFrom(async (start) => {
    await quickOpen(page, name, {
      openTimeoutMs: STATE_TIMEOUT_MS,
      beforeEnter: () => {
        start();
        opened = performance.now();
        entered?.(Date.now());
        log(`  ${clock()} Enter (open)`);
      },
    });
    await Promise.all([
      waitForText(page).then(() => seen("Text", "text shown")),
      problems ? waitForWarnings(page, { atLeast: 1 }).then(() => seen("Diagnostics", "diagnostics shown")) : undefined,
      lenses ? waitForCodeLens(page).then(() => seen("Lenses", "code lens shown")) : undefined,
    ]);
  });
}

/** Polls `done` (a process list, a file) every 50 ms until it holds; a state, never a fixed sleep. */
async function until(done: () => boolean, what: string, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const languageServers = (editor: Editor) => findProcesses(editor.server.process.pid!, FS_SERVER_COMMAND);

/** VS Code's own JSON language server of the window, holding and validating the same document: its memory now, for comparison. */
const jsonServerMemory = (editor: Editor) => {
  const server = jsonLanguageServer(findProcesses(editor.server.process.pid!, JSON_SERVER_COMMAND));
  return server === undefined ? undefined : processMemory(server.pid);
};

/**
 * A new window on the same workspace (the page loaded again; code-server's web workbench has no
 * "Restart Extension Host"): a new extension host, our language server of the old one gone, VS
 * Code's JSON starting again. The next FS document then starts our extension, its bundle and its
 * server from nothing: what a window's first FS document meets.
 */
async function reloadWindow(editor: Editor): Promise<void> {
  const { page } = editor;
  const before = new Set(languageServers(editor).map(({ pid }) => pid));
  // VS Code's own reload: its shutdown stores the window's state (no editor open) before the page
  // goes. After page.reload(), which skips that, the window restored the document closed just before
  // and the server analysed it ahead of the measured open (its text, problems and lens in one frame).
  const loaded = page.waitForEvent("load", { timeout: STATE_TIMEOUT_MS });
  // The palette's own check of its closing may meet the page already gone: the load is what counts.
  await runCommand(page, "Developer: Reload Window").catch(() => undefined);
  await loaded;
  await page.waitForSelector(".monaco-workbench", { timeout: STATE_TIMEOUT_MS });
  await page.locator(".statusbar-item", { hasText: "FS E2E ready" }).waitFor({ timeout: STATE_TIMEOUT_MS });
  await until(() => languageServers(editor).every(({ pid }) => !before.has(pid)), "the old window's language server to exit");
  const restored = await page.locator(".tabs-container .tab").count();
  if (restored > 0) throw new Error(`the reloaded window restored ${restored} editor(s): its next open would not be a cold one`);
  await installRendererProbe(page);
}

/**
 * Cold opens: the window's first FS document (run 1), then the same in a reloaded window. With
 * `timeline`, each run's extension-host marks (coldTimeline.ts) once its lens shows, as samples
 * `coldMark:…` (ms from the Enter). Returns each run's Enter (epoch ms), for the message trace.
 */
async function measureColdOpens(
  editor: Editor,
  name: string,
  runs: number,
  samples: Record<string, number[]>,
  lenses: boolean,
  timeline: boolean,
  profileCold: boolean,
): Promise<number[]> {
  const enters: number[] = [];
  for (let run = 0; run < runs; run++) {
    if (run > 0) await reloadWindow(editor);
    else if (languageServers(editor).length > 0) throw new Error("cold open: the language server is already running before the first FS document");
    const measure = () => openAndWait(editor.page, name, "coldOpen", lenses, samples, (epoch) => enters.push(epoch));
    // --cold-profile: the last (reloaded) run with CPU profiles of the extension host and the workbench renderer.
    const open = profileCold && run === runs - 1 && run > 0 ? await profiledColdOpen(editor, measure) : await measure();
    log(`  cold run ${run + 1}/${runs}: open ${open.toFixed(0)} ms`);
    if (timeline) {
      const hostMarks = await readHostMarks(editor.page, editor.apiResultsFile);
      const marks = coldMarkSamples(hostMarks, enters[run]!, name);
      for (const [key, at] of marks) (samples[key] ??= []).push(at);
      log(`  the extension host, ms from the Enter: ${[...marks].map(([key, at]) => `${key.replace("coldMark:", "")} ${at.toFixed(0)}`).join(", ")}`);
      const others = hostMarks.documents.filter(({ at }) => at >= enters[run]!).map(({ uri, at }) => `${uri} ${(at - enters[run]!).toFixed(0)}`);
      log(`  documents opened in the extension host since the Enter: ${others.join(", ")}`);
    }
    await closeAll(editor.page);
  }
  // The warm state's first preview is the window's first webview, as without the cold opens.
  if (runs > 1) await reloadWindow(editor);
  return enters;
}

/**
 * The cold opens' control (coldControl.ts): the same runs (the window's first document, then in a
 * reloaded window) in a code-server without FS Documents, whose only code lens is the runner's
 * instant provider's; samples `coldControlText`, `coldControlLenses` and, with `timeline`,
 * `coldControlMark:…` (ms from the Enter). Its own editor, set up and stopped here.
 */
async function measureColdControl(
  name: string,
  text: string,
  runs: number,
  settings: Record<string, unknown>,
  samples: Record<string, number[]>,
  timeline: boolean,
): Promise<void> {
  const setup = await setUpEditor(coldControlSettings(settings, name), { addFiles: (folder) => writeFileSync(join(folder, name), text), withoutProduct: true });
  if ("skip" in setup) throw new Error(setup.skip);
  const { editor } = setup;
  try {
    for (let run = 0; run < runs; run++) {
      if (run > 0) await reloadWindow(editor);
      let enteredAt = Number.NaN;
      const open = await openAndWait(editor.page, name, "coldControl", true, samples, (epoch) => (enteredAt = epoch), false);
      log(`  control run ${run + 1}/${runs}: text ${samples.coldControlText?.at(-1)?.toFixed(0)} ms, the instant provider's lens ${open.toFixed(0)} ms`);
      if (timeline) {
        const marks = controlMarkSamples(await readHostMarks(editor.page, editor.apiResultsFile), enteredAt, name);
        for (const [key, at] of marks) (samples[key] ??= []).push(at);
        log(`  the extension host, ms from the Enter: ${[...marks].map(([key, at]) => `${key.replace("coldControlMark:", "")} ${at.toFixed(0)}`).join(", ")}`);
      }
      await closeAll(editor.page);
    }
  } finally {
    await editor.stop();
  }
}

/** A cold open inside CPU profiles of the extension host and the workbench renderer (test-results/bench-editor/cold-*.cpuprofile). */
async function profiledColdOpen(editor: Editor, measure: () => Promise<number>): Promise<number> {
  const { page } = editor;
  await runCommand(page, "FS E2E: Start Extension Host Profile");
  const { result, summary, profile } = await profileRenderer(page, measure);
  await runCommand(page, "FS E2E: Stop Extension Host Profile");
  const hostProfile = `${editor.apiResultsFile}.host-profile.json`;
  const hostText = await waitForFile(hostProfile, 120_000);
  rmSync(hostProfile, { force: true });
  const dir = join(repoRoot, "test-results", "bench-editor");
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  writeFileSync(join(dir, `cold-renderer-${stamp}.cpuprofile`), JSON.stringify(profile));
  writeFileSync(join(dir, `cold-extension-host-${stamp}.cpuprofile`), hostText);
  log(`  cold open profiled: renderer ${summary}`);
  log(`  extension host ${summarize(JSON.parse(hostText) as Parameters<typeof summarize>[0])}`);
  log(`  profiles: ${join(dir, `cold-*-${stamp}.cpuprofile`)}`);
  return result;
}

/**
 * The first window of a fresh browser: each run a new browser context (its own HTTP cache and
 * storage, nothing of the workbench or the extensions cached) on the same code-server, the
 * document opened as soon as the window's extension hosts are up (the runner's "FS E2E ready").
 * Times from the Enter: the text, FS Documents active for it (its editor-title button), a Worker
 * started in the page (ours: VS Code's JSON runs in the Node extension host here), our first code
 * lens, and VS Code's JSON's first warning on the same file (JSON_CONTROL_SETTINGS). Its own
 * editor: the control's warning would count among the other states' problems.
 */
async function measureFirstWindows(
  name: string,
  text: string,
  runs: number,
  settings: Record<string, unknown>,
  lenses: boolean,
  samples: Record<string, number[]>,
  host: BenchOptions["host"],
): Promise<void> {
  const setup = await setUpEditor({ ...settings, ...JSON_CONTROL_SETTINGS }, { addFiles: (folder) => writeFileSync(join(folder, name), text) });
  if ("skip" in setup) throw new Error(setup.skip);
  const { editor } = setup;
  try {
    // Only the measured window is open: the harness's own first one goes.
    await editor.page.context().close();
    for (let run = 0; run < runs; run++) {
      const page = await editor.newWindow();
      try {
        await page.locator(".statusbar-item", { hasText: "FS E2E ready" }).waitFor({ timeout: STATE_TIMEOUT_MS });
        let opened = Number.NaN;
        let enteredAt = Number.NaN;
        const seen = (sample: string, state: string) => {
          (samples[sample] ??= []).push(performance.now() - opened);
          log(`  ${clock()} ${state}`);
        };
        // Our language server's Worker, by its name (client/src/browser/serverWorker.ts; Chromium prefixes its parent's, "ExtensionHostWorker -> "): VS Code starts workers of its own as a file opens.
        page.on("worker", (worker) => {
          const at = performance.now();
          void worker
            .evaluate(() => (self as unknown as { name: string }).name)
            .then((workerName) => {
              log(`  a Worker started, ${(at - opened).toFixed(0)} ms after the Enter: "${workerName}"`);
              if (Number.isFinite(opened) && workerName.endsWith(SERVER_WORKER_NAME)) (samples.firstWindowWorker ??= []).push(at - opened);
            })
            .catch(() => undefined);
        });
        await quickOpen(page, name, {
          openTimeoutMs: STATE_TIMEOUT_MS,
          beforeEnter: () => {
            opened = performance.now();
            enteredAt = Date.now();
            log(`  ${clock()} Enter (open, a fresh browser's first window)`);
          },
        });
        // The control is waited for at most JSON_CONTROL_GRACE_MS after the rest: on `long+failing`
        // VS Code's JSON showed no warning within the states' 300 s, and the run stalled there.
        const control = waitForLineWarning(page, JSON_CONTROL_LINE).then(
          () => (seen("firstWindowJson", "VS Code's JSON: its warning shown"), true),
          () => false,
        );
        await Promise.all([
          waitForText(page).then(() => seen("firstWindowText", "text shown")),
          waitForFsTitleButton(page).then(() => seen("firstWindowActive", "FS Documents active for it (its title button)")),
          lenses ? waitForCodeLens(page).then(() => seen("firstWindowLenses", "code lens shown")) : undefined,
        ]);
        const controlShown = await within(control, JSON_CONTROL_GRACE_MS);
        if (!controlShown) {
          (samples.firstWindowJsonAbsent ??= []).push(performance.now() - opened);
          log(`  ${clock()} ${controlStateLine(await controlState(page, editor, host), JSON_CONTROL_GRACE_MS)}`);
          const dir = join(repoRoot, "test-results", "bench-editor");
          mkdirSync(dir, { recursive: true });
          const shot = join(dir, `first-window-control-${new Date().toISOString().replace(/[:.]/g, "-")}.png`);
          await page.screenshot({ path: shot });
          log(`  what the window shows: ${shot}`);
        }
        await readFirstWindowMarks(page, enteredAt, samples);
        log(
          `  first window ${run + 1}/${runs}: lens ${samples.firstWindowLenses?.at(-1)?.toFixed(0) ?? "–"} ms, VS Code's JSON ${controlShown ? `${samples.firstWindowJson?.at(-1)?.toFixed(0)} ms` : "not shown"}`,
        );
      } finally {
        await page.context().close();
      }
    }
  } finally {
    await editor.stop();
  }
}

/** Whether `promise` settles true within `ms`. */
async function within(promise: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What VS Code shows when the first window's control is not on screen: the `$schema` line's
 * squiggles and the problem counts; in the Node host also the extension host's diagnostics of the
 * document (the runner extension) and VS Code's JSON language server's state.
 */
async function controlState(page: Editor["page"], editor: Editor, host: BenchOptions["host"]): Promise<ControlState> {
  const state: ControlState = await lineSquiggles(page, JSON_CONTROL_LINE);
  if (host !== "node") return state;
  const file = `${editor.apiResultsFile}.diagnostics.json`;
  rmSync(file, { force: true });
  await runCommand(page, "FS E2E: Describe Diagnostics");
  state.diagnostics = JSON.parse(await waitForFile(file, 60_000)) as ControlState["diagnostics"];
  const server = jsonLanguageServer(findProcesses(editor.server.process.pid!, JSON_SERVER_COMMAND));
  const cpuMs = server === undefined ? undefined : processCpuMs(server.pid);
  const memory = server === undefined ? undefined : processMemory(server.pid);
  state.jsonServer = server === undefined || cpuMs === undefined || memory === undefined ? "not running" : { pid: server.pid, cpuMs, rssBytes: memory.rss };
  return state;
}

/**
 * What the extension host's own performance marks say of FS Documents' activation (VS Code marks
 * `code/extHost/{will,did}{Fetch,Load}ExtensionCode/<id>` and `…ActivateExtension/<id>`; ours are
 * `fs/…`), in every worker the page shows Playwright, as ms from the Enter (`enteredAt`, the epoch).
 */
async function readFirstWindowMarks(page: Editor["page"], enteredAt: number, samples: Record<string, number[]>): Promise<void> {
  for (const worker of page.workers()) {
    const marks = await worker
      .evaluate(() =>
        performance
          .getEntriesByType("mark")
          .filter((mark) => /fs-documents\.fs-documents$|^fs\//.test(mark.name))
          .map((mark) => ({ name: mark.name, at: performance.timeOrigin + mark.startTime })),
      )
      .catch(() => []);
    for (const { name, at } of marks) {
      const key = `firstWindowMark:${name.replace(/\/fs-documents\.fs-documents$/, "")}`;
      (samples[key] ??= []).push(at - enteredAt);
      log(`  ${name}: ${(at - enteredAt).toFixed(0)} ms after the Enter (${worker.url().slice(0, 60)})`);
    }
  }
}

/** The warm state: the server started by an open not measured. */
async function startServerByOpen(editor: Editor, name: string): Promise<void> {
  if (languageServers(editor).length > 0) return;
  await quickOpen(editor.page, name, { openTimeoutMs: STATE_TIMEOUT_MS });
  await waitForWarnings(editor.page, { atLeast: 1 });
  await closeAll(editor.page);
}

/**
 * Opens the preview the way the control opens Markdown's, with its key binding (Ctrl+K V; the
 * palette adds ~0.4 s of VS Code's own). The key is ours once the editor title shows our button.
 */
async function openPreviewByKey(page: Editor["page"], start: () => void): Promise<void> {
  await fsEditorTitleAction(page).waitFor({ state: "visible", timeout: STATE_TIMEOUT_MS });
  await page.keyboard.press("Control+K");
  start();
  await page.keyboard.press("v");
}

async function measureOpenAndPreview(editor: Editor, name: string, runs: number, samples: Record<string, number[]>, lenses: boolean): Promise<void> {
  const { page } = editor;
  for (let run = 0; run < runs; run++) {
    const open = await openAndWait(page, name, "open", lenses, samples);
    (samples.open ??= []).push(open);
    let enteredAt = 0;
    const preview = await timedFrom(async (start) => {
      await openPreviewByKey(page, () => {
        start();
        enteredAt = Date.now();
        log(`  ${clock()} Ctrl+K V (preview)`);
      });
      await waitForPreviewTable(page);
      log(`  ${clock()} preview table shown`);
    });
    (samples.preview ??= []).push(preview);
    // The window's first webview, and every later one: VS Code's webview host differs between them.
    (samples[previewSample(run)] ??= []).push(preview);
    const firstPaint = await previewFirstPaint(page, enteredAt);
    for (const [state, at] of Object.entries(firstPaint)) if (at !== undefined) (samples[`preview:${state}`] ??= []).push(at);
    log(
      `  first paint (ms from the key): ${Object.entries(firstPaint)
        .map(([state, at]) => `${state.replace("fs-preview-", "")} ${at?.toFixed(0) ?? "–"}`)
        .join(", ")}`,
    );
    log(`  run ${run + 1}/${runs}: open ${open.toFixed(0)} ms, preview ${preview.toFixed(0)} ms`);
    await closeAll(page);
  }
}

/**
 * The first run's preview is the window's first webview when no earlier state opened one; VS Code's
 * webview host treats the second apart too (docs/performance.md), so it is kept apart.
 */
const previewSample = (run: number) => (run === 0 ? "previewFirst" : run === 1 ? "previewSecond" : "previewLater");

/** The control: a small Markdown file whose preview VS Code's own Markdown extension draws. */
const CONTROL_FILE = "control.md";
const CONTROL_TEXT = "Markdown control";

/**
 * The runner extension's key for the control (test/e2e/runner-extension: fsE2e.markdownControl runs
 * "Markdown: Open Preview to the Side" on control.md, to the side of the active editor).
 */
const CONTROL_KEYS = ["Control+K", "Control+Alt+V"] as const;

/**
 * The control for the preview row: VS Code's own Markdown preview (a webview too) of a small file,
 * in the same workbench. What it takes until its text shows is the floor a webview preview starts
 * from here, before any of an extension's page runs; its breakdown (the same rows as the preview's)
 * says which part is VS Code's webview start. These runs come after the preview's: like its runs
 * after the first, each starts a window's later webview.
 *
 * Each run is in the state the preview's key is pressed in: the large document just opened (its
 * text, problems and first code lens shown), its editor active, and the key pressed at once; the
 * preview opens beside it. Markdown's own key (Ctrl+K V) needs a Markdown editor active, which took
 * a Quick Open of control.md and its title button first: ~0.5–1 s in which the large document's
 * open settled (the server's background work, the related information's publications) and the
 * editor beside the preview was the small file's. So the key is the runner extension's, which runs
 * Markdown's own "Open Preview to the Side" command on control.md (`settled: false`, the default).
 * `settled: true` measures the control as it was measured before, after its own Quick Open.
 */
async function measureMarkdownControl(
  editor: Editor,
  name: string,
  runs: number,
  samples: Record<string, number[]>,
  { withFs = true, lenses = true, settled = false }: { withFs?: boolean; lenses?: boolean; settled?: boolean } = {},
): Promise<void> {
  const { page } = editor;
  const sample = settled ? "controlSettled" : "control";
  // Markdown's extension active before the first run, as ours is (it activates on a Markdown editor).
  await quickOpen(page, CONTROL_FILE);
  await markdownTitleButton(page);
  await closeAll(page);
  for (let run = 0; run < runs; run++) {
    await quickOpen(page, name, { openTimeoutMs: STATE_TIMEOUT_MS });
    await Promise.all([waitForText(page), withFs ? waitForWarnings(page, { atLeast: 1 }) : undefined, withFs && lenses && !settled ? waitForCodeLens(page) : undefined]);
    const opened = performance.now();
    if (settled) {
      await quickOpen(page, CONTROL_FILE);
      await markdownTitleButton(page);
    }
    // How long after the large document's open the key is pressed (the preview's: at once).
    (samples[`${sample}:after-open`] ??= []).push(performance.now() - opened);
    let enteredAt = 0;
    const shown = await timedFrom(async (start) => {
      // FS_BENCH_SETTLED_RUNNER_KEY=1: the settled control by the runner's key too (whether that
      // path costs anything of its own, apart from the state the key is pressed in).
      const [first, second] = settled && process.env.FS_BENCH_SETTLED_RUNNER_KEY !== "1" ? ["Control+K", "v"] : CONTROL_KEYS;
      await page.keyboard.press(first);
      start();
      enteredAt = Date.now();
      await page.keyboard.press(second);
      await waitForWebviewText(page, CONTROL_TEXT);
    });
    (samples[sample] ??= []).push(shown);
    // Without FS Documents the control's runs are the window's first webviews: the first and second
    // are kept apart, as the preview's are.
    if (run < 2 && !withFs && !settled) (samples[run === 0 ? "controlFirst" : "controlSecond"] ??= []).push(shown);
    const firstPaint = await webviewFirstPaint(await webviewContentFrame(page, CONTROL_TEXT), enteredAt);
    for (const [state, at] of Object.entries(firstPaint)) if (at !== undefined) (samples[`${sample}:${state}`] ??= []).push(at);
    log(
      `  control${settled ? " (settled)" : ""} ${run + 1}/${runs}: Markdown preview ${shown.toFixed(0)} ms (${Object.entries(firstPaint)
        .filter(([, at]) => at !== undefined)
        .map(([state, at]) => `${state} ${at!.toFixed(0)}`)
        .join(", ")})`,
    );
    await closeAll(page);
  }
}

/**
 * A reloaded window's first or second webview (`rank`), `runs` times each for ours and Markdown's
 * (secondWebview.ts): the window reloaded, Markdown's extension made active by a Markdown editor
 * (opened and closed, as in the control's window; ours is active once the large document opens),
 * for the second webview Markdown's preview of the small control file as the window's first, then
 * the large document opened (the server starting: text, problems and first lens shown) and the
 * measured webview's key pressed at once, ours (Ctrl+K V) or Markdown's (the runner's key on
 * control.md). Samples preview{First,Second}Reloaded and control{First,Second}Reloaded, in pair
 * order; each window's webview frames and our page's marks as `…:host`, `…:frame` etc. (ms from the key).
 */
async function measureReloadedWebviews(editor: Editor, name: string, runs: number, samples: Record<string, number[]>, lenses: boolean, rank: "First" | "Second"): Promise<void> {
  const { page } = editor;
  const closeEditors = async () => {
    await runCommand(page, "View: Close All Editors");
    await page.locator(".tabs-container .tab").first().waitFor({ state: "detached", timeout: 60_000 });
  };
  const markdownWebview = async () => {
    await quickOpen(page, CONTROL_FILE);
    await page.keyboard.press(CONTROL_KEYS[0]);
    await page.keyboard.press(CONTROL_KEYS[1]);
    await waitForWebviewText(page, CONTROL_TEXT);
    await closeEditors();
  };
  // The browser's second webview waits 3–5 s for VS Code's webview service worker, whichever
  // window it is in (s16: a reloaded window's second webview does not, unless it is the browser's
  // second): two webviews first, so that no measured window holds it (in a run of this state
  // alone; after the warm state the browser has had its second already).
  await markdownWebview();
  await markdownWebview();
  for (let window = 0; window < 2 * runs; window++) {
    await reloadWindow(editor);
    if (rank === "Second") await markdownWebview();
    else {
      // Markdown's extension active before its key, as a Markdown file opened first makes it.
      await quickOpen(page, CONTROL_FILE);
      await markdownTitleButton(page);
      await closeEditors();
    }
    await openAndWait(page, name, `${rank.toLowerCase()}WebviewOpen`, lenses, samples);
    const turn = secondWebviewTurn(window);
    const sample = turn === "ours" ? `preview${rank}Reloaded` : `control${rank}Reloaded`;
    let enteredAt = 0;
    const shown = await timedFrom(async (start) => {
      const begin = () => {
        start();
        enteredAt = Date.now();
      };
      if (turn === "ours") {
        await openPreviewByKey(page, begin);
        await waitForPreviewTable(page);
      } else {
        await page.keyboard.press(CONTROL_KEYS[0]);
        begin();
        await page.keyboard.press(CONTROL_KEYS[1]);
        await waitForWebviewText(page, CONTROL_TEXT);
      }
    });
    (samples[sample] ??= []).push(shown);
    const frames = turn === "ours" ? await previewFirstPaint(page, enteredAt) : await webviewFirstPaint(await webviewContentFrame(page, CONTROL_TEXT), enteredAt);
    for (const [state, at] of Object.entries(frames)) if (at !== undefined) (samples[`${sample}:${state}`] ??= []).push(at);
    log(
      `  reloaded window ${window + 1}/${2 * runs}: ${turn === "ours" ? "our preview" : "Markdown's"} as its ${rank.toLowerCase()} webview ${shown.toFixed(0)} ms (${Object.entries(
        frames,
      )
        .filter(([, at]) => at !== undefined)
        .map(([state, at]) => `${state.replace("fs-preview-", "")} ${at!.toFixed(0)}`)
        .join(", ")})`,
    );
    await closeAll(page);
  }
}

/**
 * Until the extension has seen the Markdown editor become active, Ctrl+K V is still FS Documents'
 * key: its title button ("Open Preview to the Side", like Markdown's own) is then still shown.
 */
async function markdownTitleButton(page: Editor["page"]): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('.editor-group-container.active .editor-actions .action-label[aria-label*="Open Preview to the Side"]').length === 1,
    undefined,
    { timeout: STATE_TIMEOUT_MS },
  );
}

/** Opens `name` and its preview, and gives the focus back to the editor, to type. */
async function openWithPreview(editor: Editor, name: string) {
  const { page } = editor;
  await quickOpen(page, name, { openTimeoutMs: STATE_TIMEOUT_MS });
  await waitForWarnings(page, { atLeast: 1 });
  await runFsEditorCommand(page, "FS: Open Preview to the Side");
  await waitForPreviewTable(page);
  const preview = await previewContentFrame(page);
  await quickOpen(page, name, { openTimeoutMs: STATE_TIMEOUT_MS });
  return preview;
}

/** The language server's resident memory and its peak so far (VmHWM), undefined before it is found. */
type ServerMemory = { rss: number; peak: number } | undefined;

/** A log line's note of the server's memory: which phase or typing session raised its peak. */
const serverMemoryNote = (memory: ServerMemory): string =>
  memory === undefined ? "" : `: server resident ${(memory.rss / 1e6).toFixed(0)} MB, peak so far ${(memory.peak / 1e6).toFixed(0)} MB`;

/**
 * Edits at new places: for each target, the cursor is moved to its value (Go to Line) and "9" is
 * typed at once: the preview has not scrolled there, and the lenses of the newly visible lines are
 * not there yet. Each time from the key to the problem shown, and to the preview cell showing the
 * new value (its data-value), then undone.
 */
async function measureNewPlaceEdits(
  editor: Editor,
  name: string,
  targets: EditTarget[],
  samples: Record<string, number[]>,
  languageServerPeak: () => ServerMemory,
): Promise<ScreenEdit[]> {
  const { page } = editor;
  await openWithPreview(editor, name);
  const base = (await readProblemCounts(page)).warnings;
  const edits: ScreenEdit[] = [];
  for (const [index, target] of targets.entries()) {
    await goTo(page, target.line, target.column);
    const started = performance.now();
    const edit: ScreenEdit = { key: Date.now(), problem: Number.NaN, preview: Number.NaN };
    log(`  ${clock()} key "9" at ${target.pointer} (line ${target.line})`);
    await page.keyboard.type("9");
    await Promise.all([
      waitForWarnings(page, { exactly: base + 1 }).then(() => {
        edit.problem = Date.now();
        (samples.newPlaceDiagnostic ??= []).push(performance.now() - started);
        log(`  ${clock()} diagnostic shown`);
      }),
      waitForCellValue(page, target.pointer, target.edited).then(() => {
        edit.preview = Date.now();
        (samples.newPlacePreview ??= []).push(performance.now() - started);
        log(`  ${clock()} preview shows it`);
      }),
    ]);
    edits.push(edit);
    // VS Code's own part at the new place: the key → the workbench's next frame (the typed digit
    // drawn), which waits for whatever the renderer's thread was doing when the key came (the
    // jump's drawing, the preview page's). Read after the edit, not before its key (a read there
    // would delay the key); the last key of the reading is the digit.
    const keyPainted = (await readKeyLags(page)).at(-1);
    if (keyPainted !== undefined) (samples.newPlaceKeyPainted ??= []).push(keyPainted);
    languageServerPeak();
    await page.keyboard.press("Control+Z");
    await Promise.all([waitForWarnings(page, { exactly: base }), waitForCellValue(page, target.pointer, target.value)]);
    log(
      `  new place ${index + 1}/${targets.length}: diagnostic ${samples.newPlaceDiagnostic!.at(-1)!.toFixed(0)} ms, preview ${samples.newPlacePreview!.at(-1)!.toFixed(0)} ms, the key painted in the editor ${keyPainted?.toFixed(0) ?? "–"} ms`,
    );
  }
  await closeAll(page);
  return edits;
}

async function measureEdits(
  editor: Editor,
  name: string,
  target: EditTarget,
  runs: number,
  samples: Record<string, number[]>,
  languageServerPeak: () => ServerMemory,
): Promise<void> {
  const { page } = editor;
  const preview = await openWithPreview(editor, name);
  await installRendererProbe(preview);
  const base = (await readProblemCounts(page)).warnings;
  for (let run = 0; run < runs; run++) {
    await goTo(page, target.line, target.column);
    // The preview follows the cursor: its cell is drawn once the preview has scrolled to it.
    const before = await waitForCellText(page, target.pointer);
    const started = performance.now();
    log(`  ${clock()} key "9" (edit ${run + 1})`);
    await page.keyboard.type("9");
    await Promise.all([
      waitForWarnings(page, { exactly: base + 1 }).then(() => {
        (samples.editDiagnostic ??= []).push(performance.now() - started);
        log(`  ${clock()} diagnostic shown`);
      }),
      waitForCellText(page, target.pointer, { notEquals: before }).then(() => {
        (samples.editPreview ??= []).push(performance.now() - started);
        log(`  ${clock()} preview shows it`);
      }),
    ]);
    languageServerPeak();
    await page.keyboard.press("Control+Z");
    await Promise.all([waitForWarnings(page, { exactly: base }), waitForCellText(page, target.pointer, { equals: before })]);
    log(`  edit ${run + 1}/${runs}: diagnostic ${samples.editDiagnostic!.at(-1)!.toFixed(0)} ms, preview ${samples.editPreview!.at(-1)!.toFixed(0)} ms`);
  }
  // Typing: a phrase into the item's label, at a typist's pace, key by key, once per run (until
  // 2026-11-29 once per shape: 27 keys, whose median moved by 30 ms between runs of one build). Each
  // session starts once the preview's row shows the last one's text: the server and the page have
  // answered every key of it.
  log(`  after the repeated edits${serverMemoryNote(languageServerPeak())}`);
  await goTo(page, target.labelLine, target.labelColumn);
  const row = itemPointer(target.pointer);
  for (let session = 1; session <= runs; session++) {
    await readRendererProbe(page);
    await page.keyboard.type(TYPED_PHRASE, { delay: TYPING_DELAY_MS });
    const lags = (await readRendererProbe(page)).keyLags;
    recordTypingSession(samples, lags);
    await waitForPreviewText(page, row, TYPED_PHRASE.repeat(session));
    log(`  typing ${session}/${runs}: ${lags.length} keys, median ${median(lags).toFixed(0)} ms${serverMemoryNote(languageServerPeak())}`);
  }
  await waitForWarnings(page, { atLeast: base });
  languageServerPeak();
  samples.previewLongTasks = (await readRendererProbe(preview)).longTasks;
  await runCommand(page, "File: Revert File");
  await previewCell(page, target.pointer).first().waitFor({ timeout: 60_000 });
}

/**
 * `count` more value edits with the preview open (a digit typed, then deleted, each waited for in the
 * Problems count), for the server's memory after a forced GC before and after them.
 */
async function measureMemoryOverEdits(
  editor: Editor,
  target: EditTarget,
  count: number,
  serverMemory: (stage: string) => Promise<number>,
): Promise<{ before: number; after: number }> {
  const { page } = editor;
  const base = (await readProblemCounts(page)).warnings;
  const before = await serverMemory("after-edits");
  await goTo(page, target.line, target.column);
  for (let edit = 0; edit < count; edit += 2) {
    await page.keyboard.type("9");
    await waitForWarnings(page, { exactly: base + 1 });
    await page.keyboard.press("Backspace");
    await waitForWarnings(page, { exactly: base });
  }
  return { before, after: await serverMemory(`after-${count}-more-edits`) };
}

/** --without-extension: the same opens and typing in VS Code with FS Documents not installed (VS Code's and its JSON's own cost). */
async function measureWithoutExtension(editor: Editor, name: string, target: EditTarget, runs: number, samples: Record<string, number[]>): Promise<void> {
  const { page } = editor;
  // The Markdown extension's heap belongs to VS Code's share too: the control runs here as well
  // (first, so that the opens and typing end as they always did). Its first and second runs are the
  // window's first and second webviews (controlFirst, controlSecond: benchSize's caller takes them).
  await measureMarkdownControl(editor, name, runs, samples, { withFs: false });
  for (let run = 0; run < runs; run++) {
    let opened = 0;
    await quickOpen(page, name, { openTimeoutMs: STATE_TIMEOUT_MS, beforeEnter: () => (opened = performance.now()) });
    await waitForText(page);
    (samples.openText ??= []).push(performance.now() - opened);
    log(`  run ${run + 1}/${runs}: text shown ${samples.openText.at(-1)!.toFixed(0)} ms`);
    if (run < runs - 1) {
      await runCommand(page, "View: Close All Editors");
      await page.locator(".tabs-container .tab").first().waitFor({ state: "detached", timeout: 60_000 });
    }
  }
  await goTo(page, target.labelLine, target.labelColumn);
  // As many sessions as with FS Documents (VS Code's own floor for the typing row); nothing of
  // ours to wait for between them.
  for (let session = 0; session < runs; session++) {
    await readRendererProbe(page);
    await page.keyboard.type(TYPED_PHRASE, { delay: TYPING_DELAY_MS });
    recordTypingSession(samples, (await readRendererProbe(page)).keyLags);
  }
  await runCommand(page, "File: Revert File");
}

function perRun(cpu: Record<string, number>, runs: number): Record<string, number> {
  return Object.fromEntries(Object.entries(cpu).map(([kind, ms]) => [kind, ms / runs]));
}

interface BenchOptions {
  runs: number;
  /** One open and one edit with CPU profiles of the workbench renderer and the extension host. */
  profile: boolean;
  /** One open and one edit with the language client's verbose trace, to count and size the JSON-RPC messages. */
  trace: boolean;
  /** Every JSON-RPC message with its time (the "messages" trace: cheap). */
  timeline: boolean;
  /** FS Documents not installed: VS Code's and its JSON's own cost. */
  withoutExtension: boolean;
  memoryEdits: number;
  /** --server-heap-snapshots: a heap snapshot of the language server at each forced GC of the memory rows. */
  serverHeapSnapshots: boolean;
  /** Which states to measure (STATES); fewer make a short run. */
  states: Set<State>;
  /** Where the extension runs: VS Code's Node extension host, or its web-worker one (server in a Worker). */
  host: "node" | "web";
}

const STATES = ["cold", "warm", "first-webviews", "new-places", "repeated", "first-window", "second-webviews"] as const;
type State = (typeof STATES)[number];

/** Profiles and traces cost time: the figures of such a run are not the product's, only its breakdown. */
async function benchSize(sizeMb: number, shape: string, options: BenchOptions): Promise<SizeResult> {
  const { profile, trace, timeline, withoutExtension, memoryEdits, states } = options;
  const runs = profile || trace ? 1 : options.runs;
  const openRuns = runs;
  const { text, stats } = await generateDocument(sizeMb, shape);
  const parseMs = jsonParseMs(text);
  // The repeated edits' cell is the middle one; the new places are spread over the document.
  const [target] = chooseEditTargets(text, 1) as [EditTarget];
  const newPlaces = chooseEditTargets(text, newPlaceEditCount(process.argv, runs));
  const name = `statements-${shape.replaceAll("+", "-")}-${sizeMb}mb.json`;
  const idleServer = withoutExtension ? Number.NaN : await idleServerResident(log);
  log(`${shape} ${sizeMb} MB: ${text.length.toLocaleString("en")} bytes, JSON.parse ${parseMs.toFixed(1)} ms; edit ${target.pointer} at line ${target.line}`);
  // In a browser VS Code asks before opening a file over 10 MB ("Open Anyway"); the benchmark measures the open itself.
  // fs.json.mapSchemaUrls: as a user who accepted the prompt, so that VS Code's JSON adds no schema warning to the counts.
  const settings: Record<string, unknown> = { "fsE2e.benchProbe": true, "workbench.editorLargeFileConfirmation": 1024, "fs.json.mapSchemaUrls": true };
  // --settings '{"fs.codeLens.enabled":false}': the same measurements with some features off, to
  // see what each costs (user settings of the benchmark's editor, over the defaults above).
  Object.assign(settings, JSON.parse(option("--settings", "{}")) as Record<string, unknown>);
  if (options.host === "web") Object.assign(settings, WEB_WORKER_SETTINGS);
  if (trace) settings["fs.trace.server"] = "verbose";
  else if (timeline) settings["fs.trace.server"] = "messages";
  const lenses = vsCodeShowsLenses(text) && settings["fs.codeLens.enabled"] !== false && settings["editor.codeLens"] !== false;
  if (!lenses) log(`${shape} ${sizeMb} MB: no code lenses (over VS Code's large-file limits, or turned off): the open waits for the diagnostics only`);
  const samples: Record<string, number[]> = {};
  if (states.has("first-window") && !withoutExtension) {
    log(`${shape} ${sizeMb} MB: the first window of a fresh browser, VS Code's JSON beside it, ${openRuns} runs`);
    await measureFirstWindows(name, text, openRuns, settings, lenses, samples, options.host);
    if ([...states].every((state) => state === "first-window")) return firstWindowsOnly({ sizeMb, shape, bytes: text.length, stats, jsonParseMs: parseMs, runs, samples });
  }
  // The cold opens' control (coldControl.ts), in its own editor before this one starts: the Node host's runner has the instant provider.
  if (states.has("cold") && !withoutExtension && options.host === "node" && lenses && !process.argv.includes("--no-cold-control")) {
    log(`${shape} ${sizeMb} MB: the cold opens' control, without FS Documents: an instant code lens provider's first lens, ${openRuns} runs`);
    await measureColdControl(name, text, openRuns, settings, samples, timeline);
  }
  const setup = await setUpEditor(settings, {
    addFiles: (folder) => {
      writeFileSync(join(folder, name), text);
      writeFileSync(join(folder, CONTROL_FILE), `# ${CONTROL_TEXT}\n\nVS Code's own Markdown preview, the benchmark's control for the preview row.\n`);
    },
    // The language client writes its trace at the output channel's "trace" log level only.
    codeServerArgs: trace || timeline ? ["--log", "trace"] : [],
    withoutProduct: withoutExtension,
  });
  if ("skip" in setup) throw new Error(setup.skip);
  const { editor } = setup;
  try {
    const { page } = editor;
    const leader = editor.server.process.pid!;
    await installRendererProbe(page);
    // The probe is Node's (timers, process.memoryUsage after a forced GC): the web worker's host has neither.
    const hostProbe = (): Promise<HostProbe> =>
      options.host === "web" ? Promise.resolve({ maxLagMs: Number.NaN, stalls: 0, error: "not measured in the web worker" }) : readHostProbe(page, editor.apiResultsFile);
    // The heap's growth is counted from this first host's, whether or not the cold opens reload the
    // window (reloadsHost): the window without FS Documents reloads likewise, so that both end in a
    // host of the same kind. A host probed just after a reload is not idle (its heap after a forced
    // GC was 48–66 MB there, 32 MB at a window's start, and 52 MB once the document was open again).
    const idleHost = await hostProbe();
    const reloaded = reloadsHost({ states, runs: openRuns });
    const profiles: string[] = [];
    let longestFsTask = 0;
    const phase = async (title: string, work: () => Promise<void>) => {
      if (!profile) return work();
      const dir = join(repoRoot, "test-results", "bench-editor");
      const slug = `${sizeMb}mb-${title.replace(/\W+/g, "-")}`;
      if (options.host === "web") {
        // The web worker's extension host has no inspector to profile from inside: the workbench renderer's profile only.
        const { summary, profile: rendererProfile } = await profileRenderer(page, work);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `renderer-web-${slug}.cpuprofile`), JSON.stringify(rendererProfile));
        profiles.push(`Workbench renderer CPU profile, ${title}: ${summary}`);
        return;
      }
      const hostProfile = `${editor.apiResultsFile}.host-profile.json`;
      await runCommand(page, "FS E2E: Start Extension Host Profile");
      const { summary, profile: rendererProfile } = await profileRenderer(page, work);
      await runCommand(page, "FS E2E: Stop Extension Host Profile");
      const hostText = await waitForFile(hostProfile, 120_000);
      const hostProfileData = JSON.parse(hostText) as Parameters<typeof summarize>[0];
      const host = summarize(hostProfileData);
      longestFsTask = Math.max(longestFsTask, longestRun(hostProfileData, /fs-documents[^/]*\/dist\//));
      rmSync(hostProfile, { force: true });
      // The raw profiles, for DevTools' Performance panel (or source-mapped analysis).
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `renderer-${slug}.cpuprofile`), JSON.stringify(rendererProfile));
      writeFileSync(join(dir, `extension-host-${slug}.cpuprofile`), hostText);
      profiles.push(`Workbench renderer CPU profile, ${title}: ${summary}`, `Extension host CPU profile, ${title}: ${host}`);
    };
    if (withoutExtension) {
      if (reloaded) {
        log(`${shape} ${sizeMb} MB: the window reloaded, as the cold opens reload it`);
        await reloadWindow(editor);
      }
      const cpuStart = cpuByProcess(leader);
      await measureWithoutExtension(editor, name, target, runs, samples);
      const cpuDone = cpuByProcess(leader);
      const host = await hostProbe();
      return {
        sizeMb,
        shape,
        bytes: text.length,
        stats,
        jsonParseMs: parseMs,
        runs,
        samples,
        languageServer: undefined,
        extensionHost: { idle: idleHost, afterOpens: host, afterEdits: host, reloaded },
        maxHostLagMs: host.maxLagMs,
        rendererLongTasks: (await readRendererProbe(page)).longTasks,
        previewLongTasks: [],
        cpu: { openAndPreview: perRun(cpuSince(cpuStart, cpuDone), runs), editsAndTyping: {} },
        trace: undefined,
        withoutExtension,
      };
    }
    let coldEnters: number[] = [];
    if (states.has("cold")) {
      // Not inside a profile: a new window ends the extension host's profile.
      log(`${shape} ${sizeMb} MB: cold opens (the window's first FS document, then in a reloaded window), ${openRuns} runs`);
      // The extension host's marks and profile come from the Node host's runner extension (hostMarks.js, benchProbe.js); the web one has neither.
      coldEnters = await measureColdOpens(
        editor,
        name,
        openRuns,
        samples,
        lenses,
        timeline && options.host === "node",
        options.host === "node" && process.argv.includes("--cold-profile"),
      );
    }
    const cpuStartWarm = cpuByProcess(leader);
    if (states.has("warm")) {
      await startServerByOpen(editor, name);
      log(`${shape} ${sizeMb} MB: warm opens and previews, ${openRuns} runs`);
      await phase("open and preview", () => measureOpenAndPreview(editor, name, openRuns, samples, lenses));
    }
    const cpuOpened = cpuByProcess(leader);
    const openHost = await hostProbe();
    const openRenderer = await readRendererProbe(page);
    if (states.has("warm") && !profile && !trace) {
      log(`${shape} ${sizeMb} MB: the control, VS Code's Markdown preview beside the same open, ${runs} runs`);
      await measureMarkdownControl(editor, name, runs, samples, { lenses });
      log(`${shape} ${sizeMb} MB: the control as measured before (after its own Quick Open and title button), ${runs} runs`);
      await measureMarkdownControl(editor, name, runs, samples, { lenses, settled: true });
      // Its long tasks are VS Code's Markdown preview's, not the edits'.
      await readRendererProbe(page);
    }

    // Not inside a profile or a trace (a reload ends the extension host's profile), as the control.
    if (states.has("first-webviews") && !profile && !trace) {
      log(`${shape} ${sizeMb} MB: the first webviews of ${2 * runs} reloaded windows, ours and Markdown's in turn`);
      await measureReloadedWebviews(editor, name, runs, samples, lenses, "First");
    }
    if (states.has("second-webviews")) {
      log(`${shape} ${sizeMb} MB: the second webviews of ${2 * runs} reloaded windows, ours and Markdown's in turn`);
      await measureReloadedWebviews(editor, name, runs, samples, lenses, "Second");
    }

    let serverPeak = 0;
    let serverPid: number | undefined;
    const languageServerPeak = () => {
      serverPid ??= languageServers(editor)[0]?.pid;
      const memory = serverPid === undefined ? undefined : processMemory(serverPid);
      if (memory !== undefined) serverPeak = Math.max(serverPeak, memory.rss);
      return memory;
    };
    // The server's peak so far at each phase's end in the run's log (the warm opens and the
    // Markdown control open the document again and again before the edits): which phase raised it.
    log(`  before the edits${serverMemoryNote(languageServerPeak())}`);
    const cpuEditStart = cpuByProcess(leader);
    let newPlaceEdits: ScreenEdit[] = [];
    if (states.has("new-places")) {
      log(`${shape} ${sizeMb} MB: edits at ${newPlaces.length} new places`);
      await phase("edits at new places", async () => void (newPlaceEdits = await measureNewPlaceEdits(editor, name, newPlaces, samples, languageServerPeak)));
      log(`  after the edits at new places${serverMemoryNote(languageServerPeak())}`);
    }
    if (states.has("repeated")) {
      log(`${shape} ${sizeMb} MB: repeated edits of one cell, ${runs} runs, then typing`);
      await phase("edit and typing", () => measureEdits(editor, name, target, runs, samples, languageServerPeak));
    }
    const cpuEdited = cpuByProcess(leader);
    const editHost = await hostProbe();
    const editRenderer = await readRendererProbe(page);
    languageServerPeak();
    const serverMemory = serverPid === undefined ? undefined : processMemory(serverPid);
    // --server-heap-snapshots: what the server holds at each of these points, for DevTools' Memory panel.
    const snapshotFile = (stage: string) => {
      if (!options.serverHeapSnapshots) return undefined;
      const dir = join(repoRoot, "test-results", "bench-editor");
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `server-${shape.replace(/\W+/g, "-")}-${sizeMb}mb-${stage}.heapsnapshot`);
      log(`  heap snapshot of the server: ${file}`);
      return file;
    };
    const afterGc = async (stage: string) => {
      if (serverPid === undefined || !(await collectServerGarbage(serverPid, log))) return Number.NaN;
      const resident = residentBytes(serverPid);
      // Taken after the reading: writing a snapshot grows the process.
      const file = snapshotFile(stage);
      if (file !== undefined) await collectServerGarbage(serverPid, log, file);
      return resident;
    };
    log(`${shape} ${sizeMb} MB: the server's memory after a forced GC, then ${memoryEdits} more value edits`);
    const jsonAfterEdits = jsonServerMemory(editor);
    const overEdits = states.has("repeated") && memoryEdits > 0 ? await measureMemoryOverEdits(editor, target, memoryEdits, afterGc) : { before: Number.NaN, after: Number.NaN };
    const jsonAfterMoreEdits = states.has("repeated") && memoryEdits > 0 ? jsonServerMemory(editor) : undefined;
    return {
      sizeMb,
      shape,
      bytes: text.length,
      stats,
      jsonParseMs: parseMs,
      runs,
      samples,
      languageServer:
        serverMemory === undefined
          ? undefined
          : {
              rss: serverMemory.rss,
              peakWhileEditing: serverPeak,
              lifetimePeak: serverMemory.peak,
              idle: idleServer,
              afterGc: overEdits.before,
              afterMoreEdits: overEdits.after,
              moreEdits: memoryEdits,
            },
      jsonServer:
        jsonAfterEdits === undefined
          ? undefined
          : { rss: jsonAfterEdits.rss, afterMoreEdits: jsonAfterMoreEdits?.rss ?? Number.NaN, lifetimePeak: (jsonAfterMoreEdits ?? jsonAfterEdits).peak },
      extensionHost: { idle: idleHost, afterOpens: openHost, afterEdits: editHost, reloaded },
      maxHostLagMs: Math.max(openHost.maxLagMs, editHost.maxLagMs),
      rendererLongTasks: [...openRenderer.longTasks, ...editRenderer.longTasks],
      previewLongTasks: samples.previewLongTasks ?? [],
      cpu: { openAndPreview: perRun(cpuSince(cpuStartWarm, cpuOpened), openRuns), editsAndTyping: cpuSince(cpuEditStart, cpuEdited) },
      withoutExtension,
      trace:
        trace || profile
          ? [
              ...(trace ? [formatTally(tallyTrace(editor.server.userDataDir))] : []),
              ...profiles,
              // --profile --timeline: the messages in time beside the profiles, to place the samples.
              ...(timeline ? [timelineReport(editor.server.userDataDir, coldEnters, newPlaceEdits, samples)] : []),
            ].join("\n\n")
          : timeline
            ? timelineReport(editor.server.userDataDir, coldEnters, newPlaceEdits, samples)
            : undefined,
      longestFsHostTaskMs: profile ? longestFsTask : undefined,
    };
  } finally {
    await editor.stop();
  }
}

/**
 * --timeline's report: the message trace, each cold run's messages as ms from its Enter, and the
 * cold runs' traced parts as samples (`coldTrace:…`, coldTimeline.ts) beside their marks.
 */
function timelineReport(userDataDir: string, coldEnters: readonly number[], newPlaceEdits: readonly ScreenEdit[], samples: Record<string, number[]>): string {
  const messages = tracedMessages(userDataDir);
  for (const [key, values] of tracedSamples(messages, coldEnters)) samples[key] = values;
  const splits = editSplits(messages, newPlaceEdits);
  for (const [key, values] of editSplitSamples(splits)) samples[key] = values;
  const byPart = splits.length === 0 ? [] : [`edits at new places by part (key → didChange sent → answer received → shown):\n${formatEditSplits(splits)}`];
  for (const text of byPart) log(text);
  const runs = coldEnters.map((enteredAt, run) => {
    const until = coldEnters[run + 1] ?? Number.POSITIVE_INFINITY;
    const lines = messages.filter(({ at }) => at >= enteredAt && at < until).map(({ at, line }) => `  +${(at - enteredAt).toFixed(0)} ms ${line}`);
    return [`cold run ${run + 1}, ms from its Enter (${new Date(enteredAt).toISOString().slice(11, 23)}):`, ...lines.slice(0, 60)].join("\n");
  });
  return [messageTimeline(userDataDir), ...byPart, ...runs].join("\n\n");
}

/** The result of a run that measured the first windows only: no editor of the other states, nothing of theirs measured. */
function firstWindowsOnly(result: Pick<SizeResult, "sizeMb" | "shape" | "bytes" | "stats" | "jsonParseMs" | "runs" | "samples">): SizeResult {
  const unmeasured: HostProbe = { maxLagMs: Number.NaN, stalls: 0, error: "not measured (first windows only)" };
  return {
    ...result,
    languageServer: undefined,
    extensionHost: { idle: unmeasured, afterOpens: unmeasured, afterEdits: unmeasured },
    maxHostLagMs: Number.NaN,
    rendererLongTasks: [],
    previewLongTasks: [],
    cpu: { openAndPreview: {}, editsAndTyping: {} },
    trace: undefined,
    withoutExtension: false,
  };
}

/** A comma-separated option whose every entry must be one of `known`. */
function listOption(name: string, known: readonly string[], fallback: readonly string[]): string[] {
  const given = option(name, fallback.join(",")).split(",");
  for (const value of given) if (!value.split("+").every((part) => known.includes(part))) throw new Error(`${name}: unknown "${value}" (known: ${known.join(", ")})`);
  return given;
}

async function main(): Promise<boolean> {
  // Nothing starts for a command line it cannot read: a run of the defaults takes tens of minutes.
  const commandLine = readBenchCommandLine(process.argv.slice(2));
  if (commandLine.kind === "help") console.log(commandLine.text);
  if (commandLine.kind === "error") console.error(commandLine.text);
  if (commandLine.kind !== "run") return commandLine.kind === "help";
  const sizes = option("--sizes", "1,5,20").split(",").map(Number);
  const known = await documentShapes();
  // The family, and the draft the issue met (thousands of rows, hundreds of failing checks).
  const shapes = listOption("--shapes", known, [...known, "long+failing"]);
  const host = listOption("--host", ["node", "web"], ["node"])[0] as BenchOptions["host"];
  // A fresh browser's first window costs a code-server of its own per shape: by default in the web host, where it is a target's exception.
  // The reloaded windows' second webviews (secondWebview.ts) cost ~4 min per shape: asked for by name only.
  const defaultStates = (host === "web" ? STATES : STATES.filter((state) => state !== "first-window")).filter((state) => state !== "second-webviews");
  const options: BenchOptions = {
    runs: Math.max(1, Number(option("--runs", "5"))),
    profile: process.argv.includes("--profile"),
    trace: process.argv.includes("--trace"),
    timeline: process.argv.includes("--timeline"),
    withoutExtension: process.argv.includes("--without-extension"),
    memoryEdits: Math.max(0, Number(option("--memory-edits", "100"))),
    serverHeapSnapshots: process.argv.includes("--server-heap-snapshots"),
    states: new Set(listOption("--states", STATES, defaultStates) as State[]),
    host,
  };
  // --edits N: checked before any window starts (benchSize reads it per shape).
  newPlaceEditCount(process.argv, options.runs);
  if (process.argv.includes("--attribute")) return attributeAll(sizes, shapes, options);
  // The extension host's heap holds VS Code's own copy of the text and its caches: the same opens
  // and typing without FS Documents first give that share, so that ours can be told apart. That
  // window also gives the control's window's first preview. Once per size (on the first shape)
  // unless --host-baseline all.
  const hostBaseline = !options.withoutExtension && !process.argv.includes("--no-host-baseline");
  const baselineEveryShape = option("--host-baseline", "first") === "all";
  const load = loadavg();
  const results: SizeResult[] = [];
  const failed: string[] = [];
  for (const size of sizes) {
    let baseline: SizeResult | undefined;
    for (const shape of shapes) {
      try {
        if (hostBaseline && (baseline === undefined || baselineEveryShape))
          baseline = await benchSize(size, shape, { ...options, profile: false, trace: false, timeline: false, withoutExtension: true });
        const result = await benchSize(size, shape, options);
        if (baseline !== undefined) {
          result.hostHeapGrowthWithout = baselineHostGrowth(result, baseline);
          for (const key of ["controlFirst", "controlSecond"]) if (baseline.samples[key] !== undefined) result.samples[key] = baseline.samples[key];
        }
        results.push(result);
      } catch (error) {
        // The other sizes' and shapes' figures still count: report this one as failed, with its reason.
        log(`${shape} ${size} MB failed: ${String(error)}`);
        failed.push(`${shape} ${size} MB: FAILED (${String(error).split("\n")[0]})`);
      }
    }
  }
  const where = options.host === "web" ? "FS Documents in the web-worker extension host (server in a Worker), " : "";
  const machine = `${where}${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, load average before ${load.map((value) => value.toFixed(2)).join(" ")}, after ${loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")}`;
  console.log([formatReport(results, machine), ...failed].join("\n"));
  console.log(`\nThe targets per shape (docs/performance.md's tables):\n\n${summaryTables(results)}`);
  const dir = join(repoRoot, "test-results", "bench-editor");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify({ machine, results }, null, 2)}\n`);
  console.log(`\nAll samples: ${file}`);
  return failed.length === 0;
}

/** --attribute (attributeEdits.ts): where the edits' time goes, with FS Documents and without, per size, shape and edit state. */
async function attributeAll(sizes: number[], shapes: string[], options: BenchOptions): Promise<boolean> {
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(" ");
  const reports = [`${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, load average before ${load()}`];
  for (const size of sizes)
    for (const shape of shapes)
      for (const state of ["new-places", "repeated"] as const) if (options.states.has(state)) reports.push(await attributeEdits(size, shape, state, options.trace));
  reports.push(`load average after ${load()}`);
  const report = reports.join("\n\n");
  console.log(report);
  const dir = join(repoRoot, "test-results", "bench-editor");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `attribution-${new Date().toISOString().replace(/[:.]/g, "-")}.md`);
  writeFileSync(file, `${report}\n`);
  console.log(`\nSaved: ${file}`);
  return true;
}

export type { HostProbe };

main().then(
  (allMeasured) => process.exit(allMeasured ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
