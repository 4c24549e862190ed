// What the editor benchmark reads besides the screen: the renderer's long tasks and input latency
// (in the workbench page and the preview's frame), the processes' memory from /proc, and the
// runner extension's extension-host probe.

import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import type { Frame, Page } from "playwright-core";
import { runCommand } from "../workbench";
import { waitForFile } from "../harness";
import { FIRST_PAINT_MARKS } from "../../../protocol/webview";
import { kindOf, type ProcessStart } from "./processKinds";

declare global {
  interface Window {
    __fsBench?: { longTasks: number[]; keyLags: number[] };
  }
}

/** Starts recording long tasks (and, in the workbench, key-to-paint latency) in a page or frame. */
export async function installRendererProbe(target: Page | Frame): Promise<void> {
  await target.evaluate(() => {
    if (window.__fsBench !== undefined) return;
    const probe = { longTasks: [] as number[], keyLags: [] as number[] };
    window.__fsBench = probe;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
    }).observe({ type: "longtask" });
    // From the key's event time (when the input arrived) to after the next frame was painted:
    // includes any wait for the main thread, which is what a typist feels.
    document.addEventListener(
      "keydown",
      (event) => {
        const arrived = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => probe.keyLags.push(performance.now() - arrived), 0));
      },
      true,
    );
  });
}

/** The long tasks and key latencies recorded since the last read; clears them. */
export async function readRendererProbe(target: Page | Frame): Promise<{ longTasks: number[]; keyLags: number[] }> {
  return target.evaluate(() => {
    const probe = window.__fsBench ?? { longTasks: [], keyLags: [] };
    const read = { longTasks: [...probe.longTasks], keyLags: [...probe.keyLags] };
    probe.longTasks.length = 0;
    probe.keyLags.length = 0;
    return read;
  });
}

/**
 * The key latencies recorded since the last read (from the key's arrival to after the next frame,
 * installRendererProbe), clearing them only: the long tasks stay for the phase's reading.
 */
export async function readKeyLags(target: Page | Frame): Promise<number[]> {
  return target.evaluate(() => {
    const probe = window.__fsBench ?? { longTasks: [], keyLags: [] };
    const read = [...probe.keyLags];
    probe.keyLags.length = 0;
    return read;
  });
}

export interface HostProbe {
  maxLagMs: number;
  stalls: number;
  gcForced?: boolean;
  memory?: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  error?: string;
}

/** The extension host's longest timer lag since the last read, and its memory after a forced GC. */
export async function readHostProbe(page: Page, apiResultsFile: string): Promise<HostProbe> {
  const file = `${apiResultsFile}.probe.json`;
  rmSync(file, { force: true });
  await runCommand(page, "FS E2E: Read Bench Probe");
  return JSON.parse(await waitForFile(file, 60_000)) as HostProbe;
}

export type ProcessInfo = ProcessStart;

function readProc(pid: string, name: string): string {
  try {
    return readFileSync(`/proc/${pid}/${name}`, "utf8");
  } catch {
    return "";
  }
}

/** The processes of a process group whose command line matches `pattern`. */
export function findProcesses(groupLeader: number, pattern: RegExp): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = readProc(pid, "stat");
    // Fields after the command (which may hold spaces) start after its closing parenthesis; pgrp is the third.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== groupLeader) continue;
    const command = readProc(pid, "cmdline").split("\0").join(" ");
    // starttime is the 22nd field of stat, the 20th after the command.
    if (pattern.test(command)) found.push({ pid: Number(pid), command, started: Number(fields[19]) });
  }
  return found;
}

/** Resident and peak resident memory in bytes (VmRSS, VmHWM), undefined once the process is gone. */
export function processMemory(pid: number): { rss: number; peak: number } | undefined {
  if (!existsSync(`/proc/${pid}/status`)) return undefined;
  const status = readProc(String(pid), "status");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** A process's CPU time so far (user + system, ms), undefined once it is gone. */
export function processCpuMs(pid: number): number | undefined {
  const stat = readProc(String(pid), "stat");
  if (stat === "") return undefined;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // USER_HZ is 100 on Linux: utime and stime are fields 14 and 15, here 11 and 12 after the state.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The frame holding the preview's page (inside the webview's nested iframes). */
export async function previewContentFrame(page: Page): Promise<Frame> {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => document.getElementById("fs-preview-content") !== null).catch(() => false)) return frame;
  }
  throw new Error("the preview's frame was not found");
}

