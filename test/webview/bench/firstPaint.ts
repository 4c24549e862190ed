// node out/bench/bench-first-paint.js [--sizes 5] [--shapes long+failing] [--runs 7] [--scripts a.js,b.js]
// [--viewport 640x720]: the preview page's own part of a new preview's first paint, on the editor
// bench's generated documents (scripts/bench/generate.mjs): the whole model's message posted to a
// fresh page in headless Chromium, as the extension posts it (the wire form's bytes), and the
// page's marks (FIRST_PAINT_MARKS: received, decoded, drawn) and the next animation frame after
// the message, when the first table is painted. --scripts serves other builds of the page script
// (e.g. one of main's dist/webview.js saved aside) in turn, run by run, to compare them at the same
// load. The editor bench's preview row (docs/performance.md) adds VS Code's webview start.

import { loadavg } from "node:os";
import type { Page } from "playwright-core";
import { buildPreviewShell } from "../../../client/src/preview/shell";
import { generateDocument } from "../../e2e/bench/document";
import { modelMessageFor, openPreview, send, startPreviewHost, type PreviewHost } from "../page";
import { median, option, range } from "./cli";

interface Timing {
  /** Model message received → decoded → drawn (the page's marks), and → the next animation frame. */
  decode: number;
  draw: number;
  frame: number;
}

/** Posts `message` to a fresh page and times its first paint. */
async function firstPaint(host: PreviewHost, viewport: { width: number; height: number }, message: ReturnType<typeof modelMessageFor>): Promise<Timing> {
  const page: Page = await openPreview(host, viewport);
  try {
    // After the page's own listener: the frame after the task that draws the model.
    await page.evaluate(() => {
      window.addEventListener("message", () => requestAnimationFrame(() => performance.mark("bench-frame")), { once: true });
    });
    await send(page, message);
    await page.waitForFunction(() => performance.getEntriesByName("bench-frame", "mark").length > 0, undefined, { timeout: 120_000 });
    return await page.evaluate(() => {
      const at = (name: string) => performance.getEntriesByName(name, "mark")[0]?.startTime ?? NaN;
      const received = at("fs-preview-model-received");
      return { decode: at("fs-preview-model-decoded") - received, draw: at("fs-preview-drawn") - at("fs-preview-model-decoded"), frame: at("bench-frame") - received };
    });
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const sizes = option("--sizes", "5").split(",").map(Number);
  const shapes = option("--shapes", "long+failing").split(",");
  const runs = Number(option("--runs", "7"));
  const scripts = option("--scripts", "")
    .split(",")
    .filter((script) => script !== "");
  const [width = 640, height = 720] = option("--viewport", "640x720").split("x").map(Number);
  const hosts = scripts.length === 0 ? [await startPreviewHost()] : await Promise.all(scripts.map((script) => startPreviewHost({}, { build: buildPreviewShell, script })));
  const names = scripts.length === 0 ? ["dist/webview.js"] : scripts;
  const load = loadavg();
  const rows: string[] = [];
  try {
    for (const size of sizes) {
      for (const shape of shapes) {
        const { text } = await generateDocument(size, shape);
        const message = modelMessageFor(JSON.parse(text) as unknown, 1);
        const timings = names.map((): Timing[] => []);
        // The first round warms each page's code paths; it is not counted.
        for (let run = 0; run <= runs; run += 1) {
          for (const [index, host] of hosts.entries()) {
            const timing = await firstPaint(host, { width, height }, message);
            if (run > 0) timings[index]!.push(timing);
          }
        }
        for (const [index, name] of names.entries()) {
          const of = (key: keyof Timing) => timings[index]!.map((timing) => timing[key]);
          const cell = (values: number[]) => `${Math.round(median(values))} (${range(values)})`;
          rows.push(`| ${size} MB ${shape} | ${name} | ${cell(of("decode"))} | ${cell(of("draw"))} | ${cell(of("frame"))} |`);
          console.error(`[bench:first-paint] ${rows.at(-1)}`);
        }
      }
    }
  } finally {
    for (const host of hosts) await host.close();
  }
  console.log(
    [
      `The preview page's first paint of a whole model (${width}×${height}), median (range) of ${runs} runs, ms; load average before ${load.map((value) => value.toFixed(2)).join(" ")}, after ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")}`,
      "",
      "| document | page script | received → decoded | decoded → drawn | received → the next frame |",
      "|---|---|---:|---:|---:|",
      ...rows,
    ].join("\n"),
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
