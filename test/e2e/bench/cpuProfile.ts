// --profile: a CPU profile of the workbench renderer (Chrome DevTools Protocol) over one phase,
// summarised as the functions with the most self time and the share of each script.

import type { Page } from "playwright-core";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

export async function profileRenderer<T>(page: Page, work: () => Promise<T>): Promise<{ result: T; summary: string; profile: unknown }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 1000 });
  await cdp.send("Profiler.start");
  try {
    const result = await work();
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
    return { result, summary: summarize(profile), profile };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

const shortUrl = (url: string) =>
  url
    .replace(/^.*\/(static|out|extensions)\//, "")
    .replace(/^file:\/\/.*\/extensions\//, "")
    .slice(-70) || "(native)";

export function summarize(profile: Profile, top = 15): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (deltas[index] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || "(anonymous)"} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    const script = frame.url === "" ? frame.functionName || "(native)" : shortUrl(frame.url).replace(/:\d+$/, "");
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    total += ms;
  }
  const lines = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `  ${Math.round(ms).toLocaleString("en").padStart(7)} ms  ${name}`);
  return [`self time, ${Math.round(total).toLocaleString("en")} ms sampled; by script:`, ...lines(byScript), "by function:", ...lines(byFunction)].join("\n");
}

/**
 * The longest stretch of consecutive samples with code from a script matching `script` on the stack,
 * in ms: how long that code kept the thread busy without a break (one task, or tasks back to back).
 */
export function longestRun(profile: Profile, script: RegExp): number {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of (node as ProfileNode & { children?: number[] }).children ?? []) parent.set(child, node.id);
  const ours = new Map<number, boolean>();
  const isOurs = (id: number): boolean => {
    let known = ours.get(id);
    if (known === undefined) {
      const node = byId.get(id);
      const up = parent.get(id);
      known = node !== undefined && (script.test(node.callFrame.url) || (up !== undefined && isOurs(up)));
      ours.set(id, known);
    }
    return known;
  };
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let longest = 0;
  let current = 0;
  samples.forEach((id, index) => {
    // A sample lasts until the next one.
    const ms = (deltas[index + 1] ?? 0) / 1000;
    current = isOurs(id) ? current + ms : 0;
    longest = Math.max(longest, current);
  });
  return longest;
}