/** CPU time (user + system, ms) by kind of process: the language servers, the extension host, code-server, Chromium. */
export type CpuByProcess = Record<string, number>;

/** CPU ms used so far by each kind of process below `groupLeader` (code-server) and below this process (Chromium). */
export function cpuByProcess(groupLeader: number): CpuByProcess {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const parents = new Map<number, number>();
  const stats = new Map<number, { group: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProc(entry, "stat");
    if (stat === "") continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    parents.set(Number(entry), Number(fields[1]));
    stats.set(Number(entry), { group: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  const below = (pid: number) => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === process.pid) return true;
    return false;
  };
  const result: CpuByProcess = {};
  for (const [pid, { group, ticks }] of stats) {
    if (group !== groupLeader && !below(pid)) continue;
    const kind = kindOf(readProc(String(pid), "cmdline").split("\0").join(" "));
    result[kind] = (result[kind] ?? 0) + ticks / ticksPerMs;
  }
  return result;
}

export function cpuSince(before: CpuByProcess, after: CpuByProcess): CpuByProcess {
  const result: CpuByProcess = {};
  for (const [kind, ms] of Object.entries(after)) result[kind] = ms - (before[kind] ?? 0);
  return result;
}

/**
 * Where a new preview's first paint went, in ms from `enteredAt` (Date.now() at the command's
 * Enter): its page's frame started loading (VS Code's webview start before it), then the page's
 * own marks (protocol/webview.ts FIRST_PAINT_MARKS). Undefined for a mark the page did not set.
 */
export async function previewFirstPaint(page: Page, enteredAt: number): Promise<Record<string, number | undefined>> {
  return webviewFirstPaint(await previewContentFrame(page), enteredAt);
}

/** The frame of a webview's page whose body shows `text` (VS Code's Markdown preview, say). */
export async function webviewContentFrame(page: Page, text: string): Promise<Frame> {
  for (const frame of page.frames()) {
    if (frame.parentFrame() === null) continue;
    if (await frame.evaluate((wanted) => document.body?.innerText.includes(wanted) === true, text).catch(() => false)) return frame;
  }
  throw new Error(`no webview's frame shows "${text}"`);
}

/**
 * previewFirstPaint for the page in `frame`: VS Code's part (its webview host's frame, the page's
 * frame, that frame's load), then the page's marks where it set them.
 */
export async function webviewFirstPaint(frame: Frame, enteredAt: number): Promise<Record<string, number | undefined>> {
  const { origin, marks } = await frame.evaluate(
    (names) => {
      const byName: Record<string, number | undefined> = {};
      for (const name of names) byName[name] = performance.getEntriesByName(name, "mark")[0]?.startTime;
      return { origin: performance.timeOrigin, marks: byName };
    },
    [...FIRST_PAINT_MARKS],
  );
  // VS Code's part: the webview host's frame (index.html) starts, its service worker is ready and it
  // loads the page's frame (fake.html), whose document it then writes.
  const host = frame.parentFrame();
  const hostOrigin = host === null ? undefined : await host.evaluate(() => performance.timeOrigin).catch(() => undefined);
  const navigation = await frame.evaluate(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    return entry === undefined ? undefined : { workerStart: entry.workerStart, responseStart: entry.responseStart, loaded: entry.domContentLoadedEventStart };
  });
  const at = (time: number | undefined) => (time === undefined || time === 0 ? undefined : origin + time - enteredAt);
  return {
    host: hostOrigin === undefined ? undefined : hostOrigin - enteredAt,
    frame: origin - enteredAt,
    "frame-worker": at(navigation?.workerStart),
    "frame-response": at(navigation?.responseStart),
    "frame-loaded": at(navigation?.loaded),
    ...Object.fromEntries(Object.entries(marks).map(([name, at]) => [name, at === undefined ? undefined : origin + at - enteredAt])),
  };
}
